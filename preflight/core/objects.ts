/*
 * The PDF object model (ISO 32000-1 §7.3) as the engine holds it: plain data, no classes with
 * behaviour, so a report can cross a worker boundary. Strings are bytes; names are decoded
 * (`#xx` escapes resolved) and kept without the slash.
 */

export interface PdfName {
  readonly kind: "name";
  readonly name: string;
}

export interface PdfRef {
  readonly kind: "ref";
  readonly num: number;
  readonly gen: number;
}

export interface PdfString {
  readonly kind: "string";
  readonly bytes: Uint8Array;
}

export interface PdfDict {
  readonly kind: "dict";
  /** Keys without the slash. */
  readonly entries: Map<string, PdfObject>;
}

export interface PdfStream {
  readonly kind: "stream";
  readonly dict: PdfDict;
  /** The stream's bytes as stored in the file, before any filter. */
  readonly raw: Uint8Array;
  /** The object this stream is, when it is an indirect object (for cycle guards and messages). */
  readonly ref: PdfRef | null;
}

export type PdfArray = readonly PdfObject[];

export type PdfObject = null | boolean | number | PdfName | PdfString | PdfRef | PdfArray | PdfDict | PdfStream;

export const pdfName = (name: string): PdfName => ({ kind: "name", name });
export const pdfRef = (num: number, gen: number): PdfRef => ({ kind: "ref", num, gen });

export const isName = (value: PdfObject | undefined, name?: string): value is PdfName =>
  typeof value === "object" && value !== null && !Array.isArray(value) && (value as PdfName).kind === "name" && (name === undefined || (value as PdfName).name === name);
export const isRef = (value: PdfObject | undefined): value is PdfRef =>
  typeof value === "object" && value !== null && !Array.isArray(value) && (value as PdfRef).kind === "ref";
export const isDict = (value: PdfObject | undefined): value is PdfDict =>
  typeof value === "object" && value !== null && !Array.isArray(value) && (value as PdfDict).kind === "dict";
export const isStream = (value: PdfObject | undefined): value is PdfStream =>
  typeof value === "object" && value !== null && !Array.isArray(value) && (value as PdfStream).kind === "stream";
export const isString = (value: PdfObject | undefined): value is PdfString =>
  typeof value === "object" && value !== null && !Array.isArray(value) && (value as PdfString).kind === "string";
export const isArray = (value: PdfObject | undefined): value is PdfArray => Array.isArray(value);
export const isNumber = (value: PdfObject | undefined): value is number => typeof value === "number" && Number.isFinite(value);
