import type { InjectOptions } from "fastify";
import { z } from "zod/mini";
import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  categoryListSchema,
  categoryTreeSchema,
  productCardSchema,
  productListPageSchema,
  productPriceQuoteSchema,
  productSchema,
  productServiceListSchema,
  productServiceSchema,
  serverErrorSchema,
  SESSION_TOKEN_HEADER,
} from "../../shared/contracts/index";
import { preflightProfileSchema } from "../../shared/contracts/preflight-profile";
import { BUSINESS_CARD_PROFILE } from "../../preflight/core/testing";
import type { Product, ProductCard, ProductPriceQuote, ServerError } from "../../shared/contracts/index";
import { product as productTable, productOption, productPriceTier, productService } from "../../server/db/schema";
import { seedDemoData } from "../../server/seed/seed";
import { createFileStorages } from "../../server/storage/file-storage";
import { createApi, isApiError } from "../../shared/http/index";
import type { Api } from "../../shared/http/index";
import { callerOf } from "./support/api-calls";
import { DEMO_CATEGORY_NAMES } from "./support/demo-catalogue";
import { startLiveTestApp } from "./support/test-app";
import type { LiveTestApp } from "./support/test-app";

/*
 * Print options and prices through Fastify's inject: the product page's options, tiers, details
 * and urgency, the live price, the card price against the real quote for every demo product,
 * product cards by ids, the category tree and the shop's services.
 */

let testApp: LiveTestApp;
let everything: ProductCard[];
let api: Api;

beforeAll(async () => {
  testApp = await startLiveTestApp();
  api = createApi({ baseURL: `${testApp.origin}/api` });
  everything = productListPageSchema.parse((await call({ method: "GET", url: "/api/public/product?limit=100" })).json()).items;
});
afterAll(async () => {
  await testApp.close();
});

const call = callerOf(() => testApp.app);

function card(name: string): ProductCard {
  const found = everything.find((item) => item.productName === name);
  if (!found) throw new Error(`the seed has no «${name}»`);
  return found;
}

