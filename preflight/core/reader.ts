import type { Budget } from "./budget";
import type { PdfDocument, PdfPage } from "./document";
import { PreflightError } from "./errors";
import { IMAGE_CODECS, decodeFilters, filterSteps, type DecodeResult } from "./filters";
import { Lexer, ascii, indexOfBytes } from "./lexer";
import { isArray, isDict, isName, isNumber, isRef, isStream, type PdfArray, type PdfDict, type PdfObject, type PdfRef, type PdfStream } from "./objects";
import { walkPageTree } from "./page-tree";
import { Parser, matchesAt, parseIndirectObject, type IndirectObject, type IndirectOptions } from "./parser";
import { scanObjects } from "./recover";
import { XrefError, findStartxref, readXref, type XrefEntry } from "./xref";

/*
 * The PDF reader: `openDocument` finds the cross-reference data (or scans the file for objects when
 * it is broken), refuses encrypted files, finds the catalog and walks the page tree. Objects are
 * parsed lazily on first use and cached, so a check that reads ten objects of a 10 000-object file
 * parses ten. Every loop a hostile file could stretch ticks the budget.
 */

/** How many references `resolve` follows in a chain (1 0 R → 2 0 R → …) before giving up with null. */
const MAX_REF_CHAIN = 32;
/** How deeply loading one object may load others (an indirect /Length in an object stream whose /Length is indirect …). */
const MAX_LOAD_NESTING = 64;

const PDF_HEADER = ascii("%PDF-");

/** An object's place as the reader knows it: the cross-reference's entry, or the scan's parsed object. */
type Entry = XrefEntry | { readonly type: "parsed"; readonly value: PdfObject } | { readonly type: "scanned-compressed"; readonly stream: number; readonly index: number };

interface ObjectStream {
  readonly data: Uint8Array;
  /** [object number, offset from /First] per object, in stored order. */
  readonly pairs: readonly (readonly [number, number])[];
  readonly first: number;
  /** Object number → position in `pairs`, made when an index from the table turns out wrong. */
  byNum: Map<number, number> | null;
}

export function openDocument(bytes: Uint8Array, budget: Budget): PdfDocument {
  if (bytes.length === 0) throw new PreflightError("EMPTY_FILE", "The file is empty");
  const headerOffset = indexOfBytes(bytes, PDF_HEADER, 0, Math.min(bytes.length, 1024 + PDF_HEADER.length));
  if (headerOffset < 0) throw new PreflightError("NOT_A_PDF", "No %PDF- header in the first 1024 bytes");
  return new Reader(bytes, budget, headerOffset);
}

class Reader implements PdfDocument {
  readonly size: number;
  readonly headerVersion: string | null;
  readonly trailer: PdfDict;
  readonly catalog: PdfDict;
  readonly pages: PdfPage[];
  readonly pageCount: number;

  private readonly bytes: Uint8Array;
  private readonly budget: Budget;
  private readonly headerOffset: number;
  private entries: Map<number, Entry> = new Map();
  private readonly cache = new Map<number, PdfObject>();
  private readonly loading = new Set<number>();
  private nesting = 0;
  private readonly objectStreams = new Map<number, ObjectStream | null>();
  private readonly decoded = new WeakMap<PdfStream, DecodeResult | PreflightError>();
  /** The scan's entries, made once when first needed. */
  private scanned: Map<number, Entry> | null = null;
  private scanTrailers: { offset: number; dict: PdfDict }[] = [];
  private usedScan = false;
  private readonly parseOptions: IndirectOptions;

