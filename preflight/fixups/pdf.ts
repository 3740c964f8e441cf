import { zlibSync } from "fflate";
import { PDFArray, PDFBool, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFStream, PDFString } from "pdf-lib";
import type { PDFContext, PDFObject } from "pdf-lib";
import { createBudget } from "../core/budget";
import type { Budget } from "../core/budget";
import { DEFAULT_LIMITS, PreflightError } from "../core/errors";
import { decodeFilters, filterSteps } from "../core/filters/index";
import type { PdfObject } from "../core/objects";
import { FixupError } from "./errors";

/*
 * pdf-lib glue shared by the fix-ups: opening (encrypted and unreadable files become FixupError),
 * saving (always a classic cross-reference table, never object streams: the header a fix-up keeps
 * or writes must stay true), dropping objects nothing refers to any more, decoding streams with the
 * engine's filters under a budget, and walking every content stream a page can paint.
 */

/** Fix-ups run on the main thread but are not the interactive check: a longer deadline than the engine's. */
const FIXUP_DEADLINE_MS = 30_000;

export function fixupBudget(): Budget {
  return createBudget({ ...DEFAULT_LIMITS, deadlineMs: FIXUP_DEADLINE_MS, now: () => Date.now() });
}

/** Runs `work`, turning the budget's errors into FixupError FAILED. */
export function withinBudget<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof PreflightError) throw new FixupError("FAILED", `${error.code}: ${error.message}`);
    throw error;
  }
}

const HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

function hasHeader(bytes: Uint8Array): boolean {
  const limit = Math.min(bytes.length - HEADER.length, 1024);
  for (let i = 0; i <= limit; i++) if (HEADER.every((b, k) => bytes[i + k] === b)) return true;
  return false;
}

/*
 * pdf-lib's writer always writes "%PDF-1.7" (it reads the header and forgets it): the version to
 * write is kept here per document and put into the saved header, which has the same length, so no
 * offset moves.
 */
const versions = new WeakMap<PDFDocument, [number, number]>();

export function setPdfVersion(doc: PDFDocument, version: [number, number]): void {
  versions.set(doc, version);
}

/** The header's version, e.g. [1, 4]; null when there is none to read. */
export function headerVersion(bytes: Uint8Array): [number, number] | null {
  let text = "";
  for (let i = 0; i < Math.min(bytes.length, 1040); i++) text += String.fromCharCode(bytes[i] ?? 0);
  const m = /%PDF-(\d{1,2})\.(\d{1,2})/.exec(text);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  if (bytes.length === 0 || !hasHeader(bytes)) throw new FixupError("UNREADABLE", "no PDF header");
  let doc: PDFDocument;
  try {
    // pdf-lib keeps views into the buffer it is given: hand it a copy, so the caller's bytes stay untouched.
    // Encryption is looked for below (pdf-lib's own EncryptedPDFError is not reliably its class across module builds).
    doc = await PDFDocument.load(bytes.slice(), { updateMetadata: false, ignoreEncryption: true });
  } catch (error) {
    throw new FixupError("UNREADABLE", error instanceof Error ? error.message : String(error));
  }
  if (doc.context.trailerInfo.Encrypt !== undefined) throw new FixupError("ENCRYPTED", "encrypted");
  versions.set(doc, headerVersion(bytes) ?? [1, 4]);
  let pages: number;
  try {
    pages = doc.getPageCount();
  } catch (error) {
    throw new FixupError("UNREADABLE", error instanceof Error ? error.message : String(error));
  }
  if (pages === 0) throw new FixupError("UNREADABLE", "no pages");
  return doc;
}

/** Drops unreferenced objects (a removed profile, layer dictionaries, a stale linearization dictionary) and writes the file. */
export async function savePdf(doc: PDFDocument): Promise<Uint8Array> {
  dropUnreachable(doc.context);
  try {
    const out = await doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
    const [major, minor] = versions.get(doc) ?? [1, 4];
    const text = `${major}.${minor}`;
    if (text.length === 3 && String.fromCharCode(...out.subarray(0, 8)) === "%PDF-1.7") for (let i = 0; i < 3; i++) out[5 + i] = text.charCodeAt(i);
    return out;
  } catch (error) {
    throw new FixupError("FAILED", error instanceof Error ? error.message : String(error));
  }
}

