import type { CmykColor } from "../../../shared/contracts/index";
import { totalInk } from "../pdf/colours";

/*
 * Colours in the designer are CMYK in per cent (the document has no RGB). The screen shows them by
 * one naive conversion, the same everywhere in the editor (canvas, swatches, thumbnails):
 *
 *     R = 255 × (1 − C) × (1 − K),  G = 255 × (1 − M) × (1 − K),  B = 255 × (1 − Y) × (1 − K)
 *
 * It ignores the press's profile (coated paper shows cyan duller and rich black no blacker than
 * K 100 on screen), which is fine for choosing: what prints is the CMYK values, and the proof after
 * «В корзину» shows the file as the shop's engine sees it.
 */

/** The screen colour of a CMYK colour by the naive conversion above, as `rgb(r g b)`. */
export function cmykToCss(color: CmykColor): string {
  const [r, g, b] = cmykToRgb(color);
  return `rgb(${r} ${g} ${b})`;
}

/** The naive conversion, 0–255 per channel. */
export function cmykToRgb(color: CmykColor): [number, number, number] {
  const k = 1 - clampPct(color.k) / 100;
  const channel = (ink: number) => Math.round(255 * (1 - clampPct(ink) / 100) * k);
  return [channel(color.c), channel(color.m), channel(color.y)];
}

/** «Сумма красок 320 % больше допустимых 300 %», or null within the limit (the fix is the export's `limitInk`). */
export function inkWarning(color: CmykColor, maxTacPct: number): string | null {
  const total = Math.round(totalInk(color));
  return total > maxTacPct ? `Сумма красок ${total} % больше допустимых ${maxTacPct} %` : null;
}

export function sameColor(a: CmykColor | null, b: CmykColor | null): boolean {
  if (a === null || b === null) return a === b;
  return a.c === b.c && a.m === b.m && a.y === b.y && a.k === b.k;
}

/** «C 0 M 0 Y 0 K 100». */
export function describeCmyk(color: CmykColor): string {
  return `C ${color.c} M ${color.m} Y ${color.y} K ${color.k}`;
}

function clampPct(value: number): number {
  return Math.min(100, Math.max(0, value));
}
