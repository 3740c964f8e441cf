import { PDFDocument, PDFName, type PDFRef } from "pdf-lib";
import type { CmykColor, DesignDocument, DesignFontFamily, DesignImageSource, DesignSide } from "../../../shared/contracts/index";
import { limitInk } from "./colours";
import { printImage } from "./image";
import { qrMatrix, qrRectangles } from "./qr";
import { PT_PER_MM, layoutText, loadDesignFont, type DesignFont, type OutlineCommand } from "./text-layout";
import type { DecodedImage, DesignAssets, ExportOptions } from "./types";

/*
 * The print-ready PDF of a design (issue 32), written with pdf-lib's low-level objects so that
 * nothing newer than PDF 1.3 gets in: a %PDF-1.3 header, a classic cross-reference table (no object
 * streams), no transparency (no soft masks, no blend modes, no /CA), no optional content, no ICC
 * and no OutputIntent. One page per side; MediaBox = BleedBox = trim + bleed on each side, TrimBox =
 * trim. Every colour is DeviceCMYK (`k`/`K` operators and CMYK images) and within the ink limit.
 * Text is drawn as its glyphs' outlines (fontkit), so the file holds no font. Content streams and
 * images are Flate-compressed (lossless).
 */

/** A touch within this distance of a trim edge counts as touching it (mm). */
const EDGE_MM = 0.01;
/** Bézier handle length of a quarter circle. */
const KAPPA = 0.5522847498;

function num(value: number): string {
  const text = value.toFixed(3);
  const trimmed = text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
  return trimmed === "-0" ? "0" : trimmed;
}

function ink(color: CmykColor, maxTacPct: number): string {
  const c = limitInk(color, maxTacPct);
  return `${num(c.c / 100)} ${num(c.m / 100)} ${num(c.y / 100)} ${num(c.k / 100)}`;
}

/** Trim coordinates (mm, y down) → the page's points (y up), for one side. */
interface PageSpace {
  x(mm: number): number;
  y(mm: number): number;
  trimW: number;
  trimH: number;
  bleed: number;
}

function pageSpace(document: DesignDocument): PageSpace {
  const [trimW, trimH] = document.trimMm;
  const bleed = document.bleedMm;
  return { x: (mm) => (mm + bleed) * PT_PER_MM, y: (mm) => (trimH + bleed - mm) * PT_PER_MM, trimW, trimH, bleed };
}

/** A rectangle path with rounded corners in points (x0 < x1, y0 < y1). */
function roundedRectPath(x0: number, y0: number, x1: number, y1: number, radius: number): string {
  const r = Math.min(radius, (x1 - x0) / 2, (y1 - y0) / 2);
  if (r <= 0) return `${num(x0)} ${num(y0)} ${num(x1 - x0)} ${num(y1 - y0)} re\n`;
  const h = r * KAPPA;
  return [
    `${num(x0 + r)} ${num(y0)} m`,
    `${num(x1 - r)} ${num(y0)} l`,
    `${num(x1 - r + h)} ${num(y0)} ${num(x1)} ${num(y0 + r - h)} ${num(x1)} ${num(y0 + r)} c`,
    `${num(x1)} ${num(y1 - r)} l`,
    `${num(x1)} ${num(y1 - r + h)} ${num(x1 - r + h)} ${num(y1)} ${num(x1 - r)} ${num(y1)} c`,
    `${num(x0 + r)} ${num(y1)} l`,
    `${num(x0 + r - h)} ${num(y1)} ${num(x0)} ${num(y1 - r + h)} ${num(x0)} ${num(y1 - r)} c`,
    `${num(x0)} ${num(y0 + r)} l`,
    `${num(x0)} ${num(y0 + r - h)} ${num(x0 + r - h)} ${num(y0)} ${num(x0 + r)} ${num(y0)} c`,
    "h\n",
  ].join("\n");
}

/** A glyph's outline as PDF path operators; quadratic curves raised to cubic. `at(x, y)` maps font units to points. */
function outlinePath(commands: OutlineCommand[], at: (x: number, y: number) => [number, number]): string {
  let out = "";
  let cx = 0, cy = 0, sx = 0, sy = 0;
  for (const { command, args } of commands) {
    const a = (i: number) => args[i] ?? 0;
    if (command === "moveTo") {
      const [x, y] = at(a(0), a(1));
      out += `${num(x)} ${num(y)} m\n`;
      cx = sx = a(0);
      cy = sy = a(1);
    } else if (command === "lineTo") {
      const [x, y] = at(a(0), a(1));
      out += `${num(x)} ${num(y)} l\n`;
      cx = a(0);
      cy = a(1);
    } else if (command === "quadraticCurveTo") {
      const [qx, qy, ex, ey] = [a(0), a(1), a(2), a(3)];
      const [x1, y1] = at(cx + (2 / 3) * (qx - cx), cy + (2 / 3) * (qy - cy));
      const [x2, y2] = at(ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey));
      const [x3, y3] = at(ex, ey);
      out += `${num(x1)} ${num(y1)} ${num(x2)} ${num(y2)} ${num(x3)} ${num(y3)} c\n`;
      cx = ex;
      cy = ey;
    } else if (command === "bezierCurveTo") {
      const [x1, y1] = at(a(0), a(1));
      const [x2, y2] = at(a(2), a(3));
      const [x3, y3] = at(a(4), a(5));
      out += `${num(x1)} ${num(y1)} ${num(x2)} ${num(y2)} ${num(x3)} ${num(y3)} c\n`;
      cx = a(4);
      cy = a(5);
    } else {
      out += "h\n";
      cx = sx;
      cy = sy;
    }
  }
  return out;
}

