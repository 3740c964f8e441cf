import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fontkit from "@pdf-lib/fontkit";
import { describe, expect, it } from "vitest";
import { DESIGN_FIELD_NAMES, designTemplateSchema } from "../../shared/contracts/index";
import type { CmykColor, DesignElement, DesignFontFamily, DesignTemplate, DesignTextElement } from "../../shared/contracts/index";

/*
 * The designer's templates (server/seed/layout-design-templates/, one JSON document each): every file
 * is a valid template named by its id, the set covers issue 32's counts, and each template is one a
 * print shop can print as it stands — every colour within 300 % total ink, every text box (measured
 * with the font's own advance widths, wrapped as lines of its width) inside the safe zone, and every
 * shape or photo past a trim edge carried on to the bleed's edge.
 */

const FOLDER = fileURLToPath(new URL("./layout-design-templates/", import.meta.url));
const MAX_TAC_PCT = 300;
const MM_PER_PT = 25.4 / 72;

const files = readdirSync(FOLDER).filter((name) => name.endsWith(".json")).sort();
const templates: DesignTemplate[] = files.map((name) => designTemplateSchema.parse(JSON.parse(readFileSync(`${FOLDER}${name}`, "utf8"))));

const FONT_FILES: Record<DesignFontFamily, string> = {
  "PT Sans": "pt-sans/{w}/PTSans_{w}.ttf",
  "PT Serif": "pt-serif/{w}/PTSerif_{w}.ttf",
  Montserrat: "montserrat/{w}/Montserrat_{w}.ttf",
  "Open Sans": "open-sans/{w}/OpenSans_{w}.ttf",
  Lora: "lora/{w}/Lora_{w}.ttf",
  Rubik: "rubik/{w}/Rubik_{w}.ttf",
};
const fonts = new Map<string, fontkit.Font>();
function fontOf(family: DesignFontFamily, bold: boolean): fontkit.Font {
  const key = `${family}/${bold}`;
  let font = fonts.get(key);
  if (!font) {
    const path = FONT_FILES[family].replaceAll("{w}", bold ? "700Bold" : "400Regular");
    font = fontkit.create(readFileSync(fileURLToPath(new URL(`../../node_modules/@expo-google-fonts/${path}`, import.meta.url))));
    fonts.set(key, font);
  }
  return font;
}

/** The text's lines as a designer wraps them: words to the box's width, each paragraph on its own line. */
function wrappedLines(element: DesignTextElement): { lines: string[]; widest: number } {
  const font = fontOf(element.fontFamily, element.bold);
  const sizeMm = element.fontSizePt * MM_PER_PT;
  const widthOf = (text: string) => (font.layout(text).advanceWidth / font.unitsPerEm) * sizeMm + (element.letterSpacing / 1000) * sizeMm * Math.max(0, [...text].length - 1);
  const lines: string[] = [];
  let widest = 0;
  for (const paragraph of element.text.split("\n")) {
    let current = "";
    for (const word of paragraph.split(" ")) {
      const candidate = current === "" ? word : `${current} ${word}`;
      if (current !== "" && widthOf(candidate) > element.width) {
        lines.push(current);
        current = word;
      } else current = candidate;
    }
    lines.push(current);
  }
  for (const line of lines) widest = Math.max(widest, widthOf(line));
  return { lines, widest };
}

function colorsOf(element: DesignElement): CmykColor[] {
  switch (element.kind) {
    case "text":
    case "line":
    case "qr":
      return [element.color];
    case "rect":
      return [element.fill, element.stroke].filter((c): c is CmykColor => c !== null);
    case "image":
      return [];
  }
}
const tac = (c: CmykColor) => c.c + c.m + c.y + c.k;

