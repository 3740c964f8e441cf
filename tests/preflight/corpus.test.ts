import { readFile, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PreflightError } from "../../preflight/core/errors";
import { runPreflight } from "../../preflight/engine";
import { buildCorpus, corpusDir, readManifest } from "./make-corpus";
import type { CorpusEntry } from "./make-corpus";

/*
 * The engine over its own corpus (tests/preflight/make-corpus.ts, made with Ghostscript, qpdf and
 * ImageMagick and checked by those tools): each file must answer exactly the set of codes
 * its manifest entry names — or exactly the PreflightError code — within 5 s.
 */

const ANSWER_MS = 5_000;

let dir = corpusDir;
let ownCopy = false;
let entries: CorpusEntry[] = [];

/*
 * `npm test` builds the corpus once (`npm run preflight:corpus`) for this test and the Chromium one.
 * Without it, or when it is older than its script, this run builds a copy of its own (so a test run
 * and the bench never share files): ~70 Ghostscript/qpdf/ImageMagick jobs, each re-checked with the tools.
 */
beforeAll(async () => {
  const script = await stat(fileURLToPath(new URL("./make-corpus.ts", import.meta.url)));
  const manifest = await stat(join(corpusDir, "corpus.json")).catch(() => null);
  if (manifest && manifest.mtimeMs > script.mtimeMs) {
    entries = await readManifest(corpusDir);
    return;
  }
  dir = `${corpusDir}-test-${process.pid}`;
  ownCopy = true;
  entries = (await buildCorpus({ dir })).entries;
}, 240_000);
afterAll(async () => {
  if (ownCopy) await rm(dir, { recursive: true, force: true });
});

interface Answer {
  codes: number[] | null;
  error: string | null;
  ms: number;
}

async function answer(file: string, entry: CorpusEntry): Promise<Answer> {
  const bytes = new Uint8Array(await readFile(join(dir, file)));
  const started = performance.now();
  try {
    const report = runPreflight(bytes, entry.profile);
    return { codes: [...new Set(report.findings.map((finding) => finding.code))].sort((a, b) => a - b), error: null, ms: performance.now() - started };
  } catch (error) {
    if (error instanceof PreflightError) return { codes: null, error: error.code, ms: performance.now() - started };
    throw error;
  }
}

describe("preflight corpus", () => {
  it("has an entry for every rule and hostile case", () => {
    const codes = new Set(entries.flatMap((entry) => ("expected" in entry ? entry.expected : [])));
    expect([...codes].sort((a, b) => a - b)).toEqual([1120, 1163, 1198, 2078, 2088, 3159, 3171, 3244, 4731, 4752, 4781]);
    const errors = new Set(entries.flatMap((entry) => ("expectedError" in entry ? [entry.expectedError] : [])));
    expect([...errors].sort()).toEqual(["DAMAGED", "EMPTY_FILE", "ENCRYPTED", "NOT_A_PDF", "TOO_COMPLEX", "TOO_LARGE"]);
  });

  it("answers each file with exactly its expected codes, each within 5 s", async () => {
    const wrong: string[] = [];
    for (const entry of entries) {
      const got = await answer(entry.file, entry);
      const want = "expected" in entry ? { codes: entry.expected, error: null } : { codes: null, error: entry.expectedError };
      const same = JSON.stringify({ codes: got.codes, error: got.error }) === JSON.stringify(want);
      if (!same || got.ms > ANSWER_MS) {
        wrong.push(`${entry.file}: want ${JSON.stringify(want.codes ?? want.error)}, got ${JSON.stringify(got.codes ?? got.error)} in ${Math.round(got.ms)} ms — ${entry.why.split(". Verified")[0]}`);
      }
    }
    // One assertion over all files, so a run shows every mismatch at once rather than the first.
    expect(wrong).toEqual([]);
  }, 600_000);
});
