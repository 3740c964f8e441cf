import type { Budget } from "../core/budget";
import type { PdfDocument, PdfPage, Rect } from "../core/document";
import type { Limits } from "../core/errors";
import { buildPdf, latin1, testBudget as coreTestBudget } from "../core/testing";
import { isArray, isDict, isName, isNumber, isRef, isStream } from "../core/objects";
import type { PdfDict, PdfObject, PdfRef, PdfStream } from "../core/objects";
import type { ClipEntry, ColorSpace, Device, ImageDraw, PaintColor, Path, ShadingDraw, TextDraw, UseSite } from "./device";
import { parseObject } from "./lexer";

/*
 * Test support for the content interpreter: a small PdfDocument built by hand from objects written
 * in PDF syntax (unfiltered streams only), the same objects as real PDF bytes (header, objects,
 * cross-reference table, trailer) for the reader, and a device that records every event.
 */

export type ObjectSource = string | { dict: string; data: string | Uint8Array };

const bytesOf = (text: string | Uint8Array): Uint8Array => (typeof text === "string" ? latin1(text) : text);

/** Object 1 must be the catalog; its /Pages a page tree of /Kids pages (one level is enough here). */
export function makeDoc(objects: Record<number, ObjectSource>): PdfDocument {
  const store = new Map<number, PdfObject>();
  for (const [key, source] of Object.entries(objects)) {
    const numKey = Number(key);
    if (typeof source === "string") store.set(numKey, parseObject(source));
    else {
      const dict = parseObject(source.dict);
      if (!isDict(dict)) throw new Error(`object ${key}: a stream needs a dictionary`);
      const raw = bytesOf(source.data);
      const entries = new Map(dict.entries);
      entries.set("Length", raw.length);
      const stream: PdfStream = { kind: "stream", dict: { kind: "dict", entries }, raw, ref: { kind: "ref", num: numKey, gen: 0 } };
      store.set(numKey, stream);
    }
  }
  const resolve = (value: PdfObject | undefined): PdfObject => {
    let v: PdfObject | undefined = value;
    for (let i = 0; i < 32 && isRef(v); i++) v = store.get(v.num) ?? null;
    return isRef(v) ? null : (v ?? null);
  };
  const catalog = resolve({ kind: "ref", num: 1, gen: 0 });
  if (!isDict(catalog)) throw new Error("object 1 must be the catalog");
  const pagesRoot = resolve(catalog.entries.get("Pages"));
  const kids = isDict(pagesRoot) ? resolve(pagesRoot.entries.get("Kids")) : null;
  const rectOf = (value: PdfObject | undefined): Rect | null => {
    const arr = resolve(value);
    if (!isArray(arr) || arr.length !== 4 || !arr.every(isNumber)) return null;
    const [a, b, c, d] = arr as [number, number, number, number];
    return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
  };
  const pages: PdfPage[] = [];
  if (isArray(kids)) {
    kids.forEach((kid, i) => {
      const dict = resolve(kid);
      if (!isDict(dict)) return;
      const mediaBox = rectOf(dict.entries.get("MediaBox")) ?? [0, 0, 612, 792];
      const contentsValue = resolve(dict.entries.get("Contents"));
      const contents: PdfStream[] = [];
      if (isStream(contentsValue)) contents.push(contentsValue);
      else if (isArray(contentsValue)) for (const c of contentsValue) {
        const s = resolve(c);
        if (isStream(s)) contents.push(s);
      }
      const annotsValue = resolve(dict.entries.get("Annots"));
      const annotations: PdfDict[] = [];
      if (isArray(annotsValue)) for (const a of annotsValue) {
        const d = resolve(a);
        if (isDict(d)) annotations.push(d);
      }
      const resources = resolve(dict.entries.get("Resources"));
      pages.push({
        number: i + 1,
        dict,
        resources: isDict(resources) ? resources : { kind: "dict", entries: new Map() },
        mediaBox,
        cropBox: rectOf(dict.entries.get("CropBox")) ?? mediaBox,
        trimBox: rectOf(dict.entries.get("TrimBox")),
        bleedBox: rectOf(dict.entries.get("BleedBox")),
        rotate: 0,
        contents,
        annotations,
      });
    });
  }
  const narrow = <T extends PdfObject>(guard: (v: PdfObject) => v is T) => (value: PdfObject | undefined): T | null => {
    const v = resolve(value);
    return guard(v) ? v : null;
  };
  return {
    size: store.size + 1,
    headerVersion: "1.4",
    trailer: { kind: "dict", entries: new Map<string, PdfObject>([["Root", { kind: "ref", num: 1, gen: 0 }]]) },
    catalog,
    recovered: false,
    resolve,
    resolveDict: narrow(isDict),
    resolveArray: narrow((v): v is readonly PdfObject[] => isArray(v)),
    resolveStream: narrow(isStream),
    get: (dict, key) => resolve(dict.entries.get(key)),
    decodeStream: (stream) => {
      const filter = resolve(stream.dict.entries.get("Filter"));
      if (filter !== null && !(isArray(filter) && filter.length === 0)) throw new Error(`test document: filter ${isName(filter) ? filter.name : "array"} not supported`);
      return stream.raw;
    },
    decodeStreamUntilImageCodec: (stream) => {
      const filter = resolve(stream.dict.entries.get("Filter"));
      const names: string[] = [];
      if (isName(filter)) names.push(filter.name);
      else if (isArray(filter)) for (const f of filter) if (isName(f)) names.push(f.name);
      return names.length === 0 ? { bytes: stream.raw, codec: null } : { bytes: stream.raw, codec: names[0] ?? null };
    },
    pages,
    pageCount: pages.length,
    object: (ref: PdfRef) => store.get(ref.num) ?? null,
  };
}

