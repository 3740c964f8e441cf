import fontkit from "@pdf-lib/fontkit";
import { cmyk, endMarkedContent, PDFDocument, PDFHexString, PDFName, PDFOperator, PDFOperatorNames } from "pdf-lib";
import type { PDFFont, PDFPage } from "pdf-lib";
import type { PreflightProfile } from "../../../shared/contracts/preflight-profile";
import { loadDocumentFonts } from "../orders/pdf-document";

/*
 * «Скачать шаблон» (issue 30): a layout template made on the fly for a product's format or size.
 * The PDF's page is the trim plus the bleed on every side (MediaBox = BleedBox), its TrimBox the
 * trim; the bleed edge, the trim line, the safe zone and the requirements in Russian are drawn on
 * an optional content group «Разметка шаблона» that shows on screen and never prints
 * (/Usage /Print /PrintState /OFF, applied by the /AS print event). The SVG is the same drawing
 * with a viewBox in millimetres. server/docs/sizes-and-templates.md has the rules.
 */

/** What a template is drawn for. */
export interface TemplateSpec {
  productName: string;
  /** The trim size in millimetres. */
  widthMm: number;
  heightMm: number;
  /** The detail's preflight profile (bleed, ppi, TAC, PDF version), its trim already the size above. */
  profile: PreflightProfile;
}

/** The smallest safe zone: 3 mm inside the trim line, or the bleed's width when that is more (a banner's eyelets, a canvas' stretcher edge). */
export const MIN_SAFE_ZONE_MM = 3;

export function safeZoneMm(profile: PreflightProfile): number {
  return Math.max(MIN_SAFE_ZONE_MM, profile.bleedMm);
}

const MM_TO_PT = 72 / 25.4;

function mm(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/\.?0+$/, "");
}

/** The name a template downloads as: `shablon-1500x800.pdf`. */
export function templateFileName(spec: Pick<TemplateSpec, "widthMm" | "heightMm">, kind: "pdf" | "svg"): string {
  return `shablon-${mm(spec.widthMm)}x${mm(spec.heightMm)}.${kind}`;
}

/** The requirements printed on the template's layer, in Russian, from the detail's profile. */
export function templateRequirements(spec: TemplateSpec): string[] {
  const { profile } = spec;
  const bleed = profile.bleedMm;
  return [
    `Шаблон макета: ${spec.productName}`,
    `Размер в обрез: ${mm(spec.widthMm)} × ${mm(spec.heightMm)} мм`,
    bleed > 0
      ? `Вылеты: ${mm(bleed)} мм с каждой стороны — документ ${mm(spec.widthMm + 2 * bleed)} × ${mm(spec.heightMm + 2 * bleed)} мм`
      : "Вылеты не нужны: документ размером в обрез",
    `Безопасная зона: ${mm(safeZoneMm(profile))} мм от линии обреза — текст и важное внутри неё`,
    "Цвет: CMYK (без RGB и плашечных цветов)",
    `Разрешение изображений: не меньше ${mm(profile.minPpi)} ppi`,
    `Сумма красок: не больше ${mm(profile.maxTacPct)} %`,
    "Шрифты: переведите в кривые",
    `PDF ${profile.pdfVersion}, страниц: ${profile.pages}`,
    "Слой «Разметка шаблона» не печатается: рисуйте на своём слое",
  ];
}

/** The layer's name, as PDF viewers and the SVG list it. */
export const TEMPLATE_LAYER_NAME = "Разметка шаблона";

interface Geometry {
  pageW: number;
  pageH: number;
  bleed: number;
  safe: number;
}

function geometry(spec: TemplateSpec): Geometry {
  const bleed = spec.profile.bleedMm;
  return { pageW: spec.widthMm + 2 * bleed, pageH: spec.heightMm + 2 * bleed, bleed, safe: safeZoneMm(spec.profile) };
}

/** A font size (mm) at which every requirement fits inside the safe zone: at most 1/60 of the page's shorter side, never above 25 mm. */
function textSizeMm(spec: TemplateSpec, lines: readonly string[], widthAtOneMm: (line: string) => number): number {
  const { safe } = geometry(spec);
  const boxW = Math.max(1, spec.widthMm - 2 * safe - 4);
  const boxH = Math.max(1, spec.heightMm - 2 * safe - 4);
  const widest = Math.max(...lines.map(widthAtOneMm));
  return Math.min(25, boxW / widest, boxH / (lines.length * 1.4), Math.min(spec.widthMm, spec.heightMm) / 12);
}

