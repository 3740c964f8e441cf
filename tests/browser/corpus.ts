import type { CheckCode, PreflightProfile } from "../../preflight/report";

/*
 * The engine's corpus (tests/preflight/make-corpus.ts, `npm run preflight:corpus`), served by the
 * test server from .tmp/preflight-corpus/, for the element and engine tests in Chromium.
 */

/** One file of the corpus, as corpus.json lists it. */
export interface CorpusEntry {
  file: string;
  profile: PreflightProfile;
  /** The exact, sorted set of codes; or, for a file that cannot be checked, `expectedError`. */
  expected?: CheckCode[];
  expectedError?: string;
  why: string;
}

export const CORPUS = "/.tmp/preflight-corpus";

// Loaded when a test file imports this module, before its tests are declared, so that corpus files can be tests of their own.
const response = await fetch(`${CORPUS}/corpus.json`);

/** The corpus's files, or null when corpus.json is not there. */
export const corpus: CorpusEntry[] | null = response.ok ? ((await response.json()) as CorpusEntry[]) : null;

/** Why the corpus is missing, for a failing test to say. */
export const corpusMissing = `${CORPUS}/corpus.json is missing (${response.status}): build it with \`npm run preflight:corpus\``;

export function corpusEntry(file: string): CorpusEntry {
  const found = corpus?.find((item) => item.file === file);
  if (!found) throw new Error(`The corpus has no ${file}: build it with \`npm run preflight:corpus\``);
  return found;
}

export async function corpusBytes(file: string): Promise<Uint8Array> {
  const served = await fetch(`${CORPUS}/${encodeURIComponent(file)}`);
  if (!served.ok) throw new Error(`The test server did not serve ${file}: ${served.status}`);
  return new Uint8Array(await served.arrayBuffer());
}