function dropUnreachable(context: PDFContext): void {
  const reached = new Set<PDFRef>();
  const stack: PDFObject[] = [];
  const { Root, Info } = context.trailerInfo;
  if (Root) stack.push(Root);
  if (Info) stack.push(Info);
  while (stack.length > 0) {
    const item = stack.pop();
    if (item instanceof PDFRef) {
      if (reached.has(item)) continue;
      reached.add(item);
      const target = context.lookup(item);
      if (target !== undefined) stack.push(target);
    } else if (item instanceof PDFDict) {
      for (const [, value] of item.entries()) stack.push(value);
    } else if (item instanceof PDFArray) {
      for (const value of item.asArray()) stack.push(value);
    } else if (item instanceof PDFStream) {
      stack.push(item.dict);
    }
  }
  let largest = 0;
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reached.has(ref)) context.delete(ref);
    else largest = Math.max(largest, ref.objectNumber);
  }
  // The trailer's /Size follows the highest number in use, not the highest ever handed out.
  context.largestObjectNumber = largest;
}

/** Follows references (chains included, at most a few levels). */
export function resolve(context: PDFContext, value: PDFObject | undefined): PDFObject | undefined {
  let current = value;
  for (let i = 0; i < 8 && current instanceof PDFRef; i++) current = context.lookup(current);
  return current instanceof PDFRef ? undefined : current;
}

export const key = (name: string): PDFName => PDFName.of(name);

export function get(context: PDFContext, dict: PDFDict, name: string): PDFObject | undefined {
  return resolve(context, dict.get(key(name)));
}

export function getDict(context: PDFContext, dict: PDFDict, name: string): PDFDict | undefined {
  const value = get(context, dict, name);
  return value instanceof PDFDict ? value : undefined;
}

export function getName(context: PDFContext, dict: PDFDict, name: string): string | undefined {
  const value = get(context, dict, name);
  return value instanceof PDFName ? value.decodeText() : undefined;
}

export function getNumber(context: PDFContext, dict: PDFDict, name: string): number | undefined {
  const value = get(context, dict, name);
  return value instanceof PDFNumber ? value.asNumber() : undefined;
}

export function dictOf(context: PDFContext, value: PDFObject | undefined): PDFDict | undefined {
  const v = resolve(context, value);
  if (v instanceof PDFStream) return v.dict;
  return v instanceof PDFDict ? v : undefined;
}

export function arrayItems(context: PDFContext, value: PDFObject | undefined): PDFObject[] {
  const v = resolve(context, value);
  return v instanceof PDFArray ? v.asArray() : [];
}

/** A pdf-lib object as the engine's object model (references resolved, depth-limited; streams become null). */
export function toEngine(context: PDFContext, value: PDFObject | undefined, depth = 0): PdfObject {
  const v = resolve(context, value);
  if (v === undefined || depth > 32) return null;
  if (v instanceof PDFNumber) return v.asNumber();
  if (v instanceof PDFName) return { kind: "name", name: v.decodeText() };
  if (v instanceof PDFBool) return v.asBoolean();
  if (v instanceof PDFString || v instanceof PDFHexString) return { kind: "string", bytes: v.asBytes() };
  if (v instanceof PDFArray) return v.asArray().map((item) => toEngine(context, item, depth + 1));
  if (v instanceof PDFDict) {
    const entries = new Map<string, PdfObject>();
    for (const [k, item] of v.entries()) entries.set(k.decodeText(), toEngine(context, item, depth + 1));
    return { kind: "dict", entries };
  }
  return null;
}

/** A stream's data with its filters applied (within the budget); null when a filter is unknown or an image codec. */
export function decodeStream(context: PDFContext, stream: PDFStream, budget: Budget): Uint8Array | null {
  const filterDict = new Map<string, PdfObject>();
  filterDict.set("Filter", toEngine(context, stream.dict.get(key("Filter"))));
  filterDict.set("DecodeParms", toEngine(context, stream.dict.get(key("DecodeParms"))));
  const steps = filterSteps({ kind: "dict", entries: filterDict }, (v) => v ?? null);
  const raw = stream instanceof PDFRawStream ? stream.contents : stream.getContents();
  const result = decodeFilters(raw, steps, budget, budget.limits.maxContentStreamBytes);
  return result.codec === null ? result.bytes : null;
}

/** A Flate stream with `data` and the entries of `like` (its old filter and length dropped). */
export function flateStreamLike(context: PDFContext, like: PDFDict | null, data: Uint8Array): PDFRawStream {
  const dict = like ? like.clone(context) : context.obj({});
  for (const name of ["Filter", "DecodeParms", "Length", "DL"]) dict.delete(key(name));
  dict.set(key("Filter"), key("FlateDecode"));
  return PDFRawStream.of(dict, zlibSync(data));
}

/** One content stream the fix-ups may rewrite. */
export interface ContentTarget {
  kind: "page" | "form" | "pattern" | "appearance" | "glyph";
  data: Uint8Array;
  /** The resources its names are looked up in. */
  resources: PDFDict | undefined;
  write(data: Uint8Array): void;
}

