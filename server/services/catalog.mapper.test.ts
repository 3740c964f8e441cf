import { describe, expect, it } from "vitest";
import { productCardSchema, productSchema } from "../../shared/contracts/index";
import type { ProductRow } from "../db/schema";
import { kopecksToRoubles, publicFileUrl, toProduct, toProductCard } from "./catalog.mapper";

const category = { id: 3, slug: "vizitki", name: "Визитки" };

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
    searchVector: "",
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
    expect(toProduct(productRow({ photoPaths: [] }), category, "https://ottisk.example", false).photos).toEqual([]);
  });

  it("maps a row to a product page with every photo and the SEO fields", () => {
    const product = toProduct(productRow(), category, "https://ottisk.example", true);
    expect(product.inFavorite).toBe(true);
    expect(productSchema.parse(product)).toEqual(product);
    expect(product.photos).toHaveLength(2);
    expect(product.seoTitle).toBe("Визитки премиум — Оттиск");
    expect(product.description).toBe("На дизайнерской бумаге");
  });
});