async function page(id: number, query = ""): Promise<Product> {
  const response = await call({ method: "GET", url: `/api/public/product/${id}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return productSchema.parse(response.json());
}

async function price(id: number, query = ""): Promise<ProductPriceQuote> {
  const response = await call({ method: "GET", url: `/api/public/product/${id}/price${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return productPriceQuoteSchema.parse(response.json());
}

async function problem(url: string, init: Omit<InjectOptions, "url"> = {}): Promise<{ status: number; error: ServerError }> {
  const response = await call({ method: "GET", ...init, url });
  return { status: response.statusCode, error: serverErrorSchema.parse(response.json()) };
}

const standard = () => card("Визитки стандартные 90×50");
const foil = () => card("Визитки с тиснением фольгой");

describe("the demo catalogue", () => {
  it("has 8 categories and about 30 products, each with options, tiers and details", async () => {
    const categories = categoryListSchema.parse((await call({ method: "GET", url: "/api/public/product/category" })).json());
    expect(categories.map((category) => category.name)).toEqual(DEMO_CATEGORY_NAMES);
    expect(everything.length).toBeGreaterThanOrEqual(28);
    for (const item of everything) {
      const product = await page(item.id);
      expect(product.priceTiers.length, item.productName).toBeGreaterThan(0);
      expect(product.details.length, item.productName).toBeGreaterThan(0);
      // A product priced per m² takes the shopper's own size instead of formats (issue 30).
      const groups = product.sizeLimits === null ? ["format", "paper", "colors"] : ["paper", "colors"];
      expect(product.options.map((group) => group.group), item.productName).toEqual(expect.arrayContaining(groups));
      for (const group of product.options.filter((each) => !each.multiple)) {
        expect(group.choices.filter((choice) => choice.isDefault).length, `${item.productName}: ${group.label}`).toBeLessThanOrEqual(1);
      }
      for (const detail of product.details) expect(preflightProfileSchema.parse(detail.profile)).toEqual(detail.profile);
      const codes = product.options.flatMap((group) => group.choices.map((choice) => choice.code));
      for (const detail of product.details) if (detail.requiresOptionCode !== null) expect(codes).toContain(detail.requiresOptionCode);
    }
  });

  it("prices every card «от» exactly as the quote of its smallest run at the default options", async () => {
    const rows = await testApp.database.db.select().from(productTable).orderBy(asc(productTable.id));
    for (const row of rows) {
      const product = await page(row.id);
      const smallest = product.priceTiers[0];
      if (!smallest) throw new Error(`${row.name} has no tiers`);
      const quote = await testApp.app.pricing.quote({ productId: row.id, options: {}, quantity: smallest.minQuantity, isUrgent: false });
      expect(quote.priceBeforeDiscountKopecks, row.name).toBe(row.priceFromKopecks);
      expect(quote.priceKopecks, row.name).toBe(row.priceAfterDiscountKopecks);
      expect(product.priceFrom, row.name).toBe(quote.priceKopecks / 100);
      expect(smallest.price, row.name).toBe(product.priceFrom);
      const live = await price(row.id);
      expect(live.price, row.name).toBe(product.priceFrom);
      expect(live.quantity, row.name).toBe(smallest.minQuantity);
    }
  });

  it("has discounts, urgent and non-urgent products, and weighs the runs", async () => {
    expect(everything.some((item) => item.discountPct > 0)).toBe(true);
    const pages = await Promise.all(everything.map((item) => page(item.id)));
    expect(pages.some((product) => product.urgency.available)).toBe(true);
    expect(pages.some((product) => !product.urgency.available)).toBe(true);
    for (const product of pages) {
      const quote = await price(product.id);
      expect(quote.weightGrams, product.productName).toBeGreaterThan(0);
    }
  });
});

describe("GET /api/public/product/{id}", () => {
  it("gives the options in groups with their defaults, sizes, paper and sides", async () => {
    const product = await page(standard().id);
    expect(product.options.map((group) => [group.group, group.label, group.multiple])).toEqual([
      ["format", "Формат", false],
      ["paper", "Бумага", false],
      ["colors", "Красочность", false],
      ["finishing", "Отделка", true],
    ]);
    const [format, paper, colors, finishing] = product.options;
    expect(format?.choices).toEqual([{ code: "90x50", label: "90×50 мм", isDefault: false, widthMm: 90, heightMm: 50, paperGsm: null, sides: null }]);
    expect(paper?.choices.find((choice) => choice.isDefault)).toMatchObject({ code: "coated-300", paperGsm: 300 });
    expect(colors?.choices.map((choice) => [choice.code, choice.sides, choice.isDefault])).toEqual([
      ["4+0", 1, true],
      ["4+4", 2, false],
    ]);
    expect(finishing?.choices.map((choice) => choice.code)).toEqual(["lamination-matte", "lamination-gloss", "round-corners"]);
  });

  it("gives the tiers in roubles, cheaper per piece for longer runs", async () => {
    const product = await page(standard().id);
    expect(product.priceTiers[0]).toEqual({ minQuantity: 100, unitPrice: 9.9, price: 990 });
    const units = product.priceTiers.map((tier) => tier.unitPrice);
    expect(units).toEqual([...units].sort((a, b) => b - a));
    expect(product.priceTiers.map((tier) => tier.minQuantity)).toEqual([100, 200, 500, 1000, 2000, 5000]);
  });

  it("gives the details with their profiles: the back side only with 4+4", async () => {
    const product = await page(standard().id);
    expect(product.details).toEqual([
      {
        name: "Лицевая сторона",
        requiresOptionCode: null,
        profile: BUSINESS_CARD_PROFILE,
      },
      expect.objectContaining({ name: "Обратная сторона", requiresOptionCode: "4+4" }),
    ]);
    const catalogue = await page(card("Каталоги на скрепке").id);
    expect(catalogue.details.map((detail) => [detail.name, detail.profile.pages])).toEqual([
      ["Обложка", 4],
      ["Блок", 12],
    ]);
    const banner = await page(card("Баннер из ПВХ-ткани 440 г/м²").id);
    expect(banner.details[0]?.profile.minPpi).toBe(150);
  });

  it("isUrgent=true gives the urgent production time and a dearer «от» price", async () => {
    const regular = await page(standard().id);
    const urgent = await page(standard().id, "?isUrgent=true");
    expect(regular).toMatchObject({ isUrgent: false, productionTimeDay: 2, priceFrom: 990, urgency: { available: true, productionTimeDay: 1, surchargePct: 50 } });
    expect(urgent).toMatchObject({ isUrgent: true, productionTimeDay: 1, priceFrom: 1485 });
    expect(urgent.priceTiers[0]).toEqual({ minQuantity: 100, unitPrice: 14.85, price: 1485 });
    expect((await page(standard().id, "?isUrgent=false")).priceFrom).toBe(990);
  });

  it("applies the discount before the urgency surcharge", async () => {
    const premium = card("Визитки премиум на дизайнерской бумаге");
    // 2 490 ₽ − 10 % = 2 241 ₽; + 40 % = 3 137.40 ₽.
    expect(premium.priceFrom).toBe(2241);
    expect((await page(premium.id, "?isUrgent=true")).priceFrom).toBe(3137.4);
  });

  it("answers 400 for urgency a product does not offer and for a malformed isUrgent", async () => {
    const { status, error } = await problem(`/api/public/product/${foil().id}?isUrgent=true`);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "URGENCY_UNAVAILABLE", messageUI: "Этот товар нельзя изготовить срочно" });
    expect((await page(foil().id)).urgency).toEqual({ available: false, productionTimeDay: null, surchargePct: 0 });
    const malformed = await problem(`/api/public/product/${standard().id}?isUrgent=maybe`);
    expect(malformed.status).toBe(400);
    expect(malformed.error).toMatchObject({ code: "VALIDATION_ERROR", messageUI: "Срочность указывается как «да» или «нет»" });
  });
});

describe("GET /api/public/product/{id}/price", () => {
  it("prices the smallest run at the defaults when nothing is chosen", async () => {
    expect(await price(standard().id)).toEqual({
      productId: standard().id,
      options: { format: "90x50", paper: "coated-300", colors: "4+0", finishing: [] },
      quantity: 100,
      isUrgent: false,
      unitPrice: 9.9,
      price: 990,
      priceBeforeDiscount: 990,
      discountPct: 0,
      tierMinQuantity: 100,
      productionTimeDay: 2,
      // «Будет готово …» on today's clock; exact dates for a fixed clock: tests/server/deadlines.test.ts.
      readyDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      // 90 × 50 mm × 300 g/m² × 100 = 135 g.
      weightGrams: 135,
      layoutDetails: ["Лицевая сторона"],
    });
  });

  it("multiplies the chosen options, adds finishing, and asks for the back side with 4+4", async () => {
    // 500 pcs: 3.20 ₽ × 1.15 (350 g/m²) × 1.5 (4+4) = 5.52 ₽ + 2.50 ₽ lamination + 0.80 ₽ corners = 8.82 ₽.
    const quote = await price(standard().id, "?quantity=500&paper=coated-350&colors=4%2B4&finishing=round-corners,lamination-matte");
    expect(quote).toMatchObject({
      options: { format: "90x50", paper: "coated-350", colors: "4+4", finishing: ["lamination-matte", "round-corners"] },
      tierMinQuantity: 500,
      unitPrice: 8.82,
      price: 4410,
      layoutDetails: ["Лицевая сторона", "Обратная сторона"],
    });
  });

  it("takes an unencoded + (colors=4+4) and a repeated finishing parameter", async () => {
    const quote = await price(standard().id, "?colors=4+4&finishing=round-corners&finishing=lamination-gloss&finishing=round-corners");
    expect(quote.options).toMatchObject({ colors: "4+4", finishing: ["lamination-gloss", "round-corners"] });
  });

  it("adds a setup fee once per line and a discount from the product", async () => {
    const premium = card("Визитки премиум на дизайнерской бумаге");
    // 100 × (24.90 + 5.00) = 2 990 ₽ + 1 500 ₽ cliché = 4 490 ₽; − 10 % = 4 041 ₽.
    const quote = await price(premium.id, "?finishing=foil-gold");
    expect(quote).toMatchObject({ priceBeforeDiscount: 4490, price: 4041, discountPct: 10 });
    expect(quote.layoutDetails).toEqual(["Лицевая сторона", "Маска фольги"]);
  });

  it("makes urgency dearer and sooner", async () => {
    const regular = await price(standard().id, "?quantity=1000");
    const urgent = await price(standard().id, "?quantity=1000&isUrgent=true");
    expect(urgent.price).toBe(regular.price * 1.5);
    expect(urgent.productionTimeDay).toBeLessThan(regular.productionTimeDay);
    expect(urgent.isUrgent).toBe(true);
  });

  it("prices banners by the square metre and weighs them by the fabric", async () => {
    const quote = await price(card("Баннер из ПВХ-ткани 440 г/м²").id, "?quantity=12");
    expect(quote).toMatchObject({ tierMinQuantity: 10, unitPrice: 390, price: 4680, weightGrams: 5280 });
    expect(quote.options.finishing).toEqual(["eyelets"]);
    expect((await price(card("Баннер из ПВХ-ткани 440 г/м²").id, "?quantity=12&finishing=")).options.finishing).toEqual([]);
  });

  it.each([
    ["?format=A4", "UNKNOWN_OPTION", "Вариант «A4» для параметра «Формат» не найден у этого товара"],
    ["?finishing=round-corners,gold-leaf", "UNKNOWN_OPTION", "Вариант «gold-leaf» для параметра «Отделка» не найден у этого товара"],
    ["?colors=4%2B0&colors=4%2B4", "OPTION_NOT_SINGLE", "Для параметра «Красочность» можно выбрать только один вариант"],
    ["?quantity=99", "QUANTITY_TOO_SMALL", "Минимальный тираж этого товара — 100 шт."],
    // Matte and gloss lamination exclude each other: one of them is charged, never both (issue 16).
    ["?finishing=lamination-matte,lamination-gloss", "OPTIONS_EXCLUSIVE", "«Матовая ламинация» и «Глянцевая ламинация» не сочетаются: выберите что-то одно"],
    ["?finishing=lamination-gloss&finishing=round-corners&finishing=lamination-matte", "OPTIONS_EXCLUSIVE", "«Глянцевая ламинация» и «Матовая ламинация» не сочетаются: выберите что-то одно"],
  ])("%s → 400 %s", async (query, code, messageUI) => {
    const { status, error } = await problem(`/api/public/product/${standard().id}/price${query}`);
    expect(status).toBe(400);
    expect(error).toMatchObject({ statusCode: 400, code, messageUI });
  });

  it.each(["quantity=1000001", "quantity=0", "quantity=abc", "quantity=1.5", "isUrgent=soon"])("?%s → 400 VALIDATION_ERROR", async (query) => {
    const { status, error } = await problem(`/api/public/product/${standard().id}/price?${query}`);
    expect(status).toBe(400);
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.messageUI).toMatch(/[а-яё]/i);
  });

  it("answers 400 for a line above 20 million roubles: a manager quotes those", async () => {
    const { status, error } = await problem(`/api/public/product/${card("Roll-up стенд 85×200").id}/price?quantity=1000000`);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "PRICE_TOO_LARGE", messageUI: "Такой большой заказ мы рассчитаем отдельно — оставьте заявку менеджеру" });
  });

  it("answers 400 for urgency the product does not offer", async () => {
    const { status, error } = await problem(`/api/public/product/${foil().id}/price?isUrgent=true`);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "URGENCY_UNAVAILABLE", messageUI: "Этот товар нельзя изготовить срочно" });
  });

  it("answers 404 for an unknown product or an unknown {extra}, 400 for a malformed id", async () => {
    expect((await problem("/api/public/product/987654/price")).error).toMatchObject({ statusCode: 404, code: "PRODUCT_NOT_FOUND", messageUI: "Товар не найден" });
    expect((await problem(`/api/public/product/${standard().id}/reviews`)).status).toBe(404);
    expect((await problem("/api/public/product/abc/price")).error).toMatchObject({ statusCode: 400, messageUI: "Номер товара указан неверно" });
  });
});

