import { formatDocumentDate } from "../../../shared/domain/dates";
import { CONTENT_WIDTH, formatKopecks, linesTable, MARGIN, partyText, startDocument, totalsBlock } from "./pdf-document";
import type { OrderDocumentData } from "./pdf-document";

/*
 * The closing document of a finished order: «Акт выполненных работ» (work done, for the customer's
 * accountant), an A4 PDF made on demand from the order as it was placed. It shares the invoice's
 * font, the shop's requisites, the lines' table and the totals (pdf-document.ts).
 */

export interface ActData extends OrderDocumentData {
  /** The order the act closes, and when it was placed. */
  orderNumber: string;
  orderDate: Date;
}

/** The act's title, also the PDF's: «Акт выполненных работ № 2026-000042 от 14 мая 2026 г.». */
export function actTitle(data: Pick<ActData, "number" | "date">): string {
  return `Акт выполненных работ № ${data.number} от ${formatDocumentDate(data.date)}`;
}

/** The act as PDF bytes: A4, one page for an ordinary order, more when the lines need them. */
export async function renderActPdf(data: ActData): Promise<Uint8Array> {
  const title = actTitle(data);
  const { document, writer } = await startDocument({
    title,
    author: data.supplier.name,
    subject: `Выполнение заказа № ${data.orderNumber}, сумма ${formatKopecks(data.totalKopecks)} руб.`,
    keywords: ["акт", "act", data.orderNumber],
    date: data.date,
  });

  writer.paragraph(title, { size: 14, bold: true, gap: 4 });
  writer.rule();
  writer.y -= 8;
  writer.paragraph(`Исполнитель: ${partyText(data.supplier)}`, { gap: 4 });
  writer.paragraph(`Заказчик: ${partyText(data.buyer)}`, { gap: 4 });
  writer.paragraph(`Основание: заказ № ${data.orderNumber} от ${formatDocumentDate(data.orderDate)}`, { gap: 8 });

  linesTable(writer, data.lines);
  totalsBlock(writer, data, "Всего оказано услуг");
  writer.paragraph(
    "Вышеперечисленные работы (услуги) выполнены полностью и в срок. Заказчик претензий по объёму, качеству и срокам оказания услуг не имеет.",
    { gap: 24 },
  );

  writer.ensureRoom(70);
  const column = CONTENT_WIDTH / 2;
  writer.y -= 12;
  writer.text("Исполнитель", MARGIN, writer.y, { size: 9.5, bold: true });
  writer.text("Заказчик", MARGIN + column + 10, writer.y, { size: 9.5, bold: true });
  writer.y -= 14;
  writer.text(data.supplier.name, MARGIN, writer.y, { size: 9 });
  writer.text(data.buyer.name, MARGIN + column + 10, writer.y, { size: 9 });
  writer.y -= 24;
  writer.text(`______________ ${data.supplier.director}`, MARGIN, writer.y, { size: 9.5 });
  writer.text("______________", MARGIN + column + 10, writer.y, { size: 9.5 });

  return document.save();
}
