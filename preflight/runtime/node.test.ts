import { describe, expect, it } from "vitest";
import { PreflightError, preflightErrorMessages } from "../core/errors";
import type { PreflightProfile } from "../report";
import { CRASHED_MESSAGE_UI, fromCheckErrorData, LayoutCheckError, toCheckErrorData } from "./errors";
import { checkInWorker } from "./node";

/*
 * checkInWorker from source (the thread loads node-worker.ts through tsx, as under vitest and tsx;
 * the built CLI's path is covered by cli.test.ts), and how engine errors cross the worker boundary.
 */

const PROFILE: PreflightProfile = {
  pdfVersion: "1.3",
  pages: 1,
  trimMm: [90, 50],
  bleedMm: 2,
  sizeToleranceMm: 0.5,
  minPpi: 300,
  ppiTolerancePct: 5,
  compression: "lossy",
  maxTacPct: 300,
  tacTolerancePct: 1,
  tacMinAreaMm2: 1,
};

const pt = (mm: number) => ((mm * 72) / 25.4).toFixed(2);

/** One correctly sized page (94×54 mm around a 90×50 mm TrimBox) with this content. */
function onePagePdf(content: string): Uint8Array {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pt(94)} ${pt(54)}] /TrimBox [${pt(2)} ${pt(2)} ${pt(92)} ${pt(52)}] /Contents 4 0 R >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let text = "%PDF-1.3\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(text.length);
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, "0")} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new TextEncoder().encode(text);
}

async function failureOf(promise: Promise<unknown>): Promise<LayoutCheckError> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(outcome instanceof LayoutCheckError)) throw new Error(`Expected a LayoutCheckError, got ${String(outcome)}`);
  return outcome;
}

describe("checkInWorker", () => {
  it("answers the engine's report from a worker thread, and leaves the caller's bytes alone", async () => {
    const bytes = onePagePdf("1 0 0 rg 20 20 100 60 re f");
    const report = await checkInWorker(bytes, PROFILE);
    expect(report.findings.map((finding) => finding.code)).toEqual([2078]);
    expect(report.ok).toBe(false);
    expect(bytes.byteLength, "a copy was transferred, not the caller's buffer").toBeGreaterThan(0);
    expect((await checkInWorker(onePagePdf("0 0 0 1 k 20 20 100 60 re f"), PROFILE)).ok).toBe(true);
  });

  it("rejects with the engine's code and Russian message", async () => {
    const empty = await failureOf(checkInWorker(new Uint8Array(0), PROFILE));
    expect(empty).toMatchObject({ code: "EMPTY_FILE", messageUI: preflightErrorMessages.EMPTY_FILE });
    const letter = await failureOf(checkInWorker(new TextEncoder().encode("Dear customer"), PROFILE));
    expect(letter).toMatchObject({ code: "NOT_A_PDF", messageUI: preflightErrorMessages.NOT_A_PDF });
  });

  it("ends the thread at the time limit with TIMEOUT", async () => {
    // Loading the engine from source alone takes longer than 1 ms: the limit always strikes first.
    const late = await failureOf(checkInWorker(onePagePdf(""), PROFILE, { timeoutMs: 1 }));
    expect(late).toMatchObject({ code: "TIMEOUT", messageUI: preflightErrorMessages.TIMEOUT });
  });
});

describe("engine errors across the worker boundary", () => {
  it("keeps a PreflightError's code and texts", () => {
    const data = toCheckErrorData(new PreflightError("ENCRYPTED", "/Encrypt in the trailer"));
    expect(data).toEqual({ code: "ENCRYPTED", message: preflightErrorMessages.ENCRYPTED, detail: "/Encrypt in the trailer" });
    expect(fromCheckErrorData(data)).toMatchObject({ code: "ENCRYPTED", messageUI: preflightErrorMessages.ENCRYPTED, message: "/Encrypt in the trailer" });
  });

  it("counts a stack overflow as too complex, a failed allocation as too large, anything else as a crash", () => {
    let overflow: unknown;
    const recurse = (n: number): number => recurse(n + 1) + 1;
    try {
      recurse(0);
    } catch (error) {
      overflow = error;
    }
    expect(toCheckErrorData(overflow).code).toBe("TOO_COMPLEX");
    expect(toCheckErrorData(new RangeError("Array buffer allocation failed")).code).toBe("TOO_LARGE");
    expect(toCheckErrorData(new TypeError("x is undefined"))).toEqual({ code: "CRASHED", message: CRASHED_MESSAGE_UI, detail: "TypeError: x is undefined" });
  });
});
