import { formatDocumentDate } from "../../../shared/domain/dates";
import { kopecksInWords } from "../../../shared/domain/index";
import { spreadReduction } from "./fiscal-receipt";
import { CONTENT_WIDTH, formatKopecks, MARGIN, partyText, startDocument } from "./pdf-document";
import type { Column, DocumentWriter, OrderDocumentData } from "./pdf-document";

/*
 * «Универсальный передаточный документ» (УПД) of a company's finished order, status 1: it is the
 * счёт-фактура and the передаточный документ (акт) at once, in the form of the ФНС letter
 * ММВ-20-3/96@ over the счёт-фактура of Постановление № 1137, simplified to one A4 page family:
 * the seller's and buyer's requisites, the lines with their unit and ОКЕИ code, the price and
 * amount without VAT, the rate 22 %, the VAT and the amount with it, the totals, the total in words
 * and the signatures. Drawn with the invoice's and act's helpers (pdf-document.ts).
 */

export interface UpdData extends OrderDocumentData {
  orderNumber: string;
  orderDate: Date;
}

/** The table of the УПД's goods (its columns 1–9 of the form, the code column «А» kept as «№»). */
export const UPD_COLUMNS: Column[] = [
  { title: "№", width: 20, align: "center" },
  { title: "Наименование товара (описание выполненных работ, оказанных услуг)", width: 133.28, align: "left" },
  { title: "Ед. изм. (код, обозн.)", width: 44, align: "center" },
  { title: "Кол-во", width: 36, align: "right" },
  { title: "Цена за ед. без НДС", width: 52, align: "right" },
  { title: "Стоимость без НДС", width: 56, align: "right" },
  { title: "Налоговая ставка", width: 46, align: "center" },
  { title: "Сумма НДС", width: 52, align: "right" },
  { title: "Стоимость с НДС", width: 72, align: "right" },
];

/** A line of the УПД: the amounts after the order's discount, the VAT its share of the order's. */
export interface UpdLine {
  name: string;
  unitCode: string;
  unit: string;
  quantity: number;
  withVatKopecks: number;
  vatKopecks: number;
}

/**
 * The order's lines with the discount taken off (spread by the receipt's rule, so the lines sum to
 * the total) and the order's VAT shared out the same way (so the lines' VAT sums to the order's).
 */
export function updLines(data: OrderDocumentData): UpdLine[] {
  const amounts = data.lines.map((line) => line.sumKopecks);
  const full = amounts.reduce((sum, amount) => sum + amount, 0);
  const reduction = Math.max(0, Math.min(full, full - data.totalKopecks));
  const productIndexes = data.lines.flatMap((line, index) => (line.unit === "шт" ? [index] : []));
  const productSum = productIndexes.reduce((sum, index) => sum + (amounts[index] ?? 0), 0);
  const fromProducts = Math.min(reduction, productSum);
  const productShares = spreadReduction(productIndexes.map((index) => amounts[index] ?? 0), fromProducts);
  const otherIndexes = data.lines.flatMap((line, index) => (line.unit === "шт" ? [] : [index]));
  const otherShares = spreadReduction(otherIndexes.map((index) => amounts[index] ?? 0), reduction - fromProducts);
  const after = amounts.slice();
  productIndexes.forEach((index, position) => (after[index] = (after[index] ?? 0) - (productShares[position] ?? 0)));
  otherIndexes.forEach((index, position) => (after[index] = (after[index] ?? 0) - (otherShares[position] ?? 0)));
  const vat = spreadReduction(after, Math.min(data.vatKopecks, data.totalKopecks));
  return data.lines.map((line, index) => ({
    name: line.name,
    unitCode: line.unit === "шт" ? "796" : "876",
    unit: line.unit === "шт" ? "шт" : "усл. ед",
    quantity: line.quantity,
    withVatKopecks: after[index] ?? 0,
    vatKopecks: vat[index] ?? 0,
  }));
}

/** The title: «Счёт-фактура № 2026-000042 от 14 мая 2026 г.». */
export function updTitle(data: Pick<UpdData, "number" | "date">): string {
  return `Счёт-фактура № ${data.number} от ${formatDocumentDate(data.date)}`;
}

function labelled(writer: DocumentWriter, label: string, value: string): void {
  writer.paragraph(`${label}: ${value}`, { size: 8, gap: 1 });
}

