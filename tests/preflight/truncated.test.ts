import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createBudget } from "../../preflight/core/budget";
import { DEFAULT_LIMITS, PreflightError } from "../../preflight/core/errors";
import type { PdfStream } from "../../preflight/core/objects";
import { openDocument } from "../../preflight/core/reader";
import { runPreflight } from "../../preflight/engine";
import { PERMISSIVE_PROFILE } from "./profiles";

/*
 * A PDF cut off partway through (an upload that stopped) fails DAMAGED with the Russian «файл
 * повреждён» message instead of passing clean: a real veraPDF sample (its page draws an image),
 * cut at several offsets inside what its page draws. The rule itself is core/reader.ts's
 * `refuseIfCutOff`; the hand-made cases are in core/reader.test.ts.
 */

const sample = fileURLToPath(new URL("../../../shared/data/pdf-samples/verapdf/PDF_A-1b/6.2_Graphics/6.2.4_Images/veraPDF_test_suite_6-2-4-t03-pass-a.pdf", import.meta.url));

function outcome(bytes: Uint8Array): string {
  try {
    const report = runPreflight(bytes, PERMISSIVE_PROFILE);
    return `report with ${report.findings.length} findings`;
  } catch (error) {
    if (error instanceof PreflightError) return `${error.code}: ${error.messageUI}`;
    throw error;
  }
}

describe("a PDF cut off partway through", () => {
  it("fails DAMAGED («файл повреждён») when cut inside its page's content or image, and reads whole", async () => {
    const bytes = new Uint8Array(await readFile(sample));
    expect(outcome(bytes)).toMatch(/^report/);
    const doc = openDocument(bytes, createBudget({ ...DEFAULT_LIMITS, now: () => Date.now() }));
    const page = doc.pages[0]!;
    const streams: PdfStream[] = [...page.contents];
    for (const [, ref] of doc.resolveDict(page.resources.entries.get("XObject"))?.entries ?? []) {
      const stream = doc.resolveStream(ref);
      if (stream !== null) streams.push(stream);
    }
    expect(streams.length).toBeGreaterThan(1);
    const cuts: number[] = [];
    for (const s of streams) for (const f of [0.1, 0.5, 0.9]) cuts.push(s.raw.byteOffset + Math.floor(s.raw.length * f));
    for (const at of cuts) expect([at, outcome(bytes.subarray(0, at))]).toEqual([at, `DAMAGED: ${new PreflightError("DAMAGED", "").messageUI}`]);
    expect(new PreflightError("DAMAGED", "").messageUI).toContain("повреждён");
  });
});
