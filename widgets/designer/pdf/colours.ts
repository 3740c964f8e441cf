import type { CmykColor, DesignDocument } from "../../../shared/contracts/index";

/*
 * Colours of the design: CMYK in per cent. The total ink (C + M + Y + K) of every colour the export
 * writes is kept within the product's limit (its profile's `maxTacPct`, 300 % for the shop's sheet
 * products): a colour over it keeps its black and has its C, M and Y scaled down together, so its
 * hue stays and the limit is met exactly (to 0.01 %).
 */

/** Rich black for large areas: a deeper black than K 100 alone, 240 % of ink (within 300 %). */
export const RICH_BLACK: CmykColor = { c: 60, m: 40, y: 40, k: 100 };

/** A colour of the palette; rich black is offered for backgrounds and large areas only, never for small text. */
export interface PaletteColor {
  name: string;
  color: CmykColor;
  largeAreas?: boolean;
}

/** The designer's palette: named process colours, all within 300 % (black text stays K 100 only). */
export const DESIGN_PALETTE: readonly PaletteColor[] = [
  { name: "Чёрный", color: { c: 0, m: 0, y: 0, k: 100 } },
  { name: "Насыщенный чёрный (для больших площадей)", color: RICH_BLACK, largeAreas: true },
  { name: "Тёмно-серый", color: { c: 0, m: 0, y: 0, k: 80 } },
  { name: "Серый", color: { c: 0, m: 0, y: 0, k: 50 } },
  { name: "Светло-серый", color: { c: 0, m: 0, y: 0, k: 15 } },
  { name: "Белый", color: { c: 0, m: 0, y: 0, k: 0 } },
  { name: "Тёмно-синий", color: { c: 100, m: 80, y: 0, k: 40 } },
  { name: "Синий", color: { c: 100, m: 60, y: 0, k: 20 } },
  { name: "Голубой", color: { c: 70, m: 10, y: 0, k: 0 } },
  { name: "Бирюзовый", color: { c: 80, m: 0, y: 40, k: 0 } },
  { name: "Зелёный", color: { c: 80, m: 10, y: 100, k: 10 } },
  { name: "Салатовый", color: { c: 40, m: 0, y: 100, k: 0 } },
  { name: "Жёлтый", color: { c: 0, m: 10, y: 100, k: 0 } },
  { name: "Оранжевый", color: { c: 0, m: 60, y: 100, k: 0 } },
  { name: "Красный", color: { c: 0, m: 100, y: 100, k: 0 } },
  { name: "Бордовый", color: { c: 30, m: 100, y: 80, k: 40 } },
  { name: "Розовый", color: { c: 0, m: 70, y: 10, k: 0 } },
  { name: "Фиолетовый", color: { c: 70, m: 90, y: 0, k: 10 } },
  { name: "Коричневый", color: { c: 30, m: 70, y: 100, k: 40 } },
  { name: "Бежевый", color: { c: 5, m: 10, y: 25, k: 0 } },
];

/** C + M + Y + K in per cent. */
export function totalInk(color: CmykColor): number {
  return color.c + color.m + color.y + color.k;
}

/**
 * The colour within `maxTacPct`: unchanged when it is within; else K is kept (at most the limit)
 * and C, M, Y are scaled down by one factor (rounded down to 0.01 %) so the total is the limit.
 */
export function limitInk(color: CmykColor, maxTacPct: number): CmykColor {
  if (totalInk(color) <= maxTacPct) return color;
  const k = Math.min(color.k, maxTacPct);
  const cmy = color.c + color.m + color.y;
  const factor = cmy > 0 ? Math.max(0, maxTacPct - k) / cmy : 0;
  const down = (v: number) => Math.floor(v * factor * 100) / 100;
  return { c: down(color.c), m: down(color.m), y: down(color.y), k };
}

/** Where a colour sits in a document: the side (0-based), the element (null for the background) and which of its colours. */
export interface InkOverLimit {
  side: number;
  elementId: string | null;
  property: "background" | "fill" | "stroke" | "color";
  color: CmykColor;
  totalPct: number;
  /** The colour the export writes instead (and the fix the editor can offer). */
  limited: CmykColor;
}

/** Every colour of the document whose total ink is over `maxTacPct` (pure; for the editor's warning). */
export function coloursOverInkLimit(document: DesignDocument, maxTacPct: number): InkOverLimit[] {
  const over: InkOverLimit[] = [];
  const check = (side: number, elementId: string | null, property: InkOverLimit["property"], color: CmykColor | null) => {
    if (color === null) return;
    const totalPct = totalInk(color);
    if (totalPct > maxTacPct) over.push({ side, elementId, property, color, totalPct, limited: limitInk(color, maxTacPct) });
  };
  document.sides.forEach((side, index) => {
    check(index, null, "background", side.background);
    for (const element of side.elements) {
      if (element.kind === "rect") {
        check(index, element.id, "fill", element.fill);
        if (element.strokeWidthMm > 0) check(index, element.id, "stroke", element.stroke);
      } else if (element.kind !== "image") {
        check(index, element.id, "color", element.color);
      }
    }
  });
  return over;
}

/**
 * RGB (0–255) → CMYK (0–1): the naive conversion with full black generation (grey component
 * replacement: K = 1 − max(R, G, B), C = (1 − R − K) / (1 − K), likewise M and Y) — the same
 * formula the preflight engine uses for RGB (preflight/content/colorspace.ts), with no ICC profile
 * (the file has none). The ink limit is applied after it, per pixel (`imageToCmyk`).
 */
export function rgbToCmyk(r: number, g: number, b: number): [number, number, number, number] {
  const R = r / 255;
  const G = g / 255;
  const B = b / 255;
  const k = 1 - Math.max(R, G, B);
  if (k >= 1) return [0, 0, 0, 1];
  return [(1 - R - k) / (1 - k), (1 - G - k) / (1 - k), (1 - B - k) / (1 - k), k];
}
