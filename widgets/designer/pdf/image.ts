import type { CmykColor, DesignImageElement } from "../../../shared/contracts/index";
import type { DecodedImage } from "./types";

/*
 * Pictures for print: the crop's pixels, resampled DOWN to at most 450 ppi effective (area
 * averaging; never up), converted to CMYK (colours.ts `rgbToCmyk`'s formula, full black generation), each
 * pixel's total ink cut to the product's limit, and transparency flattened without transparency
 * features: a partly transparent pixel is mixed in ink with the side's background, and pixels more
 * than half transparent are masked out by a 1-bit explicit mask (/Mask, PDF 1.3).
 */

/** The export never stores more than this effective resolution. */
export const MAX_EXPORT_PPI = 450;

/** The source pixels the crop shows: [x0, y0, x1, y1), at least one pixel each way. */
export function cropPixels(element: Pick<DesignImageElement, "crop">, widthPx: number, heightPx: number): [number, number, number, number] {
  const { crop } = element;
  const x0 = Math.min(widthPx - 1, Math.max(0, Math.floor(crop.x * widthPx + 1e-9)));
  const y0 = Math.min(heightPx - 1, Math.max(0, Math.floor(crop.y * heightPx + 1e-9)));
  const x1 = Math.max(x0 + 1, Math.min(widthPx, Math.ceil((crop.x + crop.width) * widthPx - 1e-9)));
  const y1 = Math.max(y0 + 1, Math.min(heightPx, Math.ceil((crop.y + crop.height) * heightPx - 1e-9)));
  return [x0, y0, x1, y1];
}

/**
 * The picture's effective resolution in its frame: the cropped pixels over the frame's size in
 * inches, the lower of the two axes (as the preflight measures it). Null for an empty slot or a
 * frame of no size.
 */
export function effectivePpi(element: Pick<DesignImageElement, "source" | "crop" | "width" | "height">): number | null {
  if (element.source === null || element.width <= 0 || element.height <= 0) return null;
  const [x0, y0, x1, y1] = cropPixels(element, element.source.widthPx, element.source.heightPx);
  return Math.min(((x1 - x0) * 25.4) / element.width, ((y1 - y0) * 25.4) / element.height);
}

export interface PrintImage {
  widthPx: number;
  heightPx: number;
  /** 8-bit CMYK, widthPx × heightPx × 4. */
  cmyk: Uint8Array;
  /** 1-bit rows padded to a byte, 1 = masked out; null when every pixel is painted. */
  mask: Uint8Array | null;
}

/** Area-averaging weights of one axis: for each output pixel the source pixels it covers and how much. */
function axisWeights(source: number, target: number): { start: Int32Array; count: Int32Array; weights: Float32Array; stride: number } {
  const scale = source / target;
  const stride = Math.ceil(scale) + 1;
  const start = new Int32Array(target);
  const count = new Int32Array(target);
  const weights = new Float32Array(target * stride);
  for (let o = 0; o < target; o++) {
    const from = o * scale;
    const to = Math.min(source, (o + 1) * scale);
    const first = Math.floor(from);
    start[o] = first;
    let n = 0;
    for (let s = first; s < to && n < stride; s++, n++) weights[o * stride + n] = (Math.min(to, s + 1) - Math.max(from, s)) / scale;
    count[o] = n;
  }
  return { start, count, weights, stride };
}

/** Premultiplied RGBA of the crop, averaged down to width × height (or copied when the size is the crop's). */
function premultipliedCrop(image: DecodedImage, [x0, y0, x1, y1]: [number, number, number, number], width: number, height: number): Float32Array {
  const cropW = x1 - x0;
  const cropH = y1 - y0;
  const src = image.rgba;
  const rowOf = (y: number, out: Float32Array, offset: number) => {
    let i = ((y0 + y) * image.widthPx + x0) * 4;
    for (let x = 0; x < cropW; x++, i += 4) {
      const a = (src[i + 3] ?? 255) / 255;
      const o = offset + x * 4;
      out[o] = (src[i] ?? 0) * a;
      out[o + 1] = (src[i + 1] ?? 0) * a;
      out[o + 2] = (src[i + 2] ?? 0) * a;
      out[o + 3] = a;
    }
  };
  if (width === cropW && height === cropH) {
    const out = new Float32Array(cropW * cropH * 4);
    for (let y = 0; y < cropH; y++) rowOf(y, out, y * cropW * 4);
    return out;
  }
  // Horizontal pass per source row, then the vertical pass.
  const h = axisWeights(cropW, width);
  const v = axisWeights(cropH, height);
  const across = new Float32Array(width * cropH * 4);
  const row = new Float32Array(cropW * 4);
  for (let y = 0; y < cropH; y++) {
    rowOf(y, row, 0);
    for (let o = 0; o < width; o++) {
      let r = 0, g = 0, b = 0, a = 0;
      const s0 = h.start[o] ?? 0;
      const n = h.count[o] ?? 0;
      for (let k = 0; k < n; k++) {
        const w = h.weights[o * h.stride + k] ?? 0;
        const i = (s0 + k) * 4;
        r += (row[i] ?? 0) * w;
        g += (row[i + 1] ?? 0) * w;
        b += (row[i + 2] ?? 0) * w;
        a += (row[i + 3] ?? 0) * w;
      }
      const t = (y * width + o) * 4;
      across[t] = r;
      across[t + 1] = g;
      across[t + 2] = b;
      across[t + 3] = a;
    }
  }
  const out = new Float32Array(width * height * 4);
  for (let o = 0; o < height; o++) {
    const s0 = v.start[o] ?? 0;
    const n = v.count[o] ?? 0;
    for (let k = 0; k < n; k++) {
      const w = v.weights[o * v.stride + k] ?? 0;
      const from = (s0 + k) * width * 4;
      const to = o * width * 4;
      for (let i = 0; i < width * 4; i++) out[to + i] = (out[to + i] ?? 0) + (across[from + i] ?? 0) * w;
    }
  }
  return out;
}

