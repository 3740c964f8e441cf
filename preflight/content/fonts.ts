import type { PdfDocument } from "../core/document";
import { isArray, isName, isNumber } from "../core/objects";
import type { PdfDict } from "../core/objects";
import { PreflightError } from "../core/errors";

/*
 * Just enough of a font (ISO 32000-1 §9.6–9.7) to place text: how a string splits into character
 * codes (one byte for simple fonts, two for Type0 fonts), each code's advance width in text space
 * per unit of font size, and the ascent/descent for a bounding box. No glyph outlines: the checks
 * need to know THAT text is shown and roughly where.
 */

export interface FontMetrics {
  subtype: string | null;
  /** Bytes per character code. */
  codeLength: 1 | 2;
  /** Advance of a code, in text space units per 1 of font size. */
  width(code: number): number;
  /** Above and below the baseline, per 1 of font size (descent negative). */
  ascent: number;
  descent: number;
}

const cache = new WeakMap<PdfDict, FontMetrics>();

const DEFAULT_METRICS: FontMetrics = { subtype: null, codeLength: 1, width: () => 0.5, ascent: 0.8, descent: -0.2 };

export function fontMetrics(doc: PdfDocument, font: PdfDict | null): FontMetrics {
  if (font === null) return DEFAULT_METRICS;
  const cached = cache.get(font);
  if (cached !== undefined) return cached;
  let metrics: FontMetrics;
  try {
    metrics = readMetrics(doc, font);
  } catch (error) {
    // A broken font dictionary still shows text; the estimate falls back to an average glyph.
    if (error instanceof PreflightError) throw error;
    metrics = DEFAULT_METRICS;
  }
  cache.set(font, metrics);
  return metrics;
}

function readMetrics(doc: PdfDocument, font: PdfDict): FontMetrics {
  const subtypeValue = doc.get(font, "Subtype");
  const subtype = isName(subtypeValue) ? subtypeValue.name : null;
  if (subtype === "Type0") {
    const descendants = doc.resolveArray(doc.get(font, "DescendantFonts"));
    const cid = descendants === null ? null : doc.resolveDict(descendants[0]);
    const dwValue = cid === null ? null : doc.get(cid, "DW");
    const dw = isNumber(dwValue) ? dwValue : 1000;
    const widths = new Map<number, number>();
    const w = cid === null ? null : doc.resolveArray(doc.get(cid, "W"));
    if (w !== null) {
      // [c [w1 w2 …]] and [cFirst cLast w]; capped so a hostile /W cannot allocate millions of entries.
      let i = 0;
      while (i < w.length && widths.size < 65536) {
        const first = doc.resolve(w[i]);
        const next = doc.resolve(w[i + 1]);
        if (!isNumber(first)) break;
        if (isArray(next)) {
          next.forEach((v, k) => {
            const value = doc.resolve(v);
            if (isNumber(value) && widths.size < 65536) widths.set(first + k, value);
          });
          i += 2;
        } else {
          const value = doc.resolve(w[i + 2]);
          if (!isNumber(next) || !isNumber(value)) break;
          for (let c = first; c <= next && widths.size < 65536; c++) widths.set(c, value);
          i += 3;
        }
      }
    }
    const descriptor = cid === null ? null : doc.resolveDict(doc.get(cid, "FontDescriptor"));
    const [ascent, descent] = verticalMetrics(doc, descriptor, 0.001);
    return { subtype, codeLength: 2, width: (code) => (widths.get(code) ?? dw) / 1000, ascent, descent };
  }
  // Type3 glyph widths are in glyph space, scaled by the font matrix (§9.6.5).
  let scale = 0.001;
  if (subtype === "Type3") {
    const fm = doc.resolveArray(doc.get(font, "FontMatrix"));
    const a = fm === null ? undefined : doc.resolve(fm[0]);
    scale = isNumber(a) && a !== 0 ? Math.abs(a) : 0.001;
  }
  const firstValue = doc.get(font, "FirstChar");
  const first = isNumber(firstValue) ? firstValue : 0;
  const widthsArray = doc.resolveArray(doc.get(font, "Widths"));
  const widths: number[] = [];
  if (widthsArray !== null) for (const v of widthsArray.slice(0, 256)) {
    const value = doc.resolve(v);
    widths.push(isNumber(value) ? value : 0);
  }
  const descriptor = doc.resolveDict(doc.get(font, "FontDescriptor"));
  const missingValue = descriptor === null ? null : doc.get(descriptor, "MissingWidth");
  const baseFont = doc.get(font, "BaseFont");
  const fallback = isNumber(missingValue) && missingValue > 0 ? missingValue * scale : isName(baseFont) && baseFont.name.includes("Courier") ? 0.6 : 0.5;
  const [ascent, descent] = subtype === "Type3" ? type3Vertical(doc, font) : verticalMetrics(doc, descriptor, 0.001);
  return {
    subtype,
    codeLength: 1,
    width: (code) => {
      const w = widths[code - first];
      return w === undefined ? fallback : w * scale;
    },
    ascent,
    descent,
  };
}

function verticalMetrics(doc: PdfDocument, descriptor: PdfDict | null, scale: number): [number, number] {
  const a = descriptor === null ? null : doc.get(descriptor, "Ascent");
  const d = descriptor === null ? null : doc.get(descriptor, "Descent");
  const ascent = isNumber(a) && a > 0 ? a * scale : 0.8;
  const descent = isNumber(d) && d < 0 ? d * scale : -0.2;
  return [Math.min(ascent, 2), Math.max(descent, -1)];
}

function type3Vertical(doc: PdfDocument, font: PdfDict): [number, number] {
  const bbox = doc.resolveArray(doc.get(font, "FontBBox"));
  const fm = doc.resolveArray(doc.get(font, "FontMatrix"));
  const y0 = bbox === null ? undefined : doc.resolve(bbox[1]);
  const y1 = bbox === null ? undefined : doc.resolve(bbox[3]);
  const d = fm === null ? undefined : doc.resolve(fm[3]);
  if (!isNumber(y0) || !isNumber(y1) || !isNumber(d) || y0 === y1) return [0.8, -0.2];
  const lo = Math.min(y0, y1) * d;
  const hi = Math.max(y0, y1) * d;
  return [Math.max(0, Math.min(hi, 2)), Math.min(0, Math.max(lo, -1))];
}
