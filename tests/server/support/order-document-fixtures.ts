import type { DocumentLine, OrderDocumentData } from "../../../server/services/orders/pdf-document";
import { OTTISK_SUPPLIER } from "../../../server/services/orders/pdf-document";
import { expect } from "vitest";

/*
 * The order the invoice and act tests write documents for: ООО «Ромашка» buys 1000 business cards
 * with a CDEK delivery and a 100 ₽ promocode discount, 1 750 ₽ in all with 22 % VAT.
 */

/** The order's data, as both of its documents get it (the act adds the order's number and date). */
export const ROMASHKA_ORDER: OrderDocumentData = {
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

/** The lines of the totals block both documents write for ROMASHKA_ORDER, in order. */
export const ROMASHKA_TOTALS_TEXT = ["Сумма:", "1 850,00", "Скидка по промокоду OTTISK10:", "-100,00", "Итого:", "1 750,00", "В том числе НДС 22 %:", "315,57"];

/** The sum of ROMASHKA_ORDER in words. */
export const ROMASHKA_TOTAL_IN_WORDS = "Одна тысяча семьсот пятьдесят рублей 00 копеек";

/** The order's data changed to 80 lines of leaflets, 80 000 ₽ without a discount: more than one page of table. */
export const EIGHTY_LINES: Pick<OrderDocumentData, "lines" | "discountKopecks" | "promocode" | "totalKopecks" | "vatKopecks"> = {
  lines: Array.from({ length: 80 }, (_, index): DocumentLine => ({ name: `Листовки А5, вариант ${index + 1}`, quantity: 100, unit: "шт", unitPriceKopecks: 1_000, sumKopecks: 100_000 })),
  discountKopecks: 0,
  promocode: null,
  totalKopecks: 8_000_000,
  vatKopecks: 1_442_623,
};

/** Checks the text of a document of EIGHTY_LINES: the table goes on over the pages, its header on each, and the sum in words at the end. */
export function expectEightyLinesOverPages(pages: string[][]): void {
  expect(pages.length).toBeGreaterThan(1);
  expect(pages[1]?.slice(0, 6)).toEqual(["№", "Товары (работы, услуги)", "Кол-во", "Ед.", "Цена", "Сумма"]);
  const all = pages.flat();
  expect(all).toContain("Листовки А5, вариант 80");
  expect(all).toContain("Восемьдесят тысяч рублей 00 копеек");
}
