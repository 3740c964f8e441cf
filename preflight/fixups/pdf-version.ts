import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRef, PDFStream } from "pdf-lib";
import type { PDFDocument, PDFObject } from "pdf-lib";
import { getName, key, resolve, setPdfVersion } from "./pdf";

/*
 * «Сохранить как PDF 1.3» (1120): header %PDF-1.3, no /Version in the catalog, a classic
 * cross-reference table (object streams and cross-reference streams, PDF 1.5, are unpacked by
 * pdf-lib on reading and never written). Nothing else changes.
 *
 * Blocked when the file uses what PDF 1.3 cannot express and a rewrite cannot keep:
 *  - transparency: an ExtGState /CA or /ca below 1, an /SMask other than /None (ExtGState or
 *    image), a blend mode /BM other than Normal/Compatible, a /Group with /S /Transparency;
 *  - optional content (/OCProperties): «Свести слои» first;
 *  - JPEG 2000 (/JPXDecode, 1.5) and JBIG2 (/JBIG2Decode, 1.4) images, 16-bit images (1.5);
 *  - OpenType font programs (/FontFile3 /Subtype /OpenType, 1.6).
 * Encrypted files (RC4 128-bit is 1.4, AES 1.6 — and pdf-lib decrypts nothing) are refused as
 * ENCRYPTED by every fix-up. Things a 1.3 reader ignores without harm stay: XMP metadata, structure
 * trees, OutputIntents (PDF/X-1a:2001 is PDF 1.3 with an OutputIntent), TrimBox/BleedBox (1.3).
 * 16-bit inline images are not looked for (an inline image of 16 bits is not met in practice).
 */

const TRANSPARENCY = "В макете есть прозрачность — её нужно свести в программе вёрстки";
const LAYERS = "В макете есть слои — сначала примените «Свести слои»";
const JPX = "В макете есть изображения JPEG 2000 — сохраните их в другом формате";
const JBIG2 = "В макете есть изображения JBIG2 — сохраните их в другом формате";
const BITS16 = "В макете есть 16-битные изображения — переведите их в 8 бит в Photoshop";
const OPENTYPE = "В макете есть шрифты OpenType — переведите текст в кривые";

function filterNames(doc: PDFDocument, value: PDFObject | undefined): string[] {
  const v = resolve(doc.context, value);
  if (v instanceof PDFName) return [v.decodeText()];
  if (v instanceof PDFArray) return v.asArray().flatMap((item) => {
    const f = resolve(doc.context, item);
    return f instanceof PDFName ? [f.decodeText()] : [];
  });
  return [];
}

/** The Russian reasons this file cannot be written as PDF 1.3, in a stable order; empty when it can. */
export function versionBlockers(doc: PDFDocument): string[] {
  const context = doc.context;
  const found = new Set<string>();
  if (doc.catalog.has(key("OCProperties"))) found.add(LAYERS);

  const visitDict = (dict: PDFDict) => {
    const num = (name: string) => {
      const v = resolve(context, dict.get(key(name)));
      return v instanceof PDFNumber ? v.asNumber() : undefined;
    };
    const ca = num("CA");
    const caFill = num("ca");
    if ((ca !== undefined && ca < 1) || (caFill !== undefined && caFill < 1)) found.add(TRANSPARENCY);
    const smask = resolve(context, dict.get(key("SMask")));
    if (smask !== undefined && !(smask instanceof PDFName && smask.decodeText() === "None")) found.add(TRANSPARENCY);
    const bm = resolve(context, dict.get(key("BM")));
    const modes = bm instanceof PDFArray ? bm.asArray().map((m) => resolve(context, m)) : bm === undefined ? [] : [bm];
    if (modes.some((m) => !(m instanceof PDFName) || !["Normal", "Compatible"].includes(m.decodeText()))) found.add(TRANSPARENCY);
    if (getName(context, dict, "S") === "Transparency") found.add(TRANSPARENCY);
    const filters = filterNames(doc, dict.get(key("Filter")));
    if (filters.includes("JPXDecode")) found.add(JPX);
    if (filters.includes("JBIG2Decode")) found.add(JBIG2);
    if (getName(context, dict, "Subtype") === "Image" && num("BitsPerComponent") === 16) found.add(BITS16);
    if (getName(context, dict, "Subtype") === "OpenType") found.add(OPENTYPE);
  };

  const seen = new Set<PDFObject>();
  const stack: PDFObject[] = context.enumerateIndirectObjects().map(([, object]) => object);
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === undefined || item instanceof PDFRef || seen.has(item)) continue;
    seen.add(item);
    if (item instanceof PDFStream) {
      visitDict(item.dict);
      stack.push(item.dict);
    } else if (item instanceof PDFDict) {
      visitDict(item);
      for (const [, value] of item.entries()) stack.push(value);
    } else if (item instanceof PDFArray) {
      for (const value of item.asArray()) stack.push(value);
    }
  }
  return [LAYERS, TRANSPARENCY, JPX, JBIG2, BITS16, OPENTYPE].filter((reason) => found.has(reason));
}

export function writeAsPdf13(doc: PDFDocument): void {
  setPdfVersion(doc, [1, 3]);
  doc.catalog.delete(key("Version"));
}
