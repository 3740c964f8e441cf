import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { PreflightError } from "../../preflight/core/errors";
import { BUSINESS_CARD_PROFILE, PERMISSIVE_PROFILE } from "../../preflight/core/testing";
import { runPreflight } from "../../preflight/engine";
import type { PreflightProfile } from "../../preflight/index";
import { createNativeJpegDecoder } from "../../preflight/runtime/native-jpeg";
import { corpusDir, readManifest } from "./make-corpus";

/*
 * The engine's answers on every public sample PDF (../shared/data/pdf-samples/, 658 files) and on
 * its own corpus (.tmp/preflight-corpus/, `npm run preflight:corpus` first), written as one JSON
 * file, so a change to the engine that must not change any result (a faster decoder, streaming
 * pages) is checked by comparing two dumps:
 *
 *   npx tsx tests/preflight/report-dump.ts before.json      (on the old code)
 *   npx tsx tests/preflight/report-dump.ts after.json       (on the new code)
 *   npx tsx tests/preflight/report-dump.ts --compare before.json after.json
 *
 * Each sample is checked with two profiles (permissive, and the 90 × 50 business card, which runs
 * every check); each corpus file with its own profile. An answer is the report (findings, pages) or
 * the PreflightError's code.
 *
 * `--native` dumps with the Node runtime's native JPEG decoder (runtime/native-jpeg.ts, as the
 * check pool's workers run the engine) instead of the engine's own decodeJpeg:
 *
 *   npx tsx tests/preflight/report-dump.ts --native after-native.json
 */

const samplesDir = fileURLToPath(new URL("../../../shared/data/pdf-samples/", import.meta.url));

type Answer = unknown;

const native = process.argv.includes("--native") ? createNativeJpegDecoder() : null;

function answer(bytes: Uint8Array, profile: PreflightProfile): Answer {
  try {
    return runPreflight(bytes, profile, native ? { decodeJpeg: native.decode } : {});
  } catch (error) {
    if (error instanceof PreflightError) return { error: error.code };
    return { crash: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

async function dump(outFile: string): Promise<void> {
  const answers: Record<string, Answer> = {};
  const entries = await readdir(samplesDir, { withFileTypes: true, recursive: true });
  const files = entries.filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith(".pdf")).map((entry) => join(entry.parentPath, entry.name)).sort();
  for (const file of files) {
    const bytes = new Uint8Array(await readFile(file));
    const name = relative(samplesDir, file);
    answers[`sample/${name}#permissive`] = answer(bytes, PERMISSIVE_PROFILE);
    answers[`sample/${name}#business-card`] = answer(bytes, BUSINESS_CARD_PROFILE);
  }
  for (const entry of await readManifest()) {
    const bytes = new Uint8Array(await readFile(join(corpusDir, entry.file)));
    answers[`corpus/${entry.file}`] = answer(bytes, entry.profile);
  }
  await writeFile(outFile, JSON.stringify(answers, null, 1) + "\n");
  console.log(`${Object.keys(answers).length} answers (${files.length} samples × 2 profiles, the corpus) written to ${outFile}`);
  if (native) console.log(`JPEGs decoded natively: ${native.counts.native}, by decodeJpeg: ${native.counts.fallback}`);
}

async function compare(beforeFile: string, afterFile: string): Promise<number> {
  const before = JSON.parse(await readFile(beforeFile, "utf8")) as Record<string, Answer>;
  const after = JSON.parse(await readFile(afterFile, "utf8")) as Record<string, Answer>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const changed = keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  for (const key of changed) console.log(`changed: ${key}\n  before: ${JSON.stringify(before[key])}\n  after:  ${JSON.stringify(after[key])}`);
  console.log(`${keys.length} answers compared, ${changed.length} changed`);
  return changed.length;
}

const args = process.argv.slice(2).filter((arg) => arg !== "--native");
if (args[0] === "--compare" && args.length === 3) process.exitCode = (await compare(args[1]!, args[2]!)) === 0 ? 0 : 1;
else if (args.length === 1 && !args[0]!.startsWith("-")) await dump(args[0]!);
else {
  console.error("usage: report-dump.ts [--native] <out.json> | --compare <before.json> <after.json>");
  process.exitCode = 2;
}
await native?.close();
