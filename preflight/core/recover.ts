import type { Budget } from "./budget";
import { CHAR_CLASS, Lexer, ascii, indexOfBytes } from "./lexer";
import { isDict, type PdfDict, type PdfObject } from "./objects";
import { Parser, parseIndirectObject } from "./parser";

/*
 * Recovery when the cross-reference data is broken, missing or points at garbage: every
 * `num gen obj` in the file is parsed where it stands (a stream's data is skipped, so objects inside
 * stream data are not mistaken for real ones), and every `trailer` dictionary is kept. Where an
 * object is defined twice, the later definition wins — that is how incremental updates work.
 */

export interface ScannedObject {
  readonly gen: number;
  readonly offset: number;
  readonly value: PdfObject;
}

export interface ScanResult {
  readonly objects: Map<number, ScannedObject>;
  /** `trailer` dictionaries in file order. */
  readonly trailers: { readonly offset: number; readonly dict: PdfDict }[];
}

const OBJ = ascii("obj");
const TRAILER = ascii("trailer");

const isDigit = (c: number | undefined): boolean => c !== undefined && c >= 0x30 && c <= 0x39;

export function scanObjects(bytes: Uint8Array, budget: Budget): ScanResult {
  const objects = new Map<number, ScannedObject>();
  const maxDepth = budget.limits.maxDepth;
  let i = 0;
  for (;;) {
    const at = indexOfBytes(bytes, OBJ, i);
    if (at < 0) break;
    i = at + 3;
    if (at + 3 < bytes.length && CHAR_CLASS[bytes[at + 3]!] === 0) continue; // "object", "objstm"…
    const start = objectStart(bytes, at);
    if (start < 0) continue;
    budget.tick(1);
    const parsed = parseIndirectObject(bytes, start, { maxDepth, budget, resolveLength: () => null });
    if (!parsed) continue;
    objects.set(parsed.num, { gen: parsed.gen, offset: start, value: parsed.value });
    if (parsed.end > i) i = parsed.end;
  }

  const trailers: { offset: number; dict: PdfDict }[] = [];
  for (let t = indexOfBytes(bytes, TRAILER, 0); t >= 0; t = indexOfBytes(bytes, TRAILER, t + TRAILER.length)) {
    budget.tick(1);
    const dict = new Parser(new Lexer(bytes, t + TRAILER.length), maxDepth, budget).readObject();
    if (isDict(dict)) trailers.push({ offset: t, dict });
  }
  return { objects, trailers };
}

/** Where `num gen` starts before the `obj` at `at`, or -1 when the keyword is not an object header. */
function objectStart(bytes: Uint8Array, at: number): number {
  let p = at - 1;
  while (p >= 0 && CHAR_CLASS[bytes[p]!] === 1) p--;
  if (!isDigit(bytes[p])) return -1;
  while (p >= 0 && isDigit(bytes[p])) p--;
  if (p < 0 || CHAR_CLASS[bytes[p]!] !== 1) return -1;
  while (p >= 0 && CHAR_CLASS[bytes[p]!] === 1) p--;
  if (!isDigit(bytes[p])) return -1;
  while (p >= 0 && isDigit(bytes[p])) p--;
  // The number must stand alone: preceded by the start of the file, white space or a delimiter.
  if (p >= 0 && CHAR_CLASS[bytes[p]!] === 0) return -1;
  return p + 1;
}
