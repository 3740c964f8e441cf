import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { EIGHTY_LINES, expectEightyLinesOverPages, ROMASHKA_ORDER, ROMASHKA_TOTAL_IN_WORDS, ROMASHKA_TOTALS_TEXT } from "../../../tests/server/support/order-document-fixtures";
import { pdfTextLines } from "../../../tests/server/support/pdf-text";
import { actTitle, renderActPdf } from "./closing-document-pdf";
import type { ActData } from "./closing-document-pdf";
import { OTTISK_SUPPLIER } from "./pdf-document";

const base: ActData = {
  ...ROMASHKA_ORDER,
  date: new Date("2026-05-20T09:00:00Z"),
  orderNumber: ROMASHKA_ORDER.number,
  orderDate: ROMASHKA_ORDER.date,
};

describe("renderActPdf", () => {
  it("writes one A4 page: the parties, the lines, the totals with the VAT, the sum in words and both signatures", async () => {
    const bytes = await renderActPdf(base);
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe("Акт выполненных работ № 2026-000042 от 20 мая 2026 г.");
    expect(actTitle(base)).toBe(pdf.getTitle());
    const [text = []] = await pdfTextLines(bytes);
    expect(text).toEqual(
      expect.arrayContaining([
        "Акт выполненных работ № 2026-000042 от 20 мая 2026 г.",
        "Основание: заказ № 2026-000042 от 12 мая 2026 г.",
        ...ROMASHKA_TOTALS_TEXT,
        "Всего оказано услуг 2, на сумму 1 750,00 руб.",
        ROMASHKA_TOTAL_IN_WORDS,
        "Исполнитель",
        "Заказчик",
        `______________ ${OTTISK_SUPPLIER.director}`,
      ]),
    );
    expect(text.some((line) => line.startsWith(`Исполнитель: ${OTTISK_SUPPLIER.name}, ИНН ${OTTISK_SUPPLIER.inn}`))).toBe(true);
    expect(text.some((line) => line.startsWith("Заказчик: ООО «Ромашка», ИНН 2308123457"))).toBe(true);
  });

  it("continues the table on more pages with its header, and still ends with the signatures", async () => {
    const pages = await pdfTextLines(await renderActPdf({ ...base, ...EIGHTY_LINES }));
    expectEightyLinesOverPages(pages);
    expect(pages.at(-1)).toContain("Заказчик");
  });
});
