import fontkit from "@pdf-lib/fontkit";
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString } from "pdf-lib";
import type { PDFFont } from "pdf-lib";

/*
 * pdf.js writes a free-text note's appearance with Helvetica in WinAnsi; a note with a character
 * WinAnsi lacks (any Cyrillic) gets no appearance at all, only `/DA (/Helv … Tf)`. pdf.js itself draws
 * such a note with a fallback font, but other readers do not: Ghostscript makes up an appearance with
 * Helvetica («145;09B5…»), poppler shows nothing. After pdf.js's saveDocument this gives every
 * FreeText annotation without an appearance one of its own, laid out as pdf.js lays out its Helvetica
 * appearance, in DejaVu Sans embedded as a subset (with a ToUnicode map, so the text stays
 * extractable and pdf.js can edit the note again). Notes that have an appearance are left alone.
 */

/** pdf.js's line height and descent, as fractions of the font size (its FreeText appearance). */
const LINE_FACTOR = 1.35;
const LINE_DESCENT_FACTOR = 0.35;
const FONT_NAME = "DejaVuSans";

/** The DejaVu Sans bytes (a data URL in a chunk of its own, loaded only when a note needs it). */
async function dejaVuSans(): Promise<Uint8Array> {
  const { default: dataUrl } = await import("dejavu-fonts-ttf/ttf/DejaVuSans.ttf?inline");
  const base64 = dataUrl.slice(dataUrl.indexOf(",") + 1);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

const format = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(3).replace(/0+$/, "").replace(/\.$/, ""));

/** The fill colour of a `/DA` string (`0 g`, `r g b rg`, `c m y k k`) as PDF operators; black without one. */
function fillColor(da: string): string {
  const rgb = /(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+rg\b/.exec(da);
  if (rgb) return `${rgb[1]} ${rgb[2]} ${rgb[3]} rg`;
  const cmyk = /(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+k\b/.exec(da);
  if (cmyk) return `${cmyk[1]} ${cmyk[2]} ${cmyk[3]} ${cmyk[4]} k`;
  const gray = /(-?[\d.]+)\s+g\b/.exec(da);
  return gray ? `${gray[1]} g` : "0 g";
}

function textOf(value: unknown): string | null {
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null;
}

/** The notes that need an appearance: FreeText annotations with text and without `/AP /N`. */
function notesWithoutAppearance(document: PDFDocument): PDFDict[] {
  const notes: PDFDict[] = [];
  for (const page of document.getPages()) {
    const annots = page.node.lookupMaybe(PDFName.of("Annots"), PDFArray);
    if (!annots) continue;
    for (let index = 0; index < annots.size(); index++) {
      const annot = annots.lookupMaybe(index, PDFDict);
      if (!annot || annot.get(PDFName.of("Subtype")) !== PDFName.of("FreeText")) continue;
      if (annot.lookupMaybe(PDFName.of("AP"), PDFDict)?.get(PDFName.of("N"))) continue;
      if (textOf(annot.lookup(PDFName.of("Contents")))) notes.push(annot);
    }
  }
  return notes;
}

/** pdf.js's FreeText appearance (FreeTextAnnotation.createNewAppearanceStream), with the embedded font. */
function appearanceOf(annot: PDFDict, font: PDFFont): { content: string; rect: number[] } | null {
  const rect = annot.lookupMaybe(PDFName.of("Rect"), PDFArray)?.asRectangle();
  const text = textOf(annot.lookup(PDFName.of("Contents")));
  if (!rect || !text) return null;
  const [x1, y1, x2, y2] = [rect.x, rect.y, rect.x + rect.width, rect.y + rect.height];
  const da = textOf(annot.lookup(PDFName.of("DA"))) ?? "";
  const fontSize = Number(/(-?[\d.]+)\s+Tf\b/.exec(da)?.[1]) || 10;
  const rotation = (((annot.lookupMaybe(PDFName.of("Rotate"), PDFNumber)?.asNumber() ?? 0) % 360) + 360) % 360;
  let [w, h] = [x2 - x1, y2 - y1];
  if (rotation % 180 !== 0) [w, h] = [h, w];

  const lines = text.split(/\r\n?|\n/);
  const totalWidth = Math.max(...lines.map((line) => font.widthOfTextAtSize(line, fontSize)));
  const lineHeight = LINE_FACTOR * fontSize;
  const lineAscent = (LINE_FACTOR - LINE_DESCENT_FACTOR) * fontSize;
  const hscale = totalWidth > w ? w / totalWidth : 1;
  const vscale = lineHeight * lines.length > h ? h / (lineHeight * lines.length) : 1;
  const newFontSize = fontSize * Math.min(hscale, vscale);

  const layouts: Record<number, { matrix: number[]; clip: number[]; first: number[] }> = {
    0: { matrix: [1, 0, 0, 1], clip: [x1, y1, w, h], first: [x1, y2 - lineAscent] },
    90: { matrix: [0, 1, -1, 0], clip: [y1, -x2, w, h], first: [y1, -x1 - lineAscent] },
    180: { matrix: [-1, 0, 0, -1], clip: [-x2, -y2, w, h], first: [-x2, -y1 - lineAscent] },
    270: { matrix: [0, -1, 1, 0], clip: [-y2, x1, w, h], first: [-y2, x2 - lineAscent] },
  };
  const layout = layouts[rotation] ?? layouts[0]!;
  const encoded = lines.map((line) => font.encodeText(line).toString());
  const content = [
    "q",
    `${layout.matrix.map(format).join(" ")} 0 0 cm`,
    `${layout.clip.map(format).join(" ")} re W n`,
    "BT",
    fillColor(da),
    `0 Tc /${FONT_NAME} ${format(newFontSize)} Tf`,
    `${layout.first.map(format).join(" ")} Td ${encoded[0] ?? "<>"} Tj`,
    ...encoded.slice(1).map((line) => `0 -${format(lineHeight)} Td ${line} Tj`),
    "ET",
    "Q",
  ].join("\n");
  return { content, rect: [x1, y1, x2, y2] };
}

/**
 * Gives the free-text notes pdf.js saved without an appearance (non-WinAnsi text) an appearance in
 * embedded DejaVu Sans. Returns the bytes unchanged when no note needs one.
 */
export async function embedFreeTextFont(bytes: Uint8Array): Promise<Uint8Array> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  const notes = notesWithoutAppearance(document);
  if (notes.length === 0) return bytes;
  document.registerFontkit(fontkit);
  const font = await document.embedFont(await dejaVuSans(), { subset: true });
  const appearances = notes.map((annot) => ({ annot, appearance: appearanceOf(annot, font) }));
  // A subset font is written when the document is saved: every text must be encoded before that.
  for (const { annot, appearance } of appearances) {
    if (!appearance) continue;
    const [x1 = 0, y1 = 0] = appearance.rect;
    const stream = document.context.stream(appearance.content, {
      Type: "XObject",
      Subtype: "Form",
      FormType: 1,
      BBox: appearance.rect,
      Matrix: [1, 0, 0, 1, -x1, -y1],
      Resources: { Font: { [FONT_NAME]: font.ref } },
    });
    annot.set(PDFName.of("AP"), document.context.obj({ N: document.context.register(stream) }));
  }
  return document.save({ useObjectStreams: false });
}
