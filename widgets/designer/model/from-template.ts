import type { DesignDocument, DesignElement, DesignImageElement, DesignSide, DesignTemplate } from "../../../shared/contracts/index";
import { round } from "./geometry";

/*
 * A design made from a template for a product: the product decides the size (its detail's trim and
 * bleed) and the number of sides (its printed details, one side each, at most two); the template
 * gives the look. A template of the product's size is taken as it is; one whose trim differs a
 * little (85×55 from a 90×50 template, within TEMPLATE_FIT_RATIO in each direction and the same
 * orientation) is fitted: positions and box sizes scale with each axis, so full-bleed bands stay
 * full-bleed, while what must keep its shape (letters, QR codes) scales by the smaller factor, and a
 * picture's crop is re-centred so it is not stretched. Templates further off are not offered.
 */

/** What the designer needs of the product: the trim, the bleed, the sides and the ink limit. */
export interface DesignTarget {
  trimMm: [number, number];
  bleedMm: number;
  /** 1 or 2. */
  sides: number;
  maxTacPct: number;
}

/** A product detail as the designer reads it (shared/contracts ProductDetail, or a cart line's layout). */
export interface TargetDetail {
  name: string;
  profile: { pages: number; trimMm: [number, number]; bleedMm: number; maxTacPct: number };
}

/** A template fits when each side of its trim is within this ratio of the product's. */
export const TEMPLATE_FIT_RATIO = 0.15;
/** Trims closer than this (mm) are the same size. */
const SAME_SIZE_MM = 0.5;

/**
 * The details the designer makes sides for: single-page details with a bleed (a foil mask or a
 * cutting contour has none: it is drawn by the prepress, not designed), at most two (front, back).
 */
export function designDetails<D extends TargetDetail>(details: readonly D[]): D[] {
  return details.filter((detail) => detail.profile.pages === 1 && detail.profile.bleedMm > 0).slice(0, 2);
}

/** The design's target from the product's details, or null when the product has nothing to design. */
export function designTarget(details: readonly TargetDetail[]): DesignTarget | null {
  const sides = designDetails(details);
  const first = sides[0];
  if (!first) return null;
  return { trimMm: first.profile.trimMm, bleedMm: first.profile.bleedMm, sides: sides.length, maxTacPct: first.profile.maxTacPct };
}

/** How a template fits a trim: "exact", "fitted" (scaled a little), or null (not offered). */
export function templateFit(template: DesignTemplate, trimMm: readonly [number, number]): "exact" | "fitted" | null {
  const [width, height] = template.document.trimMm;
  if (Math.abs(width - trimMm[0]) <= SAME_SIZE_MM && Math.abs(height - trimMm[1]) <= SAME_SIZE_MM) return "exact";
  const within = (from: number, to: number) => Math.abs(to / from - 1) <= TEMPLATE_FIT_RATIO;
  return within(width, trimMm[0]) && within(height, trimMm[1]) ? "fitted" : null;
}

/** The templates offered for a trim: exact ones first, then fitted ones, each in the given order. */
export function templatesFor(templates: readonly DesignTemplate[], trimMm: readonly [number, number]): DesignTemplate[] {
  const exact = templates.filter((template) => templateFit(template, trimMm) === "exact");
  const fitted = templates.filter((template) => templateFit(template, trimMm) === "fitted");
  return [...exact, ...fitted];
}

/** The design made from a template for the target. */
export function designFromTemplate(template: DesignTemplate, target: DesignTarget): DesignDocument {
  const source = template.document;
  const sx = target.trimMm[0] / source.trimMm[0];
  const sy = target.trimMm[1] / source.trimMm[1];
  const exact = templateFit(template, target.trimMm) === "exact";
  const sides: DesignSide[] = [];
  for (let index = 0; index < Math.min(2, Math.max(1, target.sides)); index += 1) {
    const side = source.sides[index];
    if (side) sides.push(exact ? side : { background: side.background, elements: side.elements.map((element) => fitElement(element, sx, sy)) });
    else sides.push({ background: null, elements: [] });
  }
  return { version: 1, trimMm: [target.trimMm[0], target.trimMm[1]], bleedMm: target.bleedMm, safeMm: source.safeMm, sides };
}

