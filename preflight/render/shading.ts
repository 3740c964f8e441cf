import type { ShadingDraw } from "../content/device";
import { componentCount } from "../content/colorspace";
import { compileFunction } from "../content/functions";
import type { PdfFunction } from "../content/functions";
import type { PdfDocument } from "../core/document";
import { PreflightError } from "../core/errors";
import { isArray, isNumber, isStream } from "../core/objects";
import type { PdfDict, PdfObject } from "../core/objects";
import { Palette } from "./palette";
import { invert } from "./raster";

/*
 * Shadings for the ink renderer (ISO 32000-1 §8.7.4.5). Axial (type 2) and radial (type 3) are
 * rendered per pixel: the page point goes back into shading space, its parameter t is found (the
 * projection on the axis; the largest s whose circle holds the point), with /Extend, and its colour
 * comes from /Function (content/functions.ts: types 0, 2, 3, 4) through a table of 1025 colours
 * across /Domain. The other types are painted flat over their area: function-based (type 1) with
 * the colour at the middle of its /Domain, the meshes (types 4–7) with the mean of their vertex
 * colours (through /Function when they have one) — a per-object estimate within the raster.
 */

const STEPS = 1024;

export interface ShadingSampler {
  palette: Palette;
  /** The palette entry at page point (x, y), or −1 where the shading paints nothing. */
  at(x: number, y: number): number;
}

export class ShadingUnreadable extends Error {
  override readonly name = "ShadingUnreadable";
}

function numbers(doc: PdfDocument, value: PdfObject | undefined): number[] | null {
  const v = doc.resolve(value);
  if (!isArray(v)) return null;
  const out: number[] = [];
  for (const item of v) {
    const n = doc.resolve(item);
    if (!isNumber(n)) return null;
    out.push(n);
  }
  return out;
}

function booleans(doc: PdfDocument, value: PdfObject | undefined): [boolean, boolean] {
  const v = doc.resolve(value);
  if (!isArray(v)) return [false, false];
  return [doc.resolve(v[0]) === true, doc.resolve(v[1]) === true];
}

export function createShadingSampler(doc: PdfDocument, draw: ShadingDraw, tick: (n: number) => void): ShadingSampler {
  const dict: PdfDict = isStream(draw.shading) ? draw.shading.dict : draw.shading;
  const type = doc.resolve(dict.entries.get("ShadingType"));
  const fnValue = dict.entries.get("Function");
  let fn: PdfFunction | null = null;
  if (fnValue !== undefined) {
    try {
      fn = compileFunction(doc, fnValue);
    } catch (error) {
      if (error instanceof PreflightError) throw error;
      fn = null;
    }
    if (fn === null) throw new ShadingUnreadable("Unreadable shading function");
  }
  const palette = new Palette(STEPS + 1);
  const state = draw.state;
  const add = (components: number[] | null): number => (components === null ? -1 : palette.add({ space: draw.space, components }, state.fillOverprint, state.overprintMode, true));

  if (type === 2 || type === 3) {
    if (fn === null) throw new ShadingUnreadable("Axial or radial shading without a function");
    const coords = numbers(doc, dict.entries.get("Coords"));
    if (coords === null || coords.length < (type === 2 ? 4 : 6)) throw new ShadingUnreadable("Shading without /Coords");
    const domain = numbers(doc, dict.entries.get("Domain")) ?? [0, 1];
    const t0 = domain[0] ?? 0;
    const t1 = domain[1] ?? 1;
    const [extend0, extend1] = booleans(doc, dict.entries.get("Extend"));
    const lut: number[] = [];
    for (let k = 0; k <= STEPS; k++) lut.push(add(fn([t0 + ((t1 - t0) * k) / STEPS])));
    const inv = invert(draw.ctm);
    if (inv === null) throw new ShadingUnreadable("Singular shading matrix");
    const param = type === 2 ? axial(coords) : radial(coords, extend0, extend1);
    return {
      palette,
      at(x, y) {
        const sx = inv[0] * x + inv[2] * y + inv[4];
        const sy = inv[1] * x + inv[3] * y + inv[5];
        let s = param(sx, sy);
        if (!Number.isFinite(s)) return -1;
        if (s < 0) {
          if (!extend0) return -1;
          s = 0;
        } else if (s > 1) {
          if (!extend1) return -1;
          s = 1;
        }
        return lut[Math.round(s * STEPS)] ?? -1;
      },
    };
  }
  if (type === 1) {
    const domain = numbers(doc, dict.entries.get("Domain")) ?? [0, 1, 0, 1];
    if (fn === null) throw new ShadingUnreadable("Function-based shading without a function");
    const index = add(fn([((domain[0] ?? 0) + (domain[1] ?? 1)) / 2, ((domain[2] ?? 0) + (domain[3] ?? 1)) / 2]));
    return { palette, at: () => index };
  }
  if (type === 4 || type === 5 || type === 6 || type === 7) {
    const mean = meshMeanColor(doc, draw.shading, type, fn !== null ? 1 : componentCount(draw.space), tick);
    if (mean === null) throw new ShadingUnreadable("Unreadable mesh shading");
    const index = add(fn !== null ? fn(mean) : mean);
    return { palette, at: () => index };
  }
  throw new ShadingUnreadable(`ShadingType ${String(type)}`);
}

