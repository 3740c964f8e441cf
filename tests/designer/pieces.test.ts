import { readFileSync } from "node:fs";
import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import type { DesignDocument, DesignImageElement, DesignTextElement } from "../../shared/contracts/index";
import {
  DESIGN_PALETTE,
  PT_PER_MM,
  RICH_BLACK,
  breakLines,
  coloursOverInkLimit,
  createTextMeasure,
  designProblems,
  effectivePpi,
  exportPixelSize,
  layoutText,
  limitInk,
  loadDesignFont,
  printImage,
  qrContentText,
  qrMatrix,
  qrRectangles,
  rgbToCmyk,
  totalInk,
} from "../../widgets/designer/pdf/index";
import { fontFile, profileFor } from "./support";

/* The export's pieces, each on its own: line breaking, colours and ink, pictures, QR text, problems. */

const ptSans = loadDesignFont(new Uint8Array(readFileSync(fontFile("PT Sans", false))));

const text = (over: Partial<DesignTextElement>): DesignTextElement => ({
  id: "t",
  name: "Имя",
  locked: false,
  kind: "text",
  x: 10,
  y: 10,
  width: 40,
  field: "name",
  text: "Иван Петров",
  fontFamily: "PT Sans",
  bold: false,
  fontSizePt: 10,
  color: { c: 0, m: 0, y: 0, k: 100 },
  align: "left",
  letterSpacing: 0,
  lineHeight: 1.2,
  ...over,
});

const image = (over: Partial<DesignImageElement>): DesignImageElement => ({
  id: "photo",
  name: "Фото",
  locked: false,
  kind: "image",
  x: 10,
  y: 10,
  width: 20,
  height: 10,
  slot: "photo",
  source: { id: "0000aaaa-0000-4000-8000-000000000001", widthPx: 236, heightPx: 118 },
  crop: { x: 0, y: 0, width: 1, height: 1 },
  ...over,
});

const card = (elements: DesignDocument["sides"][number]["elements"], background: DesignDocument["sides"][number]["background"] = null): DesignDocument => ({
  version: 1,
  trimMm: [90, 50],
  bleedMm: 2,
  safeMm: 3,
  sides: [{ background, elements }],
});

describe("breakLines", () => {
  const chars = (line: string) => [...line].length;
  it("fills lines word by word and keeps the text's own line breaks", () => {
    expect(breakLines("aa bb cc", 5, chars)).toEqual(["aa bb", "cc"]);
    expect(breakLines("aa\nbb cc\n\ndd", 10, chars)).toEqual(["aa", "bb cc", "", "dd"]);
    expect(breakLines("  aa   bb  ", 10, chars)).toEqual(["aa bb"]);
  });
  it("breaks a word wider than the box between letters, by code points", () => {
    expect(breakLines("ёёёёёёё x", 3, chars)).toEqual(["ёёё", "ёёё", "ё x"]);
  });
  it("gives the same lines as the text's layout with the font's measure", () => {
    const element = text({ text: "Константинопольский-Щербатов Александр «Ёжиков» 1234567", width: 30, letterSpacing: 80 });
    const measure = createTextMeasure(ptSans, element.fontSizePt, element.letterSpacing);
    const layout = layoutText(element, ptSans);
    expect(layout.lines.map((line) => line.text)).toEqual(breakLines(element.text, element.width + 1e-6, measure));
    expect(layout.lines.length).toBeGreaterThan(1);
    for (const line of layout.lines) expect(line.widthMm).toBeLessThanOrEqual(element.width + 1e-6);
  });
});