describe("app.pricing.quote", () => {
  it("normalises the options and counts the layouts and the weight", async () => {
    const quote = await testApp.app.pricing.quote({ productId: standard().id, options: { colors: "4+4", finishing: ["round-corners", "round-corners"] }, quantity: 1000, isUrgent: false });
    expect(quote).toMatchObject({
      options: { format: "90x50", paper: "coated-300", colors: "4+4", finishing: ["round-corners"] },
      // 2.10 ₽ × 1.5 + 0.80 ₽ = 3.95 ₽ × 1000.
      unitPriceKopecks: 395,
      priceKopecks: 395_000,
      weightGrams: 1350,
      productionTimeDay: 2,
      layoutDetails: ["Лицевая сторона", "Обратная сторона"],
    });
  });

  it("throws 404 for an unknown product and 400 above a million pieces", async () => {
    await expect(testApp.app.pricing.quote({ productId: 987_654, options: {}, quantity: 100, isUrgent: false })).rejects.toMatchObject({
      statusCode: 404,
      code: "PRODUCT_NOT_FOUND",
      messageUI: "Товар не найден",
    });
    await expect(testApp.app.pricing.quote({ productId: standard().id, options: {}, quantity: 1_000_001, isUrgent: false })).rejects.toMatchObject({
      statusCode: 400,
      code: "QUANTITY_TOO_LARGE",
    });
  });
});

