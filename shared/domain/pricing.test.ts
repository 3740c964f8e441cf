import { describe, expect, it } from "vitest";
import { BUSINESS_CARD_PROFILE } from "../../preflight/core/testing";
import { computePrice, defaultOption, layoutProfile, tierFor } from "./pricing";
import type { PriceBreakdown, PriceRequest, PricingFailureCode, PricingOption, PricingProduct } from "./pricing";

function option(init: Partial<PricingOption> & Pick<PricingOption, "group" | "code">): PricingOption {
  return {
    label: init.code,
    sortOrder: 0,
    isDefault: false,
    pricePct: 100,
    unitPriceKopecks: 0,
    setupPriceKopecks: 0,
    widthMm: null,
    heightMm: null,
    paperGsm: null,
    ...init,
  };
}

/** Business cards: 100 pcs at 9.90 ₽, 500 at 3.20 ₽, 1000 at 2.10 ₽. */
const cards: PricingProduct = {
  discountPct: 0,
  productionTimeDay: 3,
  urgentProductionTimeDay: 1,
  urgentSurchargePct: 50,
  sheetsPerUnit: 1,
  tiers: [
    { minQuantity: 500, unitPriceKopecks: 320 },
    { minQuantity: 100, unitPriceKopecks: 990 },
    { minQuantity: 1000, unitPriceKopecks: 210 },
  ],
  options: [
    option({ group: "format", code: "90x50", isDefault: true, widthMm: 90, heightMm: 50 }),
    option({ group: "format", code: "85x55", sortOrder: 1, pricePct: 110, widthMm: 85, heightMm: 55 }),
    option({ group: "paper", code: "coated-300", paperGsm: 300 }),
    option({ group: "paper", code: "design-350", sortOrder: 1, pricePct: 180, paperGsm: 350 }),
    option({ group: "colors", code: "4+0", isDefault: true }),
    option({ group: "colors", code: "4+4", sortOrder: 1, pricePct: 160 }),
    option({ group: "finishing", code: "round-corners", unitPriceKopecks: 50 }),
    option({ group: "finishing", code: "foil", unitPriceKopecks: 150, setupPriceKopecks: 150_000 }),
  ],
  details: [
    { name: "Обратная сторона", sortOrder: 2, requiresOptionCode: "4+4" },
    { name: "Лицевая сторона", sortOrder: 1, requiresOptionCode: null },
  ],
};

function price(product: PricingProduct, request: Partial<PriceRequest>): PriceBreakdown {
  const result = computePrice(product, { options: {}, quantity: 100, isUrgent: false, ...request });
  if (!result.ok) throw new Error(`Expected a price, got ${result.failure.code}`);
  return result.price;
}

function failure(product: PricingProduct, request: Partial<PriceRequest>): PricingFailureCode {
  const result = computePrice(product, { options: {}, quantity: 100, isUrgent: false, ...request });
  if (result.ok) throw new Error("Expected a failure");
  expect(result.failure.messageUI).toMatch(/[а-яё]/i);
  return result.failure.code;
}

describe("tierFor and defaultOption", () => {
  it("picks the tier with the largest minQuantity not above the quantity", () => {
    expect(tierFor(cards.tiers, 99)).toBeUndefined();
    expect(tierFor(cards.tiers, 100)?.minQuantity).toBe(100);
    expect(tierFor(cards.tiers, 499)?.minQuantity).toBe(100);
    expect(tierFor(cards.tiers, 500)?.minQuantity).toBe(500);
    expect(tierFor(cards.tiers, 1_000_000)?.minQuantity).toBe(1000);
  });

  it("defaults to the marked option, else the first in the shop's order", () => {
    expect(defaultOption(cards.options, "format")?.code).toBe("90x50");
    expect(defaultOption(cards.options, "paper")?.code).toBe("coated-300");
    expect(defaultOption(cards.options, "colors")?.code).toBe("4+0");
  });
});