describe("layoutText", () => {
  it("aligns left, centre and right inside the box", () => {
    const left = layoutText(text({ align: "left" }), ptSans).lines[0];
    const center = layoutText(text({ align: "center" }), ptSans).lines[0];
    const right = layoutText(text({ align: "right" }), ptSans).lines[0];
    if (!left || !center || !right) throw new Error("no line");
    expect(left.xMm).toBe(10);
    expect(center.xMm + center.widthMm / 2).toBeCloseTo(30, 9);
    expect(right.xMm + right.widthMm).toBeCloseTo(50, 9);
  });
  it("spaces letters by thousandths of an em and lines by the line height", () => {
    const plain = layoutText(text({ text: "АБВ" }), ptSans).lines[0]?.widthMm ?? 0;
    const spaced = layoutText(text({ text: "АБВ", letterSpacing: 100 }), ptSans).lines[0]?.widthMm ?? 0;
    // Two gaps of 0.1 em at 10 pt.
    expect(spaced - plain).toBeCloseTo((2 * 0.1 * 10) / PT_PER_MM, 9);
    const two = layoutText(text({ text: "а\nб", lineHeight: 1.5 }), ptSans);
    expect((two.lines[1]?.baselineMm ?? 0) - (two.lines[0]?.baselineMm ?? 0)).toBeCloseTo((1.5 * 10) / PT_PER_MM, 9);
    expect(two.heightMm).toBeCloseTo((2 * 1.5 * 10) / PT_PER_MM, 9);
  });
  it("places a glyph outline for every visible letter, with quadratic curves from the TrueType font", () => {
    const layout = layoutText(text({ text: "Ёж" }), ptSans);
    expect(layout.glyphs.length).toBe(2);
    for (const glyph of layout.glyphs) expect(glyph.outline.length).toBeGreaterThan(4);
    expect(layout.glyphs.some((glyph) => glyph.outline.some((c) => c.command === "quadraticCurveTo"))).toBe(true);
  });
});

describe("colours and the ink limit", () => {
  it("keeps black and scales C, M and Y down to the limit", () => {
    const limited = limitInk({ c: 100, m: 100, y: 100, k: 100 }, 300);
    expect(limited.k).toBe(100);
    expect(limited.c).toBe(66.66);
    expect(totalInk(limited)).toBeLessThanOrEqual(300);
    expect(totalInk(limited)).toBeGreaterThan(299.9);
    expect(limitInk({ c: 10, m: 20, y: 30, k: 40 }, 300)).toEqual({ c: 10, m: 20, y: 30, k: 40 });
    expect(limitInk({ c: 50, m: 0, y: 0, k: 100 }, 100)).toEqual({ c: 0, m: 0, y: 0, k: 100 });
  });
  it("offers rich black within 300 % and a palette within it", () => {
    expect(totalInk(RICH_BLACK)).toBe(240);
    for (const { color } of DESIGN_PALETTE) expect(totalInk(color)).toBeLessThanOrEqual(300);
    expect(DESIGN_PALETTE.some(({ color }) => color === RICH_BLACK)).toBe(true);
  });
  it("names every colour of a document over the limit", () => {
    const over = coloursOverInkLimit(
      card(
        [
          { id: "r", name: "Прямоугольник", locked: false, kind: "rect", x: 0, y: 0, width: 10, height: 10, fill: { c: 100, m: 100, y: 100, k: 0 }, stroke: { c: 100, m: 100, y: 100, k: 100 }, strokeWidthMm: 0.5, radiusMm: 0 },
          text({ color: { c: 0, m: 0, y: 0, k: 100 } }),
        ],
        { c: 90, m: 90, y: 90, k: 90 },
      ),
      280,
    );
    expect(over.map((o) => [o.elementId, o.property, o.totalPct])).toEqual([
      [null, "background", 360],
      ["r", "fill", 300],
      ["r", "stroke", 400],
    ]);
    for (const o of over) expect(totalInk(o.limited)).toBeLessThanOrEqual(280);
  });
  it("converts RGB with full black generation, as the engine does", () => {
    expect(rgbToCmyk(255, 255, 255)).toEqual([0, 0, 0, 0]);
    expect(rgbToCmyk(0, 0, 0)).toEqual([0, 0, 0, 1]);
    expect(rgbToCmyk(255, 0, 0)).toEqual([0, 1, 1, 0]);
    const [c, m, y, k] = rgbToCmyk(128, 64, 0);
    expect(k).toBeCloseTo(1 - 128 / 255, 9);
    expect(c).toBeCloseTo(0, 9);
    expect(m).toBeCloseTo(0.5, 9);
    expect(y).toBeCloseTo(1, 9);
  });
});

