import { decode as jpegDecode } from "jpeg-js";

/*
 * DCTDecode for the ink renderer, through jpeg-js (pure JavaScript, runs unchanged in a browser
 * and in Node). The result is what a PDF DCTDecode filter outputs (ISO 32000-1 §7.4.8): one byte
 * per component per pixel, gray / RGB (YCbCr converted, as /ColorTransform and the Adobe marker say)
 * / CMYK (YCCK converted to CMYK) — the samples the image's /Decode array then maps.
 *
 * Four-component JPEGs. jpeg-js only returns RGB for them: it takes Adobe's (APP14) CMYK as stored
 * inverted, inverts it to ink and mixes K into each of R, G, B — K cannot be recovered from that.
 * We get the four components back with two decodes of a slightly rewritten file:
 *  1. the frame header's fourth component is pointed at an added all-zero quantisation table, so
 *     it decodes to a constant 128 (ink 127 after jpeg-js's inversion) and each of R, G, B carries
 *     one component alone: R = ⌊128 − ink·128/255⌋, so ink = (128 − R − ½)·255/128;
 *  2. the frame header lists the fourth component first (component order in the frame header only
 *     decides jpeg-js's output order; the scans name components by id) and the other three are
 *     zeroed the same way, with the APP14 transform set to 0: R then carries K alone.
 * The price is precision: 7 bits per component (±1 of 255), well inside a total-ink tolerance.
 * PDF samples are the DCT decoder's raw output: Adobe's inverted CMYK stays inverted, as Acrobat,
 * Ghostscript and pdf.js read it — producers write /Decode [1 0 1 0 1 0 1 0] for such images.
 */

export interface DecodedJpeg {
  width: number;
  height: number;
  components: number;
  /** width × height × components bytes, row-major, components interleaved. */
  data: Uint8Array;
}

/** jpeg-js's own caps, so a hostile JPEG cannot make it allocate without bound. */
const MAX_MEGAPIXELS = 64;
const MAX_MEMORY_MB = 512;
/** The added quantisation table's id: jpeg-js accepts 0…15, real files use 0…3. */
const ZERO_TABLE = 15;

interface JpegLayout {
  components: number;
  /** Offset of the frame header's component count byte (SOF marker + 2 length + 1 precision + 4 size). */
  sofComponentsAt: number;
  /** Offset of the APP14 "Adobe" segment's transform byte, or −1. */
  adobeTransformAt: number;
  adobeTransform: number | null;
}

function layout(bytes: Uint8Array): JpegLayout | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  let adobeTransformAt = -1;
  let adobeTransform: number | null = null;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number);
    if (length < 2) return null;
    if (marker === 0xee && length >= 14 && bytes[at + 4] === 0x41 && bytes[at + 5] === 0x64 && bytes[at + 6] === 0x6f && bytes[at + 7] === 0x62 && bytes[at + 8] === 0x65) {
      adobeTransformAt = at + 4 + 11;
      adobeTransform = bytes[adobeTransformAt] ?? 0;
    }
    if (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) {
      const components = bytes[at + 9] ?? 0;
      if (at + 10 + 3 * components > bytes.length) return null;
      return { components, sofComponentsAt: at + 9, adobeTransformAt, adobeTransform };
    }
    // Lossless, hierarchical and arithmetic-coded frames: jpeg-js reads none of them.
    if ((marker >= 0xc3 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) || marker === 0xda) return null;
    at += 2 + length;
  }
  return null;
}

function decodeWith(bytes: Uint8Array, colorTransform: boolean): { width: number; height: number; data: Uint8Array } {
  return jpegDecode(bytes, { useTArray: true, formatAsRGBA: false, colorTransform, tolerantDecoding: true, maxResolutionInMP: MAX_MEGAPIXELS, maxMemoryUsageInMB: MAX_MEMORY_MB });
}

/** The file with an all-zero quantisation table (id 15) inserted after SOI. */
function withZeroTable(bytes: Uint8Array): { out: Uint8Array; shift: number } {
  const segment = new Uint8Array(2 + 2 + 1 + 64);
  segment.set([0xff, 0xdb, 0x00, 0x43, ZERO_TABLE]);
  const out = new Uint8Array(bytes.length + segment.length);
  out.set(bytes.subarray(0, 2), 0);
  out.set(segment, 2);
  out.set(bytes.subarray(2), 2 + segment.length);
  return { out, shift: segment.length };
}

/**
 * Decodes a DCT stream into PDF samples. `colorTransform` is the filter's /ColorTransform (null:
 * the default — the Adobe marker decides, else 1 for three components). Throws on a JPEG it cannot
 * read.
 */
export function decodeJpeg(bytes: Uint8Array, colorTransform: number | null): DecodedJpeg {
  const info = layout(bytes);
  if (info === null) throw new Error("Not a baseline or progressive JPEG");
  const transform = info.adobeTransform !== null ? info.adobeTransform !== 0 : colorTransform === null ? info.components === 3 : colorTransform !== 0;
  if (info.components === 1 || info.components === 3) {
    const img = decodeWith(bytes, transform);
    const n = img.width * img.height;
    if (info.components === 3) return { width: img.width, height: img.height, components: 3, data: img.data.subarray(0, n * 3) };
    // jpeg-js writes a gray image as R = G = B.
    const data = new Uint8Array(n);
    for (let i = 0; i < n; i++) data[i] = img.data[i * 3] as number;
    return { width: img.width, height: img.height, components: 1, data };
  }
  if (info.components !== 4 || info.adobeTransformAt < 0) throw new Error(`Unsupported JPEG with ${info.components} components`);
  const { out: first, shift } = withZeroTable(bytes);
  const sof = info.sofComponentsAt + shift;
  // Decode 1: component 4's quantisation table → zero; R, G, B carry components 1, 2, 3.
  first[sof + 1 + 9 + 2] = ZERO_TABLE;
  const a = decodeWith(first, transform);
  // Decode 2: components reordered 4, 2, 3, 1 in the frame header, 2…4 zeroed, no colour transform.
  const second = first.slice();
  const entry = (k: number) => sof + 1 + 3 * k;
  second.set(bytes.subarray(info.sofComponentsAt + 1 + 9, info.sofComponentsAt + 1 + 12), entry(0));
  second.set(bytes.subarray(info.sofComponentsAt + 1, info.sofComponentsAt + 1 + 3), entry(3));
  for (const k of [1, 2, 3]) second[entry(k) + 2] = ZERO_TABLE;
  second[info.adobeTransformAt + shift] = 0;
  const b = decodeWith(second, false);
  const n = a.width * a.height;
  const data = new Uint8Array(n * 4);
  // Undo jpeg-js's mixing with the constant ink 127, and its inversion: sample = 255 − ink.
  const sample = (v: number): number => 255 - Math.max(0, Math.min(255, Math.round(((128 - v - 0.5) * 255) / 128)));
  for (let i = 0; i < n; i++) {
    data[i * 4] = sample(a.data[i * 3] as number);
    data[i * 4 + 1] = sample(a.data[i * 3 + 1] as number);
    data[i * 4 + 2] = sample(a.data[i * 3 + 2] as number);
    data[i * 4 + 3] = sample(b.data[i * 3] as number);
  }
  return { width: a.width, height: a.height, components: 4, data };
}