describe("the layout designer's templates", () => {
  it("are files named by their unique ids, valid by the contract", () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
    expect(files).toEqual(templates.map((t) => `${t.id}.json`));
    expect(new Set(templates.map((t) => t.id)).size).toBe(templates.length);
    expect(new Set(templates.map((t) => `${t.kind}/${t.name}`)).size).toBe(templates.length);
  });

  it("cover issue 32: eight two-sided cards of 90×50 and 85×55, flyers of A5 and A4, a sticker", () => {
    const cards = templates.filter((t) => t.kind === "business-card");
    expect(cards.length).toBeGreaterThanOrEqual(8);
    for (const card of cards) {
      expect([[90, 50], [85, 55]]).toContainEqual(card.document.trimMm);
      expect(card.document.sides, card.id).toHaveLength(2);
      expect(card.document.bleedMm, card.id).toBe(2);
      expect(card.document.safeMm, card.id).toBeGreaterThanOrEqual(3);
      expect(card.document.safeMm, card.id).toBeLessThanOrEqual(4);
    }
    expect(cards.filter((t) => t.document.trimMm[0] === 90).length).toBeGreaterThanOrEqual(3);
    expect(cards.filter((t) => t.document.trimMm[0] === 85).length).toBeGreaterThanOrEqual(3);
    const flyers = templates.filter((t) => t.kind === "flyer");
    expect(flyers.length).toBeGreaterThanOrEqual(3);
    expect(flyers.map((t) => t.document.trimMm)).toContainEqual([148, 210]);
    expect(flyers.map((t) => t.document.trimMm)).toContainEqual([210, 297]);
    expect(flyers.some((t) => t.document.sides.some((s) => s.elements.some((e) => e.kind === "image" && e.slot === "photo")))).toBe(true);
    expect(templates.filter((t) => t.kind === "sticker").length).toBeGreaterThanOrEqual(1);
  });

  it.each(templates.map((t) => [t.id, t] as const))("%s: named fields once each, a logo slot, unique layer ids", (_id, template) => {
    const elements = template.document.sides.flatMap((s) => s.elements);
    for (const side of template.document.sides) expect(new Set(side.elements.map((e) => e.id)).size).toBe(side.elements.length);
    const fields = elements.flatMap((e) => (e.kind === "text" && e.field !== null ? [e.field] : []));
    expect(new Set(fields).size).toBe(fields.length);
    if (template.kind === "business-card") expect([...fields].sort()).toEqual([...DESIGN_FIELD_NAMES].sort());
    else expect(fields.length).toBeGreaterThanOrEqual(2);
    expect(elements.some((e) => e.kind === "image" && e.slot === "logo")).toBe(true);
    // A template's slots are empty: the customer's pictures fill them.
    for (const e of elements) if (e.kind === "image") expect(e.source).toBeNull();
  });

  it.each(templates.map((t) => [t.id, t] as const))("%s: printable — ink, safe zone, bleed", (_id, template) => {
    const { trimMm: [width, height], bleedMm, safeMm } = template.document;
    for (const [index, side] of template.document.sides.entries()) {
      const where = (e: DesignElement) => `${template.id}, side ${index + 1}, ${e.id}`;
      // A background (null: the paper's own white) fills the whole bleed box on export.
      if (side.background) expect(tac(side.background)).toBeLessThanOrEqual(MAX_TAC_PCT);
      for (const element of side.elements) {
        for (const color of colorsOf(element)) expect(tac(color), where(element)).toBeLessThanOrEqual(MAX_TAC_PCT);
        if (element.kind === "text") {
          const { lines, widest } = wrappedLines(element);
          const font = fontOf(element.fontFamily, element.bold);
          for (const char of element.text.replaceAll("\n", "")) expect(font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0), `${where(element)}: «${char}»`).toBe(true);
          const boxHeight = lines.length * element.fontSizePt * MM_PER_PT * element.lineHeight;
          expect(widest, `${where(element)}: a word wider than its box`).toBeLessThanOrEqual(element.width);
          expect(element.x, where(element)).toBeGreaterThanOrEqual(safeMm);
          expect(element.y, where(element)).toBeGreaterThanOrEqual(safeMm);
          expect(element.x + element.width, where(element)).toBeLessThanOrEqual(width - safeMm);
          expect(element.y + boxHeight, `${where(element)}: ${lines.length} line(s)`).toBeLessThanOrEqual(height - safeMm);
        }
        if (element.kind === "qr") {
          expect(element.x, where(element)).toBeGreaterThanOrEqual(safeMm);
          expect(element.y, where(element)).toBeGreaterThanOrEqual(safeMm);
          expect(element.x + element.size, where(element)).toBeLessThanOrEqual(width - safeMm);
          expect(element.y + element.size, where(element)).toBeLessThanOrEqual(height - safeMm);
        }
        if ((element.kind === "rect" && element.fill !== null) || (element.kind === "image" && element.slot === "photo")) {
          // A filled shape or a photo past a trim edge goes on to the bleed's edge (no white hairline
          // when cut); a rectangle that ends exactly on the edge is carried into the bleed by the export.
          const edgeOk = element.kind === "rect" ? 0 : -bleedMm;
          if (element.x < edgeOk || (element.kind === "image" && element.x <= 0)) expect(element.x, where(element)).toBeLessThanOrEqual(-bleedMm);
          if (element.y < edgeOk || (element.kind === "image" && element.y <= 0)) expect(element.y, where(element)).toBeLessThanOrEqual(-bleedMm);
          const right = element.x + element.width;
          const bottom = element.y + element.height;
          if (right > width - edgeOk || (element.kind === "image" && right >= width)) expect(right, where(element)).toBeGreaterThanOrEqual(width + bleedMm);
          if (bottom > height - edgeOk || (element.kind === "image" && bottom >= height)) expect(bottom, where(element)).toBeGreaterThanOrEqual(height + bleedMm);
        }
      }
    }
  });
});
