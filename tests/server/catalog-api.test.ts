import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  categoryListSchema,
  PRODUCT_LIST_DEFAULT_LIMIT,
  productListPageSchema,
  productSchema,
  serverErrorSchema,
} from "../../shared/contracts/index";
import type { Category, ProductCard, ProductListPage, ServerError } from "../../shared/contracts/index";
import { startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * The catalogue endpoints through Fastify's inject: every filter alone and together, the four
 * sorts, pagination and every way a query can be wrong. Expectations are computed from the full
 * list the API itself gives, so they follow the seed rather than repeat it.
 */

let testApp: TestApp;
let everything: ProductCard[];
let categories: Category[];

async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  const response = await testApp.app.inject({ method: "GET", url });
  return { status: response.statusCode, body: response.json() as unknown };
}

async function page(query: string): Promise<ProductListPage> {
  const { status, body } = await getJson(`/api/public/product${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return productListPageSchema.parse(body);
}

async function problem(url: string): Promise<{ status: number; error: ServerError }> {
  const { status, body } = await getJson(url);
  return { status, error: serverErrorSchema.parse(body) };
}

const ids = (items: readonly ProductCard[]) => items.map((item) => item.id);
const names = (items: readonly ProductCard[]) => items.map((item) => item.productName);

/** The products of the full list that pass `keep`, in the default А–Я order. */
function expected(keep: (product: ProductCard) => boolean): number[] {
  return ids(everything.filter(keep));
}

function categoryId(slug: string): number {
  const category = categories.find((item) => item.slug === slug);
  if (!category) throw new Error(`no category ${slug}`);
  return category.id;
}

beforeAll(async () => {
  testApp = await startTestApp();
  everything = (await page("?limit=100")).items;
  categories = categoryListSchema.parse((await getJson("/api/public/product/category")).body);
});
afterAll(async () => {
  await testApp?.close();
});

describe("GET /api/public/product/category", () => {
  it("lists the categories in the shop's order with their product counts", () => {
    expect(categories.map((category) => category.slug)).toEqual(["vizitki", "listovki", "buklety", "katalogi", "plakaty", "bannery", "nakleyki", "kalendari"]);
    for (const category of categories) {
      expect(category.productCount).toBe(everything.filter((product) => product.category.id === category.id).length);
    }
    expect(categories.reduce((sum, category) => sum + category.productCount, 0)).toBe(everything.length);
  });
});

describe("GET /api/public/product without filters", () => {
  it("gives the first page in А–Я order with the default limit", async () => {
    const first = await page("");
    expect(first.offset).toBe(0);
    expect(first.limit).toBe(PRODUCT_LIST_DEFAULT_LIMIT);
    expect(first.total).toBe(everything.length);
    expect(ids(first.items)).toEqual(ids(everything).slice(0, PRODUCT_LIST_DEFAULT_LIMIT));
  });

  it("ignores empty filter values", async () => {
    const empty = await page("?productionTimeDay=&discount=&minPrice=&maxPrice=&categoryId=&sort=&offset=&limit=");
    expect(empty.total).toBe(everything.length);
    expect(empty.offset).toBe(0);
    expect(empty.limit).toBe(PRODUCT_LIST_DEFAULT_LIMIT);
    expect(ids(empty.items)).toEqual(ids(everything).slice(0, PRODUCT_LIST_DEFAULT_LIMIT));
  });

  it("marks no product as a favourite before sessions exist", () => {
    expect(everything.every((product) => product.inFavorite === false)).toBe(true);
  });
});

describe("filters", () => {
  it("productionTimeDay keeps products made within that many days", async () => {
    const result = await page("?productionTimeDay=3&limit=100");
    expect(ids(result.items)).toEqual(expected((product) => product.productionTimeDay <= 3));
    expect(result.total).toBe(result.items.length);
    expect(result.total).toBeGreaterThan(0);
    expect(result.total).toBeLessThan(everything.length);
    expect(ids((await page("?productionTimeDay=1&limit=100")).items)).toEqual(expected((product) => product.productionTimeDay <= 1));
  });

  it("discount=true keeps discounted products, discount=false does not filter", async () => {
    const discounted = await page("?discount=true&limit=100");
    expect(ids(discounted.items)).toEqual(expected((product) => product.discountPct > 0));
    expect(discounted.total).toBeGreaterThan(0);
    expect((await page("?discount=false&limit=100")).total).toBe(everything.length);
  });

  it("minPrice and maxPrice bound the price after the discount, inclusively", async () => {
    expect(ids((await page("?minPrice=2000&limit=100")).items)).toEqual(expected((product) => product.priceFrom >= 2000));
    expect(ids((await page("?maxPrice=1500&limit=100")).items)).toEqual(expected((product) => product.priceFrom <= 1500));
    expect(ids((await page("?minPrice=1000&maxPrice=3000&limit=100")).items)).toEqual(
      expected((product) => product.priceFrom >= 1000 && product.priceFrom <= 3000),
    );
    expect((await page("?minPrice=0&limit=100")).total).toBe(everything.length);
  });

  it("compares prices to the kopeck, with decimal commas too", async () => {
    const sticker = everything.find((product) => product.productName.startsWith("Стикерпаки"));
    expect(sticker?.priceFrom).toBe(1237.5);
    expect(names((await page("?minPrice=1237.5&maxPrice=1237,5")).items)).toEqual([sticker?.productName]);
    expect(ids((await page("?minPrice=1237.51&maxPrice=1237.99")).items)).toEqual([]);
  });

  it("a discounted product is found by its discounted price, not its list price", async () => {
    const cards = everything.find((product) => product.productName === "Ёлочные открытки");
    expect(cards).toMatchObject({ discountPct: 20, priceFrom: 1200 });
    expect(names((await page("?minPrice=1200&maxPrice=1200")).items)).toEqual(["Ёлочные открытки"]);
    expect((await page("?minPrice=1500&maxPrice=1500")).total).toBe(0);
  });

  it("categoryId keeps one category; an unknown one gives an empty page", async () => {
    const vizitki = categoryId("vizitki");
    const result = await page(`?categoryId=${vizitki}&limit=100`);
    expect(ids(result.items)).toEqual(expected((product) => product.category.id === vizitki));
    expect(result.items.every((product) => product.category.slug === "vizitki")).toBe(true);
    expect(await page("?categoryId=99999")).toEqual({ items: [], total: 0, offset: 0, limit: PRODUCT_LIST_DEFAULT_LIMIT });
  });

  it("combines every filter with AND", async () => {
    const listovki = categoryId("listovki");
    const combined = await page(`?categoryId=${listovki}&discount=true&maxPrice=2000&productionTimeDay=5&minPrice=100`);
    expect(names(combined.items)).toEqual(["Ёлочные открытки"]);
    expect(ids(combined.items)).toEqual(
      expected(
        (product) =>
          product.category.id === listovki &&
          product.discountPct > 0 &&
          product.priceFrom >= 100 &&
          product.priceFrom <= 2000 &&
          product.productionTimeDay <= 5,
      ),
    );
    const vizitki = categoryId("vizitki");
    const sortedFiltered = await page(`?categoryId=${vizitki}&productionTimeDay=4&sort=TimesOrderedDesc`);
    expect(ids(sortedFiltered.items)).toEqual(
      [...everything]
        .filter((product) => product.category.id === vizitki && product.productionTimeDay <= 4)
        .sort((a, b) => b.timesOrdered - a.timesOrdered || b.id - a.id)
        .map((product) => product.id),
    );
  });
});

describe("sorts", () => {
  it("names every demo product with a capital letter (issue 16: «евро-визитки 85×55»)", () => {
    const lower = names(everything).filter((name) => name.charAt(0) !== name.charAt(0).toLocaleUpperCase("ru-RU"));
    expect(lower).toEqual([]);
  });

  it("NameAsc (the default) is А–Я, with Ё among the Е words", async () => {
    const byName = names((await page("?sort=NameAsc&limit=100")).items);
    expect(byName).toEqual(names(everything));
    const yo = byName.indexOf("Ёлочные открытки");
    expect(byName[yo - 1]).toBe("Евро-визитки 85×55");
    expect(byName[yo + 1]).toBe("Каталоги на скрепке");
    expect(yo).toBeLessThan(byName.length - 1);
    // Russian collation: digits first, then Cyrillic in dictionary order, then Latin.
    expect(byName[0]).toBe("3D-наклейки с эпоксидной смолой");
    expect(byName.at(-1)).toBe("Roll-up стенд 85×200");
    expect(byName.indexOf("Roll-up стенд 85×200")).toBeGreaterThan(byName.indexOf("Афиши A3 и A2"));
    expect(byName).toEqual([...byName].sort(new Intl.Collator("ru", { sensitivity: "base" }).compare));
  });

  it("NameDesc is the exact reverse of NameAsc", async () => {
    expect(ids((await page("?sort=NameDesc&limit=100")).items)).toEqual(ids(everything).reverse());
  });

  it("TimesOrderedAsc and TimesOrderedDesc order by popularity, ties by id", async () => {
    const ascending = (await page("?sort=TimesOrderedAsc&limit=100")).items;
    expect(ids(ascending)).toEqual([...everything].sort((a, b) => a.timesOrdered - b.timesOrdered || a.id - b.id).map((product) => product.id));
    const descending = (await page("?sort=TimesOrderedDesc&limit=100")).items;
    expect(ids(descending)).toEqual(ids(ascending).reverse());
    expect(descending[0]?.timesOrdered).toBe(Math.max(...everything.map((product) => product.timesOrdered)));
  });
});

describe("pagination", () => {
  it.each(["NameAsc", "NameDesc", "TimesOrderedAsc", "TimesOrderedDesc"])("walks the %s list page by page without duplicates or gaps", async (sort) => {
    const whole = ids((await page(`?sort=${sort}&limit=100`)).items);
    const seen: number[] = [];
    for (let offset = 0; offset < whole.length; offset += 5) {
      const result = await page(`?sort=${sort}&offset=${offset}&limit=5`);
      expect(result).toMatchObject({ total: whole.length, offset, limit: 5 });
      seen.push(...ids(result.items));
    }
    expect(seen).toEqual(whole);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("a page past the end is empty but still reports the total", async () => {
    expect(await page("?offset=500&limit=10")).toEqual({ items: [], total: everything.length, offset: 500, limit: 10 });
  });

  it("the total counts the filtered products, not the page", async () => {
    const discounted = everything.filter((product) => product.discountPct > 0);
    const result = await page("?discount=true&limit=2");
    expect(result.items).toHaveLength(2);
    expect(result.total).toBe(discounted.length);
  });
});

describe("bad queries", () => {
  it.each([
    ["productionTimeDay=abc", "productionTimeDay", "Срок изготовления укажите целым числом дней от 1 до 365"],
    ["productionTimeDay=0", "productionTimeDay", "Срок изготовления укажите целым числом дней от 1 до 365"],
    ["productionTimeDay=1.5", "productionTimeDay", "Срок изготовления укажите целым числом дней от 1 до 365"],
    ["productionTimeDay=9999999999999999999999", "productionTimeDay", "Срок изготовления укажите целым числом дней от 1 до 365"],
    ["discount=maybe", "discount", "Фильтр «Со скидкой» принимает только «да» или «нет»"],
    ["minPrice=-1", "minPrice", "Минимальная цена должна быть числом не меньше нуля"],
    ["minPrice=cheap", "minPrice", "Минимальная цена должна быть числом не меньше нуля"],
    ["minPrice=NaN", "minPrice", "Минимальная цена должна быть числом не меньше нуля"],
    ["maxPrice=Infinity", "maxPrice", "Максимальная цена должна быть числом не меньше нуля"],
    ["maxPrice=100000001", "maxPrice", "Максимальная цена должна быть числом не меньше нуля"],
    ["categoryId=vizitki", "categoryId", "Категория указана неверно"],
    ["categoryId=-2", "categoryId", "Категория указана неверно"],
    ["sort=PriceAsc", "sort", "Неизвестный порядок сортировки"],
    ["offset=-5", "offset", "Номер страницы указан неверно"],
    ["limit=0", "limit", "На странице может быть от 1 до 100 товаров"],
    ["limit=101", "limit", "На странице может быть от 1 до 100 товаров"],
    ["limit=5&limit=10", "limit", "На странице может быть от 1 до 100 товаров"],
    ["minPrice=500&maxPrice=100", "minPrice", "Минимальная цена не может быть больше максимальной"],
    ["minPrice=%E0%A4%A", "minPrice", "Минимальная цена должна быть числом не меньше нуля"],
  ])("?%s → 400 on %s with «%s»", async (query, field, messageUI) => {
    const { status, error } = await problem(`/api/public/product?${query}`);
    expect(status).toBe(400);
    expect(error).toMatchObject({ statusCode: 400, code: "VALIDATION_ERROR", messageUI });
    expect(error.issues?.[0]).toEqual({ field, messageUI });
  });

  it("lists every problem, the first one as messageUI", async () => {
    const { status, error } = await problem("/api/public/product?discount=maybe&limit=0&sort=x");
    expect(status).toBe(400);
    expect(error.messageUI).toBe("Фильтр «Со скидкой» принимает только «да» или «нет»");
    expect(error.issues?.map((issue) => issue.field)).toEqual(["discount", "sort", "limit"]);
  });
});

describe("GET /api/public/product/{id}", () => {
  it("gives the whole product, the same card fields as the list", async () => {
    const card = everything.find((product) => product.productName === "Визитки стандартные 90×50");
    if (!card) throw new Error("the seed has no standard business cards");
    const { status, body } = await getJson(`/api/public/product/${card.id}`);
    expect(status).toBe(200);
    const product = productSchema.parse(body);
    expect(product).toMatchObject(card);
    expect(product.photos).toHaveLength(2);
    expect(product.photos[0]).toBe(card.photoUrl);
    expect(product.description.length).toBeGreaterThan(20);
    expect(product.seoTitle).toContain(card.productName);
  });

  it("answers 404 «Товар не найден» for an unknown id", async () => {
    const { status, error } = await problem("/api/public/product/987654");
    expect(status).toBe(404);
    expect(error).toMatchObject({ statusCode: 404, code: "PRODUCT_NOT_FOUND", messageUI: "Товар не найден" });
  });

  it.each(["abc", "0", "-1", "1.5", "99999999999", "1e3", "%20"])("answers 400 for the id %j", async (id) => {
    const { status, error } = await problem(`/api/public/product/${id}`);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "VALIDATION_ERROR", messageUI: "Номер товара указан неверно", issues: [{ field: "id", messageUI: "Номер товара указан неверно" }] });
  });
});
