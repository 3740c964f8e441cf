import type { PdfDict, PdfStream } from "../core/objects";

/*
 * What the content-stream interpreter (content/interpreter.ts) reports while it walks a page: the
 * page's own content, forms (with /Matrix composed), tiling patterns, and the appearance streams of
 * printable annotations, hidden optional content skipped. The checks and the ink renderer are
 * devices; each receives everything in PAGE coordinates (points, before /Rotate), so bounding boxes
 * point straight at the object on the page.
 */

/** An affine matrix [a b c d e f] as in PDF: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Matrix = [number, number, number, number, number, number];

/** Where a colour space was met (for messages and the rules that exclude some places). */
export type UseSite = "fill" | "stroke" | "image" | "inline-image" | "shading" | "pattern" | "text";

/** A colour space, resolved (ISO 32000-1 §8.6). */
export type ColorSpace =
  | { family: "DeviceGray" | "DeviceRGB" | "DeviceCMYK" }
  | { family: "CalGray" | "CalRGB" | "Lab" }
  | { family: "ICCBased"; n: number; alternate: ColorSpace | null; profile: PdfStream }
  | { family: "Indexed"; base: ColorSpace; hival: number; lookup: Uint8Array }
  | { family: "Separation"; colorant: string; alternate: ColorSpace; tint: TintTransform }
  | { family: "DeviceN"; colorants: string[]; alternate: ColorSpace; tint: TintTransform }
  | { family: "Pattern"; base: ColorSpace | null };

/** A Separation's or DeviceN's tint transform: components in, the alternate space's components out. */
export type TintTransform = (input: number[]) => number[];

/** A colour as painted: its space and components (after a pattern, the pattern's own colours are reported by its drawing). */
export interface PaintColor {
  space: ColorSpace;
  components: number[];
}

/** The graphics state that matters for print: overprint, overprint mode, and the line width for strokes. */
export interface PaintState {
  fillOverprint: boolean;
  strokeOverprint: boolean;
  /** OPM: 1 means a CMYK component of zero leaves the separation below untouched. */
  overprintMode: 0 | 1;
  lineWidth: number;
  /** An ExtGState /SMask other than /None is in force (transparency; the ink renderer may treat it as such). */
  softMask?: boolean;
}

/** A path in page coordinates: subpaths of points (curves flattened by the interpreter), each closed or open. */
export interface Path {
  subpaths: Array<{ points: Array<[number, number]>; closed: boolean }>;
}

export interface ImageDraw {
  /** The image XObject's stream (or the inline image's, as a synthetic stream). */
  stream: PdfStream;
  inline: boolean;
  width: number;
  height: number;
  bitsPerComponent: number;
  /** Null for an image mask (stencil) — it paints with the fill colour instead. */
  space: ColorSpace | null;
  imageMask: boolean;
  /** The filters named in /Filter, in order, e.g. ["FlateDecode"], ["DCTDecode"]. */
  filters: string[];
  /** The unit square → page transform when the image is drawn. */
  ctm: Matrix;
  /** Its /Decode array, when present. */
  decode: number[] | null;
  /** Has an /SMask or /Mask (soft masks are not judged for resolution). */
  hasSoftMask: boolean;
  state: PaintState;
  /** The fill colour for an image mask. */
  fill: PaintColor | null;
}

export interface ShadingDraw {
  shading: PdfDict | PdfStream;
  space: ColorSpace;
  /** Shading space → page. */
  ctm: Matrix;
  /** The area painted, in page coordinates: the clip's or the shading's bounding box. */
  bbox: [number, number, number, number];
  state: PaintState;
}

export interface TextDraw {
  /** The operator: Tj, TJ, ', " */
  operator: string;
  /** The font resource's dictionary and its /Subtype (Type1, TrueType, Type0, Type3 …). */
  font: PdfDict | null;
  fontSubtype: string | null;
  /** Tr: 3 is invisible (not drawn), 7 is clip only. */
  renderMode: number;
  fill: PaintColor;
  stroke: PaintColor;
  /** An estimate of where the text lands, in page coordinates. */
  bbox: [number, number, number, number];
  state: PaintState;
}

/** One clip path in force. */
export interface ClipEntry {
  path: Path;
  evenOdd: boolean;
}

export interface Device {
  /** A colour space is used (set as current and painted with, drawn in an image, a shading …). */
  colorSpaceUsed?(space: ColorSpace, site: UseSite, bbox: [number, number, number, number] | null): void;
  fillPath?(path: Path, color: PaintColor, evenOdd: boolean, state: PaintState, bbox: [number, number, number, number]): void;
  strokePath?(path: Path, color: PaintColor, state: PaintState, bbox: [number, number, number, number]): void;
  drawImage?(image: ImageDraw, bbox: [number, number, number, number]): void;
  drawShading?(shading: ShadingDraw): void;
  showText?(text: TextDraw): void;
  /**
   * The clip changed: the current clip as a path in page coordinates (null = the whole page). The
   * latest clip path is `path`; `all` lists every clip path in force, whose intersection is the
   * real clip (nested W, a form's /BBox, a pattern's area), the last of them being `path`.
   */
  clip?(path: Path | null, evenOdd: boolean, all?: readonly ClipEntry[]): void;
}
