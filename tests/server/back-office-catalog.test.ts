import type { InjectOptions } from "fastify";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cartSchema,
  categoryListSchema,
  employeeCategorySchema,
  employeeProductListPageSchema,
  employeeProductSchema,
  productListPageSchema,
  productSchema,
  sessionGrantSchema,
} from "../../shared/contracts/index";
import type { EmployeeProduct } from "../../shared/contracts/index";
import { auditEntry } from "../../server/db/backoffice.schema";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { startTestApp, TEST_APP_ORIGIN } from "./support/test-app";
import type { TestApp } from "./support/test-app";
import { multipartFile, sampleCategory, sampleProduct, TINY_PNG } from "./back-office/catalog.calls";

/*
 * The back office's catalogue (issue 29) against a real app and database: validation that explains
 * itself, the audit of every write, the Get → Update round trip, and what the storefront shows
 * after a change (the anonymous cache dropped, archived and hidden products gone, carts keeping
 * their lines).
 */

let testApp: TestApp;
let token: string;
let clientToken: string;

async function signIn(login: { email: string; password: string }): Promise<string> {
  const response = await testApp.app.inject({ method: "POST", url: "/api/auth/login", headers: { origin: TEST_APP_ORIGIN }, payload: { ...login, rememberMe: false } });
  expect(response.statusCode, response.body).toBe(200);
  return sessionGrantSchema.parse(response.json()).token;
}

function call(options: InjectOptions, as: string | null = token) {
  const headers = { origin: TEST_APP_ORIGIN, ...(options.headers as Record<string, string> | undefined), ...(as ? { authorization: `Bearer ${as}` } : {}) };
  return testApp.app.inject({ ...options, headers });
}

async function createCategory(slug: string): Promise<number> {
  const response = await call({ method: "POST", url: "/api/employee/category", payload: sampleCategory(slug) });
  expect(response.statusCode, response.body).toBe(200);
  return employeeCategorySchema.parse(response.json()).id ?? 0;
}

async function createProduct(categoryId: number, slug: string): Promise<EmployeeProduct & { id: number }> {
  const response = await call({ method: "POST", url: "/api/employee/product", payload: sampleProduct(categoryId, slug) });
  expect(response.statusCode, response.body).toBe(200);
  const created = employeeProductSchema.parse(response.json());
  return { ...created, id: created.id ?? 0 };
}

