import type { Budget } from "./budget";
import { decodeFilters, filterSteps } from "./filters";
import { CHAR_CLASS, Lexer, ascii, lastIndexOfBytes } from "./lexer";
import { isArray, isDict, isNumber, isStream, type PdfDict } from "./objects";
import { Parser, parseIndirectObject } from "./parser";

/*
 * The cross-reference data (ISO 32000-1 §7.5.4–7.5.8): classic tables, cross-reference streams,
 * hybrid files (/XRefStm) and /Prev chains, newest section first so an incremental update's entry
 * wins. Anything malformed throws XrefError and the reader falls back to scanning the file.
 */

export type XrefEntry =
  | { readonly type: "free" }
  | { readonly type: "offset"; readonly offset: number; readonly gen: number }
  | { readonly type: "compressed"; readonly stream: number; readonly index: number };

export interface XrefData {
  readonly entries: Map<number, XrefEntry>;
  /** The newest trailer, with keys only older trailers have added. */
  readonly trailer: PdfDict;
}

export class XrefError extends Error {
  override readonly name = "XrefError";
}

const STARTXREF = ascii("startxref");

/** The offset after the last `startxref`, or null. */
export function findStartxref(bytes: Uint8Array): number | null {
  // Usually in the last few hundred bytes; trailing junk after %%EOF is common, so look further back.
  const at = lastIndexOfBytes(bytes, STARTXREF, bytes.length, Math.max(0, bytes.length - 64 * 1024));
  if (at < 0) return null;
  const tok = new Lexer(bytes, at + STARTXREF.length).next();
  return tok.type === "num" && tok.isInt && tok.value >= 0 ? tok.value : null;
}

interface XrefContext {
  readonly bytes: Uint8Array;
  readonly budget: Budget;
  /** Where %PDF- starts: offsets of files with junk before the header are often counted from it. */
  readonly headerOffset: number;
}

/** Reads every section from `startxref` back through /Prev. */
export function readXref(start: number, ctx: XrefContext): XrefData {
  const entries = new Map<number, XrefEntry>();
  const trailers: PdfDict[] = [];
  const visited = new Set<number>();
  let next: number | null = start;
  while (next !== null) {
    ctx.budget.tick(1);
    const offset = locateSection(next, ctx);
    if (visited.has(offset)) break; // a /Prev loop
    visited.add(offset);
    const section = readSection(offset, ctx, entries);
    trailers.push(section.trailer);
    // Hybrid file (§7.5.8.4): the stream's entries come after the table's, before the older sections'.
    const xrefStm = section.trailer.entries.get("XRefStm");
    if (isNumber(xrefStm) && !visited.has(xrefStm)) {
      visited.add(xrefStm);
      try {
        readSection(locateSection(xrefStm, ctx), ctx, entries);
      } catch (error) {
        // A broken /XRefStm in a hybrid file leaves the table's entries; the objects it lists are found by the fallback scan.
        if (!(error instanceof XrefError)) throw error;
      }
    }
    const prev = section.trailer.entries.get("Prev");
    next = isNumber(prev) && prev >= 0 ? prev : null;
  }
  const trailer = trailers[0];
  if (!trailer) throw new XrefError("No cross-reference section");
  const merged = new Map(trailer.entries);
  for (const older of trailers.slice(1)) for (const [key, value] of older.entries) if (!merged.has(key) && key !== "Prev" && key !== "XRefStm") merged.set(key, value);
  return { entries, trailer: { kind: "dict", entries: merged } };
}

/** The offset itself when a section starts there, else the same offset counted from the header. */
function locateSection(offset: number, ctx: XrefContext): number {
  if (startsSection(ctx.bytes, offset)) return offset;
  if (ctx.headerOffset > 0 && startsSection(ctx.bytes, offset + ctx.headerOffset)) return offset + ctx.headerOffset;
  throw new XrefError(`No cross-reference section at ${offset}`);
}

/** `xref`, or `num gen obj` (a cross-reference stream), starts at `offset`. */
function startsSection(bytes: Uint8Array, offset: number): boolean {
  if (offset < 0 || offset >= bytes.length) return false;
  const lexer = new Lexer(bytes, offset);
  const t = lexer.next();
  if (t.type === "kw") return t.value === "xref";
  const gen = lexer.next();
  const obj = lexer.next();
  return t.type === "num" && t.isInt && gen.type === "num" && gen.isInt && obj.type === "kw" && obj.value === "obj";
}

function readSection(offset: number, ctx: XrefContext, entries: Map<number, XrefEntry>): { trailer: PdfDict } {
  const lexer = new Lexer(ctx.bytes, offset);
  const first = lexer.next();
  if (first.type === "kw" && first.value === "xref") return readTable(lexer, ctx, entries);
  return readStream(offset, ctx, entries);
}