/** The УПД as PDF bytes. */
export async function renderUpdPdf(data: UpdData): Promise<Uint8Array> {
  const title = updTitle(data);
  const { document, writer } = await startDocument(
    {
      title: `УПД: ${title}`,
      author: data.supplier.name,
      subject: `Универсальный передаточный документ по заказу № ${data.orderNumber}, сумма ${formatKopecks(data.totalKopecks)} руб.`,
      keywords: ["УПД", "счёт-фактура", "upd", data.orderNumber],
      date: data.date,
    },
    UPD_COLUMNS,
  );

  writer.paragraph("Универсальный передаточный документ", { size: 13, bold: true, gap: 2 });
  writer.paragraph("Статус: 1 (счёт-фактура и передаточный документ (акт))", { size: 9, bold: true, gap: 4 });
  writer.paragraph(title, { size: 11, bold: true, gap: 2 });
  writer.paragraph("Исправление № — от —", { size: 8, gap: 6 });
  labelled(writer, "Продавец", data.supplier.name);
  labelled(writer, "Адрес", data.supplier.address);
  labelled(writer, "ИНН/КПП продавца", `${data.supplier.inn}/${data.supplier.kpp}`);
  labelled(writer, "Грузоотправитель и его адрес", "он же");
  labelled(writer, "Грузополучатель и его адрес", partyText(data.buyer));
  labelled(writer, "К платёжно-расчётному документу", `заказ № ${data.orderNumber} от ${formatDocumentDate(data.orderDate)}`);
  labelled(writer, "Документ об отгрузке", `№ п/п 1–${data.lines.length} № ${data.number} от ${formatDocumentDate(data.date)}`);
  labelled(writer, "Покупатель", data.buyer.name);
  labelled(writer, "Адрес", data.buyer.address || "—");
  labelled(writer, "ИНН/КПП покупателя", `${data.buyer.inn ?? "—"}/${data.buyer.kpp ?? "—"}`);
  labelled(writer, "Валюта: наименование, код", "Российский рубль, 643");
  writer.paragraph("Идентификатор государственного контракта, договора (соглашения) (при наличии): —", { size: 8, gap: 8 });

  const lines = updLines(data);
  writer.row(UPD_COLUMNS.map((column) => column.title), { bold: true, size: 6.5 });
  lines.forEach((line, index) => {
    const withoutVat = line.withVatKopecks - line.vatKopecks;
    writer.row(
      [
        String(index + 1),
        line.name,
        `${line.unitCode} ${line.unit}`,
        String(line.quantity),
        formatKopecks(Math.round(withoutVat / line.quantity)),
        formatKopecks(withoutVat),
        `${data.vatPercent}%`,
        formatKopecks(line.vatKopecks),
        formatKopecks(line.withVatKopecks),
      ],
      { size: 7 },
    );
  });
  const totalVat = lines.reduce((sum, line) => sum + line.vatKopecks, 0);
  const total = lines.reduce((sum, line) => sum + line.withVatKopecks, 0);
  writer.row(["", "Всего к оплате", "", "", "", formatKopecks(total - totalVat), "X", formatKopecks(totalVat), formatKopecks(total)], { bold: true, size: 7 });
  writer.y -= 8;
  writer.paragraph(`Всего к оплате: ${kopecksInWords(total)}, в том числе НДС ${data.vatPercent}%: ${formatKopecks(totalVat)} руб.`, { size: 8.5, bold: true, gap: 12 });

  writer.ensureRoom(170);
  const half = CONTENT_WIDTH / 2;
  const sign = (left: string, right: string) => {
    writer.y -= 16;
    writer.text(left, MARGIN, writer.y, { size: 8 });
    writer.text(right, MARGIN + half + 10, writer.y, { size: 8 });
  };
  sign(`Руководитель организации ______________ ${data.supplier.director}`, `Главный бухгалтер ______________ ${data.supplier.accountant}`);
  writer.y -= 8;
  writer.rule();
  sign(`Основание передачи (сдачи) / получения (приёмки): заказ № ${data.orderNumber} от ${formatDocumentDate(data.orderDate)}`, "");
  sign("Товар (груз) передал / услуги, результаты работ сдал", "Товар (груз) получил / услуги, результаты работ принял");
  sign(`Генеральный директор ______________ ${data.supplier.director}`, "______________ ______________");
  sign(`Дата отгрузки, передачи (сдачи): ${formatDocumentDate(data.date)}`, "Дата получения (приёмки): «___» ____________ 20__ г.");
  sign(`Ответственный за правильность оформления факта хозяйственной жизни: ${data.supplier.director}`, "");
  sign(`Наименование экономического субъекта — составителя документа: ${data.supplier.name}, ИНН/КПП ${data.supplier.inn}/${data.supplier.kpp}`, "");
  sign("М. П.", `${data.buyer.name}${data.buyer.inn ? `, ИНН/КПП ${data.buyer.inn}/${data.buyer.kpp ?? "—"}` : ""}`);

  return document.save();
}