describe("POST /api/public/product/by-list", () => {
  const byList = (ids: unknown, token?: string) => call({ method: "POST", url: "/api/public/product/by-list", payload: { ids }, ...(token ? { token } : {}) });

  it("gives the cards in the order asked, unknown ids left out, repeats once", async () => {
    const [a, b, c] = everything.slice(3, 6).map((item) => item.id);
    const response = await byList([c, 987_654, a, b, c]);
    expect(response.statusCode, response.body).toBe(200);
    const cards = z.array(productCardSchema).parse(response.json());
    expect(cards.map((item) => item.id)).toEqual([c, a, b]);
    expect(cards[1]).toEqual(everything.find((item) => item.id === a));
  });

  it("marks the caller's favourites", async () => {
    const [first, second] = everything.slice(0, 2).map((item) => item.id);
    const favourite = await call({ method: "PUT", url: `/api/public/product/to-favorite/${second}` });
    const token = String(favourite.headers[SESSION_TOKEN_HEADER]);
    const mine = z.array(productCardSchema).parse((await byList([first, second], token)).json());
    expect(mine.map((item) => [item.id, item.inFavorite])).toEqual([
      [first, false],
      [second, true],
    ]);
    const anonymous = z.array(productCardSchema).parse((await byList([first, second])).json());
    expect(anonymous.every((item) => !item.inFavorite)).toBe(true);
  });

  it.each([
    ["no ids", []],
    ["101 ids", Array.from({ length: 101 }, (_, index) => index + 1)],
    ["a malformed id", [1, "два"]],
    ["a negative id", [-3]],
    ["not a list", 5],
  ])("answers 400 for %s", async (_, ids) => {
    const response = await byList(ids);
    expect(response.statusCode).toBe(400);
    expect(serverErrorSchema.parse(response.json()).messageUI).toMatch(/номер/i);
  });
});