/** The element scaled by sx, sy (positions and boxes) and min(sx, sy) (shapes). */
export function fitElement(element: DesignElement, sx: number, sy: number): DesignElement {
  const shape = Math.min(sx, sy);
  switch (element.kind) {
    case "text":
      return { ...element, x: round(element.x * sx), y: round(element.y * sy), width: round(element.width * sx), fontSizePt: Math.max(4, round(element.fontSizePt * shape)) };
    case "rect":
      return { ...element, x: round(element.x * sx), y: round(element.y * sy), width: round(element.width * sx), height: round(element.height * sy), radiusMm: round(element.radiusMm * shape) };
    case "line":
      return { ...element, x1: round(element.x1 * sx), y1: round(element.y1 * sy), x2: round(element.x2 * sx), y2: round(element.y2 * sy) };
    case "qr": {
      const size = round(element.size * shape);
      return { ...element, x: round((element.x + element.size / 2) * sx - size / 2), y: round((element.y + element.size / 2) * sy - size / 2), size };
    }
    case "image": {
      const fitted = { ...element, x: round(element.x * sx), y: round(element.y * sy), width: round(element.width * sx), height: round(element.height * sy) };
      return { ...fitted, crop: coverCrop(fitted) };
    }
  }
}

/**
 * The crop that fills the frame without stretching the picture: the largest part of the source of
 * the frame's proportions, centred on the current crop's centre. The whole source for an empty slot.
 */
export function coverCrop(element: Pick<DesignImageElement, "width" | "height" | "source" | "crop">): DesignImageElement["crop"] {
  const source = element.source;
  if (!source || element.width <= 0 || element.height <= 0) return { x: 0, y: 0, width: 1, height: 1 };
  const frameAspect = element.width / element.height;
  const sourceAspect = source.widthPx / source.heightPx;
  // Fractions of the source's width and height that keep the frame's aspect at the current zoom.
  const zoom = Math.max(element.crop.width, element.crop.height);
  let width = frameAspect >= sourceAspect ? 1 : frameAspect / sourceAspect;
  let height = frameAspect >= sourceAspect ? sourceAspect / frameAspect : 1;
  width = Math.min(1, width * zoom);
  height = Math.min(1, height * zoom);
  const centreX = element.crop.x + element.crop.width / 2;
  const centreY = element.crop.y + element.crop.height / 2;
  const x = Math.min(1 - width, Math.max(0, centreX - width / 2));
  const y = Math.min(1 - height, Math.max(0, centreY - height / 2));
  return { x: roundFraction(x), y: roundFraction(y), width: roundFraction(width), height: roundFraction(height) };
}

function roundFraction(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/**
 * What the shopper filled in, carried into another template's design: the fields' texts and the
 * slots' pictures (a field or slot the new template lacks is left behind).
 */
export function carryOver(from: DesignDocument, to: DesignDocument): DesignDocument {
  const texts = new Map<string, string>();
  const sources = new Map<string, DesignImageElement["source"]>();
  for (const side of from.sides) {
    for (const element of side.elements) {
      if (element.kind === "text" && element.field !== null && !texts.has(element.field)) texts.set(element.field, element.text);
      if (element.kind === "image" && element.slot !== null && element.source && !sources.has(element.slot)) sources.set(element.slot, element.source);
    }
  }
  return {
    ...to,
    sides: to.sides.map((side) => ({
      ...side,
      elements: side.elements.map((element) => {
        if (element.kind === "text" && element.field !== null) {
          const text = texts.get(element.field);
          return text === undefined ? element : { ...element, text };
        }
        if (element.kind === "image" && element.slot !== null) {
          const source = sources.get(element.slot);
          if (!source) return element;
          const next = { ...element, source, crop: { x: 0, y: 0, width: 1, height: 1 } };
          return { ...next, crop: coverCrop(next) };
        }
        return element;
      }),
    })),
  };
}
