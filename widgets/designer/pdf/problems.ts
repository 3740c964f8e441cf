import type { CmykColor, DesignDocument, DesignTextElement } from "../../../shared/contracts/index";
import type { PreflightProfile } from "../../../shared/contracts/preflight-profile";
import { coloursOverInkLimit } from "./colours";
import { effectivePpi } from "./image";
import { PT_PER_MM } from "./text-layout";

/*
 * What keeps a design from passing the product's preflight, found before the export (pure): each
 * problem in Russian with its side and element, whether it blocks the download («error») or only
 * warns, and the fix the editor can offer. Empty slots are no problem: they are not printed.
 */

export type DesignFix =
  /** Make the picture's frame this size (mm), keeping its corner: the largest at which it reaches the minimum ppi. */
  | { type: "resize-image"; width: number; height: number }
  /** Use this colour (the same hue within the ink limit) for the element's `property`. */
  | { type: "limit-ink"; property: "background" | "fill" | "stroke" | "color"; color: CmykColor }
  /** Move the text box here (mm) so it lies inside the safe zone (offered only when it fits). */
  | { type: "move-into-safe-zone"; x: number; y: number }
  /** Make the design this trim size and number of sides (the product's). */
  | { type: "use-product-size"; trimMm: [number, number]; sides: number };

export interface DesignProblem {
  code: "image-resolution" | "ink-limit" | "outside-safe-zone" | "size" | "sides";
  severity: "error" | "warning";
  /** 0-based side, null for the whole document. */
  side: number | null;
  elementId: string | null;
  message: string;
  fix: DesignFix | null;
}

export interface DesignProblemsOptions {
  /** A text box's height in mm as laid out (text-layout.ts `layoutText(...).heightMm`); without it, its explicit lines × line height. */
  textHeightMm?(element: DesignTextElement): number;
}

const PPI_NUMBER = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 0 });
const MM_NUMBER = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 1 });

function estimatedTextHeightMm(element: DesignTextElement): number {
  return element.text.split(/\r\n|\r|\n/).length * element.lineHeight * (element.fontSizePt / PT_PER_MM);
}

/** The problems of a design against a product's profile (the order: document, then side by side, element by element). */
export function designProblems(document: DesignDocument, profile: PreflightProfile, options: DesignProblemsOptions = {}): DesignProblem[] {
  const problems: DesignProblem[] = [];
  const [w, h] = document.trimMm;
  const [pw, ph] = profile.trimMm;
  const tolerance = profile.sizeToleranceMm;
  const sameSize = (Math.abs(w - pw) <= tolerance && Math.abs(h - ph) <= tolerance) || (Math.abs(w - ph) <= tolerance && Math.abs(h - pw) <= tolerance);
  if (!sameSize || Math.abs(document.bleedMm - profile.bleedMm) > tolerance) {
    problems.push({
      code: "size",
      severity: "error",
      side: null,
      elementId: null,
      message: `Формат макета ${MM_NUMBER.format(w)}×${MM_NUMBER.format(h)} мм с вылетом ${MM_NUMBER.format(document.bleedMm)} мм, а нужен ${MM_NUMBER.format(pw)}×${MM_NUMBER.format(ph)} мм с вылетом ${MM_NUMBER.format(profile.bleedMm)} мм`,
      fix: { type: "use-product-size", trimMm: [pw, ph], sides: profile.pages },
    });
  }
  if (document.sides.length !== profile.pages) {
    problems.push({
      code: "sides",
      severity: "error",
      side: null,
      elementId: null,
      message: `В макете ${document.sides.length} ${document.sides.length === 1 ? "сторона" : "стороны"}, а нужно ${profile.pages}`,
      fix: { type: "use-product-size", trimMm: [pw, ph], sides: profile.pages },
    });
  }
  const overInk = coloursOverInkLimit(document, profile.maxTacPct);
  const minPpi = profile.minPpi;
  const safe = document.safeMm;
  document.sides.forEach((side, index) => {
    const bg = overInk.find((o) => o.side === index && o.elementId === null);
    if (bg !== undefined) {
      problems.push({
        code: "ink-limit",
        severity: "error",
        side: index,
        elementId: null,
        message: `Фон: сумма красок ${MM_NUMBER.format(bg.totalPct)} %, допустимо не больше ${PPI_NUMBER.format(profile.maxTacPct)} %`,
        fix: { type: "limit-ink", property: "background", color: bg.limited },
      });
    }
    for (const element of side.elements) {
      for (const over of overInk.filter((o) => o.side === index && o.elementId === element.id)) {
        problems.push({
          code: "ink-limit",
          severity: "error",
          side: index,
          elementId: element.id,
          message: `${element.name || "Элемент"}: сумма красок ${MM_NUMBER.format(over.totalPct)} %, допустимо не больше ${PPI_NUMBER.format(profile.maxTacPct)} %`,
          fix: { type: "limit-ink", property: over.property, color: over.limited },
        });
      }
      if (element.kind === "image") {
        const ppi = effectivePpi(element);
        if (ppi !== null && ppi < minPpi) {
          // The frame's largest size (same proportions) at which the crop still gives minPpi, rounded down to 0.1 mm.
          const factor = ppi / minPpi;
          const width = Math.floor(element.width * factor * 10) / 10;
          const height = Math.floor(element.height * factor * 10) / 10;
          problems.push({
            code: "image-resolution",
            severity: "error",
            side: index,
            elementId: element.id,
            message: `${element.name || "Изображение"}: ${PPI_NUMBER.format(Math.floor(ppi))} ppi, нужно не меньше ${PPI_NUMBER.format(minPpi)} ppi — уменьшите до ${MM_NUMBER.format(width)}×${MM_NUMBER.format(height)} мм или загрузите изображение крупнее`,
            fix: { type: "resize-image", width, height },
          });
        }
      } else if (element.kind === "text" && element.text.trim() !== "") {
        const height = options.textHeightMm?.(element) ?? estimatedTextHeightMm(element);
        const inside = element.x >= safe - 1e-6 && element.y >= safe - 1e-6 && element.x + element.width <= w - safe + 1e-6 && element.y + height <= h - safe + 1e-6;
        if (!inside) {
          const fits = element.width <= w - 2 * safe && height <= h - 2 * safe;
          const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);
          problems.push({
            code: "outside-safe-zone",
            severity: "warning",
            side: index,
            elementId: element.id,
            message: `${element.name || "Текст"}: текст выходит за безопасную зону (${MM_NUMBER.format(safe)} мм от края обреза) и может быть обрезан`,
            fix: fits ? { type: "move-into-safe-zone", x: clamp(element.x, safe, w - safe - element.width), y: clamp(element.y, safe, h - safe - height) } : null,
          });
        }
      }
    }
  });
  return problems;
}
