import { formatDocumentDate } from "../../../shared/domain/dates";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { EIGHTY_LINES, expectEightyLinesOverPages, ROMASHKA_ORDER, ROMASHKA_TOTAL_IN_WORDS, ROMASHKA_TOTALS_TEXT } from "../../../tests/server/support/order-document-fixtures";
import { pdfTextLines } from "../../../tests/server/support/pdf-text";
import { formatKopecks, OTTISK_SUPPLIER, renderInvoicePdf } from "./invoice-pdf";
import type { InvoiceData } from "./invoice-pdf";

const base: InvoiceData = ROMASHKA_ORDER;

describe("renderInvoicePdf", () => {
  it("writes one A4 page with the details, the totals, the VAT and the sum in words", async () => {
    const bytes = await renderInvoicePdf(base);
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe("Счёт на оплату № 2026-000042 от 12 мая 2026 г.");
    const [text = []] = await pdfTextLines(bytes);
    expect(text).toEqual(
      expect.arrayContaining([
        "Счёт на оплату № 2026-000042 от 12 мая 2026 г.",
        ...ROMASHKA_TOTALS_TEXT,
        "Всего наименований 2, на сумму 1 750,00 руб.",
        ROMASHKA_TOTAL_IN_WORDS,
        `ИНН ${OTTISK_SUPPLIER.inn}`,
        OTTISK_SUPPLIER.settlementAccount,
      ]),
    );
  });

  it("continues the table on more pages, repeating its header, when the lines need them", async () => {
    const pages = await pdfTextLines(await renderInvoicePdf({ ...base, ...EIGHTY_LINES }));
    expectEightyLinesOverPages(pages);
    expect(pages.flat()).not.toContain("Скидка:");
  });
});

describe("invoice formatting", () => {
  it("writes kopecks as roubles with spaces between thousands and a comma", () => {
    expect(formatKopecks(0)).toBe("0,00");
    expect(formatKopecks(5)).toBe("0,05");
    expect(formatKopecks(123_456_789)).toBe("1 234 567,89");
    expect(formatKopecks(-10_000)).toBe("-100,00");
  });

  it("dates the invoice in Moscow time", () => {
    expect(formatDocumentDate(new Date("2026-12-31T22:30:00Z"))).toBe("1 января 2027 г.");
    expect(formatDocumentDate(new Date("2026-03-08T12:00:00Z"))).toBe("8 марта 2026 г.");
  });
});