describe("pictures", () => {
  const solid = (width: number, height: number, rgba: [number, number, number, number]) => ({
    widthPx: width,
    heightPx: height,
    rgba: new Uint8Array(width * height * 4).map((_, i) => rgba[i % 4] ?? 0),
  });
  it("measures the effective ppi of the crop in its frame, the lower axis", () => {
    expect(effectivePpi(image({}))).toBeCloseTo(299.72, 2);
    expect(effectivePpi(image({ crop: { x: 0.5, y: 0, width: 0.5, height: 1 } }))).toBeCloseTo(149.86, 2);
    expect(effectivePpi(image({ source: null }))).toBeNull();
  });
  it("resamples down to 450 ppi at most and never up", () => {
    expect(exportPixelSize(1000, 100, 25.4, 25.4)).toEqual([450, 100]);
    expect(exportPixelSize(200, 200, 25.4, 25.4)).toEqual([200, 200]);
    const picture = printImage(image({ width: 25.4, height: 25.4 }), solid(900, 900, [255, 0, 0, 255]), null, 300);
    expect([picture.widthPx, picture.heightPx]).toEqual([450, 450]);
    expect(Array.from(picture.cmyk.subarray(0, 4))).toEqual([0, 255, 255, 0]);
  });
  it("averages pixels when it resamples (a fine checkerboard turns grey)", () => {
    const board = { widthPx: 4, heightPx: 4, rgba: new Uint8Array(64) };
    for (let p = 0; p < 16; p++) board.rgba.set((p + Math.floor(p / 4)) % 2 === 0 ? [0, 0, 0, 255] : [255, 255, 255, 255], p * 4);
    // A 4 px picture in a frame of 2.5 px at 450 ppi: stored as 2 px.
    const picture = printImage(image({ width: (2.5 / 450) * 25.4, height: (2.5 / 450) * 25.4 }), board, null, 300);
    expect(picture.widthPx).toBe(2);
    for (let p = 0; p < 4; p++) expect(picture.cmyk[p * 4 + 3]).toBe(128);
  });
  it("keeps every pixel within the ink limit", () => {
    const dark = printImage(image({}), solid(50, 25, [10, 0, 40, 255]), null, 200);
    for (let p = 0; p < 50 * 25; p++) {
      const sum = (dark.cmyk[p * 4] ?? 0) + (dark.cmyk[p * 4 + 1] ?? 0) + (dark.cmyk[p * 4 + 2] ?? 0) + (dark.cmyk[p * 4 + 3] ?? 0);
      expect(sum).toBeLessThanOrEqual(Math.floor(200 * 2.55));
    }
    const [c, m, y, k] = rgbToCmyk(10, 0, 40);
    expect((c + m + y + k) * 100).toBeGreaterThan(200);
  });
  it("flattens transparency: clear pixels masked out and mixed with the background", () => {
    const clear = printImage(image({}), solid(8, 4, [255, 0, 0, 0]), { c: 100, m: 0, y: 0, k: 0 }, 300);
    expect(Array.from(clear.cmyk.subarray(0, 4))).toEqual([255, 0, 0, 0]);
    expect(Array.from(clear.mask ?? [])).toEqual([0xff, 0xff, 0xff, 0xff]);
    const opaque = printImage(image({}), solid(8, 4, [255, 0, 0, 255]), null, 300);
    expect(opaque.mask).toBeNull();
  });
});

