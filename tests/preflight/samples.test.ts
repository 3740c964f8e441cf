import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PreflightError } from "../../preflight/core/errors";
import { runPreflight } from "../../preflight/engine";
import { PERMISSIVE_PROFILE } from "../../preflight/core/testing";

/*
 * No crash and no hang on the public sample PDFs beside the checkout (../shared/data/pdf-samples/,
 * 658 files from the veraPDF corpus): each answers a report or a PreflightError — never another
 * exception — within 5 s. The profile is permissive; what is found does not matter here.
 */

const samplesDir = fileURLToPath(new URL("../../../shared/data/pdf-samples/", import.meta.url));
const ANSWER_MS = 5_000;

async function pdfFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith(".pdf")).map((entry) => join(entry.parentPath, entry.name)).sort();
}

describe("public PDF samples", () => {
  it("answers every sample with a report or a PreflightError within 5 s", async () => {
    const files = await pdfFiles(samplesDir);
    expect(files.length).toBeGreaterThanOrEqual(658);
    const counts = { reports: 0, errors: new Map<string, number>() };
    const problems: string[] = [];
    let slowest = { file: "", ms: 0 };
    for (const file of files) {
      const bytes = new Uint8Array(await readFile(file));
      const name = relative(samplesDir, file);
      const started = performance.now();
      try {
        runPreflight(bytes, PERMISSIVE_PROFILE);
        counts.reports += 1;
      } catch (error) {
        if (error instanceof PreflightError) counts.errors.set(error.code, (counts.errors.get(error.code) ?? 0) + 1);
        else problems.push(`${name}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
      }
      const ms = performance.now() - started;
      if (ms > slowest.ms) slowest = { file: name, ms };
      if (ms > ANSWER_MS) problems.push(`${name}: ${Math.round(ms)} ms`);
    }
    console.log(
      `pdf-samples: ${files.length} files, ${counts.reports} reports, ${[...counts.errors].map(([code, n]) => `${n} ${code}`).join(", ") || "no errors"}; slowest ${slowest.file} ${Math.round(slowest.ms)} ms`,
    );
    expect(problems).toEqual([]);
  }, 900_000);
});
