import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb } from "pdf-lib";
import type { PDFFont, PDFPage } from "pdf-lib";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { kopecksInWords, SHOP_REQUISITES } from "../../../shared/domain/index";

/*
 * What the shop's accounting PDFs share — the invoice («Счёт на оплату», invoice-pdf.ts), the
 * closing document («Акт выполненных работ», closing-document-pdf.ts) and the УПД (upd-pdf.ts): the shop's requisites, the
 * embedded Cyrillic font, A4 pages written top to bottom with a table that continues on the next
 * page, the totals with the VAT and the sum in words. Cyrillic needs an embedded font: DejaVu Sans
 * from the npm package `dejavu-fonts-ttf` (so `npm install` is enough), else Debian's fonts-dejavu-core.
 */

/** The shop's details printed on its documents (shared/domain/shop-requisites.ts holds the values). */
export interface SupplierDetails {
  name: string;
  inn: string;
  kpp: string;
  ogrn: string;
  address: string;
  bankName: string;
  bik: string;
  correspondentAccount: string;
  settlementAccount: string;
  director: string;
  accountant: string;
}

/** The shop's details on its documents, from the one source the footer and contacts page use too. */
export const OTTISK_SUPPLIER: SupplierDetails = {
  name: SHOP_REQUISITES.name,
  inn: SHOP_REQUISITES.inn,
  kpp: SHOP_REQUISITES.kpp,
  ogrn: SHOP_REQUISITES.ogrn,
  address: SHOP_REQUISITES.address,
  bankName: `${SHOP_REQUISITES.bankName}, ${SHOP_REQUISITES.bankCity}`,
  bik: SHOP_REQUISITES.bik,
  correspondentAccount: SHOP_REQUISITES.correspondentAccount,
  settlementAccount: SHOP_REQUISITES.settlementAccount,
  director: SHOP_REQUISITES.director,
  accountant: SHOP_REQUISITES.accountant,
};

/** The customer as a document names it. */
export interface DocumentParty {
  name: string;
  inn: string | null;
  kpp: string | null;
  address: string;
}

/** A row of a document's table: a product line or a delivery. */
export interface DocumentLine {
  name: string;
  quantity: number;
  unit: string;
  unitPriceKopecks: number;
  sumKopecks: number;
}

/** What an order's invoice and act both say: who, what, and how much. */
export interface OrderDocumentData {
  number: string;
  date: Date;
  supplier: SupplierDetails;
  buyer: DocumentParty;
  /** Products first, then deliveries, each a line of the table. */
  lines: DocumentLine[];
  discountKopecks: number;
  /** The promocode the discount came from, for its line. */
  promocode: string | null;
  totalKopecks: number;
  vatKopecks: number;
  vatPercent: number;
}

const DEBIAN_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const DEBIAN_BOLD_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

interface DocumentFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

let fontsLoading: Promise<DocumentFonts> | undefined;

async function firstReadable(paths: string[]): Promise<Uint8Array | null> {
  for (const path of paths) {
    try {
      return new Uint8Array(await readFile(path));
    } catch {
      // Try the next place.
    }
  }
  return null;
}

function npmFontPath(fileName: string): string | null {
  try {
    const packageJson = createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json");
    return join(dirname(packageJson), "ttf", fileName);
  } catch {
    return null;
  }
}

/** DejaVu Sans and its bold, read once per process; a clear error when neither source has them. */
export function loadDocumentFonts(): Promise<DocumentFonts> {
  fontsLoading ??= (async () => {
    const regularPaths = [npmFontPath("DejaVuSans.ttf"), DEBIAN_FONT].filter((path): path is string => path !== null);
    const boldPaths = [npmFontPath("DejaVuSans-Bold.ttf"), DEBIAN_BOLD_FONT].filter((path): path is string => path !== null);
    const [regular, bold] = await Promise.all([firstReadable(regularPaths), firstReadable(boldPaths)]);
    if (!regular || !bold) {
      throw new Error(
        `The shop's PDF documents need the DejaVu Sans font with Cyrillic: run "npm install" (package dejavu-fonts-ttf) or install Debian's fonts-dejavu-core; looked in ${regularPaths.join(", ")}`,
      );
    }
    return { regular, bold };
  })().catch((error: unknown) => {
    fontsLoading = undefined;
    throw error;
  });
  return fontsLoading;
}

