/*
 * What a check answers (the same shape as the API's preflight finding): each finding with its code,
 * the Russian message of spec §5, the 1-based page (null for the document), the bounding box of the
 * offending object in page coordinates (points) and the measured figure.
 */

export const checkCodes = [1120, 1163, 1198, 2078, 2088, 3159, 3171, 3244, 4731, 4752, 4781] as const;
export type CheckCode = (typeof checkCodes)[number];

export const checkMessages: Record<CheckCode, string> = {
  1120: "Неверная версия PDF: нужна версия 1.3",
  1163: "Неверное количество страниц",
  1198: "Размер не соответствует типу макета",
  2078: "RGB-цвета недопустимы: используйте CMYK",
  2088: "Найдено сжатое изображение: используйте изображения без сжатия",
  3159: "Лишние (плашечные) цвета: допустимы только 4 цвета CMYK",
  3171: "Макет содержит ICC-профиль: удалите его",
  3244: "В документе есть слои: сведите их",
  4731: "Превышена сумма красок",
  4752: "Найдены шрифты: переведите их в кривые",
  4781: "Неверное разрешение изображения",
};

export interface Finding {
  code: CheckCode;
  message: string;
  page: number | null;
  bbox: [number, number, number, number] | null;
  measured: number | string | null;
  /**
   * Identical repeats on a page (same code, same measured) are collapsed into the first one; this
   * is how many findings it stands for, set only when more than one. Optional: the API's finding
   * schema drops it.
   */
  count?: number;
}

/** [x0, y0, x1, y1] in PDF points, in the page's default user space (before /Rotate). */
export type Box = [number, number, number, number];

/**
 * Where a page's finished size lies, as check 1198 measures it, for drawing the trim, bleed and
 * safe-zone lines over the page: `view` is what a viewer shows (the CropBox cut to the MediaBox);
 * `trimBox` the TrimBox, or without one the view less the profile's bleed; `bleedBox` the BleedBox,
 * or the TrimBox grown by the bleed, or the view.
 */
export interface PageBoxes {
  /** 1-based. */
  page: number;
  view: Box;
  trimBox: Box;
  bleedBox: Box;
  /** 0, 90, 180 or 270. */
  rotate: number;
}

export interface Report {
  ok: boolean;
  findings: Finding[];
  pageCount: number;
  /** The effective PDF version (the higher of the header's and the catalog's). */
  version: string | null;
  /** Each page's boxes, in page order. */
  pages: PageBoxes[];
}

/** The profile of a product detail (the JSON form used everywhere). */
export interface PreflightProfile {
  pdfVersion: string;
  pages: number;
  trimMm: [number, number];
  bleedMm: number;
  sizeToleranceMm: number;
  minPpi: number;
  ppiTolerancePct: number;
  compression: "lossy" | "any";
  maxTacPct: number;
  tacTolerancePct: number;
  tacMinAreaMm2: number;
}

export interface ProgressEvent {
  /** 1-based page being checked, and how many there are. */
  page: number;
  pages: number;
  /** 0…1 over the whole check. */
  fraction: number;
}