describe("GET /api/product-category", () => {
  it("lists every category in the shop's order with each of its products once, А–Я", async () => {
    const response = await call({ method: "GET", url: "/api/product-category" });
    expect(response.statusCode).toBe(200);
    const tree = categoryTreeSchema.parse(response.json());
    const categories = categoryListSchema.parse((await call({ method: "GET", url: "/api/public/product/category" })).json());
    expect(tree.map((node) => node.slug)).toEqual(categories.map((category) => category.slug));
    for (const node of tree) {
      const expected = everything.filter((item) => item.category.id === node.id);
      expect(node.products.map((item) => item.id)).toEqual(expected.map((item) => item.id));
      expect(node.photoUrl).toMatch(/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\/files\/catalog\//);
    }
    expect(tree.flatMap((node) => node.products).length).toBe(everything.length);
    expect(tree[0]?.products.find((item) => item.name === "Визитки стандартные 90×50")?.slug).toBe("standartnye-90x50");
  });
});

describe("GET /api/product-service", () => {
  it("lists the shop's services with prices in roubles, and gives one by id", async () => {
    const services = productServiceListSchema.parse((await call({ method: "GET", url: "/api/product-service" })).json());
    expect(services.length).toBeGreaterThanOrEqual(5);
    const design = services.find((service) => service.slug === "dizayn-vizitki");
    expect(design).toMatchObject({ name: "Дизайн визитки", price: 1500, unit: "за макет" });
    const one = await call({ method: "GET", url: `/api/product-service/${design?.id}` });
    expect(one.statusCode).toBe(200);
    expect(productServiceSchema.parse(one.json())).toEqual(design);
  });

  it("answers 404 for an unknown service and 400 for a malformed id", async () => {
    expect((await problem("/api/product-service/987654")).error).toMatchObject({ statusCode: 404, code: "PRODUCT_SERVICE_NOT_FOUND", messageUI: "Услуга не найдена" });
    expect((await problem("/api/product-service/abc")).error).toMatchObject({ statusCode: 400, messageUI: "Номер услуги указан неверно" });
  });
});

describe("the API client (shared/http/catalog.endpoints.ts) against the live server", () => {
  it("getProductPrice sends the options, 4+4 and the finishing list intact", async () => {
    const quote = await api.getProductPrice(standard().id, { quantity: 500, colors: "4+4", finishing: ["round-corners", "lamination-matte"], isUrgent: true });
    expect(quote).toMatchObject({ quantity: 500, isUrgent: true, options: { colors: "4+4", finishing: ["lamination-matte", "round-corners"] } });
    expect((await api.getProductPrice(standard().id)).price).toBe(990);
    const failure = await api.getProductPrice(foil().id, { isUrgent: true }).catch((error: unknown) => error);
    expect(isApiError(failure) && failure.messageUI).toBe("Этот товар нельзя изготовить срочно");
  });

  it("getProduct asks for the urgent page when told", async () => {
    expect((await api.getProduct(standard().id, { isUrgent: true })).priceFrom).toBe(1485);
    expect((await api.getProduct(standard().id)).options.length).toBe(4);
  });

  it("getProductsByList, getProductCategoryTree, getProductServices and getProductService", async () => {
    const [a, b] = everything.slice(0, 2).map((item) => item.id);
    expect((await api.getProductsByList([b!, a!])).map((item) => item.id)).toEqual([b, a]);
    expect((await api.getProductCategoryTree()).map((node) => node.slug)[0]).toBe("vizitki");
    const services = await api.getProductServices();
    expect(await api.getProductService(services[0]!.id)).toEqual(services[0]);
  });
});

describe("the options seed", () => {
  it("fills a product that has no tiers yet (a catalogue seeded before options) and changes nothing on a second run", async () => {
    const { db, filesDir } = testApp.database;
    const id = standard().id;
    const before = await db.select().from(productTable).where(eq(productTable.id, id));
    await db.delete(productPriceTier).where(eq(productPriceTier.productId, id));
    await db.delete(productOption).where(eq(productOption.productId, id));
    await db.update(productTable).set({ priceFromKopecks: 1, urgentProductionTimeDay: null }).where(eq(productTable.id, id));
    const [services] = await db.select({ n: count() }).from(productService);

    expect(await seedDemoData(db, createFileStorages({ filesDir: filesDir }).publicFiles)).toEqual({ seeded: false, categories: 0, products: 0 });
    const restored = await db.select().from(productTable).where(eq(productTable.id, id));
    expect(restored).toEqual(before);
    expect((await price(id)).price).toBe(990);

    const options = await db.select().from(productOption).orderBy(asc(productOption.id));
    await seedDemoData(db, createFileStorages({ filesDir: filesDir }).publicFiles);
    expect(await db.select().from(productOption).orderBy(asc(productOption.id))).toEqual(options);
    expect((await db.select({ n: count() }).from(productService))[0]?.n).toBe(services?.n);
  });
});