/** 324050 → «3 240,50»: spaces between thousands, a comma before kopecks (plain spaces: every font has them). */
export function formatKopecks(kopecks: number): string {
  const sign = kopecks < 0 ? "-" : "";
  const absolute = Math.abs(kopecks);
  const roubles = Math.floor(absolute / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  return `${sign}${roubles},${String(absolute % 100).padStart(2, "0")}`;
}

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
export const MARGIN = 42;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.12);
const RULE = rgb(0.35, 0.35, 0.4);

/** Splits text into lines that fit `width` at `size`, breaking between words (or inside a word too long for a line). */
function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter((item) => item !== "")) {
    const candidate = current === "" ? word : `${current} ${word}`;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      current = candidate;
      continue;
    }
    if (current !== "") lines.push(current);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  }
  if (current !== "" || lines.length === 0) lines.push(current);
  return lines;
}

export interface Column {
  title: string;
  width: number;
  align: "left" | "right" | "center";
}

/** The lines' table of both documents: №, name, quantity, unit, price, sum. */
export const LINE_COLUMNS: Column[] = [
  { title: "№", width: 24, align: "center" },
  { title: "Товары (работы, услуги)", width: 243.28, align: "left" },
  { title: "Кол-во", width: 52, align: "right" },
  { title: "Ед.", width: 32, align: "center" },
  { title: "Цена", width: 80, align: "right" },
  { title: "Сумма", width: 80, align: "right" },
];

/** Draws one page after another: a cursor going down, a new page when the next block does not fit. */
export class DocumentWriter {
  page: PDFPage;
  y: number;

  constructor(
    private readonly document: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly columns: Column[] = LINE_COLUMNS,
  ) {
    this.page = document.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  ensureRoom(height: number): boolean {
    if (this.y - height >= MARGIN) return false;
    this.page = this.document.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN;
    return true;
  }

  text(value: string, x: number, y: number, options: { size?: number; bold?: boolean; width?: number; align?: Column["align"] } = {}): void {
    const size = options.size ?? 9;
    const font = options.bold ? this.bold : this.regular;
    let left = x;
    if (options.width !== undefined && options.align !== undefined && options.align !== "left") {
      const textWidth = font.widthOfTextAtSize(value, size);
      left = options.align === "right" ? x + options.width - textWidth : x + (options.width - textWidth) / 2;
    }
    this.page.drawText(value, { x: left, y, size, font, color: INK });
  }

  /** A paragraph wrapped to the content width; moves the cursor below it. */
  paragraph(value: string, options: { size?: number; bold?: boolean; indent?: number; gap?: number } = {}): void {
    const size = options.size ?? 9;
    const indent = options.indent ?? 0;
    const lineHeight = size * 1.3;
    for (const line of wrapText(value, options.bold ? this.bold : this.regular, size, CONTENT_WIDTH - indent)) {
      this.ensureRoom(lineHeight);
      this.y -= lineHeight;
      this.text(line, MARGIN + indent, this.y + size * 0.25, { size, bold: options.bold ?? false });
    }
    this.y -= options.gap ?? 0;
  }

  rect(x: number, y: number, width: number, height: number): void {
    this.page.drawRectangle({ x, y, width, height, borderColor: RULE, borderWidth: 0.6 });
  }

  rule(): void {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: PAGE_WIDTH - MARGIN, y: this.y }, thickness: 1.2, color: INK });
  }

  /** A row of cells with the given texts; each cell wraps, the row is as tall as its tallest cell. */
  row(cells: string[], options: { bold?: boolean; size?: number } = {}): void {
    const size = options.size ?? 8.5;
    const lineHeight = size * 1.3;
    const font = options.bold ? this.bold : this.regular;
    const wrapped = this.columns.map((column, index) => wrapText(cells[index] ?? "", font, size, column.width - 6));
    const height = Math.max(...wrapped.map((lines) => lines.length)) * lineHeight + 6;
    if (this.ensureRoom(height) && !options.bold) this.row(this.columns.map((column) => column.title), { bold: true });
    let x = MARGIN;
    this.columns.forEach((column, index) => {
      this.rect(x, this.y - height, column.width, height);
      (wrapped[index] ?? []).forEach((line, lineIndex) => {
        this.text(line, x + 3, this.y - 3 - lineHeight * (lineIndex + 1) + size * 0.3, { size, bold: options.bold ?? false, width: column.width - 6, align: column.align });
      });
      x += column.width;
    });
    this.y -= height;
  }
}

