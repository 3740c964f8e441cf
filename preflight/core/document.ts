import type { PdfArray, PdfDict, PdfObject, PdfRef, PdfStream } from "./objects";

/*
 * What the rest of the engine asks of a read PDF. `openDocument(bytes, budget)` in core/reader.ts
 * builds it (the reader's engineer owns that file); everything else codes against this interface.
 */

/** A rectangle [x0, y0, x1, y1] in PDF user space (points), normalised so x0 ≤ x1 and y0 ≤ y1. */
export type Rect = [number, number, number, number];

/** A page with its inherited attributes resolved (ISO 32000-1 §7.7.3.4). */
export interface PdfPage {
  /** 1-based. */
  readonly number: number;
  readonly dict: PdfDict;
  /** The page's /Resources (inherited), or an empty dict. */
  readonly resources: PdfDict;
  readonly mediaBox: Rect;
  /** Defaults to the media box. */
  readonly cropBox: Rect;
  readonly trimBox: Rect | null;
  readonly bleedBox: Rect | null;
  /** 0, 90, 180 or 270. */
  readonly rotate: number;
  /** The page's content streams in order (a single stream or the array's), unresolvable entries left out. */
  readonly contents: PdfStream[];
  /** The page's annotation dictionaries. */
  readonly annotations: PdfDict[];
}

export interface PdfDocument {
  readonly size: number;
  /** The header's version, e.g. "1.4"; null when the header has none that can be read. */
  readonly headerVersion: string | null;
  readonly trailer: PdfDict;
  readonly catalog: PdfDict;
  /** True when the cross-reference data was broken and the objects were found by scanning the file. */
  readonly recovered: boolean;
  /** Follows references (chains and cycles guarded); a missing object is null. */
  resolve(value: PdfObject | undefined): PdfObject;
  /** `resolve` and narrow, or null when it is something else. */
  resolveDict(value: PdfObject | undefined): PdfDict | null;
  resolveArray(value: PdfObject | undefined): PdfArray | null;
  resolveStream(value: PdfObject | undefined): PdfStream | null;
  /** The dictionary entry `key` of `dict`, resolved. */
  get(dict: PdfDict, key: string): PdfObject;
  /**
   * The stream's data with its filters applied, within the document's limits (PreflightError
   * TOO_LARGE otherwise; corrupt data yields what could be decoded). An image codec (DCT, JPX, CCITT,
   * JBIG2) is not applied: the bytes before it are returned. Behind a filter the reader does not
   * know, the data is empty. Cached per stream.
   */
  decodeStream(stream: PdfStream, options?: { maxBytes?: number }): Uint8Array;
  /** The stream's data decoded up to its image codec, and that codec's name (null when every filter was applied; an unknown filter's name otherwise). */
  decodeStreamUntilImageCodec(stream: PdfStream): { bytes: Uint8Array; codec: string | null };
  /** The page tree's pages in order, walked with a cycle guard; `pageCount` is their number. */
  readonly pages: PdfPage[];
  readonly pageCount: number;
  /** The object a reference points at, as stored. */
  object(ref: PdfRef): PdfObject;
}