  constructor(bytes: Uint8Array, budget: Budget, headerOffset: number) {
    this.bytes = bytes;
    this.budget = budget;
    this.size = bytes.length;
    this.headerOffset = headerOffset;
    this.headerVersion = readHeaderVersion(bytes, headerOffset);
    this.parseOptions = {
      maxDepth: budget.limits.maxDepth,
      budget,
      resolveLength: (ref) => {
        const length = this.resolve(ref);
        return isNumber(length) ? length : null;
      },
    };

    let trailer: PdfDict | null = null;
    let catalog: PdfDict | null = null;
    try {
      const start = findStartxref(bytes);
      if (start === null) throw new XrefError("No startxref");
      const xref = readXref(start, { bytes, budget, headerOffset });
      this.entries = xref.entries;
      trailer = xref.trailer;
      if (trailer.entries.has("Encrypt")) throw new PreflightError("ENCRYPTED", "The trailer has /Encrypt");
      catalog = this.resolveDict(trailer.entries.get("Root"));
      // A catalog without /Pages usually means the table points at the wrong objects.
      if (catalog && !this.resolveDict(catalog.entries.get("Pages"))) catalog = null;
    } catch (error) {
      if (!(error instanceof XrefError)) throw error;
    }

    if (!trailer || !catalog) {
      // The cross-reference data is unusable: the scan's objects replace it, and nothing read through it is kept.
      this.cache.clear();
      this.objectStreams.clear();
      this.usedScan = true;
      this.scan(true);
      const found = this.recoverTrailer();
      trailer = found.trailer;
      catalog = found.catalog;
    }
    this.trailer = trailer;
    this.catalog = catalog;
    this.pages = walkPageTree(catalog, (v) => this.resolve(v), budget);
    this.pageCount = this.pages.length;
    if (this.usedScan && !endsWithEof(bytes)) this.refuseIfCutOff();
  }

  /**
   * A file cut off partway through (an upload or a copy that stopped): it was read by scanning
   * (no usable cross-reference data) and has no %%EOF in its last kilobyte. Such a file is DAMAGED
   * when anything its pages print is gone with the cut: fewer pages than the page tree's /Count, or
   * any object reachable from a page's content, resources and annotations (content streams, XObjects and their
   * resources, fonts and their programs, colour spaces and ICC profiles, patterns, shadings,
   * graphics states) that the file no longer holds, or holds only in part (a stream running into
   * the end of the file, with no `endstream`). A file cut only after all of that (its xref, trailer
   * and Info) keeps a complete picture of its pages and is read as recovered; a file with a
   * complete ending (%%EOF) whose table is merely broken is never refused here.
   */
  private refuseIfCutOff(): void {
    const fail = (what: string): never => {
      throw new PreflightError("DAMAGED", `The file is cut off: ${what} is missing`);
    };
    const count = this.resolve(this.resolveDict(this.catalog.entries.get("Pages"))?.entries.get("Count"));
    if (isNumber(count) && count > this.pages.length) fail(`${count - this.pages.length} of ${count} pages`);
    /**
     * A stream whose data runs into the end of the file: neither `endstream` nor `endobj` follows its
     * data (the parser took what was left, less a final line break).
     */
    const runsOff = (stream: PdfStream): boolean => {
      if (stream.raw.buffer !== this.bytes.buffer) return false;
      const after = stream.raw.byteOffset - this.bytes.byteOffset + stream.raw.length;
      return indexOfBytes(this.bytes, ENDSTREAM_MARKER, after) < 0 && indexOfBytes(this.bytes, ENDOBJ_MARKER, after) < 0;
    };
    const cutObject = objectCutAtTheEnd(this.bytes);
    const seen = new Set<number>();
    for (const page of this.pages) {
      const contents = page.dict.entries.get("Contents");
      const contentRefs = isArray(this.resolve(contents)) ? (this.resolveArray(contents) ?? []) : contents === undefined ? [] : [contents];
      for (const ref of contentRefs) {
        if (!isStream(this.resolve(ref))) fail(`a content stream of page ${page.number}`);
      }
      // Everything the page prints, followed through references once per file.
      const pending: PdfObject[] = [...contentRefs, page.dict.entries.get("Resources") ?? null, page.resources, page.dict.entries.get("Annots") ?? null];
      while (pending.length > 0) {
        this.budget.tick(1);
        let value = pending.pop() ?? null;
        if (isRef(value)) {
          if (seen.has(value.num)) continue;
          seen.add(value.num);
          const target = this.resolve(value);
          if (target === null) fail(`object ${value.num} that page ${page.number} uses`);
          if (value.num === cutObject) fail(`the end of object ${value.num} that page ${page.number} uses`);
          value = target;
        }
        if (isStream(value)) {
          if (runsOff(value)) fail(`the end of object ${value.ref?.num ?? "?"} that page ${page.number} uses`);
          value = value.dict;
        }
        if (isDict(value)) {
          // Up the page tree, or from an annotation back to its page, is not what this page prints.
          for (const [key, item] of value.entries) if (key !== "Parent" && key !== "P") pending.push(item);
        } else if (isArray(value)) {
          pending.push(...value);
        }
      }
    }
  }