/** «ООО «Ромашка», ИНН …, КПП …, address»: a party in one line. */
export function partyText(party: DocumentParty): string {
  return [party.name, party.inn ? `ИНН ${party.inn}` : null, party.kpp ? `КПП ${party.kpp}` : null, party.address || null]
    .filter((item): item is string => item !== null)
    .join(", ");
}

/** A new A4 document with the fonts embedded and its metadata set; the writer starts on its first page. */
export async function startDocument(
  meta: { title: string; author: string; subject: string; keywords: string[]; date: Date },
  columns: Column[] = LINE_COLUMNS,
): Promise<{ document: PDFDocument; writer: DocumentWriter }> {
  const fonts = await loadDocumentFonts();
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  const regular = await document.embedFont(fonts.regular, { subset: true });
  const bold = await document.embedFont(fonts.bold, { subset: true });
  document.setTitle(meta.title);
  document.setAuthor(meta.author);
  document.setSubject(meta.subject);
  document.setKeywords(meta.keywords);
  document.setCreator("Ottisk");
  document.setProducer("Ottisk (pdf-lib)");
  document.setLanguage("ru-RU");
  document.setCreationDate(meta.date);
  document.setModificationDate(meta.date);
  return { document, writer: new DocumentWriter(document, regular, bold, columns) };
}

/** The lines' table: a header row, then one row a line (the header again on every new page). */
export function linesTable(writer: DocumentWriter, lines: DocumentLine[]): void {
  writer.row(LINE_COLUMNS.map((column) => column.title), { bold: true });
  lines.forEach((line, index) => {
    writer.row([String(index + 1), line.name, String(line.quantity), line.unit, formatKopecks(line.unitPriceKopecks), formatKopecks(line.sumKopecks)]);
  });
  writer.y -= 6;
}

/** Сумма, the discount, Итого, the VAT included, flush right; then the count of lines and the total in words. */
export function totalsBlock(writer: DocumentWriter, data: OrderDocumentData, countText: string): void {
  const linesSum = data.lines.reduce((sum, line) => sum + line.sumKopecks, 0);
  const totals: [string, string][] = [["Сумма:", formatKopecks(linesSum)]];
  if (data.discountKopecks > 0) {
    totals.push([data.promocode ? `Скидка по промокоду ${data.promocode}:` : "Скидка:", `-${formatKopecks(data.discountKopecks)}`]);
  }
  totals.push(["Итого:", formatKopecks(data.totalKopecks)]);
  totals.push([`В том числе НДС ${data.vatPercent} %:`, formatKopecks(data.vatKopecks)]);
  for (const [label, value] of totals) {
    writer.ensureRoom(14);
    writer.y -= 13;
    writer.text(label, MARGIN, writer.y, { size: 9.5, bold: true, width: CONTENT_WIDTH - 90, align: "right" });
    writer.text(value, MARGIN + CONTENT_WIDTH - 90, writer.y, { size: 9.5, bold: true, width: 90, align: "right" });
  }
  writer.y -= 10;
  writer.paragraph(`${countText} ${data.lines.length}, на сумму ${formatKopecks(data.totalKopecks)} руб.`);
  writer.paragraph(kopecksInWords(data.totalKopecks), { bold: true, gap: 10 });
}