describe("QR codes", () => {
  it("says a link, a phone and a vCard 3.0", () => {
    expect(qrContentText({ type: "url", url: "ottisk.ru" })).toBe("https://ottisk.ru");
    expect(qrContentText({ type: "url", url: "http://a.ru/x" })).toBe("http://a.ru/x");
    expect(qrContentText({ type: "phone", phone: "+7 (495) 123-45-67" })).toBe("tel:+74951234567");
    expect(qrContentText({ type: "vcard", name: "Иван Петров", company: "ООО «Рога; копыта»", position: "", phone: "+7 495 1", email: "a@b.ru", site: "ottisk.ru", address: "Москва, Лесная, 5" }).split("\r\n")).toEqual([
      "BEGIN:VCARD",
      "VERSION:3.0",
      "N:Петров;Иван;;;",
      "FN:Иван Петров",
      "ORG:ООО «Рога\\; копыта»",
      "TEL;TYPE=WORK,VOICE:+7 495 1",
      "EMAIL;TYPE=INTERNET:a@b.ru",
      "URL:https://ottisk.ru",
      "ADR;TYPE=WORK:;;Москва\\, Лесная\\, 5;;;;",
      "END:VCARD",
    ]);
  });
  it("merges the dark modules into rectangles that cover exactly them, and a reader decodes the matrix", () => {
    const content = { type: "vcard", name: "Фёдор Ёлкин", company: "", position: "", phone: "+7 900 000-00-00", email: "", site: "", address: "" } as const;
    const matrix = qrMatrix(content);
    const covered = new Uint8Array(matrix.size * matrix.size);
    for (const [col, row, w, h] of qrRectangles(matrix)) for (let r = row; r < row + h; r++) for (let c = col; c < col + w; c++) covered[r * matrix.size + c] = (covered[r * matrix.size + c] ?? 0) + 1;
    expect(Array.from(covered)).toEqual(Array.from(matrix.modules));
    // Drawn at 4 px a module with a 4-module quiet zone, as a reader sees it.
    const scale = 4;
    const side = (matrix.size + 8) * scale;
    const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
    for (let r = 0; r < matrix.size; r++) {
      for (let c = 0; c < matrix.size; c++) {
        if (matrix.modules[r * matrix.size + c] !== 1) continue;
        for (let y = 0; y < scale; y++) for (let x = 0; x < scale; x++) pixels.fill(0, (((r + 4) * scale + y) * side + (c + 4) * scale + x) * 4, (((r + 4) * scale + y) * side + (c + 4) * scale + x) * 4 + 3);
      }
    }
    const found = jsQR(pixels, side, side);
    expect(found === null ? null : new TextDecoder().decode(new Uint8Array(found.binaryData))).toBe(qrContentText(content));
  });
});

describe("designProblems", () => {
  const profile = profileFor(card([]));
  it("says a picture under 300 ppi and offers the largest frame that reaches it", () => {
    const low = image({ name: "Фото", source: { id: "0000aaaa-0000-4000-8000-000000000001", widthPx: 112, heightPx: 56 } });
    const problems = designProblems(card([low]), profile);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toMatch(/^Фото: 142 ppi, нужно не меньше 300 ppi/);
    expect(problems[0]).toMatchObject({ code: "image-resolution", severity: "error", side: 0, elementId: "photo", fix: { type: "resize-image", width: 9.4, height: 4.7 } });
    const fixed = image({ ...low, width: 9.4, height: 4.7 });
    expect(designProblems(card([fixed]), profile)).toEqual([]);
  });
  it("says nothing of an empty slot", () => {
    expect(designProblems(card([image({ source: null })]), profile)).toEqual([]);
  });
  it("says a colour over the ink limit, with the colour within it", () => {
    const problems = designProblems(card([text({ color: { c: 100, m: 100, y: 100, k: 100 } })]), profile);
    expect(problems).toMatchObject([{ code: "ink-limit", severity: "error", elementId: "t", fix: { type: "limit-ink", property: "color", color: { c: 66.66, m: 66.66, y: 66.66, k: 100 } } }]);
    expect(problems[0]?.message).toContain("сумма красок 400 %");
  });
  it("warns of text outside the safe zone and offers a place inside it", () => {
    const problems = designProblems(card([text({ x: 1, y: 45 })]), profile);
    expect(problems).toMatchObject([{ code: "outside-safe-zone", severity: "warning", elementId: "t", fix: { type: "move-into-safe-zone", x: 3 } }]);
    const fix = problems[0]?.fix;
    if (fix?.type !== "move-into-safe-zone") throw new Error("no fix");
    expect(designProblems(card([text({ x: fix.x, y: fix.y })]), profile)).toEqual([]);
  });
  it("says a design of another size or number of sides than the product's", () => {
    expect(designProblems(card([]), { ...profile, trimMm: [85, 55] }).map((p) => p.code)).toEqual(["size"]);
    expect(designProblems(card([]), { ...profile, trimMm: [50, 90] })).toEqual([]);
    expect(designProblems(card([]), { ...profile, pages: 2 }).map((p) => p.code)).toEqual(["sides"]);
  });
});
