import type { ColorSpace, ImageDraw } from "../content/device";
import { componentCount } from "../content/colorspace";
import type { PdfDocument } from "../core/document";
import type { Budget } from "../core/budget";
import { PreflightError } from "../core/errors";
import { canonicalFilterName } from "../core/filters/index";
import { isArray, isDict, isNumber } from "../core/objects";
import type { PdfDict } from "../core/objects";
import { ALL_PLATES } from "./cmyk";
import { decodeJpeg } from "./jpeg";
import type { JpegDecoder } from "./jpeg";
import { INK_SCALE, Palette } from "./palette";

/*
 * An image as the ink renderer paints it: its samples decoded once (the document's filters; DCT
 * through render/jpeg.ts, at the reduced size the page raster needs), then turned ONCE into an ink
 * image — C, M, Y, K (0…65535) and the plates each sample changes — that the device reads per page
 * pixel through the inverse of the image's matrix (nearest neighbour). Samples finer than the page
 * raster are skipped when the ink image is made (a whole step of samples per ink sample, the middle
 * one taken), so an image costs about as much as the page pixels it covers.
 *
 * Conversion: DeviceGray / CalGray / DeviceRGB / CalRGB / DeviceCMYK and ICCBased with 1, 3 or 4
 * components go through per-component lookup tables of their /Decode and the naive formulas of
 * content/colorspace.ts (the same figures as toCmyk); every other space (Indexed, Lab, Separation,
 * DeviceN …) through a palette of its distinct sample values, each converted once by toCmyk (a
 * typed-array memo for up to 16 bits a sample, a Map beyond). BitsPerComponent 1, 2, 4, 8 and 16
 * (16-bit samples read by their high byte — ink needs no more), /Decode arrays, image masks
 * painting the fill colour where a sample is 0 (1 with /Decode [1 0]). Soft masks and /Mask are
 * ignored: the whole image counts, the conservative side for total ink.
 */

/** The palette's size for the other spaces: past this, colours are converted one by one. */
const PALETTE_CAPACITY = 65536;

/**
 * An image ready to be painted. "ink": turned into ink per sample (every space through the palette,
 * stencil masks, other bit depths). "gray" / "rgb" / "cmyk": 8-bit samples of those spaces (and
 * their ICCBased kin) left as they are and converted per PAGE pixel as it is painted — through
 * `lut` (per component: the sample's ink, 0…65535; gray: its K), or for RGB `decoded` (per
 * component: the sample's value 0…1) and the naive formula. Such an image changes all four plates.
 */
export type InkImage =
  | {
      kind: "ink";
      /** Ink samples across and down (fewer than the image's own when it was reduced). */
      width: number;
      height: number;
      /** C, M, Y, K per ink sample, 0…65535, interleaved, row 0 at the image's top. */
      ink: Uint16Array;
      /** The plates each sample changes (0: paints nothing — a stencil mask's holes), or null when every sample changes all four. */
      plates: Uint8Array | null;
    }
  | { kind: "gray" | "rgb" | "cmyk"; width: number; height: number; data: Uint8Array; lut: Uint16Array[]; decoded: Float64Array[] };

/** The page pixels an image's width and height span, so finer samples can be skipped; null keeps them all. */
export interface ImageReach {
  width: number;
  height: number;
}

/** Why an image was not rendered (it is then counted as unrendered). */
export class ImageUnreadable extends Error {
  override readonly name = "ImageUnreadable";
}

function decodeParms(dict: PdfDict, doc: PdfDocument): PdfDict | null {
  const value = doc.resolve(dict.entries.get("DecodeParms") ?? dict.entries.get("DP"));
  if (isDict(value)) return value;
  if (isArray(value) && value.length > 0) {
    const last = doc.resolve(value[value.length - 1]);
    return isDict(last) ? last : null;
  }
  return null;
}

interface ImageBytes {
  data: Uint8Array;
  bpc: number;
  /** Samples across and down in `data` (a JPEG decoded at a reduced size has fewer than the image). */
  width: number;
  height: number;
  jpegComponents: number | null;
}