/** The pixel size the export stores for a frame: the crop's, or less so it is at most 450 ppi on each axis. */
export function exportPixelSize(cropW: number, cropH: number, frameWidthMm: number, frameHeightMm: number): [number, number] {
  const maxW = Math.max(1, Math.floor((frameWidthMm / 25.4) * MAX_EXPORT_PPI));
  const maxH = Math.max(1, Math.floor((frameHeightMm / 25.4) * MAX_EXPORT_PPI));
  return [Math.min(cropW, maxW), Math.min(cropH, maxH)];
}

/**
 * The picture as the PDF stores it: cropped, resampled to ≤ 450 ppi, CMYK within `maxTacPct`,
 * transparency mixed with `background` (the side's, white when null) and masked.
 */
export function printImage(element: Pick<DesignImageElement, "crop" | "width" | "height">, image: DecodedImage, background: CmykColor | null, maxTacPct: number): PrintImage {
  const crop = cropPixels(element, image.widthPx, image.heightPx);
  const [width, height] = exportPixelSize(crop[2] - crop[0], crop[3] - crop[1], element.width, element.height);
  const rgba = premultipliedCrop(image, crop, width, height);
  const bg = background ?? { c: 0, m: 0, y: 0, k: 0 };
  const bgInk = [bg.c / 100, bg.m / 100, bg.y / 100, bg.k / 100];
  const maxSum = Math.floor((maxTacPct * 255) / 100);
  const pixels = width * height;
  const cmyk = new Uint8Array(pixels * 4);
  const rowBytes = Math.ceil(width / 8);
  let mask: Uint8Array | null = null;
  const [bgC, bgM, bgY, bgK] = [bgInk[0] ?? 0, bgInk[1] ?? 0, bgInk[2] ?? 0, bgInk[3] ?? 0];
  for (let p = 0; p < pixels; p++) {
    const i = p * 4;
    const a = Math.min(1, rgba[i + 3] ?? 0);
    // rgbToCmyk inlined (no array a pixel): K = 1 − max(R, G, B), C = (1 − R − K) / (1 − K)…
    let ic = 0, im = 0, iy = 0, ik = 0;
    if (a > 0) {
      const r = Math.min(1, (rgba[i] ?? 0) / a / 255);
      const g = Math.min(1, (rgba[i + 1] ?? 0) / a / 255);
      const b = Math.min(1, (rgba[i + 2] ?? 0) / a / 255);
      const max = r > g ? (r > b ? r : b) : g > b ? g : b;
      ik = 1 - max;
      if (max > 0) {
        ic = (max - r) / max;
        im = (max - g) / max;
        iy = (max - b) / max;
      }
    }
    let c = Math.round(255 * (a * ic + (1 - a) * bgC));
    let m = Math.round(255 * (a * im + (1 - a) * bgM));
    let y = Math.round(255 * (a * iy + (1 - a) * bgY));
    let k = Math.round(255 * (a * ik + (1 - a) * bgK));
    if (c + m + y + k > maxSum) {
      k = Math.min(k, maxSum);
      const factor = (maxSum - k) / (c + m + y);
      c = Math.floor(c * factor);
      m = Math.floor(m * factor);
      y = Math.floor(y * factor);
    }
    cmyk[i] = c;
    cmyk[i + 1] = m;
    cmyk[i + 2] = y;
    cmyk[i + 3] = k;
    if (a < 0.5) {
      mask ??= new Uint8Array(rowBytes * height);
      const row = Math.floor(p / width);
      const col = p - row * width;
      const byte = row * rowBytes + (col >> 3);
      mask[byte] = (mask[byte] ?? 0) | (0x80 >> (col & 7));
    }
  }
  return { widthPx: width, heightPx: height, cmyk, mask };
}
