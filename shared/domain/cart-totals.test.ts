import { describe, expect, it } from "vitest";
import { cartTotals, promocodeCategoriesMessage, promocodeDiscount, promocodeMinSumMessage, promocodeNotStartedMessage, vatIncludedKopecks } from "./cart-totals";
import type { PromocodeTerms } from "./cart-totals";

const now = new Date("2026-03-01T12:00:00Z");
const percent10: PromocodeTerms = { kind: "percent", value: 10, minSumKopecks: 0, expiresAt: null, active: true };
const fixed500from3000: PromocodeTerms = { kind: "fixed", value: 50_000, minSumKopecks: 300_000, expiresAt: null, active: true };

const items = (priceKopecks: number, categoryId?: number) => [{ priceKopecks, inOrder: true, ...(categoryId === undefined ? {} : { categoryId }) }];

describe("promocodeDiscount", () => {
  it("takes a percentage of the items, rounded down to the kopeck", () => {
    expect(promocodeDiscount(items(123_456), percent10, now)).toEqual({ discountKopecks: 12_345, problem: null });
    expect(promocodeDiscount(items(0), percent10, now).discountKopecks).toBe(0);
  });

  it("gives a fixed amount from the minimum sum on, never more than the items", () => {
    expect(promocodeDiscount(items(300_000), fixed500from3000, now)).toEqual({ discountKopecks: 50_000, problem: null });
    const small = promocodeDiscount(items(299_999), fixed500from3000, now);
    expect(small.discountKopecks).toBe(0);
    expect(small.problem).toMatchObject({ code: "PROMOCODE_MIN_SUM", minSumKopecks: 300_000 });
    expect(small.problem?.messageUI).toBe(promocodeMinSumMessage(300_000));
    expect(promocodeMinSumMessage(300_000)).toMatch(/^Промокод действует для заказов от 3\s000\s₽$/u);
    const bigCode: PromocodeTerms = { ...fixed500from3000, value: 1_000_000, minSumKopecks: 0 };
    expect(promocodeDiscount(items(40_000), bigCode, now).discountKopecks).toBe(40_000);
  });

  it("gives nothing for an expired or switched-off code, and says why", () => {
    const expired = promocodeDiscount(items(500_000), { ...percent10, expiresAt: new Date("2026-03-01T11:59:59Z") }, now);
    expect(expired).toEqual({ discountKopecks: 0, problem: { code: "PROMOCODE_EXPIRED", messageUI: "Срок действия промокода истёк" } });
    expect(promocodeDiscount(items(500_000), { ...percent10, expiresAt: new Date("2026-03-02T00:00:00Z") }, now).discountKopecks).toBe(50_000);
    expect(promocodeDiscount(items(500_000), { ...percent10, active: false }, now).problem?.code).toBe("PROMOCODE_INACTIVE");
  });

  it("never takes more than 100 %", () => {
    expect(promocodeDiscount(items(10_000), { ...percent10, value: 150 }, now).discountKopecks).toBe(10_000);
  });

  it("waits for its start, saying the day on the shop's clock", () => {
    // 21:00 UTC on 30 November is already 1 December in Moscow.
    const later = promocodeDiscount(items(500_000), { ...percent10, validFrom: new Date("2026-11-30T21:00:00Z") }, now);
    expect(later).toEqual({ discountKopecks: 0, problem: { code: "PROMOCODE_NOT_STARTED", messageUI: "Промокод начнёт действовать 1 декабря" } });
    expect(promocodeNotStartedMessage(new Date("2027-01-10T09:00:00Z"), now)).toBe("Промокод начнёт действовать 10 января 2027 года");
    expect(promocodeDiscount(items(500_000), { ...percent10, validFrom: now }, now).discountKopecks).toBe(50_000);
  });

  it("counts its use per client first, then in all", () => {
    const limited: PromocodeTerms = { ...percent10, usageLimitPerClient: 1, usageLimitTotal: 5 };
    expect(promocodeDiscount(items(10_000), limited, now, { use: { total: 4, byClient: 0 } }).discountKopecks).toBe(1_000);
    expect(promocodeDiscount(items(10_000), limited, now, { use: { total: 4, byClient: 1 } }).problem).toEqual({
      code: "PROMOCODE_USED_BY_CLIENT",
      messageUI: "Промокод уже использован",
    });
    expect(promocodeDiscount(items(10_000), limited, now, { use: { total: 5, byClient: 0 } }).problem?.code).toBe("PROMOCODE_USED_UP");
  });

  it("lowers only the lines of its categories, and names them when the cart has none", () => {
    const cards: PromocodeTerms = { ...percent10, categoryIds: [1, 2] };
    const lines = [...items(10_000, 1), ...items(20_000, 3), { priceKopecks: 40_000, inOrder: false, categoryId: 2 }];
    expect(promocodeDiscount(lines, cards, now).discountKopecks).toBe(1_000);
    const outcome = promocodeDiscount(items(20_000, 3), cards, now, { categoryNames: ["Визитки", "Листовки"] });
    expect(outcome).toEqual({ discountKopecks: 0, problem: { code: "PROMOCODE_CATEGORIES", messageUI: "Промокод действует только на визитки и листовки" } });
    expect(promocodeCategoriesMessage(["Визитки", "Листовки", "Каталоги"])).toBe("Промокод действует только на визитки, листовки и каталоги");
    // A fixed amount is never more than the eligible lines.
    expect(promocodeDiscount(lines, { ...fixed500from3000, minSumKopecks: 0, categoryIds: [1] }, now).discountKopecks).toBe(10_000);
  });
});

describe("vatIncludedKopecks", () => {
  it("is the VAT inside a price with VAT: total × 22 / 122", () => {
    expect(vatIncludedKopecks(12_200)).toBe(2_200);
    expect(vatIncludedKopecks(100)).toBe(18);
    expect(vatIncludedKopecks(0)).toBe(0);
    expect(vatIncludedKopecks(12_000, 20)).toBe(2_000);
  });
});

describe("cartTotals", () => {
  it("sums the in-order lines only, discounts them, adds the deliveries undiscounted", () => {
    const totals = cartTotals({
      lines: [
        { priceKopecks: 200_000, inOrder: true },
        { priceKopecks: 150_000, inOrder: true },
        { priceKopecks: 999_999, inOrder: false },
      ],
      deliveries: [{ priceKopecks: 35_000 }],
      promocode: fixed500from3000,
      now,
    });
    expect(totals).toEqual({
      itemsKopecks: 350_000,
      discountKopecks: 50_000,
      deliveryKopecks: 35_000,
      totalKopecks: 335_000,
      vatKopecks: vatIncludedKopecks(335_000),
      promocodeProblem: null,
    });
  });

  it("keeps a code that no longer applies at zero, with its reason", () => {
    const totals = cartTotals({ lines: [{ priceKopecks: 100_000, inOrder: true }], deliveries: [], promocode: fixed500from3000, now });
    expect(totals.discountKopecks).toBe(0);
    expect(totals.totalKopecks).toBe(100_000);
    expect(totals.promocodeProblem?.code).toBe("PROMOCODE_MIN_SUM");
  });

  it("is all zeros for an empty cart", () => {
    expect(cartTotals({ lines: [], deliveries: [], promocode: null, now })).toEqual({
      itemsKopecks: 0,
      discountKopecks: 0,
      deliveryKopecks: 0,
      totalKopecks: 0,
      vatKopecks: 0,
      promocodeProblem: null,
    });
  });
});
