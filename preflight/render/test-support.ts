import { createBudget } from "../core/budget";
import type { Budget } from "../core/budget";
import type { PdfDocument, PdfPage, Rect } from "../core/document";
import { DEFAULT_LIMITS } from "../core/errors";
import { isArray, isDict, isRef, isStream } from "../core/objects";
import type { PdfDict, PdfObject, PdfStream } from "../core/objects";
import type { ColorSpace, PaintColor, PaintState, Path } from "../content/device";

/*
 * Test support for the ink renderer: the device is fed directly, so a document only needs to
 * resolve direct objects and hand back unfiltered stream data; pages are a MediaBox.
 */

export const MM = 72 / 25.4;

export function fakeDoc(): PdfDocument {
  const resolve = (v: PdfObject | undefined): PdfObject => (v === undefined || isRef(v) ? null : v);
  return {
    size: 0,
    headerVersion: "1.4",
    trailer: dict({}),
    catalog: dict({}),
    recovered: false,
    resolve,
    resolveDict: (v) => {
      const r = resolve(v);
      return isDict(r) ? r : null;
    },
    resolveArray: (v) => {
      const r = resolve(v);
      return isArray(r) ? r : null;
    },
    resolveStream: (v) => {
      const r = resolve(v);
      return isStream(r) ? r : null;
    },
    get: (d, key) => resolve(d.entries.get(key)),
    decodeStream: (s) => s.raw,
    decodeStreamUntilImageCodec: (s) => {
      // Unfiltered streams only, or an image codec alone (its bytes as stored).
      const filter = s.dict.entries.get("Filter");
      const codec = filter !== undefined && typeof filter === "object" && filter !== null && "kind" in filter && filter.kind === "name" ? filter.name : null;
      return { bytes: s.raw, codec };
    },
    pages: [],
    pageCount: 0,
    object: () => null,
  };
}

export const dict = (entries: Record<string, PdfObject>): PdfDict => ({ kind: "dict", entries: new Map(Object.entries(entries)) });
export const name = (n: string): PdfObject => ({ kind: "name", name: n });
export const stream = (entries: Record<string, PdfObject>, raw: Uint8Array): PdfStream => ({ kind: "stream", dict: dict(entries), raw, ref: null });

export function page(widthPt: number, heightPt: number): PdfPage {
  const box: Rect = [0, 0, widthPt, heightPt];
  return { number: 1, dict: dict({}), resources: dict({}), mediaBox: box, cropBox: box, trimBox: null, bleedBox: null, rotate: 0, contents: [], annotations: [] };
}

export const budget = (maxOperators = DEFAULT_LIMITS.maxOperators): Budget => createBudget({ ...DEFAULT_LIMITS, maxOperators, deadlineMs: 60_000, now: () => Date.now() });

/** A rectangle path in millimetres. */
export function rectMm(x0: number, y0: number, x1: number, y1: number): Path {
  return { subpaths: [{ points: [[x0 * MM, y0 * MM], [x1 * MM, y0 * MM], [x1 * MM, y1 * MM], [x0 * MM, y1 * MM]], closed: true }] };
}

export const CMYK: ColorSpace = { family: "DeviceCMYK" };
export const cmyk = (c: number, m: number, y: number, k: number): PaintColor => ({ space: CMYK, components: [c, m, y, k] });

export const paintState = (overprint: boolean, overprintMode: 0 | 1 = 1, lineWidth = 1): PaintState => ({ fillOverprint: overprint, strokeOverprint: overprint, overprintMode, lineWidth });