  get recovered(): boolean {
    return this.usedScan;
  }

  // ---- objects ----

  resolve(value: PdfObject | undefined): PdfObject {
    if (value === undefined) return null;
    let current: PdfObject = value;
    for (let i = 0; i < MAX_REF_CHAIN && isRef(current); i++) current = this.loadObject(current.num);
    // A chain still pointing on after the limit is a cycle or a hostile chain: nothing usable.
    return isRef(current) ? null : current;
  }

  resolveDict(value: PdfObject | undefined): PdfDict | null {
    const v = this.resolve(value);
    return isDict(v) ? v : null;
  }

  resolveArray(value: PdfObject | undefined): PdfArray | null {
    const v = this.resolve(value);
    return isArray(v) ? v : null;
  }

  resolveStream(value: PdfObject | undefined): PdfStream | null {
    const v = this.resolve(value);
    return isStream(v) ? v : null;
  }

  get(dict: PdfDict, key: string): PdfObject {
    return this.resolve(dict.entries.get(key));
  }

  object(ref: PdfRef): PdfObject {
    return this.loadObject(ref.num);
  }

  private loadObject(num: number): PdfObject {
    const cached = this.cache.get(num);
    if (cached !== undefined) return cached;
    // Loading an object that is being loaded (its own /Length, an object stream inside itself): a cycle.
    if (this.loading.has(num) || this.nesting >= MAX_LOAD_NESTING) return null;
    this.budget.tick(1);
    this.loading.add(num);
    this.nesting++;
    let value: PdfObject | undefined;
    try {
      const entry = this.entries.get(num);
      if (entry) value = this.fromEntry(num, entry);
      if (value === undefined && entry && entry.type !== "free" && !this.usedScan) {
        // The table points at something else: the object is looked for where it really is.
        const fallback = this.scanTable().get(num);
        if (fallback) {
          value = this.fromEntry(num, fallback);
          if (value !== undefined) this.usedScan = true;
        }
      }
    } finally {
      this.loading.delete(num);
      this.nesting--;
    }
    const result = value ?? null;
    this.cache.set(num, result);
    return result;
  }

  /** The object for an entry, or undefined when the entry does not lead to it. */
  private fromEntry(num: number, entry: Entry): PdfObject | undefined {
    switch (entry.type) {
      case "free":
        return null;
      case "parsed":
        return entry.value;
      case "offset": {
        const parsed = this.parseAt(entry.offset, num) ?? (this.headerOffset > 0 ? this.parseAt(entry.offset + this.headerOffset, num) : null);
        return parsed ? parsed.value : undefined;
      }
      case "compressed":
      case "scanned-compressed":
        return this.fromObjectStream(entry.stream, entry.index, num);
    }
  }

  private parseAt(offset: number, num: number): IndirectObject | null {
    const parsed = parseIndirectObject(this.bytes, offset, this.parseOptions);
    // The generation is not compared: files whose table and objects disagree on it are common and harmless.
    return parsed && parsed.num === num ? parsed : null;
  }

  private objectStream(streamNum: number): ObjectStream | null {
    const known = this.objectStreams.get(streamNum);
    if (known !== undefined) return known;
    this.objectStreams.set(streamNum, null); // guards a stream that lists itself
    const stream = this.loadObject(streamNum);
    let result: ObjectStream | null = null;
    if (isStream(stream)) {
      const n = this.resolve(stream.dict.entries.get("N"));
      const first = this.resolve(stream.dict.entries.get("First"));
      if (isNumber(n) && isNumber(first) && n >= 0 && first >= 0) {
        const data = this.decodeStream(stream);
        const lexer = new Lexer(data, 0, Math.min(first, data.length));
        const pairs: [number, number][] = [];
        for (let i = 0; i < n; i++) {
          if ((i & 255) === 255) this.budget.tick(1);
          const a = lexer.next();
          const b = lexer.next();
          if (a.type !== "num" || b.type !== "num") break;
          pairs.push([a.value, b.value]);
        }
        result = { data, pairs, first, byNum: null };
      }
    }
    this.objectStreams.set(streamNum, result);
    return result;
  }

