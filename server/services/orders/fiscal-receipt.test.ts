import { describe, expect, it } from "vitest";
import { fiscalReceiptSchema } from "../../../shared/contracts/index";
import { buildFiscalReceipt, RECEIPT_DESCRIPTION_MAX, receiptPhone, receiptTotalKopecks, spreadReduction, VAT_CODE_22_122 } from "./fiscal-receipt";

/* The 54-ФЗ receipt of a card payment: its items, values and the kopeck rounding of a discount. */

/** mulberry32: a small seeded generator, so every run checks the same orders. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe("the fiscal receipt", () => {
  it("has one commodity item per order line and one service item per paid delivery, prepaid at 22/122", () => {
    const receipt = buildFiscalReceipt({
      email: "ivanov@example.com",
      phone: "+7 (900) 123-45-67",
      lines: [
        { name: "Визитки, 90×50 мм, 100 шт", sumKopecks: 123_450 },
        { name: "Листовки, A5, 500 шт", sumKopecks: 400_000 },
      ],
      deliveries: [
        { name: "Доставка курьером", sumKopecks: 35_000 },
        { name: "Самовывоз", sumKopecks: 0 },
      ],
      totalKopecks: 558_450,
    });
    expect(fiscalReceiptSchema.parse(receipt)).toEqual(receipt);
    expect(receipt).toEqual({
      customer: { email: "ivanov@example.com" },
      tax_system_code: 1,
      items: [
        { description: "Визитки, 90×50 мм, 100 шт", quantity: 1, amount: { value: "1234.50", currency: "RUB" }, vat_code: VAT_CODE_22_122, payment_subject: "commodity", payment_mode: "full_prepayment", measure: "piece" },
        { description: "Листовки, A5, 500 шт", quantity: 1, amount: { value: "4000.00", currency: "RUB" }, vat_code: 12, payment_subject: "commodity", payment_mode: "full_prepayment", measure: "piece" },
        { description: "Доставка курьером", quantity: 1, amount: { value: "350.00", currency: "RUB" }, vat_code: 12, payment_subject: "service", payment_mode: "full_prepayment", measure: "piece" },
      ],
    });
  });

  it("spreads a discount over the lines by their sums, the odd kopecks to the largest remainders", () => {
    // 100 kopecks off three lines of 1 ₽ each: 33 + 33 + 33 = 99, the last kopeck to the first line (a tie).
    expect(spreadReduction([100, 100, 100], 100)).toEqual([34, 33, 33]);
    // 10 % off 3333 and 6667 kopecks: 333.3 and 666.7 → 333 and 667.
    expect(spreadReduction([3333, 6667], 1000)).toEqual([333, 667]);
    const receipt = buildFiscalReceipt({ email: "a@example.com", phone: null, lines: [{ name: "A", sumKopecks: 3333 }, { name: "B", sumKopecks: 6667 }], deliveries: [{ name: "Доставка", sumKopecks: 500 }], totalKopecks: 9500 });
    expect(receipt.items.map((item) => item.amount.value)).toEqual(["30.00", "60.00", "5.00"]);
  });

  it("writes to the phone when there is no e-mail, in ЮKassa's digits-only format, and cuts long names to 128 characters", () => {
    const receipt = buildFiscalReceipt({ email: null, phone: "8 900 123-45-67", lines: [{ name: "Баннер ".repeat(40), sumKopecks: 100 }], deliveries: [], totalKopecks: 100 });
    expect(receipt.customer).toEqual({ phone: "79001234567" });
    expect(receipt.items[0]?.description.length).toBe(RECEIPT_DESCRIPTION_MAX);
    expect(receiptPhone("+7 900 123")).toBeNull();
  });

  it("refuses a total above what the order's lines and deliveries cost", () => {
    expect(() => buildFiscalReceipt({ email: "a@example.com", phone: null, lines: [{ name: "A", sumKopecks: 100 }], deliveries: [], totalKopecks: 101 })).toThrow(/more than its lines/);
  });

  it("sums exactly to the payment, never below 0 ₽ an item, over 2000 random orders", () => {
    const random = seededRandom(30);
    const int = (max: number) => Math.floor(random() * (max + 1));
    for (let run = 0; run < 2000; run += 1) {
      const lines = Array.from({ length: 1 + int(6) }, (_, index) => ({ name: `Строка ${index + 1}`, sumKopecks: int(3) === 0 ? int(100) : int(5_000_000) }));
      const deliveries = Array.from({ length: int(2) }, (_, index) => ({ name: `Доставка ${index + 1}`, sumKopecks: int(2) === 0 ? 0 : int(200_000) }));
      const full = [...lines, ...deliveries].reduce((sum, item) => sum + item.sumKopecks, 0);
      const linesSum = lines.reduce((sum, item) => sum + item.sumKopecks, 0);
      // Mostly a discount on the lines (a percent or a fixed sum), sometimes none, rarely more than the lines.
      const discount = [0, Math.floor((linesSum * int(100)) / 100), int(linesSum), int(full)][int(3)] ?? 0;
      const totalKopecks = Math.max(1, full - discount);
      if (totalKopecks > full) continue;
      const receipt = buildFiscalReceipt({ email: "a@example.com", phone: null, lines, deliveries, totalKopecks });
      expect(receiptTotalKopecks(receipt), `run ${run}`).toBe(totalKopecks);
      for (const item of receipt.items) {
        expect(item.amount.value, `run ${run}`).toMatch(/^\d+\.\d{2}$/);
        expect(Number(item.amount.value), `run ${run}`).toBeGreaterThan(0);
      }
      // A discount that the lines can carry leaves the deliveries whole.
      if (full - totalKopecks <= linesSum) {
        const deliveryValues = receipt.items.filter((item) => item.payment_subject === "service").map((item) => item.amount.value);
        const paidDeliveries = deliveries.filter((item) => item.sumKopecks > 0).map((item) => `${Math.floor(item.sumKopecks / 100)}.${String(item.sumKopecks % 100).padStart(2, "0")}`);
        expect(deliveryValues, `run ${run}`).toEqual(paidDeliveries);
      }
    }
  });
});