function readTable(lexer: Lexer, ctx: XrefContext, entries: Map<number, XrefEntry>): { trailer: PdfDict } {
  for (;;) {
    const head = lexer.next();
    if (head.type === "kw" && head.value === "trailer") break;
    const countTok = lexer.next();
    if (head.type !== "num" || !head.isInt || countTok.type !== "num" || !countTok.isInt) throw new XrefError("Malformed cross-reference subsection");
    let num = head.value;
    const count = countTok.value;
    for (let i = 0; i < count; i++) {
      if ((i & 1023) === 1023) ctx.budget.tick(1);
      const entry = readTableEntry(lexer);
      if (!entry) throw new XrefError("Malformed cross-reference entry");
      // A common producer error: a section "1 n" whose first entry is object 0's free head.
      if (i === 0 && num === 1 && !entry.inUse && entry.offset === 0 && entry.gen === 65535) num = 0;
      const objNum = num + i;
      if (!entries.has(objNum)) {
        if (!entry.inUse) entries.set(objNum, { type: "free" });
        else if (entry.offset > 0) entries.set(objNum, { type: "offset", offset: entry.offset, gen: entry.gen });
      }
    }
  }
  const trailer = new Parser(lexer, ctx.budget.limits.maxDepth, ctx.budget).readObject();
  if (!isDict(trailer)) throw new XrefError("No trailer dictionary");
  return { trailer };
}

/**
 * One `offset gen n|f` entry, read straight from the bytes (the fixed 20-byte form and the sloppy
 * ones with other spacing alike) — a table of 100 000 entries is read without a token per field.
 */
function readTableEntry(lexer: Lexer): { offset: number; gen: number; inUse: boolean } | null {
  const b = lexer.bytes;
  const end = lexer.end;
  let p = lexer.pos;
  while (p < end && CHAR_CLASS[b[p]!] === 1) p++;
  let from = p;
  let offset = 0;
  while (p < end && b[p]! >= 0x30 && b[p]! <= 0x39) offset = offset * 10 + (b[p++]! - 0x30);
  if (p === from) return null;
  while (p < end && CHAR_CLASS[b[p]!] === 1) p++;
  from = p;
  let gen = 0;
  while (p < end && b[p]! >= 0x30 && b[p]! <= 0x39) gen = gen * 10 + (b[p++]! - 0x30);
  if (p === from) return null;
  while (p < end && CHAR_CLASS[b[p]!] === 1) p++;
  const kind = b[p++];
  if ((kind !== 0x6e && kind !== 0x66) || (p < end && CHAR_CLASS[b[p]!] === 0)) return null;
  lexer.pos = p;
  return { offset, gen, inUse: kind === 0x6e };
}

function readStream(offset: number, ctx: XrefContext, entries: Map<number, XrefEntry>): { trailer: PdfDict } {
  const object = parseIndirectObject(ctx.bytes, offset, { maxDepth: ctx.budget.limits.maxDepth, budget: ctx.budget, resolveLength: () => null });
  const stream = object?.value;
  if (!isStream(stream)) throw new XrefError(`No cross-reference stream at ${offset}`);
  const dict = stream.dict;
  const w = dict.entries.get("W");
  if (!isArray(w) || w.length < 3 || !w.every((v) => isNumber(v) && Number.isInteger(v) && v >= 0 && v <= 8)) throw new XrefError("Bad /W in a cross-reference stream");
  const [w1, w2, w3] = w as [number, number, number];
  const rowSize = w1 + w2 + w3;
  if (rowSize === 0) throw new XrefError("Empty /W in a cross-reference stream");
  const size = dict.entries.get("Size");
  const index = dict.entries.get("Index");
  const ranges: number[] = isArray(index) && index.length >= 2 ? index.filter(isNumber) : [0, isNumber(size) ? size : 0];
  // Cross-reference streams hold their values directly (§7.5.8.2), so no resolving is needed to decode one.
  const data = decodeFilters(stream.raw, filterSteps(dict, (v) => v ?? null), ctx.budget).bytes;
  let pos = 0;
  const field = (width: number, fallback: number): number => {
    if (width === 0) return fallback;
    let v = 0;
    for (let k = 0; k < width; k++) v = v * 256 + data[pos++]!;
    return v;
  };
  for (let r = 0; r + 1 < ranges.length; r += 2) {
    const startNum = ranges[r]!;
    const count = ranges[r + 1]!;
    for (let i = 0; i < count && pos + rowSize <= data.length; i++) {
      if ((i & 1023) === 1023) ctx.budget.tick(1);
      const type = field(w1, 1);
      const f2 = field(w2, 0);
      const f3 = field(w3, 0);
      const objNum = startNum + i;
      if (entries.has(objNum)) continue;
      if (type === 0) entries.set(objNum, { type: "free" });
      else if (type === 1 && f2 > 0) entries.set(objNum, { type: "offset", offset: f2, gen: f3 });
      else if (type === 2) entries.set(objNum, { type: "compressed", stream: f2, index: f3 });
    }
  }
  return { trailer: dict };
}