  private fromObjectStream(streamNum: number, index: number, num: number): PdfObject | undefined {
    const stm = this.objectStream(streamNum);
    if (!stm) return undefined;
    let i = index;
    if (stm.pairs[i]?.[0] !== num) {
      // The table's index is wrong: look the number up (a map, so a hostile table cannot make this quadratic).
      stm.byNum ??= new Map(stm.pairs.map(([n], k) => [n, k]));
      const found = stm.byNum.get(num);
      if (found === undefined) return undefined;
      i = found;
    }
    const start = stm.first + stm.pairs[i]![1];
    const nextOffset = stm.pairs[i + 1]?.[1];
    // The object ends where the next begins, so `5` followed by the next object's `0 R`… is never one reference.
    const end = nextOffset !== undefined && stm.first + nextOffset > start ? stm.first + nextOffset : stm.data.length;
    if (start >= stm.data.length) return undefined;
    return new Parser(new Lexer(stm.data, start, end), this.budget.limits.maxDepth, this.budget).readObject();
  }

  // ---- recovery ----

  private scanTable(): Map<number, Entry> {
    return this.scanned ?? this.scan(false);
  }

  /**
   * Scans the file once: its objects, then the objects of the object streams it holds. With
   * `replace` (the cross-reference data is unusable) the scan's table becomes the document's at once,
   * so whatever reading the object streams needs is looked up in it too.
   */
  private scan(replace: boolean): Map<number, Entry> {
    if (this.scanned) {
      if (replace) this.entries = this.scanned;
      return this.scanned;
    }
    const result = scanObjects(this.bytes, this.budget);
    const table = new Map<number, Entry>();
    const positions = new Map<number, number>();
    for (const [num, found] of result.objects) {
      table.set(num, { type: "parsed", value: found.value });
      positions.set(num, found.offset);
    }
    this.scanned = table;
    if (replace) this.entries = table;
    this.scanTrailers = [...result.trailers];
    for (const [num, found] of result.objects) {
      const value = found.value;
      if (!isStream(value)) continue;
      // A cross-reference stream's dictionary is a trailer.
      if (isName(value.dict.entries.get("Type"), "XRef")) this.scanTrailers.push({ offset: found.offset, dict: value.dict });
      if (!isName(value.dict.entries.get("Type"), "ObjStm")) continue;
      const stm = this.scanObjectStream(num, value);
      if (!stm) continue;
      stm.pairs.forEach(([objNum], index) => {
        // The later of two definitions wins; an object stream's objects count as written where the stream is.
        const existing = positions.get(objNum);
        if (existing !== undefined && existing > found.offset) return;
        positions.set(objNum, found.offset);
        table.set(objNum, { type: "scanned-compressed", stream: num, index });
      });
    }
    this.scanTrailers.sort((a, b) => a.offset - b.offset);
    // Objects looked up while the table was still growing may have been cached as missing.
    if (replace) this.cache.clear();
    return table;
  }

  /** An object stream met by the scan, read from the stream found (the table that would find it is being built). */
  private scanObjectStream(num: number, stream: PdfStream): ObjectStream | null {
    const known = this.objectStreams.get(num);
    if (known !== undefined) return known;
    const previous = this.cache.get(num);
    this.cache.set(num, stream);
    try {
      return this.objectStream(num);
    } finally {
      if (previous === undefined) this.cache.delete(num);
      else this.cache.set(num, previous);
    }
  }