/** The template as a PDF: MediaBox = BleedBox = trim + bleed, TrimBox = trim, the guides on a non-printing layer. */
export async function templatePdf(spec: TemplateSpec): Promise<Uint8Array> {
  const { pageW, pageH, bleed, safe } = geometry(spec);
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const fonts = await loadDocumentFonts();
  const font = await doc.embedFont(fonts.regular, { subset: true });
  doc.setTitle(`Шаблон макета ${mm(spec.widthMm)} × ${mm(spec.heightMm)} мм — ${spec.productName}`);
  doc.setCreator("Оттиск");
  doc.setProducer("Оттиск");

  const page = doc.addPage([pageW * MM_TO_PT, pageH * MM_TO_PT]);
  page.setMediaBox(0, 0, pageW * MM_TO_PT, pageH * MM_TO_PT);
  page.setBleedBox(0, 0, pageW * MM_TO_PT, pageH * MM_TO_PT);
  page.setTrimBox(bleed * MM_TO_PT, bleed * MM_TO_PT, spec.widthMm * MM_TO_PT, spec.heightMm * MM_TO_PT);

  // The optional content group: visible on screen, off when printed (PDF 1.5+, ISO 32000-1 §8.11).
  const context = doc.context;
  const layer = context.register(
    context.obj({
      Type: "OCG",
      Name: PDFHexString.fromText(TEMPLATE_LAYER_NAME),
      Intent: [PDFName.of("View"), PDFName.of("Design")],
      Usage: {
        Print: { PrintState: "OFF", Subtype: "Watermark" },
        View: { ViewState: "ON" },
        Export: { ExportState: "OFF" },
      },
    }),
  );
  doc.catalog.set(
    PDFName.of("OCProperties"),
    context.obj({
      OCGs: [layer],
      D: {
        Name: PDFHexString.fromText("Шаблон"),
        Order: [layer],
        ON: [layer],
        AS: [
          { Event: "Print", Category: ["Print"], OCGs: [layer] },
          { Event: "View", Category: ["View"], OCGs: [layer] },
          { Event: "Export", Category: ["Export"], OCGs: [layer] },
        ],
      },
    }),
  );
  const resources = page.node.normalizedEntries().Resources;
  resources.set(PDFName.of("Properties"), context.obj({ Guides: layer }));

  page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of("OC"), PDFName.of("Guides")]));
  drawGuides(page, font, spec, { pageW, pageH, bleed, safe });
  page.pushOperators(endMarkedContent());
  return doc.save({ useObjectStreams: false });
}

function drawGuides(page: PDFPage, font: PDFFont, spec: TemplateSpec, { pageW, pageH, bleed, safe }: Geometry): void {
  const pt = (value: number) => value * MM_TO_PT;
  const line = Math.max(0.5, Math.min(pageW, pageH) / 400) * MM_TO_PT * 0.5;
  const bleedColour = cmyk(0, 1, 1, 0);
  const trimColour = cmyk(0, 0, 0, 1);
  const safeColour = cmyk(1, 0, 0, 0);
  // The bleed edge (the page's own edge), the trim line, the safe zone.
  page.drawRectangle({ x: line / 2, y: line / 2, width: pt(pageW) - line, height: pt(pageH) - line, borderColor: bleedColour, borderWidth: line, borderDashArray: [line * 6, line * 3] });
  page.drawRectangle({ x: pt(bleed), y: pt(bleed), width: pt(spec.widthMm), height: pt(spec.heightMm), borderColor: trimColour, borderWidth: line });
  page.drawRectangle({
    x: pt(bleed + safe),
    y: pt(bleed + safe),
    width: pt(Math.max(0, spec.widthMm - 2 * safe)),
    height: pt(Math.max(0, spec.heightMm - 2 * safe)),
    borderColor: safeColour,
    borderWidth: line,
    borderDashArray: [line * 2, line * 2],
  });
  const lines = templateRequirements(spec);
  const sizeMm = textSizeMm(spec, lines, (text) => font.widthOfTextAtSize(text, MM_TO_PT) / MM_TO_PT);
  lines.forEach((text, index) => {
    page.drawText(text, { x: pt(bleed + safe + 2), y: pt(bleed + spec.heightMm - safe - 2 - sizeMm * (1.4 * index + 1)), size: pt(sizeMm), font, color: trimColour });
  });
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char] ?? char);
}

/** The template as SVG: the page is trim + bleed with a viewBox in millimetres; the guides in one Inkscape/Illustrator layer. */
export function templateSvg(spec: TemplateSpec): string {
  const { pageW, pageH, bleed, safe } = geometry(spec);
  const lines = templateRequirements(spec);
  // DejaVu Sans averages about 0.55 em a character: enough to keep the text inside the safe zone.
  const sizeMm = textSizeMm(spec, lines, (text) => text.length * 0.55);
  const stroke = Math.max(0.25, Math.min(pageW, pageH) / 800);
  const text = lines
    .map((each, index) => `    <text x="${mm(bleed + safe + 2)}" y="${mm(bleed + safe + 2 + sizeMm * (1.4 * index + 1))}">${escapeXml(each)}</text>`)
    .join("\n");
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="${mm(pageW)}mm" height="${mm(pageH)}mm" viewBox="0 0 ${mm(pageW)} ${mm(pageH)}">`,
    `  <title>${escapeXml(`Шаблон макета ${mm(spec.widthMm)} × ${mm(spec.heightMm)} мм — ${spec.productName}`)}</title>`,
    `  <g id="template-guides" inkscape:groupmode="layer" inkscape:label="${TEMPLATE_LAYER_NAME}" fill="none" stroke-width="${mm(stroke)}">`,
    `    <rect id="bleed" x="0" y="0" width="${mm(pageW)}" height="${mm(pageH)}" stroke="#e30613" stroke-dasharray="${mm(stroke * 6)} ${mm(stroke * 3)}"/>`,
    `    <rect id="trim" x="${mm(bleed)}" y="${mm(bleed)}" width="${mm(spec.widthMm)}" height="${mm(spec.heightMm)}" stroke="#000000"/>`,
    `    <rect id="safe-zone" x="${mm(bleed + safe)}" y="${mm(bleed + safe)}" width="${mm(Math.max(0, spec.widthMm - 2 * safe))}" height="${mm(Math.max(0, spec.heightMm - 2 * safe))}" stroke="#009fe3" stroke-dasharray="${mm(stroke * 2)} ${mm(stroke * 2)}"/>`,
    `    <g id="requirements" fill="#000000" stroke="none" font-family="DejaVu Sans, Arial, sans-serif" font-size="${mm(Number(sizeMm.toFixed(2)))}">`,
    text,
    `    </g>`,
    `  </g>`,
    `</svg>`,
    ``,
  ].join("\n");
}
