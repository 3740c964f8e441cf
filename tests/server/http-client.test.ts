import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, createApi } from "../../shared/http/index";
import type { Api } from "../../shared/http/index";
import { apiErrorOf } from "./support/api-client";
import { DEMO_CATEGORY_NAMES } from "./support/demo-catalogue";
import { closeServer, serveOnLoopback } from "./support/fake-http";
import { startLiveTestApp } from "./support/test-app";
import type { LiveTestApp } from "./support/test-app";

/*
 * The storefront's API client (shared/http) against the real server listening on a socket: the
 * contracts agree end to end, errors arrive as ApiError with the server's Russian messageUI.
 */

let testApp: LiveTestApp;
let api: Api;

/** A port nobody listens on: bound, read, released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  const { port } = new URL(await serveOnLoopback(probe));
  await closeServer(probe);
  return Number(port);
}

beforeAll(async () => {
  testApp = await startLiveTestApp();
  api = createApi({ baseURL: `${testApp.origin}/api` });
});
afterAll(async () => {
  await testApp?.close();
});

describe("createApi against a live server", () => {
  it("getProductCategories gives the categories with their counts", async () => {
    const categories = await api.getProductCategories();
    expect(categories.map((category) => category.name)).toEqual(DEMO_CATEGORY_NAMES);
    const { total } = await api.getProducts({ limit: 1 });
    expect(categories.reduce((sum, category) => sum + category.productCount, 0)).toBe(total);
  });

  it("getProducts gives a page with its total", async () => {
    const page = await api.getProducts({ limit: 5, offset: 5, sort: "NameAsc" });
    expect(page.items).toHaveLength(5);
    expect(page.offset).toBe(5);
    expect(page.limit).toBe(5);
    expect(page.total).toBeGreaterThan(10);
    const next = await api.getProducts({ limit: 5, offset: 10, sort: "NameAsc" });
    expect(next.items.map((item) => item.id)).not.toContain(page.items[0]?.id);
  });

  it("getProducts sends the filters, dropping the empty ones as spec §7 says", async () => {
    const all = await api.getProducts({ limit: 100 });
    const emptied = await api.getProducts({ limit: 100, productionTimeDay: 0, discount: false, maxPrice: 0, categoryId: 0, minPrice: 0 });
    // maxPrice 0 would keep only free products if it were sent; dropped, nothing is filtered.
    expect(emptied.items.map((item) => item.id)).toEqual(all.items.map((item) => item.id));
    const discounted = await api.getProducts({ limit: 100, discount: true, productionTimeDay: 5 });
    expect(discounted.items.length).toBeGreaterThan(0);
    expect(discounted.items.every((item) => item.discountPct > 0 && item.productionTimeDay <= 5)).toBe(true);
  });

  it("getProduct gives the product page with absolute photo URLs the server serves", async () => {
    const [card] = (await api.getProducts({ sort: "TimesOrderedDesc", limit: 1 })).items;
    if (!card) throw new Error("the catalogue is empty");
    const product = await api.getProduct(card.id);
    expect(product.id).toBe(card.id);
    expect(product.productName).toBe(card.productName);
    expect(product.photos.length).toBeGreaterThan(0);
    for (const url of product.photos) {
      expect(url.startsWith(`${testApp.origin}/files/catalog/`)).toBe(true);
      const photo = await fetch(url);
      expect(photo.status).toBe(200);
      expect(photo.headers.get("content-type")).toBe("image/svg+xml");
      expect(await photo.text()).toContain("</svg>");
    }
  });

  it("getNds gives the 22 % VAT rate", async () => {
    expect(await api.getNds()).toEqual({ percent: 22 });
  });

  it("orderFileUrl gives the address the server answers an order's invoice and act at (a link, not a call)", async () => {
    expect(api.orderFileUrl(42, "invoice")).toBe(`${testApp.origin}/api/client-order/42/invoice`);
    expect(api.orderFileUrl(42, "act")).toBe(`${testApp.origin}/api/client-order/42/act`);
    // The route is there: without a session it asks for one instead of answering 404.
    const answer = await fetch(api.orderFileUrl(42, "invoice"));
    expect(answer.status).toBe(401);
  });

  it("a 400 arrives as ApiError with the status, code, Russian messageUI and issues", async () => {
    const error = await apiErrorOf(api.getProducts({ limit: 500 }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.messageUI).toBe("На странице может быть от 1 до 100 товаров");
    expect(error.issues).toEqual([{ field: "limit", messageUI: "На странице может быть от 1 до 100 товаров" }]);

    const badRange = await apiErrorOf(api.getProducts({ minPrice: 900, maxPrice: 100 }));
    expect(badRange.status).toBe(400);
    expect(badRange.messageUI).toBe("Минимальная цена не может быть больше максимальной");
  });

  it("a 404 arrives as ApiError «Товар не найден»", async () => {
    const error = await apiErrorOf(api.getProduct(424242));
    expect(error.status).toBe(404);
    expect(error.code).toBe("PRODUCT_NOT_FOUND");
    expect(error.messageUI).toBe("Товар не найден");
  });

  it("an id the server cannot read arrives as a 400", async () => {
    const error = await apiErrorOf(api.getProduct(-1));
    expect(error.status).toBe(400);
    expect(error.messageUI).toBe("Номер товара указан неверно");
  });

  it("an unreachable server arrives as ApiError with status 0", async () => {
    const offline = createApi({ baseURL: `http://127.0.0.1:${await closedPort()}/api` });
    const error = await apiErrorOf(offline.getNds());
    expect(error.status).toBe(0);
    expect(error.code).toBe("NETWORK");
    expect(error.messageUI).toMatch(/Нет связи с сервером/);
  });
});
