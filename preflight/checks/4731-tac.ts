import { toCmyk } from "../content/colorspace";
import type { PaintColor, TextDraw } from "../content/device";
import type { Rect } from "../core/document";
import type { Finding, PreflightProfile } from "../report";
import type { BBox, PageCheck, PageCheckContext } from "./common";
import { createFindingList, MM_PER_POINT } from "./common";
import type { FindingList } from "./common";

/*
 * 4731 total ink. The ink renderer paints the page in CMYK (overprint simulated, hidden optional
 * content not drawn) and hands over a raster of the total area coverage, C+M+Y+K in percent per
 * pixel. This check finds the connected areas (8-neighbourhood) of pixels above
 * maxTacPct + tacTolerancePct — exactly at that figure passes — and reports each area of at least
 * tacMinAreaMm2 (exactly that area fails: "over at least"). Objects the renderer does not paint —
 * text, and whatever it lists as unrendered — count per object: their colour's ink against the same
 * limit, their bbox against the same area. Measured: the highest total ink in the area, in percent
 * rounded to one decimal; bbox: the area's bounds in page coordinates.
 */

/** The renderer's total-ink raster of a page. */
export interface TacRaster {
  width: number;
  height: number;
  /** C+M+Y+K in percent (0…400) per pixel, row-major, row 0 at the TOP of `area`. */
  tac: ArrayLike<number>;
  /** The page rectangle in points that the raster covers. */
  area: Rect;
  /** The raster's highest value, when known: a page that stays under the limit is then not scanned at all. */
  maxTacPct?: number;
}

/** An object whose ink is estimated per object instead of rendered. */
export interface InkObject {
  bbox: BBox;
  /** C+M+Y+K in percent. */
  tacPct: number;
}

/** Float noise of the sums (0.75 + 0.75 + 0.75 + 0.76) must not turn "exactly at the limit" into a failure. */
const EPSILON_PCT = 1e-6;
const EPSILON_AREA = 1e-9;

export const tacLimit = (profile: Pick<PreflightProfile, "maxTacPct" | "tacTolerancePct">): number => profile.maxTacPct + profile.tacTolerancePct;

const roundPct = (pct: number): number => Math.round(pct * 10) / 10;

/** An area of pixels over the limit: its bounds in page coordinates, its highest ink and its size. */
export interface TacArea {
  bbox: BBox;
  maxPct: number;
  areaMm2: number;
}

/** Visits the areas of `raster` over `limitPct` that reach `minAreaMm2`, top to bottom. */
/**
 * `checkDeadline` is called once a row and every 65 536 pixels of a flood: the scan is linear in the
 * raster, which the renderer has already paid for, so it does not count work units — only the clock.
 */