/**
 * Flate (zlib) compression by the platform's own CompressionStream (native zlib in browsers and
 * Node: 3–10 × faster than pdf-lib's pako on a photo); pako where a platform has none.
 */
async function flateStream(pdf: PDFDocument, bytes: Uint8Array, dict: Parameters<PDFDocument["context"]["stream"]>[1] = {}): Promise<PDFRef> {
  if (typeof CompressionStream !== "function") return pdf.context.register(pdf.context.flateStream(bytes, dict));
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("deflate"));
  const compressed = new Uint8Array(await new Response(stream).arrayBuffer());
  return pdf.context.register(pdf.context.stream(compressed, { ...dict, Filter: "FlateDecode" }));
}

interface SideResources {
  fonts: Map<string, Promise<DesignFont>>;
  images: Map<string, Promise<DecodedImage>>;
  assets: DesignAssets;
}

function fontFor(resources: SideResources, family: DesignFontFamily, bold: boolean): Promise<DesignFont> {
  const key = `${family}/${bold ? 700 : 400}`;
  let font = resources.fonts.get(key);
  if (font === undefined) {
    font = resources.assets.font(family, bold).then(loadDesignFont);
    resources.fonts.set(key, font);
  }
  return font;
}

function imageFor(resources: SideResources, source: DesignImageSource): Promise<DecodedImage> {
  let image = resources.images.get(source.id);
  if (image === undefined) {
    image = resources.assets.image(source);
    resources.images.set(source.id, image);
  }
  return image;
}

