import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb } from "pdf-lib";
import type { PDFFont, PDFPage } from "pdf-lib";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { kopecksInWords } from "../../shared/domain/index";

/*
 * The invoice («Счёт на оплату») of an order paid by bank transfer, as the A4 PDF a Russian
 * accountant expects: the supplier's bank details, supplier and buyer, the lines, the totals, the
 * VAT included and the sum in words. Cyrillic needs an embedded font: DejaVu Sans from the npm
 * package `dejavu-fonts-ttf` (so `npm install` is enough), else Debian's fonts-dejavu-core.
 */

/** The shop's details printed on every invoice (demo values: the shop is not a real company). */
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

export const OTTISK_SUPPLIER: SupplierDetails = {
  name: "ООО «Оттиск»",
  inn: "2310000011",
  kpp: "231001001",
  ogrn: "1192375000014",
  address: "350000, г. Краснодар, ул. Северная, д. 405, оф. 12",
  bankName: "АО «Демо Банк», г. Краснодар",
  bik: "040349700",
  correspondentAccount: "30101810000000000700",
  settlementAccount: "40702810000000000001",
  director: "Смирнов А. В.",
  accountant: "Смирнова Е. П.",
};

export interface InvoiceBuyer {
  name: string;
  inn: string | null;
  kpp: string | null;
  address: string;
}

export interface InvoiceLine {
  name: string;
  quantity: number;
  unit: string;
  unitPriceKopecks: number;
  sumKopecks: number;
}

export interface InvoiceData {
  number: string;
  date: Date;
  supplier: SupplierDetails;
  buyer: InvoiceBuyer;
  /** Products first, then deliveries, each a line of the table. */
  lines: InvoiceLine[];
  discountKopecks: number;
  /** The promocode the discount came from, for its line. */
  promocode: string | null;
  totalKopecks: number;
  vatKopecks: number;
  vatPercent: number;
}

const DEBIAN_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const DEBIAN_BOLD_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

interface InvoiceFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

