import type { ColorSpace, ImageDraw } from "../content/device";
import { componentCount } from "../content/colorspace";
import type { PdfDocument } from "../core/document";
import type { Budget } from "../core/budget";
import { PreflightError } from "../core/errors";
import { isArray, isDict, isNumber } from "../core/objects";
import type { PdfDict } from "../core/objects";
import { decodeJpeg } from "./jpeg";
import { Palette } from "./palette";

/*
 * An image's samples as the ink renderer reads them: decoded once (the document's filters; DCT
 * through render/jpeg.ts), then looked up per covered page pixel (nearest neighbour) and turned
 * into ink through a palette of the distinct sample values. BitsPerComponent 1, 2, 4, 8 and 16
 * (16-bit samples read by their high byte — ink needs no more), any colour space toCmyk knows,
 * /Decode arrays, image masks painting the fill colour where a sample is 0 (1 with /Decode [1 0]).
 * Soft masks and /Mask are ignored: the whole image counts, the conservative side for total ink.
 */

/** Inline images may abbreviate filter names (ISO 32000-1 §8.9.7 Table 94). */
const FILTER_NAMES: Record<string, string> = {
  AHx: "ASCIIHexDecode",
  A85: "ASCII85Decode",
  LZW: "LZWDecode",
  Fl: "FlateDecode",
  RL: "RunLengthDecode",
  CCF: "CCITTFaxDecode",
  DCT: "DCTDecode",
};

/** The palette's size: an 8-bit CMYK photo has far more colours; past this they are converted one by one. */
const PALETTE_CAPACITY = 65536;

export interface ImageSampler {
  width: number;
  height: number;
  palette: Palette;
  /** The palette entry of sample (col, row), or −1 where an image mask paints nothing. */
  sample(col: number, row: number): number;
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

/** The image's samples and the bits per component they are stored with. */
function imageBytes(doc: PdfDocument, image: ImageDraw, budget: Budget): { data: Uint8Array; bpc: number; jpegComponents: number | null } {
  // The reader applies every filter up to an image codec and names that codec.
  const { bytes, codec } = doc.decodeStreamUntilImageCodec(image.stream);
  const name = codec === null ? null : (FILTER_NAMES[codec] ?? codec);
  if (name === null) return { data: bytes, bpc: image.bitsPerComponent, jpegComponents: null };
  if (name !== "DCTDecode") throw new ImageUnreadable(`${name} images are not rendered`);
  const ct = decodeParms(image.stream.dict, doc)?.entries.get("ColorTransform");
  let jpeg;
  try {
    jpeg = decodeJpeg(bytes, isNumber(ct) ? ct : null);
  } catch (error) {
    throw new ImageUnreadable(error instanceof Error ? error.message : "Unreadable JPEG");
  }
  budget.addDecodedBytes(jpeg.data.length);
  return { data: jpeg.data, bpc: 8, jpegComponents: jpeg.components };
}

function defaultDecode(space: ColorSpace | null, n: number, bpc: number): number[] {
  if (space === null) return [0, 1];
  if (space.family === "Indexed") return [0, (1 << bpc) - 1];
  if (space.family === "Lab") return [0, 100, -100, 100, -100, 100];
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(0, 1);
  return out;
}

/**
 * Prepares an image for sampling. Throws ImageUnreadable for an image it cannot read (the device
 * then counts it as unrendered); PreflightError (budget, limits) goes through.
 */
export function createImageSampler(doc: PdfDocument, image: ImageDraw, budget: Budget): ImageSampler {
  const width = Math.floor(image.width);
  const height = Math.floor(image.height);
  if (!(width > 0 && height > 0)) throw new ImageUnreadable("Image without size");
  const space = image.imageMask ? null : image.space;
  if (!image.imageMask && space === null) throw new ImageUnreadable("Image without colour space");
  let bytes;
  try {
    bytes = imageBytes(doc, image, budget);
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
  const rowBytes = Math.ceil((width * n * bpc) / 8);
  // 16-bit samples are read by their high byte: an 8-bit value from here on.
  const maxValue = bpc === 16 ? 255 : (1 << bpc) - 1;
  const decodeArr = image.decode !== null && image.decode.length >= 2 * n ? image.decode : defaultDecode(space, n, bpc === 16 ? 8 : bpc);
  const scale: number[] = [];
  const offset: number[] = [];
  for (let j = 0; j < n; j++) {
    const lo = decodeArr[2 * j] ?? 0;
    const hi = decodeArr[2 * j + 1] ?? 1;
    offset.push(lo);
    scale.push((hi - lo) / maxValue);
  }
  const palette = new Palette(PALETTE_CAPACITY);
  const memo = new Map<number, number>();
  const raw = new Array<number>(n).fill(0);
  const comps = new Array<number>(n).fill(0);
  const state = image.state;

  const read = (col: number, row: number, j: number): number => {
    if (bpc === 8) return data[row * rowBytes + col * n + j] ?? 0;
    if (bpc === 16) return data[row * rowBytes + (col * n + j) * 2] ?? 0;
    const bit = (col * n + j) * bpc;
    const byte = data[row * rowBytes + (bit >> 3)] ?? 0;
    return (byte >> (8 - bpc - (bit & 7))) & maxValue;
  };

  if (space === null) {
    // A stencil: the fill colour where the (decoded) sample is 0.
    const fill = image.fill;
    if (fill === null) throw new ImageUnreadable("Image mask without a fill colour");
    const paint = palette.add(fill, state.fillOverprint, state.overprintMode, true);
    const paintsOnOne = (offset[0] ?? 0) + (scale[0] ?? 1) * maxValue < 0.5;
    return { width, height, palette, sample: (col, row) => ((read(col, row, 0) === 1) === paintsOnOne ? paint : -1) };
  }

  const scratch = PALETTE_CAPACITY - 1;
  const wide = n > 4;
  return {
    width,
    height,
    palette,
    sample(col, row) {
      let key = 0;
      for (let j = 0; j < n; j++) {
        const v = read(col, row, j);
        raw[j] = v;
        // Exact for up to four 8-bit components; wider samples (DeviceN) are converted one by one.
        key = key * 256 + v;
      }
      if (!wide) {
        const hit = memo.get(key);
        if (hit !== undefined) return hit;
      }
      for (let j = 0; j < n; j++) comps[j] = (offset[j] as number) + (raw[j] as number) * (scale[j] as number);
      const color = { space, components: comps.slice() };
      if (wide || palette.size >= scratch) {
        palette.put(scratch, color, state.fillOverprint, state.overprintMode, false);
        return scratch;
      }
      const index = palette.add(color, state.fillOverprint, state.overprintMode, false);
      memo.set(key, index);
      return index;
    },
  };
}
