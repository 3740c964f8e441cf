import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PreflightError } from "./errors";
import { openDocument } from "./reader";
import { testBudget } from "./testing";

/*
 * Smoke test over the shared corpus (veraPDF's test files, many deliberately broken): each file
 * opens or ends in a PreflightError — never another exception — within 5 s, with its pages and
 * their content streams read.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
const corpus = join(root, "..", "shared", "data", "pdf-samples", "verapdf");

function pdfFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...pdfFiles(path));
    else if (name.toLowerCase().endsWith(".pdf")) out.push(path);
  }
  return out;
}

describe("the veraPDF corpus", () => {
  it("opens every file or refuses it with a PreflightError, each within 5 s", () => {
    const files = pdfFiles(corpus);
    expect(files.length).toBeGreaterThan(100);
    let opened = 0;
    let recovered = 0;
    const refused: Record<string, number> = {};
    const failures: string[] = [];
    for (const file of files) {
      const started = Date.now();
      try {
        const doc = openDocument(new Uint8Array(readFileSync(file)), testBudget());
        for (const page of doc.pages) for (const stream of page.contents) doc.decodeStream(stream);
        opened++;
        if (doc.recovered) recovered++;
      } catch (error) {
        if (error instanceof PreflightError) refused[error.code] = (refused[error.code] ?? 0) + 1;
        else failures.push(`${file}: ${String(error)}`);
      }
      const ms = Date.now() - started;
      if (ms > 5000) failures.push(`${file}: ${ms} ms`);
    }
    console.log(`pdf-samples/verapdf: ${opened} of ${files.length} opened (${recovered} recovered), refused: ${JSON.stringify(refused)}`);
    expect(failures).toEqual([]);
    expect(opened).toBeGreaterThan(files.length * 0.9);
  }, 120_000);
});
