import { describe, expect, it } from "vitest";
import { productListSearchParams } from "./query";

describe("productListSearchParams (spec §7 drop rules)", () => {
  it("sends every set filter as it is", () => {
    expect(
      productListSearchParams({ productionTimeDay: 3, discount: true, minPrice: 100, maxPrice: 900, categoryId: 2, sort: "NameDesc", offset: 24, limit: 12 }),
    ).toEqual({ productionTimeDay: 3, discount: true, minPrice: 100, maxPrice: 900, categoryId: 2, sort: "NameDesc", offset: 24, limit: 12 });
  });

  it("sends nothing for an empty query", () => {
    expect(productListSearchParams({})).toEqual({});
  });

  it.each([
    ["productionTimeDay", 0],
    ["discount", false],
    ["maxPrice", 0],
    ["categoryId", 0],
  ] as const)("drops %s when it is %j", (field, value) => {
    expect(productListSearchParams({ [field]: value })).toEqual({});
  });

  it.each(["productionTimeDay", "discount", "maxPrice", "categoryId"] as const)("drops %s when it is undefined", (field) => {
    expect(productListSearchParams({ [field]: undefined, limit: 5 })).toEqual({ limit: 5 });
  });

  it("keeps minPrice 0, a real lower bound", () => {
    expect(productListSearchParams({ minPrice: 0 })).toEqual({ minPrice: 0 });
  });

  it("drops minPrice only when undefined", () => {
    expect(productListSearchParams({ minPrice: undefined })).toEqual({});
  });

  it("keeps offset 0 and the sort", () => {
    expect(productListSearchParams({ offset: 0, sort: "NameAsc" })).toEqual({ offset: 0, sort: "NameAsc" });
  });
});