export function forEachTacArea(raster: TacRaster, limitPct: number, minAreaMm2: number, visit: (area: TacArea) => void, checkDeadline: () => void = () => {}): void {
  const { width, height, area } = raster;
  if (width <= 0 || height <= 0) return;
  const pxW = (area[2] - area[0]) / width;
  const pxH = (area[3] - area[1]) / height;
  const pixelMm2 = pxW * MM_PER_POINT * (pxH * MM_PER_POINT);
  const over = limitPct + EPSILON_PCT;
  if (raster.maxTacPct !== undefined && !(raster.maxTacPct > over)) return;
  // Read only now: the renderer makes the raster when it is first asked for.
  const { tac } = raster;
  // Made at the first pixel over the limit: most pages have none and skip the allocation.
  let seen: Uint8Array | null = null;
  const stack: number[] = [];
  for (let y = 0; y < height; y++) {
    checkDeadline();
    for (let x = 0; x < width; x++) {
      const start = y * width + x;
      if (!((tac[start] ?? 0) > over)) continue;
      seen ??= new Uint8Array(width * height);
      if (seen[start]) continue;
      // Flood the area from its first pixel; an explicit stack, since an area can hold millions of pixels.
      seen[start] = 1;
      stack.push(start);
      let count = 0;
      let maxPct = 0;
      let minX = x, maxX = x, minY = y, maxY = y;
      while (stack.length > 0) {
        const i = stack.pop() as number;
        const px = i % width;
        const py = (i - px) / width;
        if ((++count & 0xffff) === 0) checkDeadline();
        maxPct = Math.max(maxPct, tac[i] ?? 0);
        if (px < minX) minX = px;
        if (px > maxX) maxX = px;
        if (py < minY) minY = py;
        if (py > maxY) maxY = py;
        for (let dy = -1; dy <= 1; dy++) {
          const ny = py + dy;
          if (ny < 0 || ny >= height) continue;
          for (let dx = -1; dx <= 1; dx++) {
            const nx = px + dx;
            if (nx < 0 || nx >= width) continue;
            const j = ny * width + nx;
            if (seen[j] || !((tac[j] ?? 0) > over)) continue;
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
      const areaMm2 = count * pixelMm2;
      if (areaMm2 + EPSILON_AREA < minAreaMm2) continue;
      // Row 0 is the top of the area: page y grows upwards.
      const bbox: BBox = [area[0] + minX * pxW, area[3] - (maxY + 1) * pxH, area[0] + (maxX + 1) * pxW, area[3] - minY * pxH];
      visit({ bbox, maxPct, areaMm2 });
    }
  }
}

/** `forEachTacArea`'s areas as an array. */
export function findTacAreas(raster: TacRaster, limitPct: number, minAreaMm2: number, checkDeadline?: () => void): TacArea[] {
  const out: TacArea[] = [];
  forEachTacArea(raster, limitPct, minAreaMm2, (a) => out.push(a), checkDeadline);
  return out;
}

/** A painted colour's C+M+Y+K in percent. */
export function colorTacPct(color: PaintColor): number {
  // The renderer's own conversion, so a text counted per object weighs what a rendered fill of the same colour does.
  const [c, m, y, k] = toCmyk(color);
  return (c + m + y + k) * 100;
}

/** The ink a text object lays down, per object: its fill and/or stroke colour by the render mode. */
export function textTacPct(text: Pick<TextDraw, "renderMode" | "fill" | "stroke">): number {
  const mode = text.renderMode;
  const fills = mode === 0 || mode === 2 || mode === 4 || mode === 6;
  const strokes = mode === 1 || mode === 2 || mode === 5 || mode === 6;
  return Math.max(fills ? colorTacPct(text.fill) : 0, strokes ? colorTacPct(text.stroke) : 0);
}

function objectAreaMm2(bbox: BBox): number {
  return Math.max(0, bbox[2] - bbox[0]) * MM_PER_POINT * (Math.max(0, bbox[3] - bbox[1]) * MM_PER_POINT);
}

const overLimit = (o: InkObject, limit: number, minAreaMm2: number): boolean => o.tacPct > limit + EPSILON_PCT && objectAreaMm2(o.bbox) + EPSILON_AREA >= minAreaMm2;

/** Findings of a rendered page: its raster's areas plus the objects counted per object (identical ones collapsed). */
export function tacFindings(
  page: number,
  profile: Pick<PreflightProfile, "maxTacPct" | "tacTolerancePct" | "tacMinAreaMm2">,
  raster: TacRaster | null,
  objects: readonly InkObject[],
  checkDeadline?: () => void,
  into: FindingList = createFindingList(),
): Finding[] {
  const limit = tacLimit(profile);
  if (raster) forEachTacArea(raster, limit, profile.tacMinAreaMm2, (a) => into.add(4731, page, a.bbox, roundPct(a.maxPct)), checkDeadline);
  for (const o of objects) if (overLimit(o, limit, profile.tacMinAreaMm2)) into.add(4731, page, o.bbox, roundPct(o.tacPct));
  return into.items;
}

/**
 * The per-object part as a device: text shown in an inking render mode (not 3 or 7) is judged as it
 * comes, by its colour's ink over its bbox. `rendered` is asked for when the findings are, after
 * the page has been walked.
 */
export function createTacCheck(
  { page, profile }: PageCheckContext,
  rendered: () => { raster: TacRaster | null; objects: readonly InkObject[] },
  checkDeadline?: () => void,
): PageCheck {
  const found = createFindingList();
  const limit = tacLimit(profile);
  let answered: Finding[] | null = null;
  return {
    showText(text: TextDraw) {
      if (text.renderMode === 3 || text.renderMode === 7) return;
      const o: InkObject = { bbox: text.bbox, tacPct: textTacPct(text) };
      if (overLimit(o, limit, profile.tacMinAreaMm2)) found.add(4731, page.number, o.bbox, roundPct(o.tacPct));
    },
    findings() {
      // The raster is scanned once, however often the findings are asked for.
      if (answered === null) {
        const { raster, objects } = rendered();
        answered = tacFindings(page.number, profile, raster, objects, checkDeadline, found);
      }
      return answered;
    },
  };
}
