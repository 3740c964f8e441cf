import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfTextLines } from "../../tests/server/support/pdf-text";
import { actTitle, renderActPdf } from "./closing-document-pdf";
import type { ActData } from "./closing-document-pdf";
import { OTTISK_SUPPLIER } from "./pdf-document";

const base: ActData = {
  number: "2026-000042",
  date: new Date("2026-05-20T09:00:00Z"),
  orderNumber: "2026-000042",
  orderDate: new Date("2026-05-12T09:00:00Z"),
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
        "Сумма:",
        "1 850,00",
        "Скидка по промокоду OTTISK10:",
        "-100,00",
        "Итого:",
        "1 750,00",
        "В том числе НДС 22 %:",
        "315,57",
        "Всего оказано услуг 2, на сумму 1 750,00 руб.",
        "Одна тысяча семьсот пятьдесят рублей 00 копеек",
        "Исполнитель",
        "Заказчик",
        `______________ ${OTTISK_SUPPLIER.director}`,
      ]),
    );
    expect(text.some((line) => line.startsWith(`Исполнитель: ${OTTISK_SUPPLIER.name}, ИНН ${OTTISK_SUPPLIER.inn}`))).toBe(true);
    expect(text.some((line) => line.startsWith("Заказчик: ООО «Ромашка», ИНН 2308123457"))).toBe(true);
  });

  it("continues the table on more pages with its header, and still ends with the signatures", async () => {
    const lines = Array.from({ length: 80 }, (_, index) => ({ name: `Листовки А5, вариант ${index + 1}`, quantity: 100, unit: "шт", unitPriceKopecks: 1_000, sumKopecks: 100_000 }));
    const bytes = await renderActPdf({ ...base, lines, discountKopecks: 0, promocode: null, totalKopecks: 8_000_000, vatKopecks: 1_442_623 });
    const pages = await pdfTextLines(bytes);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[1]?.slice(0, 6)).toEqual(["№", "Товары (работы, услуги)", "Кол-во", "Ед.", "Цена", "Сумма"]);
    const all = pages.flat();
    expect(all).toContain("Листовки А5, вариант 80");
    expect(all).toContain("Восемьдесят тысяч рублей 00 копеек");
    expect(pages.at(-1)).toContain("Заказчик");
  });
});
