import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfTextLines } from "../../tests/server/support/pdf-text";
import { formatInvoiceDate, formatKopecks, OTTISK_SUPPLIER, renderInvoicePdf } from "./invoice-pdf";
import type { InvoiceData } from "./invoice-pdf";

const base: InvoiceData = {
  number: "2026-000042",
  date: new Date("2026-05-12T09:00:00Z"),
  supplier: OTTISK_SUPPLIER,
  buyer: { name: "ООО «Ромашка»", inn: "2308123457", kpp: "230801001", address: "350000, г. Краснодар, ул. Красная, д. 1, оф. 5" },
  lines: [
    { name: "Визитки стандартные 90×50 (90×50 мм, мелованная 300 г/м², 4+4)", quantity: 1000, unit: "шт", unitPriceKopecks: 150, sumKopecks: 150_000 },
    { name: "Доставка: СДЭК, ул. Красная, д. 1", quantity: 1, unit: "усл", unitPriceKopecks: 35_000, sumKopecks: 35_000 },
  ],
  discountKopecks: 10_000,
  promocode: "OTTISK10",
  totalKopecks: 175_000,
  vatKopecks: 31_557,
  vatPercent: 22,
};

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
        "Сумма:",
        "1 850,00",
        "Скидка по промокоду OTTISK10:",
        "-100,00",
        "Итого:",
        "1 750,00",
        "В том числе НДС 22 %:",
        "315,57",
        "Всего наименований 2, на сумму 1 750,00 руб.",
        "Одна тысяча семьсот пятьдесят рублей 00 копеек",
        `ИНН ${OTTISK_SUPPLIER.inn}`,
        OTTISK_SUPPLIER.settlementAccount,
      ]),
    );
  });

  it("continues the table on more pages, repeating its header, when the lines need them", async () => {
    const lines = Array.from({ length: 80 }, (_, index) => ({ name: `Листовки А5, вариант ${index + 1}`, quantity: 100, unit: "шт", unitPriceKopecks: 1_000, sumKopecks: 100_000 }));
    const bytes = await renderInvoicePdf({ ...base, lines, discountKopecks: 0, promocode: null, totalKopecks: 8_000_000, vatKopecks: 1_442_623 });
    const pages = await pdfTextLines(bytes);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[1]?.slice(0, 6)).toEqual(["№", "Товары (работы, услуги)", "Кол-во", "Ед.", "Цена", "Сумма"]);
    const all = pages.flat();
    expect(all).toContain("Листовки А5, вариант 80");
    expect(all).toContain("Восемьдесят тысяч рублей 00 копеек");
    expect(all).not.toContain("Скидка:");
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
    expect(formatInvoiceDate(new Date("2026-12-31T22:30:00Z"))).toBe("1 января 2027 г.");
    expect(formatInvoiceDate(new Date("2026-03-08T12:00:00Z"))).toBe("8 марта 2026 г.");
  });
});
