import fontkit from "@pdf-lib/fontkit";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { PDFDocument, rgb } from "pdf-lib";
import type { PDFFont, PDFPage } from "pdf-lib";
import type { DemoDocument } from "./demo-data";

/*
 * The demo website's documents drawn as real PDFs with pdf-lib, in DejaVu Sans so Cyrillic shows in
 * any viewer. Their texts are data (data/demo-site.json, read by demo-data.ts).
 */

const requireFromHere = createRequire(import.meta.url);

/** Words laid into lines no wider than `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A small A4 PDF with a heading and paragraphs, in DejaVu Sans so Russian text shows in any viewer. */
export async function renderDocument(document: DemoDocument, fonts: { regular: Uint8Array; bold: Uint8Array }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(document.title);
  pdf.setAuthor("ООО «Оттиск»");
  pdf.setLanguage("ru-RU");
  const regular = await pdf.embedFont(fonts.regular, { subset: true });
  const bold = await pdf.embedFont(fonts.bold, { subset: true });
  const [pageWidth, pageHeight] = [595.28, 841.89];
  const margin = 56;
  const width = pageWidth - margin * 2;
  const ink = rgb(0.11, 0.14, 0.2);

  let page: PDFPage = pdf.addPage([pageWidth, pageHeight]);
  let y = pageHeight - margin;
  const write = (text: string, font: PDFFont, size: number, gapAfter: number) => {
    for (const line of wrap(text, font, size, width)) {
      if (y < margin + size) {
        page = pdf.addPage([pageWidth, pageHeight]);
        y = pageHeight - margin;
      }
      y -= size * 1.35;
      page.drawText(line, { x: margin, y, size, font, color: ink });
    }
    y -= gapAfter;
  };
  write("Типография «Оттиск», Краснодар", regular, 10, 10);
  write(document.title, bold, 18, 14);
  for (const paragraph of document.paragraphs) write(paragraph, regular, 11, 8);
  return pdf.save();
}

/** The fonts renderDocument draws with. */
export async function loadDocumentFonts(): Promise<{ regular: Uint8Array; bold: Uint8Array }> {
  const [regular, bold] = await Promise.all([
    readFile(requireFromHere.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
    readFile(requireFromHere.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
  ]);
  return { regular: new Uint8Array(regular), bold: new Uint8Array(bold) };
}
