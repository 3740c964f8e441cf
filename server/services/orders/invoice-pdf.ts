import { formatDocumentDate } from "../../../shared/domain/dates";
import { drawPaymentQr, gostPaymentText } from "./payment-qr";
import { formatKopecks, linesTable, loadDocumentFonts, MARGIN, CONTENT_WIDTH, partyText, startDocument, totalsBlock } from "./pdf-document";
import type { DocumentLine, DocumentParty, DocumentWriter, OrderDocumentData, SupplierDetails } from "./pdf-document";

/*
 * The invoice («Счёт на оплату») of an order paid by bank transfer, as the A4 PDF a Russian
 * accountant expects: the supplier's bank details, supplier and buyer, the lines, the totals, the
 * VAT included and the sum in words, and the payment QR code of ГОСТ Р 56042-2014 (payment-qr.ts)
 * a bank's app pays it by. The font, the requisites and the table are pdf-document.ts's,
 * shared with the closing document (closing-document-pdf.ts).
 */

export { formatKopecks, OTTISK_SUPPLIER } from "./pdf-document";
export type { SupplierDetails } from "./pdf-document";

export type InvoiceBuyer = DocumentParty;
export type InvoiceLine = DocumentLine;
export type InvoiceData = OrderDocumentData;

/** DejaVu Sans and its bold, read once per process (the same fonts every document of the shop embeds). */
export const loadInvoiceFonts = loadDocumentFonts;

function bankDetails(writer: DocumentWriter, supplier: SupplierDetails): void {
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

/** The invoice as PDF bytes: A4, one page for an ordinary order, more when the lines need them. */
export async function renderInvoicePdf(data: InvoiceData): Promise<Uint8Array> {
  const title = `Счёт на оплату № ${data.number} от ${formatDocumentDate(data.date)}`;
  const { document, writer } = await startDocument({
    title,
    author: data.supplier.name,
    subject: `Оплата заказа № ${data.number}, сумма ${formatKopecks(data.totalKopecks)} руб.`,
    keywords: ["счёт", "invoice", data.number],
    date: data.date,
  });

  writer.paragraph("Образец заполнения платёжного поручения. Счёт действителен к оплате в течение 5 банковских дней.", { size: 7.5, gap: 4 });
  bankDetails(writer, data.supplier);

  writer.paragraph(title, { size: 14, bold: true, gap: 4 });
  writer.rule();
  writer.y -= 8;
  writer.paragraph(`Поставщик (исполнитель): ${partyText(data.supplier)}`, { gap: 4 });
  writer.paragraph(`Покупатель (заказчик): ${partyText(data.buyer)}`, { gap: 4 });
  writer.paragraph(`Основание: заказ № ${data.number}`, { gap: 8 });

  linesTable(writer, data.lines);
  totalsBlock(writer, data, "Всего наименований");
  writer.rule();
  writer.y -= 10;
  writer.paragraph("Оплата счёта означает согласие с условиями поставки. Производство заказа начинается после поступления оплаты на расчётный счёт.", { size: 7.5, gap: 18 });

  writer.ensureRoom(40);
  writer.y -= 12;
  writer.text(`Руководитель ______________ ${data.supplier.director}`, MARGIN, writer.y, { size: 9.5 });
  writer.text(`Бухгалтер ______________ ${data.supplier.accountant}`, MARGIN + CONTENT_WIDTH / 2 + 10, writer.y, { size: 9.5 });

  const qrSize = 120;
  writer.ensureRoom(qrSize + 30);
  writer.y -= 24;
  const qrText = gostPaymentText({ supplier: data.supplier, invoiceNumber: data.number, invoiceDate: data.date, totalKopecks: data.totalKopecks, vatKopecks: data.vatKopecks, vatPercent: data.vatPercent });
  drawPaymentQr(writer.page, qrText, MARGIN, writer.y - qrSize, qrSize);
  writer.text("Оплата по QR-коду", MARGIN + qrSize + 12, writer.y - 14, { size: 9.5, bold: true });
  writer.text("Откройте приложение банка, выберите оплату по QR-коду и наведите камеру:", MARGIN + qrSize + 12, writer.y - 30, { size: 8.5 });
  writer.text(`реквизиты, сумма ${formatKopecks(data.totalKopecks)} руб. и назначение платежа заполнятся сами.`, MARGIN + qrSize + 12, writer.y - 42, { size: 8.5 });
  writer.y -= qrSize;

  return document.save();
}
