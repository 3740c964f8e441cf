import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from "pdf-lib";
import type { PDFObject } from "pdf-lib";

/*
 * The text of a PDF the shop wrote with pdf-lib, for tests: each page's content stream is
 * inflated, every shown string (`<hex> Tj`) is mapped back to Unicode through its font's ToUnicode
 * CMap, and the strings come out in drawing order, one per line. Enough for text drawn with
 * embedded fonts (Identity-H, two-byte glyph ids), which is all the shop's PDFs use.
 */

function streamText(document: PDFDocument, object: PDFObject | undefined): string {
  const resolved = object instanceof PDFRef ? document.context.lookup(object) : object;
  if (resolved instanceof PDFRawStream) return new TextDecoder("latin1").decode(decodePDFRawStream(resolved).decode());
  if (resolved instanceof PDFArray) return resolved.asArray().map((item) => streamText(document, item)).join("\n");
  return "";
}

/** Glyph id (4 hex digits) → text, from a ToUnicode CMap's bfchar entries. */
function parseToUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const entry of (block[1] ?? "").matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const units = (entry[2] ?? "").match(/.{4}/g) ?? [];
      map.set((entry[1] ?? "").toLowerCase(), String.fromCharCode(...units.map((unit) => parseInt(unit, 16))));
    }
  }
  return map;
}

function fontMaps(document: PDFDocument, resources: PDFDict | undefined): Map<string, Map<string, string>> {
  const maps = new Map<string, Map<string, string>>();
  const fonts = resources?.lookupMaybe(PDFName.of("Font"), PDFDict);
  if (!fonts) return maps;
  for (const [name, ref] of fonts.entries()) {
    const font = document.context.lookup(ref, PDFDict);
    maps.set(name.asString(), parseToUnicode(streamText(document, font.get(PDFName.of("ToUnicode")))));
  }
  return maps;
}

/** Each page's shown strings, in drawing order. */
export async function pdfTextLines(bytes: Uint8Array): Promise<string[][]> {
  const document = await PDFDocument.load(bytes);
  return document.getPages().map((page) => {
    const maps = fontMaps(document, page.node.Resources());
    const content = streamText(document, page.node.get(PDFName.of("Contents")));
    const lines: string[] = [];
    let current = new Map<string, string>();
    for (const token of content.matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (token[1] !== undefined) {
        current = maps.get(token[1]) ?? new Map();
      } else {
        const glyphs = (token[2] ?? "").toLowerCase().match(/.{4}/g) ?? [];
        lines.push(glyphs.map((glyph) => current.get(glyph) ?? "\uFFFD").join(""));
      }
    }
    return lines;
  });
}