  /** The newest trailer whose /Root is a catalog, else a catalog found among the objects. */
  private recoverTrailer(): { trailer: PdfDict; catalog: PdfDict } {
    for (const t of this.scanTrailers) if (t.dict.entries.has("Encrypt")) throw new PreflightError("ENCRYPTED", "A trailer has /Encrypt");
    for (let i = this.scanTrailers.length - 1; i >= 0; i--) {
      const trailer = this.scanTrailers[i]!.dict;
      const catalog = this.resolveDict(trailer.entries.get("Root"));
      if (catalog && this.resolveDict(catalog.entries.get("Pages"))) return { trailer, catalog };
    }
    // No usable trailer: the catalog is the object that says it is one (the last, as updates append).
    // A catalog without a page tree has nothing to print, so it counts as none.
    let pick: { num: number; catalog: PdfDict } | null = null;
    for (const [num, entry] of this.entries) {
      this.budget.tick(1);
      if (entry.type !== "parsed" && entry.type !== "scanned-compressed") continue;
      const value = this.loadObject(num);
      if (isDict(value) && isName(value.entries.get("Type"), "Catalog") && this.resolveDict(value.entries.get("Pages"))) pick = { num, catalog: value };
    }
    if (!pick) throw new PreflightError("DAMAGED", "No document catalog with a page tree could be found");
    const entries = new Map<string, PdfObject>([["Root", { kind: "ref", num: pick.num, gen: 0 }]]);
    const lastTrailer = this.scanTrailers[this.scanTrailers.length - 1];
    const info = lastTrailer?.dict.entries.get("Info");
    if (info !== undefined) entries.set("Info", info);
    return { trailer: { kind: "dict", entries }, catalog: pick.catalog };
  }

  // ---- streams ----

  decodeStream(stream: PdfStream, options: { maxBytes?: number } = {}): Uint8Array {
    const result = this.decode(stream, options.maxBytes);
    // A filter this reader does not know leaves data nobody can read: it is treated as empty, not as garbage.
    return result.codec === null || IMAGE_CODECS.has(result.codec) ? result.bytes : new Uint8Array(0);
  }

  decodeStreamUntilImageCodec(stream: PdfStream): { bytes: Uint8Array; codec: string | null } {
    return this.decode(stream);
  }

  private decode(stream: PdfStream, maxBytes?: number): DecodeResult {
    const cached = this.decoded.get(stream);
    if (cached instanceof PreflightError) throw cached;
    if (cached) return cached;
    try {
      const result = decodeFilters(stream.raw, filterSteps(stream.dict, (v) => this.resolve(v)), this.budget, maxBytes);
      this.decoded.set(stream, result);
      return result;
    } catch (error) {
      // A stream that failed (a zip bomb in a form drawn a thousand times) fails again at once, without a second decode.
      if (error instanceof PreflightError) this.decoded.set(stream, error);
      throw error;
    }
  }
}

const EOF_MARKER = ascii("%%EOF");
const ENDSTREAM_MARKER = ascii("endstream");
const ENDOBJ_MARKER = ascii("endobj");
/** How far from the end a %%EOF still counts as the file's end (producers append a little after it). */
const EOF_WINDOW = 1024;

/** Whether the file ends as a PDF does: %%EOF within its last kilobyte. */
/**
 * The number of the object the file's end cuts into: the `N G obj` that starts after the last
 * `endobj` (the scan may still have read a part of it — a dictionary without its closing `>>`, a
 * stream without its data), or null when the file ends between objects.
 */
function objectCutAtTheEnd(bytes: Uint8Array): number | null {
  let from = 0;
  for (let i = bytes.length - ENDOBJ_MARKER.length; i >= 0; i--) {
    if (bytes[i] === 0x65 && matchesAt(bytes, i, ENDOBJ_MARKER)) {
      from = i + ENDOBJ_MARKER.length;
      break;
    }
  }
  const head = String.fromCharCode(...bytes.subarray(from, Math.min(bytes.length, from + 64)));
  const match = /^\s*(?:%[^\r\n]*[\r\n]+\s*)*(\d+)\s+\d+\s+obj\b/.exec(head);
  return match?.[1] === undefined ? null : Number(match[1]);
}


function endsWithEof(bytes: Uint8Array): boolean {
  return indexOfBytes(bytes, EOF_MARKER, Math.max(0, bytes.length - EOF_WINDOW)) >= 0;
}

function readHeaderVersion(bytes: Uint8Array, headerOffset: number): string | null {
  let p = headerOffset + PDF_HEADER.length;
  let major = "";
  while (p < bytes.length && bytes[p]! >= 0x30 && bytes[p]! <= 0x39 && major.length < 3) major += String.fromCharCode(bytes[p++]!);
  if (!major || bytes[p] !== 0x2e) return null;
  p++;
  let minor = "";
  while (p < bytes.length && bytes[p]! >= 0x30 && bytes[p]! <= 0x39 && minor.length < 3) minor += String.fromCharCode(bytes[p++]!);
  return minor ? `${major}.${minor}` : null;
}
