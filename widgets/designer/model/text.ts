import type { DesignTextElement } from "../../../shared/contracts/index";

/*
 * Text sizes in the model's millimetres, and a rough line breaker for code without the fonts (the
 * model's tests). The designer itself lays text out with the PDF export's own layout
 * (pdf/text-layout.ts, through text-shaper.ts), so the screen breaks lines as the file does.
 */

export const PT_TO_MM = 25.4 / 72;

/** The width of `text` in millimetres, set in the element's font, size and letter spacing. */
export type MeasureText = (text: string, element: DesignTextElement) => number;

export interface TextLine {
  text: string;
  widthMm: number;
}

/** The font size in millimetres. */
export function fontSizeMm(element: Pick<DesignTextElement, "fontSizePt">): number {
  return element.fontSizePt * PT_TO_MM;
}

/** One line's advance (baseline to baseline), millimetres. */
export function lineAdvanceMm(element: Pick<DesignTextElement, "fontSizePt" | "lineHeight">): number {
  return fontSizeMm(element) * element.lineHeight;
}

/** The box's height: its lines' advances (at least one line, so an empty field still has a box to grab). */
export function textHeightMm(element: Pick<DesignTextElement, "fontSizePt" | "lineHeight">, lineCount: number): number {
  return Math.max(1, lineCount) * lineAdvanceMm(element);
}

/** Breaks the element's text into lines that fit its width. */
export function breakTextLines(element: DesignTextElement, measure: MeasureText): TextLine[] {
  const lines: TextLine[] = [];
  for (const paragraph of element.text.split("\n")) {
    const words = paragraph.split(" ");
    let line = "";
    for (const word of words) {
      const candidate = line === "" ? word : `${line} ${word}`;
      if (line !== "" && measure(candidate, element) > element.width) {
        lines.push({ text: line, widthMm: measure(line, element) });
        line = word;
      } else line = candidate;
      // A word wider than the box on its own: broken between letters.
      while (measure(line, element) > element.width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && measure(line.slice(0, cut), element) > element.width) cut -= 1;
        lines.push({ text: line.slice(0, cut), widthMm: measure(line.slice(0, cut), element) });
        line = line.slice(cut);
      }
    }
    lines.push({ text: line, widthMm: measure(line, element) });
  }
  return lines;
}

/** A rough measure (0.55 em a letter) for code that has no font: the model's tests, a first estimate. */
export const roughMeasure: MeasureText = (text, element) => {
  const size = fontSizeMm(element);
  return text.length * size * (0.55 + element.letterSpacing / 1000);
};
