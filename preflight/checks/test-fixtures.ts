import type { ColorSpace, ImageDraw, Matrix, PaintColor, PaintState, TextDraw } from "../content/device";
import type { PdfPage, Rect } from "../core/document";
import type { PdfDict, PdfObject, PdfStream } from "../core/objects";
import { pdfName } from "../core/objects";
import { BUSINESS_CARD_PROFILE } from "../core/testing";
import type { PreflightProfile } from "../report";

/*
 * Hand-made pages, colours and device events for the checks' unit tests (only tests import this):
 * each check is fed exactly the events the interpreter would report, so a rule is tested apart from
 * the reading of a file.
 */

/** The business card's profile with two sides, as most checks' tests want it. */
export const profile: PreflightProfile = { ...BUSINESS_CARD_PROFILE, pages: 2 };

export const mm = (v: number): number => (v * 72) / 25.4;

export const dict = (entries: Record<string, PdfObject> = {}): PdfDict => ({ kind: "dict", entries: new Map(Object.entries(entries)) });

export const stream = (entries: Record<string, PdfObject> = {}, raw: Uint8Array = new Uint8Array()): PdfStream => ({ kind: "stream", dict: dict(entries), raw, ref: null });

export function page(overrides: Partial<Omit<PdfPage, "number">> & { number?: number } = {}): PdfPage {
  const mediaBox: Rect = overrides.mediaBox ?? [0, 0, mm(94), mm(54)];
  return {
    number: overrides.number ?? 1,
    dict: overrides.dict ?? dict({ Type: pdfName("Page") }),
    resources: overrides.resources ?? dict(),
    mediaBox,
    cropBox: overrides.cropBox ?? mediaBox,
    trimBox: overrides.trimBox ?? null,
    bleedBox: overrides.bleedBox ?? null,
    rotate: overrides.rotate ?? 0,
    contents: overrides.contents ?? [],
    annotations: overrides.annotations ?? [],
  };
}

export const state: PaintState = { fillOverprint: false, strokeOverprint: false, overprintMode: 0, lineWidth: 1 };

export const gray: ColorSpace = { family: "DeviceGray" };
export const rgb: ColorSpace = { family: "DeviceRGB" };
export const cmyk: ColorSpace = { family: "DeviceCMYK" };
export const iccRgb: ColorSpace = { family: "ICCBased", n: 3, alternate: rgb, profile: stream({ N: 3 }) };
export const iccCmyk: ColorSpace = { family: "ICCBased", n: 4, alternate: cmyk, profile: stream({ N: 4 }) };
export const separation = (colorant: string, alternate: ColorSpace = cmyk): ColorSpace => ({
  family: "Separation",
  colorant,
  alternate,
  tint: ([t = 0]) => (alternate.family === "DeviceRGB" ? [1 - t, 1 - t, 1 - t] : [0, 0, 0, t]),
});
export const deviceN = (colorants: string[], alternate: ColorSpace = cmyk): ColorSpace => ({
  family: "DeviceN",
  colorants,
  alternate,
  tint: (input) => [0, 0, 0, Math.min(1, input.reduce((a, b) => a + b, 0))],
});
export const indexed = (base: ColorSpace): ColorSpace => ({ family: "Indexed", base, hival: 0, lookup: new Uint8Array([0, 0, 0, 0]) });

export const color = (space: ColorSpace, components: number[]): PaintColor => ({ space, components });

export function image(overrides: Partial<ImageDraw> & { ctm: Matrix }): ImageDraw {
  return {
    stream: stream({ Subtype: pdfName("Image") }),
    inline: false,
    width: 300,
    height: 300,
    bitsPerComponent: 8,
    space: cmyk,
    imageMask: false,
    filters: [],
    decode: null,
    hasSoftMask: false,
    state,
    fill: null,
    ...overrides,
  };
}

export function text(overrides: Partial<TextDraw> = {}): TextDraw {
  return {
    operator: "Tj",
    font: dict({ Type: pdfName("Font"), Subtype: pdfName("Type1"), BaseFont: pdfName("Helvetica") }),
    fontSubtype: "Type1",
    renderMode: 0,
    fill: color(cmyk, [0, 0, 0, 1]),
    stroke: color(cmyk, [0, 0, 0, 1]),
    bbox: [10, 10, 100, 22],
    state,
    ...overrides,
  };
}