async function getProduct(id: number): Promise<EmployeeProduct> {
  const response = await call({ method: "GET", url: `/api/employee/product/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return employeeProductSchema.parse(response.json());
}

function auditOf(objectType: string, id: number) {
  return testApp.database.db.select().from(auditEntry).where(and(eq(auditEntry.objectType, objectType), eq(auditEntry.objectId, String(id))));
}

async function publicListIds(query: string): Promise<number[]> {
  const response = await call({ method: "GET", url: `/api/public/product?limit=100${query}` }, null);
  expect(response.statusCode, response.body).toBe(200);
  return productListPageSchema.parse(response.json()).items.map((item) => item.id);
}

async function categoryCount(categoryId: number): Promise<number | undefined> {
  const response = await call({ method: "GET", url: "/api/public/product/category" }, null);
  return categoryListSchema.parse(response.json()).find((category) => category.id === categoryId)?.productCount;
}

async function searchIds(text: string): Promise<number[]> {
  const response = await call({ method: "GET", url: `/api/public/website/search?search=${encodeURIComponent(text)}&limit=50` }, null);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: { type: string; id: number }[] }).items.filter((item) => item.type === "product").map((item) => item.id);
}

beforeAll(async () => {
  testApp = await startTestApp();
  token = await signIn(DEMO_ACCOUNTS.catalog);
  clientToken = await signIn(DEMO_ACCOUNTS.client);
});

afterAll(async () => {
  await testApp.close();
});

describe("the back office's catalogue", () => {
  it("refuses impossible products with Russian messages that name the field", async () => {
    const categoryId = await createCategory("validation");
    const base = sampleProduct(categoryId, "validation-product");
    const cases: [object, RegExp][] = [
      [{ ...base, tiers: [] }, /хотя бы одну цену по тиражу/],
      [{ ...base, options: [{ group: "paper", values: [] }] }, /«Бумага» нет ни одного значения/],
      [{ ...base, tiers: [{ minQuantity: 100, unitPrice: 3 }, { minQuantity: 50, unitPrice: 4 }] }, /Тираж 50 меньше минимального тиража 100/],
      [{ ...base, tiers: [{ minQuantity: 100, unitPrice: 3 }, { minQuantity: 100, unitPrice: 4 }] }, /Тираж 100 указан дважды/],
      [{ ...base, slug: "Не латиница" }, /Адрес \(slug\)/],
      [{ ...base, colour: "red" }, /Неизвестные поля: colour/],
      [{ ...base, details: [{ ...base.details[0], requiresOptionCode: "5+5" }] }, /требует опцию «5\+5»/],
    ];
    for (const [payload, message] of cases) {
      const response = await call({ method: "POST", url: "/api/employee/product", payload });
      expect(response.statusCode, response.body).toBe(400);
      expect((response.json() as { messageUI: string }).messageUI).toMatch(message);
    }
    const other = await call({ method: "POST", url: "/api/employee/product", payload: { ...base, categoryId: 999_999 } });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ messageUI: "Такой категории нет: выберите категорию из списка" });
  });

  it("creates a product whole, audits it, and a Get answer goes back through the Update unchanged", async () => {
    const categoryId = await createCategory("round-trip");
    const created = await createProduct(categoryId, "round-trip-product");
    expect(created.tiers.map((tier) => tier.unitPrice)).toEqual([4.5, 3.2, 2.75]);
    expect((await auditOf("product", created.id)).map((entry) => entry.action)).toEqual(["create"]);

    const got = await getProduct(created.id);
    const again = await call({ method: "PUT", url: `/api/employee/product/${created.id}`, payload: got });
    expect(again.statusCode, again.body).toBe(200);
    expect(employeeProductSchema.parse(again.json())).toEqual(got);
    expect((await auditOf("product", created.id)).map((entry) => entry.action)).toEqual(["create"]);

    // A stale updatedAt is someone else's save in between; an unknown field is refused.
    const stale = await call({ method: "PUT", url: `/api/employee/product/${created.id}`, payload: { ...got, updatedAt: "2020-01-01T00:00:00.000Z" } });
    expect(stale.statusCode).toBe(409);
    const unknown = await call({ method: "PUT", url: `/api/employee/product/${created.id}`, payload: { ...got, price: 1 } });
    expect(unknown.statusCode).toBe(400);

    // The slug of another product of the category is taken.
    const second = await createProduct(categoryId, "round-trip-second");
    const taken = await call({ method: "PUT", url: `/api/employee/product/${second.id}`, payload: { ...(await getProduct(second.id)), slug: "round-trip-product" } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "SLUG_TAKEN" });
    expect((await call({ method: "GET", url: "/api/employee/product/999999" })).statusCode).toBe(404);
  });

  it("a raised tier price is on the cached storefront at once, and the audit has before and after", async () => {
    const categoryId = await createCategory("prices");
    const created = await createProduct(categoryId, "prices-product");
    const url = `/api/public/product/${created.id}`;
    const before = productSchema.parse((await call({ method: "GET", url }, null)).json());
    expect(before.priceTiers[0]?.unitPrice).toBe(4.5);
    // The anonymous answer is cached now; the write must drop it.
    productSchema.parse((await call({ method: "GET", url }, null)).json());

    const got = await getProduct(created.id);
    const raised = { ...got, tiers: got.tiers.map((tier, index) => (index === 0 ? { ...tier, unitPrice: 5.1 } : tier)) };
    const response = await call({ method: "PUT", url: `/api/employee/product/${created.id}`, payload: raised });
    expect(response.statusCode, response.body).toBe(200);

    const after = productSchema.parse((await call({ method: "GET", url }, null)).json());
    expect(after.priceTiers[0]?.unitPrice).toBe(5.1);
    const card = productListPageSchema.parse((await call({ method: "GET", url: `/api/public/product?categoryId=${categoryId}` }, null)).json()).items[0];
    expect(card?.priceFrom).toBe(510);

    const entries = await auditOf("product", created.id);
    const update = entries.find((entry) => entry.action === "update");
    expect(update?.changes.map((change) => change.field)).toEqual(["tiers"]);
    expect(update?.changes[0]?.before).toEqual(got.tiers);
  });

  it("an archived product leaves listings, counts, search and the sitemap; its API answers 410", async () => {
    const categoryId = await createCategory("archive");
    const product = await createProduct(categoryId, "archive-product");
    expect(await publicListIds(`&categoryId=${categoryId}`)).toEqual([product.id]);
    expect(await categoryCount(categoryId)).toBe(1);
    expect(await searchIds(product.name)).toContain(product.id);

    // A client holds it in the cart before it is archived.
    const added = await call({ method: "POST", url: "/api/client-cart/product", payload: { productId: product.id, quantity: 100 } }, clientToken);
    expect(added.statusCode, added.body).toBe(200);

    const archived = await call({ method: "POST", url: `/api/employee/product/${product.id}/archive`, payload: { archived: true } });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(employeeProductSchema.parse(archived.json()).archivedAt).not.toBeNull();
    expect((await auditOf("product", product.id)).map((entry) => entry.action)).toContain("archive");

    expect(await publicListIds(`&categoryId=${categoryId}`)).toEqual([]);
    expect(await publicListIds("")).not.toContain(product.id);
    expect(await categoryCount(categoryId)).toBe(0);
    expect(await searchIds(product.name)).not.toContain(product.id);
    const sitemap = await testApp.app.catalog.sitemapProducts(0, 1_000_000);
    expect(sitemap.map((row) => row.id)).not.toContain(product.id);
    const api = await call({ method: "GET", url: `/api/public/product/${product.id}` }, null);
    expect(api.statusCode).toBe(410);
    expect(api.json()).toMatchObject({ code: "PRODUCT_ARCHIVED", messageUI: "Этот товар больше не продаётся" });
    // The product page's 301 to its category is the server render's answer to this 410 (host-site/entry-server.tsx).

    // The cart keeps the line at its price, says the product is no longer sold, and will not order it.
    const cartResponse = await call({ method: "GET", url: "/api/client-cart" }, clientToken);
    expect(cartResponse.statusCode, cartResponse.body).toBe(200);
    const cart = cartSchema.parse(cartResponse.json());
    const line = cart.orderProduct.find((each) => each.product.id === product.id);
    expect(line).toMatchObject({ productArchived: true, unitPrice: 4.5 });
    expect(cart.problems.map((problem) => problem.code)).toContain("PRODUCT_ARCHIVED");
    const again = await call({ method: "POST", url: "/api/client-cart/product", payload: { productId: product.id, quantity: 100 } }, clientToken);
    expect(again.statusCode).toBe(410);
    await call({ method: "DELETE", url: `/api/client-cart/product/${line?.id}` }, clientToken);

    // Back on sale.
    const back = await call({ method: "POST", url: `/api/employee/product/${product.id}/archive`, payload: { archived: false } });
    expect(back.statusCode).toBe(200);
    expect(await publicListIds(`&categoryId=${categoryId}`)).toEqual([product.id]);
    const archivedList = employeeProductListPageSchema.parse((await call({ method: "GET", url: `/api/employee/product?state=archived&categoryId=${categoryId}` })).json());
    expect(archivedList.total).toBe(0);
  });

  it("a hidden category hides its products; a hidden product's API answers 404", async () => {
    const categoryId = await createCategory("hidden");
    const product = await createProduct(categoryId, "hidden-product");
    const category = employeeCategorySchema.parse((await call({ method: "GET", url: `/api/employee/category/${categoryId}` })).json());
    const hide = await call({ method: "PUT", url: `/api/employee/category/${categoryId}`, payload: { ...category, hidden: true } });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(await categoryCount(categoryId)).toBeUndefined();
    expect(await publicListIds("")).not.toContain(product.id);
    expect(await searchIds(product.name)).not.toContain(product.id);
    expect((await call({ method: "GET", url: `/api/public/product/${product.id}` }, null)).statusCode).toBe(404);
    const hiddenList = employeeProductListPageSchema.parse((await call({ method: "GET", url: `/api/employee/product?state=hidden&categoryId=${categoryId}` })).json());
    expect(hiddenList.items.map((item) => item.id)).toEqual([product.id]);

    await call({ method: "PUT", url: `/api/employee/category/${categoryId}`, payload: { ...category, hidden: false } });
    expect(await publicListIds(`&categoryId=${categoryId}`)).toEqual([product.id]);
    const got = await getProduct(product.id);
    await call({ method: "PUT", url: `/api/employee/product/${product.id}`, payload: { ...got, hidden: true } });
    expect((await call({ method: "GET", url: `/api/public/product/${product.id}` }, null)).statusCode).toBe(404);
    expect(await publicListIds(`&categoryId=${categoryId}`)).toEqual([]);
  });

  it("uploads photos into the public files and keeps their order through the PUT", async () => {
    const categoryId = await createCategory("photos");
    const product = await createProduct(categoryId, "photos-product");
    const paths: string[] = [];
    for (const name of ["one.png", "two.png"]) {
      const upload = multipartFile(TINY_PNG, name);
      const response = await call({ method: "POST", url: `/api/employee/product/${product.id}/photo`, payload: upload.payload, headers: upload.headers });
      expect(response.statusCode, response.body).toBe(200);
      paths.push((response.json() as { path: string }).path);
    }
    const notImage = multipartFile(Buffer.from("just text"), "notes.txt", "text/plain");
    expect((await call({ method: "POST", url: `/api/employee/product/${product.id}/photo`, payload: notImage.payload, headers: notImage.headers })).statusCode).toBe(400);
    const got = await getProduct(product.id);
    expect(got.photos.map((photo) => photo.path)).toEqual(paths);
    const photo = await call({ method: "GET", url: (got.photos[0]?.url ?? "").replace(TEST_APP_ORIGIN, "") }, null);
    expect(photo.statusCode).toBe(200);
    const reordered = await call({ method: "PUT", url: `/api/employee/product/${product.id}`, payload: { ...got, photos: [...got.photos].reverse() } });
    expect(employeeProductSchema.parse(reordered.json()).photos.map((each) => each.path)).toEqual([...paths].reverse());
  });
});
