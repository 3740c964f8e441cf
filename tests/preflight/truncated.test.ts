import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PreflightError } from "../../preflight/core/errors";
import type { PdfStream } from "../../preflight/core/objects";
import { openDocument } from "../../preflight/core/reader";
import { runPreflight } from "../../preflight/engine";
import { PERMISSIVE_PROFILE, testBudget } from "../../preflight/core/testing";
import { buildCorpus, corpusDir } from "./make-corpus";

/*
 * A PDF cut off partway through (an upload that stopped) fails DAMAGED with the Russian «файл
 * повреждён» message instead of passing clean: a real veraPDF sample (its page draws an image),
 * cut at several offsets inside what its page draws. The rule itself is core/reader.ts's
 * `refuseIfCutOff`; the hand-made cases are in core/reader.test.ts.
 */

const sample = fileURLToPath(new URL("../../../shared/data/pdf-samples/verapdf/PDF_A-1b/6.2_Graphics/6.2.4_Images/veraPDF_test_suite_6-2-4-t03-pass-a.pdf", import.meta.url));

/** The corpus's combined file (npm test builds the corpus first; built here when it is missing). */
async function ensureCombo(): Promise<string> {
  const file = join(corpusDir, "combo-rgb-spot-text.pdf");
  if (!(await stat(file).catch(() => null))) await buildCorpus({ dir: corpusDir });
  return file;
}

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
    const doc = openDocument(bytes, testBudget());
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

  it("fails DAMAGED when the cut falls inside a font program or any other object the page prints, and reads a file cut only after them", async () => {
    // Ghostscript's combined test file: RGB, a spot colour and text in an embedded Type1C font,
    // whose font program is the last object the page uses (then Info, the xref and the trailer).
    const corpusFile = await ensureCombo();
    const bytes = new Uint8Array(await readFile(corpusFile));
    const text = new TextDecoder("latin1").decode(bytes);
    const fontProgram = /(\d+) 0 obj\s*<<[^>]*\/Subtype\s*\/Type1C/.exec(text);
    expect(fontProgram).not.toBeNull();
    const start = fontProgram?.index ?? 0;
    const end = text.indexOf("endobj", start);
    const damaged = `DAMAGED: ${new PreflightError("DAMAGED", "").messageUI}`;
    for (const at of [start + 20, start + 40, Math.floor((start + end) / 2), end - 2]) expect([at, outcome(bytes.subarray(0, at))]).toEqual([at, damaged]);
    // Cut in the trailer: everything the page prints is whole, the recovered report stands.
    const trailerCut = text.lastIndexOf("trailer") + 4;
    expect(outcome(bytes.subarray(0, trailerCut))).toMatch(/^report/);
  }, 120_000);
});
