import fontkit from "@pdf-lib/fontkit";
import type { DesignTextElement } from "../../../shared/contracts/index";

/*
 * Text layout shared by the PDF export and the editor's on-screen preview, so the screen and the
 * file break lines at the same places: `breakLines` is the one line-breaking function (given any
 * width measure), `layoutText` places a text box's glyphs with the font's own metrics (fontkit:
 * kerning and ligatures from `font.layout`), and the editor can draw the same glyphs
 * (`glyphOutline`) or measure with `createTextMeasure`.
 *
 * Lines: the text's own line breaks start a new line; otherwise words (runs between spaces) are
 * added while the line fits the box's width; a word wider than the box alone is broken between
 * letters. Vertical metrics as CSS does it: each line is `lineHeight × size` tall, with the font's
 * ascent + descent centred in it (half-leading above and below), so the first baseline is
 * `(lineBox − (ascent − descent)) / 2 + ascent` below the box's top.
 */

export const PT_PER_MM = 72 / 25.4;

/** One path command of a glyph outline, in font units (y up). */
export interface OutlineCommand {
  command: "moveTo" | "lineTo" | "quadraticCurveTo" | "bezierCurveTo" | "closePath";
  args: number[];
}

interface FontkitGlyphRun {
  glyphs: { id: number; path: unknown }[];
  positions: { xAdvance: number; xOffset: number; yOffset: number }[];
}

/** A loaded font: fontkit's font, kept behind this module's small interface. */
export interface DesignFont {
  unitsPerEm: number;
  ascent: number;
  /** Negative: below the baseline. */
  descent: number;
  layout(text: string): FontkitGlyphRun;
}

/** Fonts already opened, by their bytes: assets that hand out the same bytes again skip the parsing (and keep fontkit's glyph cache). */
const opened = new WeakMap<Uint8Array, DesignFont>();

/** Opens a TrueType file (from `DesignAssets.font`). */
export function loadDesignFont(bytes: Uint8Array): DesignFont {
  const known = opened.get(bytes);
  if (known !== undefined) return known;
  const font = fontkit.create(bytes);
  const design: DesignFont = {
    unitsPerEm: font.unitsPerEm,
    ascent: font.ascent,
    descent: font.descent,
    layout: (text) => font.layout(text) as unknown as FontkitGlyphRun,
  };
  opened.set(bytes, design);
  return design;
}

/** A glyph's outline commands (fontkit's `path.commands`), checked at run time rather than trusted. */
export function glyphOutline(path: unknown): OutlineCommand[] {
  if (typeof path !== "object" || path === null || !("commands" in path) || !Array.isArray(path.commands)) return [];
  return path.commands as OutlineCommand[];
}

/**
 * Splits text into lines no wider than `maxWidth` by `measure` (any unit, the same for both). Lines
 * keep their words' own characters; spaces at a break are dropped.
 */
export function breakLines(text: string, maxWidth: number, measure: (line: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    const words = paragraph.split(" ").filter((word) => word !== "");
    if (words.length === 0) {
      lines.push("");
      continue;
    }
    let line = "";
    for (const word of words) {
      const candidate = line === "" ? word : `${line} ${word}`;
      if (measure(candidate) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line !== "") lines.push(line);
      line = "";
      // The word alone does not fit: break it between letters (whole code points).
      if (measure(word) > maxWidth) {
        let piece = "";
        for (const char of word) {
          if (piece !== "" && measure(piece + char) > maxWidth) {
            lines.push(piece);
            piece = "";
          }
          piece += char;
        }
        line = piece;
      } else {
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** The width in points of one line set in `font` at `sizePt` with `letterSpacing` (thousandths of an em after each glyph but the last). */
export function measureLine(font: DesignFont, line: string, sizePt: number, letterSpacing: number): number {
  if (line === "") return 0;
  const run = font.layout(line);
  let units = 0;
  for (const position of run.positions) units += position.xAdvance;
  const scale = sizePt / font.unitsPerEm;
  return units * scale + Math.max(0, run.glyphs.length - 1) * (letterSpacing / 1000) * sizePt;
}

/** A width measure in millimetres for `breakLines`, for one font, size and letter spacing. */
export function createTextMeasure(font: DesignFont, sizePt: number, letterSpacing: number): (line: string) => number {
  const cache = new Map<string, number>();
  return (line) => {
    let width = cache.get(line);
    if (width === undefined) {
      width = measureLine(font, line, sizePt, letterSpacing) / PT_PER_MM;
      cache.set(line, width);
    }
    return width;
  };
}

/** One placed glyph: its outline's origin in mm (trim coordinates, y down: the baseline), and its outline. */
export interface PlacedGlyph {
  xMm: number;
  baselineMm: number;
  glyphId: number;
  outline: OutlineCommand[];
}

export interface TextLayout {
  lines: { text: string; xMm: number; baselineMm: number; widthMm: number }[];
  glyphs: PlacedGlyph[];
  /** The box's height: lines × lineHeight × size. */
  heightMm: number;
  /** Font units → mm at this size. */
  unitMm: number;
}

/** Places a text box's lines and glyphs (trim coordinates in mm, y down). */
export function layoutText(element: Pick<DesignTextElement, "x" | "y" | "width" | "text" | "fontSizePt" | "align" | "letterSpacing" | "lineHeight">, font: DesignFont): TextLayout {
  const sizeMm = element.fontSizePt / PT_PER_MM;
  const unitMm = sizeMm / font.unitsPerEm;
  const spacingMm = (element.letterSpacing / 1000) * sizeMm;
  const measure = createTextMeasure(font, element.fontSizePt, element.letterSpacing);
  // A hair of tolerance: a line measured exactly at the width must not break on float noise.
  const texts = breakLines(element.text, element.width + 1e-6, measure);
  const lineBoxMm = element.lineHeight * sizeMm;
  const contentMm = (font.ascent - font.descent) * unitMm;
  const firstBaseline = element.y + (lineBoxMm - contentMm) / 2 + font.ascent * unitMm;
  const lines: TextLayout["lines"] = [];
  const glyphs: PlacedGlyph[] = [];
  texts.forEach((text, index) => {
    const widthMm = measure(text);
    const xMm = element.align === "left" ? element.x : element.align === "center" ? element.x + (element.width - widthMm) / 2 : element.x + element.width - widthMm;
    const baselineMm = firstBaseline + index * lineBoxMm;
    lines.push({ text, xMm, baselineMm, widthMm });
    if (text === "") return;
    const run = font.layout(text);
    let penMm = xMm;
    run.glyphs.forEach((glyph, g) => {
      const position = run.positions[g];
      if (position === undefined) return;
      glyphs.push({ xMm: penMm + position.xOffset * unitMm, baselineMm: baselineMm - position.yOffset * unitMm, glyphId: glyph.id, outline: glyphOutline(glyph.path) });
      penMm += position.xAdvance * unitMm + spacingMm;
    });
  });
  return { lines, glyphs, heightMm: texts.length * lineBoxMm, unitMm };
}
