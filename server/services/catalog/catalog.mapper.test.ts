import { describe, expect, it } from "vitest";
import { productCardSchema, productSchema } from "../../../shared/contracts/index";
import type { ProductRow } from "../../db/schema";
import { kopecksToRoubles, publicFileUrl, toProduct, toProductCard } from "./catalog.mapper";

const category = { id: 3, slug: "vizitki", name: "Визитки" };
const noMakeup = { isUrgent: false, options: [], details: [], tiers: [], readyDate: "2026-12-03" };

function productRow(overrides: Partial<ProductRow> = {}): ProductRow {
  return {
    id: 7,
    categoryId: 3,
    slug: "premium",
    name: "Визитки премиум",
    nameSortKey: "визитки премиум",
    description: "На дизайнерской бумаге",
    photoPaths: ["catalog/premium-1.svg", "catalog/премиум 2.svg"],
    priceFromKopecks: 249_000,
    discountPct: 10,
    priceAfterDiscountKopecks: 224_100,
    productionTimeDay: 4,
    timesOrdered: 512,
    urgentProductionTimeDay: null,
    urgentSurchargePct: 0,
    sheetsPerUnit: 1,
    sizeLimits: null,
    searchVector: "",
    searchName: "визитки премиум",
    hidden: false,
    archivedAt: null,
    updatedAt: new Date("2026-01-01T00:00:00Z"),
    seoName: "Визитки премиум",
    seoTitle: "Визитки премиум — Оттиск",
    seoDescription: "Описание",
    seoKeywords: "визитки",
    createdAt: new Date("2026-01-15T10:00:00Z"),
    ...overrides,
  };
}

describe("catalog mapper", () => {
  it("turns kopecks into roubles", () => {
    expect(kopecksToRoubles(224_100)).toBe(2241);
    expect(kopecksToRoubles(149_950)).toBe(1499.5);
    expect(kopecksToRoubles(1)).toBe(0.01);
  });

  it("makes photo URLs absolute under /files/ and encodes each path segment", () => {
    expect(publicFileUrl("https://ottisk.example", "catalog/a.svg")).toBe("https://ottisk.example/files/catalog/a.svg");
    expect(publicFileUrl("http://127.0.0.1:8080", "catalog/премиум 2.svg")).toBe(
      "http://127.0.0.1:8080/files/catalog/%D0%BF%D1%80%D0%B5%D0%BC%D0%B8%D1%83%D0%BC%202.svg",
    );
  });

  it("maps a row to a card that satisfies its contract, with the price after the discount", () => {
    const card = toProductCard(productRow(), category, "https://ottisk.example", false);
    expect(productCardSchema.parse(card)).toEqual(card);
    expect(card).toEqual({
      id: 7,
      productName: "Визитки премиум",
      photoUrl: "https://ottisk.example/files/catalog/premium-1.svg",
      inFavorite: false,
      category,
      priceFrom: 2241,
      discountPct: 10,
      productionTimeDay: 4,
      timesOrdered: 512,
    });
  });

  it("gives a null photo when the product has none, so the card shows its placeholder", () => {
    const card = toProductCard(productRow({ photoPaths: [] }), category, "https://ottisk.example", true);
    expect(card.photoUrl).toBeNull();
    expect(toProduct(productRow({ photoPaths: [] }), category, "https://ottisk.example", false, noMakeup).photos).toEqual([]);
  });

  it("maps a row to a product page with every photo and the SEO fields", () => {
    const product = toProduct(productRow(), category, "https://ottisk.example", true, noMakeup);
    expect(product.inFavorite).toBe(true);
    expect(productSchema.parse(product)).toEqual(product);
    expect(product.photos).toHaveLength(2);
    expect(product.seoTitle).toBe("Визитки премиум — Оттиск");
    expect(product.description).toBe("На дизайнерской бумаге");
  });

  it("groups the options in the fixed group order and gives the urgent numbers when asked", () => {
    const option = (id: number, group: "format" | "paper" | "colors" | "finishing", code: string) => ({
      id,
      productId: 7,
      group,
      code,
      label: code,
      sortOrder: id,
      isDefault: id === 1,
      pricePct: 100,
      unitPriceKopecks: 0,
      setupPriceKopecks: 0,
      widthMm: group === "format" ? 90 : null,
      heightMm: group === "format" ? 50 : null,
      paperGsm: null,
      sides: null,
    });
    const urgentRow = productRow({ urgentProductionTimeDay: 1, urgentSurchargePct: 50 });
    const product = toProduct(urgentRow, category, "https://ottisk.example", false, {
      isUrgent: true,
      options: [option(3, "finishing", "round-corners"), option(1, "format", "90x50"), option(2, "colors", "4+0")],
      details: [],
      tiers: [{ minQuantity: 100, unitPriceKopecks: 3362, priceKopecks: 336_150 }],
      readyDate: "2026-12-01",
    });
    expect(productSchema.parse(product)).toEqual(product);
    expect(product.options.map((group) => [group.group, group.label, group.multiple])).toEqual([
      ["format", "Формат", false],
      ["colors", "Красочность", false],
      ["finishing", "Отделка", true],
    ]);
    expect(product).toMatchObject({ isUrgent: true, productionTimeDay: 1, priceFrom: 3361.5, urgency: { available: true, productionTimeDay: 1, surchargePct: 50 } });
    expect(product.priceTiers).toEqual([{ minQuantity: 100, unitPrice: 33.62, price: 3361.5 }]);
  });
});