describe("computePrice", () => {
  it("prices the smallest run at the default options and normalises them", () => {
    const quote = price(cards, {});
    expect(quote.options).toEqual({ format: "90x50", paper: "coated-300", colors: "4+0", finishing: [] });
    expect(quote.unitPriceKopecks).toBe(990);
    expect(quote.priceKopecks).toBe(99_000);
    expect(quote.priceBeforeDiscountKopecks).toBe(99_000);
    expect(quote.productionTimeDay).toBe(3);
    expect(quote.layoutDetails).toEqual(["Лицевая сторона"]);
    expect(quote.tierMinQuantity).toBe(100);
  });

  it("multiplies the percentages, then adds per-piece and setup prices", () => {
    // 320 × 1.6 × 1.8 = 921.6 + 50 + 150 = 1121.6 per piece; × 500 = 560 800 + 150 000 setup.
    const quote = price(cards, { quantity: 500, options: { colors: "4+4", paper: "design-350", finishing: ["round-corners", "foil", "foil"] } });
    expect(quote.priceKopecks).toBe(710_800);
    expect(quote.unitPriceKopecks).toBe(1122);
    expect(quote.options.finishing).toEqual(["foil", "round-corners"]);
    expect(quote.layoutDetails).toEqual(["Лицевая сторона", "Обратная сторона"]);
  });

  it("rounds the line, then the discount, then the urgency, half a kopeck up", () => {
    // 100 × (990 × 1.1) = 108 900; − 15 % = 92 565; + 50 % = 138 847.5 → 138 848.
    const discounted: PricingProduct = { ...cards, discountPct: 15 };
    const plain = price(discounted, { options: { format: "85x55" } });
    expect(plain.priceBeforeDiscountKopecks).toBe(108_900);
    expect(plain.priceKopecks).toBe(92_565);
    const urgent = price(discounted, { options: { format: "85x55" }, isUrgent: true });
    expect(urgent.priceAfterDiscountKopecks).toBe(92_565);
    expect(urgent.priceKopecks).toBe(138_848);
    expect(urgent.productionTimeDay).toBe(1);
    expect(urgent.unitPriceKopecks).toBe(1388);
  });

  it("rounds a fractional line half up", () => {
    // 3 × 5 kopecks × 1.1 = 16.5 → 17; the 1 kopeck tier × 50 % → 0.5 → 1.
    const cheap: PricingProduct = { ...cards, tiers: [{ minQuantity: 1, unitPriceKopecks: 5 }] };
    expect(price(cheap, { quantity: 3, options: { format: "85x55" } }).priceKopecks).toBe(17);
    const halves: PricingProduct = { ...cards, discountPct: 50, tiers: [{ minQuantity: 1, unitPriceKopecks: 1 }] };
    expect(price(halves, { quantity: 1 }).priceKopecks).toBe(1);
  });

  it("is exact for large runs and refuses a line above 20 million roubles", () => {
    const banner: PricingProduct = { ...cards, tiers: [{ minQuantity: 1, unitPriceKopecks: 333_333 }] };
    const options = { colors: "4+4", paper: "design-350", format: "85x55" };
    // 3 333.33 ₽ × 1.1 × 1.6 × 1.8 = 10 559.99 ₽ per piece (1 055 998.944 kopecks).
    expect(price(banner, { quantity: 1000, options }).priceKopecks).toBe(1_055_998_944);
    expect(price(banner, { quantity: 1000, options }).unitPriceKopecks).toBe(1_055_999);
    expect(failure(banner, { quantity: 1894, options })).toBe("PRICE_TOO_LARGE");
    expect(failure({ ...cards, urgentSurchargePct: 100, tiers: [{ minQuantity: 1, unitPriceKopecks: 1_500_000_000 }] }, { quantity: 1, isUrgent: true })).toBe("PRICE_TOO_LARGE");
  });

  it("weighs the line by format area, paper and sheets", () => {
    // 90 × 50 mm × 300 g/m² = 1.35 g a card; 1000 cards = 1350 g.
    expect(price(cards, { quantity: 1000 }).weightGrams).toBe(1350);
    const booklet: PricingProduct = { ...cards, sheetsPerUnit: 4 };
    expect(price(booklet, { quantity: 1000 }).weightGrams).toBe(5400);
    const noFormat: PricingProduct = { ...cards, options: cards.options.filter((each) => each.group !== "format") };
    expect(price(noFormat, {}).weightGrams).toBe(0);
  });

  it("takes default finishing only when finishing is not sent", () => {
    const withDefault: PricingProduct = {
      ...cards,
      options: cards.options.map((each) => (each.code === "round-corners" ? { ...each, isDefault: true } : each)),
    };
    expect(price(withDefault, {}).options.finishing).toEqual(["round-corners"]);
    expect(price(withDefault, {}).priceKopecks).toBe(104_000);
    expect(price(withDefault, { options: { finishing: [] } }).options.finishing).toEqual([]);
  });

  it("treats an empty code as no choice and one code in a list as that code", () => {
    expect(price(cards, { options: { format: "" } }).options.format).toBe("90x50");
    expect(price(cards, { options: { colors: ["4+4"] } }).options.colors).toBe("4+4");
  });

  it("refuses what cannot be made", () => {
    expect(failure(cards, { options: { format: "A4" } })).toBe("UNKNOWN_OPTION");
    expect(failure(cards, { options: { finishing: ["gold"] } })).toBe("UNKNOWN_OPTION");
    expect(failure(cards, { options: { colors: "4+0", pages: "12" } })).toBe("UNKNOWN_OPTION_GROUP");
    expect(failure(cards, { options: { colors: ["4+0", "4+4"] } })).toBe("OPTION_NOT_SINGLE");
    expect(failure(cards, { quantity: 99 })).toBe("QUANTITY_TOO_SMALL");
    expect(failure(cards, { quantity: 1_000_001 })).toBe("QUANTITY_TOO_LARGE");
    expect(failure(cards, { quantity: 150.5 })).toBe("QUANTITY_INVALID");
    expect(failure(cards, { quantity: 0 })).toBe("QUANTITY_INVALID");
    expect(failure({ ...cards, urgentProductionTimeDay: null }, { isUrgent: true })).toBe("URGENCY_UNAVAILABLE");
    expect(failure({ ...cards, tiers: [] }, {})).toBe("PRODUCT_NOT_PRICED");
  });

  it("refuses a group the product does not have", () => {
    const noFinishing: PricingProduct = { ...cards, options: cards.options.filter((each) => each.group !== "finishing") };
    expect(failure(noFinishing, { options: { finishing: ["foil"] } })).toBe("UNKNOWN_OPTION");
    expect(price(noFinishing, {}).options.finishing).toEqual([]);
  });
});