let fontsLoading: Promise<InvoiceFonts> | undefined;

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
export function loadInvoiceFonts(): Promise<InvoiceFonts> {
  fontsLoading ??= (async () => {
    const regularPaths = [npmFontPath("DejaVuSans.ttf"), DEBIAN_FONT].filter((path): path is string => path !== null);
    const boldPaths = [npmFontPath("DejaVuSans-Bold.ttf"), DEBIAN_BOLD_FONT].filter((path): path is string => path !== null);
    const [regular, bold] = await Promise.all([firstReadable(regularPaths), firstReadable(boldPaths)]);
    if (!regular || !bold) {
      throw new Error(
        `The invoice needs the DejaVu Sans font with Cyrillic: run "npm install" (package dejavu-fonts-ttf) or install Debian's fonts-dejavu-core; looked in ${regularPaths.join(", ")}`,
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

const MONTHS_GENITIVE = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"];

/** «12 мая 2026 г.» in Moscow time, where the shop keeps its books. */
export function formatInvoiceDate(date: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow", year: "numeric", month: "numeric", day: "numeric" }).formatToParts(date);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value ?? "0");
  return `${part("day")} ${MONTHS_GENITIVE[part("month") - 1] ?? ""} ${part("year")} г.`;
}

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 42;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
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

interface Column {
  title: string;
  width: number;
  align: "left" | "right" | "center";
}

const COLUMNS: Column[] = [
  { title: "№", width: 24, align: "center" },
  { title: "Товары (работы, услуги)", width: 243.28, align: "left" },
  { title: "Кол-во", width: 52, align: "right" },
  { title: "Ед.", width: 32, align: "center" },
  { title: "Цена", width: 80, align: "right" },
  { title: "Сумма", width: 80, align: "right" },
];

/** Draws one page after another: a cursor going down, a new page when the next block does not fit. */
class InvoiceWriter {
  page: PDFPage;
  y: number;

  constructor(
    private readonly document: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
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
    const wrapped = COLUMNS.map((column, index) => wrapText(cells[index] ?? "", font, size, column.width - 6));
    const height = Math.max(...wrapped.map((lines) => lines.length)) * lineHeight + 6;
    if (this.ensureRoom(height) && !options.bold) this.row(COLUMNS.map((column) => column.title), { bold: true });
    let x = MARGIN;
    COLUMNS.forEach((column, index) => {
      this.rect(x, this.y - height, column.width, height);
      (wrapped[index] ?? []).forEach((line, lineIndex) => {
        this.text(line, x + 3, this.y - 3 - lineHeight * (lineIndex + 1) + size * 0.3, { size, bold: options.bold ?? false, width: column.width - 6, align: column.align });
      });
      x += column.width;
    });
    this.y -= height;
  }
}

function bankDetails(writer: InvoiceWriter, supplier: SupplierDetails): void {
  const size = 8.5;
  const rowHeight = 15;
  const leftWidth = 300;
  const labelWidth = 40;
  const rightWidth = CONTENT_WIDTH - leftWidth - labelWidth;
  const top = writer.y;
  const x0 = MARGIN;
  const x1 = x0 + leftWidth;
  const x2 = x1 + labelWidth;
  // Bank (two rows high) | БИК, к/с; recipient (ИНН/КПП row, name rows) | р/с.
  writer.rect(x0, top - 2 * rowHeight, leftWidth, 2 * rowHeight);
  writer.text(supplier.bankName, x0 + 3, top - 11, { size });
  writer.text("Банк получателя", x0 + 3, top - 2 * rowHeight + 4, { size: 7 });
  writer.rect(x1, top - rowHeight, labelWidth, rowHeight);
  writer.text("БИК", x1 + 3, top - 11, { size });
  writer.rect(x2, top - rowHeight, rightWidth, rowHeight);
  writer.text(supplier.bik, x2 + 3, top - 11, { size });
  writer.rect(x1, top - 2 * rowHeight, labelWidth, rowHeight);
  writer.text("Сч. №", x1 + 3, top - rowHeight - 11, { size });
  writer.rect(x2, top - 2 * rowHeight, rightWidth, rowHeight);
  writer.text(supplier.correspondentAccount, x2 + 3, top - rowHeight - 11, { size });

  const second = top - 2 * rowHeight;
  writer.rect(x0, second - rowHeight, leftWidth / 2, rowHeight);
  writer.text(`ИНН ${supplier.inn}`, x0 + 3, second - 11, { size });
  writer.rect(x0 + leftWidth / 2, second - rowHeight, leftWidth / 2, rowHeight);
  writer.text(`КПП ${supplier.kpp}`, x0 + leftWidth / 2 + 3, second - 11, { size });
  writer.rect(x0, second - 3 * rowHeight, leftWidth, 2 * rowHeight);
  writer.text(supplier.name, x0 + 3, second - rowHeight - 11, { size });
  writer.text("Получатель", x0 + 3, second - 3 * rowHeight + 4, { size: 7 });
  writer.rect(x1, second - 3 * rowHeight, labelWidth, 3 * rowHeight);
  writer.text("Сч. №", x1 + 3, second - 11, { size });
  writer.rect(x2, second - 3 * rowHeight, rightWidth, 3 * rowHeight);
  writer.text(supplier.settlementAccount, x2 + 3, second - 11, { size });
  writer.y = second - 3 * rowHeight - 18;
}

function partyText(party: { name: string; inn: string | null; kpp: string | null; address: string }): string {
  return [party.name, party.inn ? `ИНН ${party.inn}` : null, party.kpp ? `КПП ${party.kpp}` : null, party.address || null]
    .filter((item): item is string => item !== null)
    .join(", ");
}

/** The invoice as PDF bytes: A4, one page for an ordinary order, more when the lines need them. */
export async function renderInvoicePdf(data: InvoiceData): Promise<Uint8Array> {
  const fonts = await loadInvoiceFonts();
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  const regular = await document.embedFont(fonts.regular, { subset: true });
  const bold = await document.embedFont(fonts.bold, { subset: true });

  const title = `Счёт на оплату № ${data.number} от ${formatInvoiceDate(data.date)}`;
  document.setTitle(title);
  document.setAuthor(data.supplier.name);
  document.setSubject(`Оплата заказа № ${data.number}, сумма ${formatKopecks(data.totalKopecks)} руб.`);
  document.setKeywords(["счёт", "invoice", data.number]);
  document.setCreator("Ottisk");
  document.setProducer("Ottisk (pdf-lib)");
  document.setLanguage("ru-RU");
  document.setCreationDate(data.date);
  document.setModificationDate(data.date);

  const writer = new InvoiceWriter(document, regular, bold);
  writer.paragraph("Образец заполнения платёжного поручения. Счёт действителен к оплате в течение 5 банковских дней.", { size: 7.5, gap: 4 });
  bankDetails(writer, data.supplier);

  writer.paragraph(title, { size: 14, bold: true, gap: 4 });
  writer.rule();
  writer.y -= 8;
  writer.paragraph(`Поставщик (исполнитель): ${partyText(data.supplier)}`, { gap: 4 });
  writer.paragraph(`Покупатель (заказчик): ${partyText(data.buyer)}`, { gap: 4 });
  writer.paragraph(`Основание: заказ № ${data.number}`, { gap: 8 });

  writer.row(COLUMNS.map((column) => column.title), { bold: true });
  data.lines.forEach((line, index) => {
    writer.row([String(index + 1), line.name, String(line.quantity), line.unit, formatKopecks(line.unitPriceKopecks), formatKopecks(line.sumKopecks)]);
  });
  writer.y -= 6;

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
  writer.paragraph(`Всего наименований ${data.lines.length}, на сумму ${formatKopecks(data.totalKopecks)} руб.`);
  writer.paragraph(kopecksInWords(data.totalKopecks), { bold: true, gap: 10 });
  writer.rule();
  writer.y -= 10;
  writer.paragraph("Оплата счёта означает согласие с условиями поставки. Производство заказа начинается после поступления оплаты на расчётный счёт.", { size: 7.5, gap: 18 });

  writer.ensureRoom(40);
  writer.y -= 12;
  writer.text(`Руководитель ______________ ${data.supplier.director}`, MARGIN, writer.y, { size: 9.5 });
  writer.text(`Бухгалтер ______________ ${data.supplier.accountant}`, MARGIN + CONTENT_WIDTH / 2 + 10, writer.y, { size: 9.5 });

  return document.save();
}
