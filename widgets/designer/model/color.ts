import type { CmykColor } from "../../../shared/contracts/index";

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

/** Total ink (TAC): the sum of the four inks, per cent. */
export function totalInk(color: CmykColor): number {
  return color.c + color.m + color.y + color.k;
}

/** «Сумма красок 320 % больше допустимых 300 %», or null within the limit. */
export function inkWarning(color: CmykColor, maxTacPct: number): string | null {
  const total = Math.round(totalInk(color));
  return total > maxTacPct ? `Сумма красок ${total} % больше допустимых ${maxTacPct} %` : null;
}

/** The colour with every ink scaled down so that its total is `maxTacPct` (the fix offered for a colour over the limit). */
export function lowerInk(color: CmykColor, maxTacPct: number): CmykColor {
  const total = totalInk(color);
  if (total <= maxTacPct || total === 0) return color;
  const scale = maxTacPct / total;
  // Rounded down to whole per cent so the sum never ends above the limit.
  return { c: Math.floor(color.c * scale), m: Math.floor(color.m * scale), y: Math.floor(color.y * scale), k: Math.floor(color.k * scale) };
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

/** Rich black: K 100 under C 60 M 40 Y 40 (240 %), deeper than K 100 alone on large areas; never for small text. */
export const RICH_BLACK: CmykColor = { c: 60, m: 40, y: 40, k: 100 };

export interface PaletteColor {
  name: string;
  color: CmykColor;
  /** Offered for backgrounds and large areas only (rich black). */
  largeAreas?: boolean;
}

/** The palette the colour picker offers (each within 300 % total ink). */
export const DESIGN_PALETTE: readonly PaletteColor[] = [
  { name: "Чёрный", color: { c: 0, m: 0, y: 0, k: 100 } },
  { name: "Насыщенный чёрный (для больших площадей)", color: RICH_BLACK, largeAreas: true },
  { name: "Тёмно-серый", color: { c: 0, m: 0, y: 0, k: 80 } },
  { name: "Серый", color: { c: 0, m: 0, y: 0, k: 50 } },
  { name: "Светло-серый", color: { c: 0, m: 0, y: 0, k: 15 } },
  { name: "Белый", color: { c: 0, m: 0, y: 0, k: 0 } },
  { name: "Красный", color: { c: 0, m: 100, y: 100, k: 0 } },
  { name: "Бордовый", color: { c: 0, m: 100, y: 65, k: 40 } },
  { name: "Оранжевый", color: { c: 0, m: 60, y: 100, k: 0 } },
  { name: "Жёлтый", color: { c: 0, m: 10, y: 100, k: 0 } },
  { name: "Зелёный", color: { c: 80, m: 0, y: 100, k: 0 } },
  { name: "Тёмно-зелёный", color: { c: 90, m: 30, y: 95, k: 30 } },
  { name: "Голубой", color: { c: 70, m: 0, y: 0, k: 0 } },
  { name: "Синий", color: { c: 100, m: 70, y: 0, k: 10 } },
  { name: "Тёмно-синий", color: { c: 100, m: 85, y: 0, k: 40 } },
  { name: "Фиолетовый", color: { c: 65, m: 90, y: 0, k: 0 } },
  { name: "Бежевый", color: { c: 5, m: 10, y: 25, k: 0 } },
];