/** The image's samples and the bits per component they are stored with. */
function imageBytes(doc: PdfDocument, image: ImageDraw, budget: Budget, width: number, height: number, reach: ImageReach | null, decode: JpegDecoder): ImageBytes {
  // The reader applies every filter up to an image codec and names that codec.
  const { bytes, codec } = doc.decodeStreamUntilImageCodec(image.stream);
  const name = codec === null ? null : canonicalFilterName(codec);
  if (name === null) return { data: bytes, bpc: image.bitsPerComponent, width, height, jpegComponents: null };
  if (name !== "DCTDecode") throw new ImageUnreadable(`${name} images are not rendered`);
  const ct = decodeParms(image.stream.dict, doc)?.entries.get("ColorTransform");
  let jpeg;
  try {
    jpeg = decode(bytes, isNumber(ct) ? ct : null, reach === null ? undefined : { minWidth: reach.width, minHeight: reach.height });
  } catch (error) {
    throw new ImageUnreadable(error instanceof Error ? error.message : "Unreadable JPEG");
  }
  budget.addDecodedBytes(jpeg.data.length);
  return { data: jpeg.data, bpc: 8, width: jpeg.width, height: jpeg.height, jpegComponents: jpeg.components };
}

function defaultDecode(space: ColorSpace | null, n: number, bpc: number): number[] {
  if (space === null) return [0, 1];
  if (space.family === "Indexed") return [0, (1 << bpc) - 1];
  if (space.family === "Lab") return [0, 100, -100, 100, -100, 100];
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(0, 1);
  return out;
}

/** How the fast path converts a space: the naive formulas of content/colorspace.ts, or null for the palette. */
function directKind(space: ColorSpace): "gray" | "rgb" | "cmyk" | null {
  switch (space.family) {
    case "DeviceGray":
    case "CalGray":
      return "gray";
    case "DeviceRGB":
    case "CalRGB":
      return "rgb";
    case "DeviceCMYK":
      return "cmyk";
    case "ICCBased":
      if (space.alternate !== null && space.alternate.family === "Lab") return null;
      return space.n === 1 ? "gray" : space.n === 3 ? "rgb" : space.n === 4 ? "cmyk" : null;
    default:
      return null;
  }
}

const clamp01 = (v: number): number => (v > 0 ? (v < 1 ? v : 1) : 0);

/**
 * Prepares an image for painting. Throws ImageUnreadable for an image it cannot read (the device
 * then counts it as unrendered); PreflightError (budget, limits) goes through. `reach`: the page
 * pixels the image spans (its samples beyond that are not needed). `decode`: the DCTDecode decoder
 * (the Node runtime's native one; decodeJpeg by default).
 */