/** The same objects as a PDF file (for the real reader). */
export function makePdfBytes(objects: Record<number, ObjectSource>, version = "1.4"): Uint8Array {
  const numbered = Object.entries(objects).map(([key, source]) =>
    typeof source === "string" ? { num: Number(key), body: source } : { num: Number(key), body: source.dict, stream: source.data },
  );
  return buildPdf(numbered, { version });
}

/** core/testing.ts's test budget with a deadline of a minute. */
export function testBudget(overrides: Partial<Limits> = {}): Budget {
  return coreTestBudget({ deadlineMs: 60_000, ...overrides });
}

export type RecordedEvent =
  | { type: "space"; space: ColorSpace; site: UseSite; bbox: [number, number, number, number] | null }
  | { type: "fill"; path: Path; color: PaintColor; evenOdd: boolean; bbox: [number, number, number, number] }
  | { type: "stroke"; path: Path; color: PaintColor; lineWidth: number; bbox: [number, number, number, number] }
  | { type: "image"; image: ImageDraw; bbox: [number, number, number, number] }
  | { type: "shading"; shading: ShadingDraw }
  | { type: "text"; text: TextDraw }
  | { type: "clip"; path: Path | null; all: readonly ClipEntry[] };

export class RecordingDevice implements Device {
  readonly events: RecordedEvent[] = [];
  colorSpaceUsed(space: ColorSpace, site: UseSite, bbox: [number, number, number, number] | null): void {
    this.events.push({ type: "space", space, site, bbox });
  }
  fillPath(path: Path, color: PaintColor, evenOdd: boolean, _state: unknown, bbox: [number, number, number, number]): void {
    this.events.push({ type: "fill", path, color, evenOdd, bbox });
  }
  strokePath(path: Path, color: PaintColor, state: { lineWidth: number }, bbox: [number, number, number, number]): void {
    this.events.push({ type: "stroke", path, color, lineWidth: state.lineWidth, bbox });
  }
  drawImage(image: ImageDraw, bbox: [number, number, number, number]): void {
    this.events.push({ type: "image", image, bbox });
  }
  drawShading(shading: ShadingDraw): void {
    this.events.push({ type: "shading", shading });
  }
  showText(text: TextDraw): void {
    this.events.push({ type: "text", text });
  }
  clip(path: Path | null, _evenOdd: boolean, all?: readonly ClipEntry[]): void {
    this.events.push({ type: "clip", path, all: all ?? [] });
  }
  of<T extends RecordedEvent["type"]>(type: T): Array<Extract<RecordedEvent, { type: T }>> {
    return this.events.filter((e): e is Extract<RecordedEvent, { type: T }> => e.type === type);
  }
  /** The colour-space families used, as "site:Family" strings, in order. */
  spaces(): string[] {
    return this.of("space").map((e) => `${e.site}:${e.space.family}`);
  }
}

/** A one-page document: `content` as the page's stream, extra objects from 10 on, page resources as written. */
export function onePage(content: string | Uint8Array, resources = "<< >>", extra: Record<number, ObjectSource> = {}, pageExtra = ""): Record<number, ObjectSource> {
  return {
    1: "<< /Type /Catalog /Pages 2 0 R >>",
    2: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    3: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /Resources ${resources} /Contents 4 0 R ${pageExtra} >>`,
    4: { dict: "<< >>", data: content },
    ...extra,
  };
}