/** Axial: t along the axis from (x0, y0) to (x1, y1), by projection. */
function axial(c: number[]): (x: number, y: number) => number {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = c;
  const dx = x1 - x0;
  const dy = y1 - y0;
  const len2 = dx * dx + dy * dy;
  if (len2 === 0) return () => NaN;
  return (x, y) => ((x - x0) * dx + (y - y0) * dy) / len2;
}

/**
 * Radial: the largest s for which the point lies on the circle centred c(s) = c0 + s·(c1 − c0)
 * with radius r(s) = r0 + s·(r1 − r0) ≥ 0, within [0, 1] or extended (ISO 32000-1 §8.7.4.5.4).
 * |p − c0 − s·cd|² = (r0 + s·dr)²  ⇔  a·s² − 2b·s + c = 0.
 */
function radial(coords: number[], extend0: boolean, extend1: boolean): (x: number, y: number) => number {
  const [x0 = 0, y0 = 0, r0 = 0, x1 = 0, y1 = 0, r1 = 0] = coords;
  const cdx = x1 - x0;
  const cdy = y1 - y0;
  const dr = r1 - r0;
  const a = cdx * cdx + cdy * cdy - dr * dr;
  const ok = (s: number) => r0 + s * dr >= 0 && (s >= 0 || extend0) && (s <= 1 || extend1);
  return (x, y) => {
    const px = x - x0;
    const py = y - y0;
    const b = px * cdx + py * cdy + r0 * dr;
    const c = px * px + py * py - r0 * r0;
    if (Math.abs(a) < 1e-12) {
      if (b === 0) return NaN;
      const s = c / (2 * b);
      return ok(s) ? s : NaN;
    }
    const disc = b * b - a * c;
    if (disc < 0) return NaN;
    const root = Math.sqrt(disc);
    const big = (b + root) / a;
    const small = (b - root) / a;
    const hi = Math.max(big, small);
    const lo = Math.min(big, small);
    if (ok(hi)) return hi;
    if (ok(lo)) return lo;
    return NaN;
  };
}

/** Reads big-endian bit fields of up to 32 bits. */
class BitReader {
  private pos = 0;
  constructor(private readonly data: Uint8Array) {}
  get done(): boolean {
    return this.pos >= this.data.length * 8;
  }
  get remaining(): number {
    return this.data.length * 8 - this.pos;
  }
  read(bits: number): number {
    let v = 0;
    for (let i = 0; i < bits; i++) {
      const byte = this.data[this.pos >> 3] ?? 0;
      v = v * 2 + ((byte >> (7 - (this.pos & 7))) & 1);
      this.pos++;
    }
    return v;
  }
  align(): void {
    this.pos = (this.pos + 7) & ~7;
  }
}

/**
 * The mean colour (decoded components) of a mesh shading's vertices (ISO 32000-1 §8.7.4.5.5–8):
 * type 4 vertices are flag, x, y, colour, each from a byte boundary; type 5 the same without the
 * flag, packed; a type 6 / 7 patch is a flag, 12 / 16 points (8 / 12 when it continues the previous
 * patch) and 4 colours (2), from a byte boundary. Null when the data cannot be read.
 */
function meshMeanColor(doc: PdfDocument, shading: ShadingDraw["shading"], type: number, n: number, tick: (n: number) => void): number[] | null {
  if (!isStream(shading) || n <= 0) return null;
  const dict = shading.dict;
  const num = (key: string): number => {
    const v = doc.resolve(dict.entries.get(key));
    return isNumber(v) ? v : 0;
  };
  const bpCoord = num("BitsPerCoordinate");
  const bpComp = num("BitsPerComponent");
  const bpFlag = type === 5 ? 0 : num("BitsPerFlag");
  const decode = numbers(doc, dict.entries.get("Decode"));
  if (!(bpCoord >= 1 && bpCoord <= 32 && bpComp >= 1 && bpComp <= 16) || decode === null || decode.length < 4 + 2 * n) return null;
  let data: Uint8Array;
  try {
    data = doc.decodeStream(shading);
  } catch (error) {
    if (error instanceof PreflightError) throw error;
    return null;
  }
  const reader = new BitReader(data);
  const maxComp = Math.pow(2, bpComp) - 1;
  const sum = new Array<number>(n).fill(0);
  let count = 0;
  const readColor = () => {
    for (let j = 0; j < n; j++) {
      const lo = decode[4 + 2 * j] as number;
      const hi = decode[5 + 2 * j] as number;
      sum[j] = (sum[j] as number) + lo + (reader.read(bpComp) * (hi - lo)) / maxComp;
    }
    count++;
  };
  const vertexBits = 2 * bpCoord + n * bpComp;
  let records = 0;
  while (!reader.done && records < 1_000_000) {
    if (++records % 1024 === 0) tick(1);
    if (type === 4 || type === 5) {
      if (reader.remaining < bpFlag + vertexBits) break;
      reader.read(bpFlag);
      reader.read(bpCoord);
      reader.read(bpCoord);
      readColor();
      if (type === 4) reader.align();
    } else {
      if (reader.remaining < bpFlag) break;
      const flag = reader.read(bpFlag);
      const points = (type === 6 ? 12 : 16) - (flag === 0 ? 0 : 4);
      const colors = flag === 0 ? 4 : 2;
      if (reader.remaining < points * 2 * bpCoord + colors * n * bpComp) break;
      for (let k = 0; k < 2 * points; k++) reader.read(bpCoord);
      for (let k = 0; k < colors; k++) readColor();
      reader.align();
    }
  }
  if (count === 0) return null;
  return sum.map((v) => v / count);
}