/** The content stream of one side; images are added to the document and named in `xObjects`. */
async function sideContent(pdf: PDFDocument, document: DesignDocument, side: DesignSide, resources: SideResources, maxTacPct: number, xObjects: Map<string, PDFRef>): Promise<string> {
  const space = pageSpace(document);
  const { trimW, trimH, bleed } = space;
  const parts: string[] = [];
  if (side.background !== null) {
    const w = (trimW + 2 * bleed) * PT_PER_MM;
    const h = (trimH + 2 * bleed) * PT_PER_MM;
    parts.push(`${ink(side.background, maxTacPct)} k\n0 0 ${num(w)} ${num(h)} re\nf\n`);
  }
  for (const element of side.elements) {
    if (element.kind === "rect") {
      if (element.width <= 0 || element.height <= 0) continue;
      const stroked = element.stroke !== null && element.strokeWidthMm > 0;
      let left = element.x;
      let top = element.y;
      let right = element.x + element.width;
      let bottom = element.y + element.height;
      // A filled, unframed rectangle touching a trim edge runs on into the bleed.
      if (!stroked && element.fill !== null) {
        if (left <= EDGE_MM) left = Math.min(left, -bleed);
        if (top <= EDGE_MM) top = Math.min(top, -bleed);
        if (right >= trimW - EDGE_MM) right = Math.max(right, trimW + bleed);
        if (bottom >= trimH - EDGE_MM) bottom = Math.max(bottom, trimH + bleed);
      }
      if (element.fill === null && !stroked) continue;
      let ops = "";
      if (element.fill !== null) ops += `${ink(element.fill, maxTacPct)} k\n`;
      if (stroked && element.stroke !== null) ops += `${ink(element.stroke, maxTacPct)} K\n${num(element.strokeWidthMm * PT_PER_MM)} w\n`;
      ops += roundedRectPath(space.x(left), space.y(bottom), space.x(right), space.y(top), element.radiusMm * PT_PER_MM);
      ops += element.fill !== null && stroked ? "B\n" : element.fill !== null ? "f\n" : "S\n";
      parts.push(ops);
    } else if (element.kind === "line") {
      parts.push(`${ink(element.color, maxTacPct)} K\n${num(element.widthMm * PT_PER_MM)} w\n0 J\n${num(space.x(element.x1))} ${num(space.y(element.y1))} m\n${num(space.x(element.x2))} ${num(space.y(element.y2))} l\nS\n`);
    } else if (element.kind === "qr") {
      const matrix = qrMatrix(element.content);
      const moduleMm = element.size / matrix.size;
      let ops = `${ink(element.color, maxTacPct)} k\n`;
      for (const [col, row, w, h] of qrRectangles(matrix)) {
        const x = space.x(element.x + col * moduleMm);
        const y = space.y(element.y + (row + h) * moduleMm);
        ops += `${num(x)} ${num(y)} ${num(w * moduleMm * PT_PER_MM)} ${num(h * moduleMm * PT_PER_MM)} re\n`;
      }
      parts.push(`${ops}f\n`);
    } else if (element.kind === "text") {
      if (element.text.trim() === "") continue;
      const font = await fontFor(resources, element.fontFamily, element.bold);
      const layout = layoutText(element, font);
      const unitPt = layout.unitMm * PT_PER_MM;
      let ops = "";
      for (const glyph of layout.glyphs) {
        if (glyph.outline.length === 0) continue;
        const ox = space.x(glyph.xMm);
        const oy = space.y(glyph.baselineMm);
        ops += outlinePath(glyph.outline, (x, y) => [ox + x * unitPt, oy + y * unitPt]);
      }
      if (ops !== "") parts.push(`${ink(element.color, maxTacPct)} k\n${ops}f\n`);
    } else {
      if (element.source === null || element.width <= 0 || element.height <= 0) continue;
      const decoded = await imageFor(resources, element.source);
      const picture = printImage(element, decoded, side.background, maxTacPct);
      const maskRef =
        picture.mask === null ? undefined : await flateStream(pdf, picture.mask, { Type: "XObject", Subtype: "Image", Width: picture.widthPx, Height: picture.heightPx, ImageMask: true, BitsPerComponent: 1 });
      const imageRef = await flateStream(pdf, picture.cmyk, {
        Type: "XObject",
        Subtype: "Image",
        Width: picture.widthPx,
        Height: picture.heightPx,
        ColorSpace: "DeviceCMYK",
        BitsPerComponent: 8,
        ...(maskRef === undefined ? {} : { Mask: maskRef }),
      });
      const name = `Im${xObjects.size + 1}`;
      xObjects.set(name, imageRef);
      const w = element.width * PT_PER_MM;
      const h = element.height * PT_PER_MM;
      parts.push(`q\n${num(w)} 0 0 ${num(h)} ${num(space.x(element.x))} ${num(space.y(element.y + element.height))} cm\n/${name} Do\nQ\n`);
    }
  }
  return parts.join("");
}

/**
 * The print-ready PDF of a design: PDF 1.3, one page per side, MediaBox = BleedBox = trim + bleed,
 * TrimBox = trim, DeviceCMYK only, text as curves, images in CMYK Flate-compressed at ≤ 450 ppi,
 * every colour within `options.maxTacPct`.
 */
export async function exportDesignPdf(document: DesignDocument, assets: DesignAssets, options: ExportOptions): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setProducer("Ottisk layout designer (pdf-lib)");
  pdf.setCreator("Ottisk layout designer");
  const [trimW, trimH] = document.trimMm;
  const bleed = document.bleedMm;
  const pageW = (trimW + 2 * bleed) * PT_PER_MM;
  const pageH = (trimH + 2 * bleed) * PT_PER_MM;
  const resources: SideResources = { fonts: new Map(), images: new Map(), assets };
  for (const side of document.sides) {
    const page = pdf.addPage([pageW, pageH]);
    page.setMediaBox(0, 0, pageW, pageH);
    page.setBleedBox(0, 0, pageW, pageH);
    page.setTrimBox(bleed * PT_PER_MM, bleed * PT_PER_MM, trimW * PT_PER_MM, trimH * PT_PER_MM);
    const xObjects = new Map<string, PDFRef>();
    const content = await sideContent(pdf, document, side, resources, options.maxTacPct, xObjects);
    for (const [name, ref] of xObjects) page.node.setXObject(PDFName.of(name), ref);
    page.node.set(PDFName.of("Contents"), await flateStream(pdf, new TextEncoder().encode(content)));
  }
  const bytes = await pdf.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
  return asPdf13(bytes);
}

/**
 * pdf-lib's writer always writes the header `%PDF-1.7` (its PDFWriter ignores `context.header`).
 * The file uses nothing newer than 1.3, so the header's one digit is set to 3: the same length, so
 * every offset of the cross-reference table stays right.
 */
function asPdf13(bytes: Uint8Array): Uint8Array {
  const header = "%PDF-1.";
  for (let i = 0; i < header.length; i++) if (bytes[i] !== header.charCodeAt(i)) throw new Error("pdf-lib wrote no PDF header");
  bytes[header.length] = "3".charCodeAt(0);
  return bytes;
}