export function createInkImage(doc: PdfDocument, image: ImageDraw, budget: Budget, reach: ImageReach | null = null, decode: JpegDecoder = decodeJpeg): InkImage {
  const width = Math.floor(image.width);
  const height = Math.floor(image.height);
  if (!(width > 0 && height > 0)) throw new ImageUnreadable("Image without size");
  const space = image.imageMask ? null : image.space;
  if (!image.imageMask && space === null) throw new ImageUnreadable("Image without colour space");
  let bytes: ImageBytes;
  try {
    bytes = imageBytes(doc, image, budget, width, height, reach, decode);
  } catch (error) {
    if (error instanceof PreflightError || error instanceof ImageUnreadable) throw error;
    throw new ImageUnreadable(error instanceof Error ? error.message : "Undecodable image");
  }
  const n = space === null ? 1 : componentCount(space);
  if (n <= 0) throw new ImageUnreadable("Image in a colour space without components");
  const bpc = image.imageMask ? 1 : bytes.bpc;
  if (![1, 2, 4, 8, 16].includes(bpc)) throw new ImageUnreadable(`BitsPerComponent ${bpc}`);
  if (bytes.jpegComponents !== null && bytes.jpegComponents !== n) throw new ImageUnreadable(`JPEG has ${bytes.jpegComponents} components, its space ${n}`);
  const data = bytes.data;
  const srcW = bytes.width;
  const srcH = bytes.height;
  const rowBytes = Math.ceil((srcW * n * bpc) / 8);
  // 16-bit samples are read by their high byte: an 8-bit value from here on.
  const maxValue = bpc === 16 ? 255 : (1 << bpc) - 1;
  const decodeArr = image.decode !== null && image.decode.length >= 2 * n ? image.decode : defaultDecode(space, n, bpc === 16 ? 8 : bpc);

  // Whole steps of samples per ink sample, so the ink image is no finer than the page pixels it covers.
  const stepOf = (have: number, want: number | undefined): number => (want === undefined || !(want >= 1) ? 1 : Math.max(1, Math.floor(have / Math.ceil(want))));
  /** Component j's decoded value (0…1 for most spaces) for each raw value. */
  const decoded: Float64Array[] = [];
  for (let j = 0; j < n; j++) {
    const lo = decodeArr[2 * j] ?? 0;
    const hi = decodeArr[2 * j + 1] ?? 1;
    const t = new Float64Array(maxValue + 1);
    for (let v = 0; v <= maxValue; v++) t[v] = lo + (v * (hi - lo)) / maxValue;
    decoded.push(t);
  }
  const kind = space === null ? null : directKind(space);
  if (kind !== null && bpc === 8) {
    // Converted per page pixel: no ink image at all.
    const lut = decoded.map((t) => Uint16Array.from(t, (x) => Math.round((kind === "gray" ? 1 - clamp01(x) : clamp01(x)) * INK_SCALE)));
    return { kind, width: srcW, height: srcH, data, lut, decoded };
  }
  const stepX = stepOf(srcW, reach?.width);
  const stepY = stepOf(srcH, reach?.height);
  const w = Math.ceil(srcW / stepX);
  const h = Math.ceil(srcH / stepY);
  const count = w * h;
  budget.addDecodedBytes(count * 9);
  const ink = new Uint16Array(count * 4);
  /** The source column of ink column i, and the byte/bit offset of its first component. */
  const srcCol = new Int32Array(w);
  for (let i = 0; i < w; i++) srcCol[i] = Math.min(srcW - 1, i * stepX + (stepX >> 1));
  const srcRow = (r: number): number => Math.min(srcH - 1, r * stepY + (stepY >> 1));

  /** Reads component j of sample (col, row) as a value 0…maxValue. */
  const read = (col: number, row: number, j: number): number => {
    if (bpc === 8) return data[row * rowBytes + col * n + j] ?? 0;
    if (bpc === 16) return data[row * rowBytes + (col * n + j) * 2] ?? 0;
    const bit = (col * n + j) * bpc;
    const byte = data[row * rowBytes + (bit >> 3)] ?? 0;
    return (byte >> (8 - bpc - (bit & 7))) & maxValue;
  };
  const state = image.state;

  if (space === null) {
    // A stencil: the fill colour where the (decoded) sample is 0.
    const fill = image.fill;
    if (fill === null) throw new ImageUnreadable("Image mask without a fill colour");
    const palette = new Palette(1);
    palette.add(fill, state.fillOverprint, state.overprintMode, true);
    const pv = palette.values;
    const paintsOnOne = (decoded[0]?.[1] ?? 1) < 0.5;
    const plates = new Uint8Array(count);
    for (let r = 0; r < h; r++) {
      budget.tick(1 + (w >> 10));
      const sr = srcRow(r);
      for (let i = 0; i < w; i++) {
        if ((read(srcCol[i] as number, sr, 0) === 1) !== paintsOnOne) continue;
        const o = r * w + i;
        plates[o] = pv[4] as number;
        ink[o * 4] = pv[0] as number;
        ink[o * 4 + 1] = pv[1] as number;
        ink[o * 4 + 2] = pv[2] as number;
        ink[o * 4 + 3] = pv[3] as number;
      }
    }
    return { kind: "ink", width: w, height: h, ink, plates };
  }

  if (kind !== null) {
    // Sampled images in these spaces change all four plates, overprint or not (OPM does not apply to images).
    const lut = decoded.map((t) => Uint16Array.from(t, (x) => Math.round(clamp01(x) * INK_SCALE)));
    const d0 = decoded[0] as Float64Array;
    const grayLut = Uint16Array.from(d0, (x) => Math.round((1 - clamp01(x)) * INK_SCALE));
    const d1 = decoded[1] ?? d0;
    const d2 = decoded[2] ?? d0;
    for (let r = 0; r < h; r++) {
      budget.tick(1 + (w >> 10));
      const sr = srcRow(r);
      const base = sr * rowBytes;
      for (let i = 0; i < w; i++) {
        const col = srcCol[i] as number;
        const o = (r * w + i) * 4;
        if (kind === "cmyk") {
          if (bpc === 8) {
            const at = base + col * 4;
            ink[o] = (lut[0] as Uint16Array)[data[at] as number] as number;
            ink[o + 1] = (lut[1] as Uint16Array)[data[at + 1] as number] as number;
            ink[o + 2] = (lut[2] as Uint16Array)[data[at + 2] as number] as number;
            ink[o + 3] = (lut[3] as Uint16Array)[data[at + 3] as number] as number;
          } else for (let j = 0; j < 4; j++) ink[o + j] = (lut[j] as Uint16Array)[read(col, sr, j)] as number;
        } else if (kind === "gray") {
          ink[o + 3] = grayLut[read(col, sr, 0)] as number;
        } else {
          // content/colorspace.ts rgbToCmyk: K = 1 − max(R, G, B), C = (1 − R − K) / (1 − K) …
          const R = clamp01(d0[read(col, sr, 0)] as number);
          const G = clamp01(d1[read(col, sr, 1)] as number);
          const B = clamp01(d2[read(col, sr, 2)] as number);
          const k = 1 - (R > G ? (R > B ? R : B) : G > B ? G : B);
          if (k >= 1) {
            ink[o + 3] = INK_SCALE;
            continue;
          }
          const f = INK_SCALE / (1 - k);
          ink[o] = Math.round((1 - R - k) * f);
          ink[o + 1] = Math.round((1 - G - k) * f);
          ink[o + 2] = Math.round((1 - B - k) * f);
          ink[o + 3] = Math.round(k * INK_SCALE);
        }
      }
    }
    return { kind: "ink", width: w, height: h, ink, plates: null };
  }

  // Every other space: its distinct sample values through a palette, each converted once.
  const palette = new Palette(PALETTE_CAPACITY);
  const pv = palette.values;
  const bits = n * (bpc === 16 ? 8 : bpc);
  const small = bits <= 16 ? new Int32Array(1 << bits).fill(-1) : null;
  const memo = small === null && n <= 4 ? new Map<number, number>() : null;
  const scratch = PALETTE_CAPACITY - 1;
  const plates = new Uint8Array(count);
  const shift = bpc === 16 ? 8 : bpc;
  const paletteEntry = (col: number, row: number): number => {
    let key = 0;
    for (let j = 0; j < n; j++) key = key * (1 << shift) + read(col, row, j);
    const known = small !== null ? (small[key] as number) : (memo?.get(key) ?? -1);
    if (known >= 0) return known;
    const components: number[] = [];
    for (let j = 0; j < n; j++) components.push((decoded[j] as Float64Array)[read(col, row, j)] as number);
    const color = { space, components };
    // Exact keys for up to four 8-bit components; wider samples (DeviceN) are converted one by one.
    if ((small === null && memo === null) || palette.size >= scratch) {
      palette.put(scratch, color, state.fillOverprint, state.overprintMode, false);
      return scratch;
    }
    const index = palette.add(color, state.fillOverprint, state.overprintMode, false);
    if (small !== null) small[key] = index;
    else memo?.set(key, index);
    return index;
  };
  for (let r = 0; r < h; r++) {
    budget.tick(1 + (w >> 10));
    const sr = srcRow(r);
    for (let i = 0; i < w; i++) {
      const e = paletteEntry(srcCol[i] as number, sr);
      const o = r * w + i;
      plates[o] = pv[e * 5 + 4] as number;
      ink[o * 4] = pv[e * 5] as number;
      ink[o * 4 + 1] = pv[e * 5 + 1] as number;
      ink[o * 4 + 2] = pv[e * 5 + 2] as number;
      ink[o * 4 + 3] = pv[e * 5 + 3] as number;
    }
  }
  return { kind: "ink", width: w, height: h, ink, plates: plates.every((p) => p === ALL_PLATES) ? null : plates };
}
