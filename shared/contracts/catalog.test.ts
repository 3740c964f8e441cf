import { describe, expect, it } from "vitest";
import { PRODUCT_LIST_MAX_LIMIT } from "./catalog";
import { productIdParamsSchema, productListQuerySchema } from "./index";

/** The messages a shopper would read, in order, for a query that fails. */
function messagesOf(query: Record<string, unknown>): string[] {
  const result = productListQuerySchema.safeParse(query);
  if (result.success) throw new Error(`expected ${JSON.stringify(query)} to fail`);
  return result.error.issues.map((issue) => issue.message);
}

describe("productListQuerySchema", () => {
  it("parses a query string's text into typed values", () => {
    expect(
      productListQuerySchema.parse({
        productionTimeDay: "3",
        discount: "true",
        minPrice: "99,5",
        maxPrice: " 1000.25 ",
        categoryId: "2",
        sort: "NameDesc",
        offset: "24",
        limit: "12",
      }),
    ).toEqual({ productionTimeDay: 3, discount: true, minPrice: 99.5, maxPrice: 1000.25, categoryId: 2, sort: "NameDesc", offset: 24, limit: 12 });
  });

  it("accepts the typed values a client builds", () => {
    const query = { productionTimeDay: 5, discount: false, minPrice: 0, maxPrice: 500, categoryId: 1, sort: "TimesOrderedDesc", offset: 0, limit: 24 } as const;
    expect(productListQuerySchema.parse(query)).toEqual(query);
  });

  it("reads 1 and 0 as yes and no for the discount filter", () => {
    expect(productListQuerySchema.parse({ discount: "1" }).discount).toBe(true);
    expect(productListQuerySchema.parse({ discount: "0" }).discount).toBe(false);
  });

  it("drops empty values as not set", () => {
    const empty = { productionTimeDay: "", discount: "", minPrice: "", maxPrice: "", categoryId: "", sort: "", offset: "", limit: "" };
    expect(productListQuerySchema.parse(empty)).toEqual({});
    expect(productListQuerySchema.parse({ minPrice: null, sort: null })).toEqual({});
    expect(productListQuerySchema.parse({})).toEqual({});
  });

  it("ignores parameters it does not know", () => {
    expect(productListQuerySchema.parse({ utm_source: "mail", limit: "5" })).toEqual({ limit: 5 });
  });

  it.each([
    [{ productionTimeDay: "abc" }, "Срок изготовления укажите целым числом дней от 1 до 365"],
    [{ productionTimeDay: "0" }, "Срок изготовления укажите целым числом дней от 1 до 365"],
    [{ productionTimeDay: "2.5" }, "Срок изготовления укажите целым числом дней от 1 до 365"],
    [{ productionTimeDay: "366" }, "Срок изготовления укажите целым числом дней от 1 до 365"],
    [{ discount: "maybe" }, "Фильтр «Со скидкой» принимает только «да» или «нет»"],
    [{ discount: "yes" }, "Фильтр «Со скидкой» принимает только «да» или «нет»"],
    [{ minPrice: "-1" }, "Минимальная цена должна быть числом не меньше нуля"],
    [{ minPrice: "дёшево" }, "Минимальная цена должна быть числом не меньше нуля"],
    [{ minPrice: "1e3" }, "Минимальная цена должна быть числом не меньше нуля"],
    [{ maxPrice: "-5" }, "Максимальная цена должна быть числом не меньше нуля"],
    [{ maxPrice: "100000001" }, "Максимальная цена должна быть числом не меньше нуля"],
    [{ categoryId: "0" }, "Категория указана неверно"],
    [{ categoryId: "vizitki" }, "Категория указана неверно"],
    [{ categoryId: "2147483648" }, "Категория указана неверно"],
    [{ sort: "PriceAsc" }, "Неизвестный порядок сортировки"],
    [{ sort: "nameasc" }, "Неизвестный порядок сортировки"],
    [{ offset: "-1" }, "Номер страницы указан неверно"],
    [{ offset: "first" }, "Номер страницы указан неверно"],
    [{ limit: "0" }, `На странице может быть от 1 до ${PRODUCT_LIST_MAX_LIMIT} товаров`],
    [{ limit: String(PRODUCT_LIST_MAX_LIMIT + 1) }, `На странице может быть от 1 до ${PRODUCT_LIST_MAX_LIMIT} товаров`],
    [{ limit: ["5", "10"] }, `На странице может быть от 1 до ${PRODUCT_LIST_MAX_LIMIT} товаров`],
  ])("rejects %j with «%s»", (query, message) => {
    expect(messagesOf(query)).toEqual([message]);
  });

  it("names the field of each problem", () => {
    const result = productListQuerySchema.safeParse({ discount: "maybe", limit: "0" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["discount", "limit"]);
  });

  it("rejects a minimum price above the maximum, on the minPrice field", () => {
    const result = productListQuerySchema.safeParse({ minPrice: "500", maxPrice: "100" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["minPrice"], message: "Минимальная цена не может быть больше максимальной" })]);
  });

  it("accepts equal bounds and a single bound", () => {
    expect(productListQuerySchema.parse({ minPrice: "100", maxPrice: "100" })).toEqual({ minPrice: 100, maxPrice: 100 });
    expect(productListQuerySchema.parse({ minPrice: "500" })).toEqual({ minPrice: 500 });
    expect(productListQuerySchema.parse({ maxPrice: "0" })).toEqual({ maxPrice: 0 });
  });
});

describe("productIdParamsSchema", () => {
  it("reads the id from the path's text", () => {
    expect(productIdParamsSchema.parse({ id: "42" })).toEqual({ id: 42 });
  });

  it.each(["abc", "0", "-3", "1.5", "", "2147483648"])("rejects id %j with a Russian message", (id) => {
    const result = productIdParamsSchema.safeParse({ id });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Номер товара указан неверно");
  });
});