/**
 * Every content stream a page can paint, each once: the pages' contents (an array joined into one
 * stream), and from every resources dictionary met, its form XObjects, tiling patterns and Type3
 * glyph procedures (recursively), plus the annotations' appearance streams. A stream the filters
 * cannot decode is skipped (reported through `undecodable`).
 */
export function walkContents(doc: PDFDocument, budget: Budget, visit: (target: ContentTarget) => void): { undecodable: number } {
  const context = doc.context;
  const seen = new Set<PDFRef>();
  const seenResources = new Set<PDFDict>();
  const queue: Array<{ ref: PDFRef; kind: ContentTarget["kind"]; inherited: PDFDict | undefined }> = [];
  let undecodable = 0;

  const enqueueResources = (resources: PDFDict | undefined) => {
    if (!resources || seenResources.has(resources)) return;
    seenResources.add(resources);
    const xobjects = getDict(context, resources, "XObject");
    for (const [, value] of xobjects?.entries() ?? []) {
      const stream = resolve(context, value);
      if (value instanceof PDFRef && stream instanceof PDFStream && getName(context, stream.dict, "Subtype") === "Form") queue.push({ ref: value, kind: "form", inherited: resources });
    }
    const patterns = getDict(context, resources, "Pattern");
    for (const [, value] of patterns?.entries() ?? []) {
      const stream = resolve(context, value);
      if (value instanceof PDFRef && stream instanceof PDFStream && getNumber(context, stream.dict, "PatternType") === 1) queue.push({ ref: value, kind: "pattern", inherited: resources });
    }
    const fonts = getDict(context, resources, "Font");
    for (const [, value] of fonts?.entries() ?? []) {
      const font = dictOf(context, value);
      if (!font || getName(context, font, "Subtype") !== "Type3") continue;
      const own = getDict(context, font, "Resources") ?? resources;
      for (const [, proc] of getDict(context, font, "CharProcs")?.entries() ?? []) if (proc instanceof PDFRef) queue.push({ ref: proc, kind: "glyph", inherited: own });
    }
  };

  const enqueueAppearances = (page: PDFDict, pageResources: PDFDict | undefined) => {
    for (const annotRef of arrayItems(context, page.get(key("Annots")))) {
      const annot = dictOf(context, annotRef);
      const ap = annot ? getDict(context, annot, "AP") : undefined;
      if (!ap) continue;
      for (const state of ["N", "R", "D"]) {
        const value = ap.get(key(state));
        const target = resolve(context, value);
        if (value instanceof PDFRef && target instanceof PDFStream) queue.push({ ref: value, kind: "appearance", inherited: pageResources });
        else if (target instanceof PDFDict) for (const [, sub] of target.entries()) if (sub instanceof PDFRef && resolve(context, sub) instanceof PDFStream) queue.push({ ref: sub, kind: "appearance", inherited: pageResources });
      }
    }
  };

  for (const page of doc.getPages()) {
    budget.checkDeadline();
    const node = page.node;
    const resources = node.Resources();
    const streams: PDFStream[] = [];
    const contents = resolve(context, node.get(key("Contents")));
    if (contents instanceof PDFStream) streams.push(contents);
    else if (contents instanceof PDFArray) for (const item of contents.asArray()) {
      const s = resolve(context, item);
      if (s instanceof PDFStream) streams.push(s);
    }
    const decoded: Uint8Array[] = [];
    let ok = streams.length > 0;
    for (const s of streams) {
      const data = decodeStream(context, s, budget);
      if (data === null) ok = false;
      else decoded.push(data);
    }
    if (ok) {
      const joined = joinStreams(decoded);
      const first = streams[0] ?? null;
      visit({
        kind: "page",
        data: joined,
        resources,
        write: (data) => {
          const stream = flateStreamLike(context, streams.length === 1 && first ? first.dict : null, data);
          node.set(key("Contents"), context.register(stream));
        },
      });
    } else if (streams.length > 0) {
      undecodable++;
    }
    enqueueResources(resources);
    enqueueAppearances(node, resources);
  }

  while (queue.length > 0) {
    budget.checkDeadline();
    const item = queue.shift();
    if (!item || seen.has(item.ref)) continue;
    seen.add(item.ref);
    const stream = context.lookup(item.ref);
    if (!(stream instanceof PDFStream)) continue;
    const own = getDict(context, stream.dict, "Resources");
    const resources = own ?? item.inherited;
    const data = decodeStream(context, stream, budget);
    if (data === null) {
      undecodable++;
    } else {
      const ref = item.ref;
      visit({ kind: item.kind, data, resources, write: (out) => context.assign(ref, flateStreamLike(context, stream.dict, out)) });
    }
    enqueueResources(resources);
  }
  return { undecodable };
}

function joinStreams(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1 && parts[0]) return parts[0];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length + 1, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
    out[at++] = 10;
  }
  return out;
}