describe("layoutProfile", () => {
  it("checks a layout at the chosen format's size, and at the detail's own for the default or a format without a size", () => {
    expect(layoutProfile(BUSINESS_CARD_PROFILE, undefined)).toBe(BUSINESS_CARD_PROFILE);
    expect(layoutProfile(BUSINESS_CARD_PROFILE, { isDefault: true, widthMm: 85, heightMm: 55 })).toBe(BUSINESS_CARD_PROFILE);
    expect(layoutProfile(BUSINESS_CARD_PROFILE, { isDefault: false, widthMm: null, heightMm: 55 })).toBe(BUSINESS_CARD_PROFILE);
    expect(layoutProfile(BUSINESS_CARD_PROFILE, { isDefault: false, widthMm: 85, heightMm: 55 })).toEqual({ ...BUSINESS_CARD_PROFILE, trimMm: [85, 55] });
  });
});

describe("per-square-metre products (issue 30)", () => {
  /** A PVC banner: 450 ₽ per m² from 1 piece, 390 ₽ from 10; pockets add 80 ₽ per m²; 440 g/m². */
  const banner: PricingProduct = {
    ...cards,
    urgentSurchargePct: 60,
    tiers: [
      { minQuantity: 1, unitPriceKopecks: 45_000 },
      { minQuantity: 10, unitPriceKopecks: 39_000 },
    ],
    options: [
      option({ group: "paper", code: "banner-440", isDefault: true, paperGsm: 440 }),
      option({ group: "finishing", code: "pockets", unitPriceKopecks: 8_000 }),
    ],
    details: [{ name: "Макет баннера", sortOrder: 1, requiresOptionCode: null }],
    sizeLimits: { minWidthMm: 300, maxWidthMm: 5000, minHeightMm: 300, maxHeightMm: 3000, stepMm: 10 },
  };

  it("prices a 1500 × 800 mm banner as area × the tier's rate × quantity", () => {
    const one = price(banner, { options: { widthMm: 1500, heightMm: 800 }, quantity: 1 });
    expect(one.priceKopecks).toBe(54_000); // 1.2 m² × 450 ₽
    expect(one.options).toMatchObject({ widthMm: 1500, heightMm: 800 });
    const three = price(banner, { options: { widthMm: 1500, heightMm: 800 }, quantity: 3 });
    expect(three.priceKopecks).toBe(162_000);
    const ten = price(banner, { options: { widthMm: 1500, heightMm: 800 }, quantity: 10 });
    expect(ten.tierMinQuantity).toBe(10);
    expect(ten.priceKopecks).toBe(468_000); // 10 × 1.2 m² × 390 ₽
    expect(ten.weightGrams).toBe(5280); // 12 m² × 440 g
  });

  it("adds the options per square metre too and rounds the line once, half a kopeck up", () => {
    expect(price(banner, { options: { widthMm: 1500, heightMm: 800, finishing: ["pockets"] }, quantity: 1 }).priceKopecks).toBe(63_600); // 1.2 m² × (450 + 80) ₽
    // 310 × 310 mm = 0.0961 m² × 450 ₽ = 43.245 ₽ → 4324.5 kopecks → 4325.
    expect(price(banner, { options: { widthMm: 310, heightMm: 310 }, quantity: 1 }).priceKopecks).toBe(4325);
  });

  it("takes 1 m² when no size is sent, so the tiers read per square metre", () => {
    const line = price(banner, { quantity: 1 });
    expect(line.options).toMatchObject({ widthMm: 1000, heightMm: 1000 });
    expect(line.priceKopecks).toBe(45_000);
  });

  it("refuses a size out of range or off the step with the rule in Russian", () => {
    for (const size of [
      { widthMm: 200, heightMm: 800 },
      { widthMm: 5010, heightMm: 800 },
      { widthMm: 1505, heightMm: 800 },
    ]) {
      const result = computePrice(banner, { options: size, quantity: 1, isUrgent: false });
      expect(result.ok ? null : result.failure).toMatchObject({ code: "SIZE_INVALID", messageUI: "Ширина должна быть от 300 до 5000 мм с шагом 10 мм" });
    }
    const tall = computePrice(banner, { options: { widthMm: 1500, heightMm: 3100 }, quantity: 1, isUrgent: false });
    expect(tall.ok ? null : tall.failure.messageUI).toBe("Высота должна быть от 300 до 3000 мм с шагом 10 мм");
    expect(failure(banner, { options: { widthMm: 1500 } })).toBe("SIZE_INVALID");
  });

  it("refuses a size for a product sold in formats", () => {
    expect(failure(cards, { options: { widthMm: 90, heightMm: 50 } })).toBe("SIZE_NOT_OFFERED");
  });

  it("checks a sized line's layout at its own trim size", () => {
    expect(layoutProfile(BUSINESS_CARD_PROFILE, undefined, { widthMm: 1500, heightMm: 800 }).trimMm).toEqual([1500, 800]);
  });
});
