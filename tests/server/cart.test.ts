import { and, eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountProfileSchema, cartSchema, serverErrorSchema, SESSION_TOKEN_HEADER, sessionGrantSchema } from "../../shared/contracts/index";
import type { Cart, ServerError } from "../../shared/contracts/index";
import { formatRoubles, vatIncludedKopecks } from "../../shared/domain/index";
import { account, cart, clientOrder, company, layout, orderProduct, product, productCategory, recipient, storedFile } from "../../server/db/schema";
import { DEMO_ACCOUNTS, DEMO_PROMOCODES } from "../../server/seed/demo-data";
import { FRESH_CLIENT_PASSWORD, freshClient } from "./support/fresh-client";
import { startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

const RGB_FINDING = { code: 2078, message: "Цвета RGB недопустимы, используйте CMYK", page: 1, bbox: [10, 10, 90, 40], measured: "DeviceRGB" };
/** The premium card's 85×55 format: a line that chose it is checked at that size. */
const PREMIUM_TRIM_MM = [85, 55];

/*
 * The client cart through Fastify's inject: whose cart (personal, company, visitor, employee in
 * client mode), lines priced by the server, in-order marks, repeat, promocode rules, deliveries
 * re-priced with the lines, optimistic and pessimistic concurrency, and the visitor's cart merged
 * on sign-in.
 */

let testApp: TestApp;
const ORIGIN = "https://shop.example";
const KRASNODAR = "2300000100000";

let cardsId: number;
let premiumId: number;
let clientToken: string;
let clientId: number;
let romashkaId: number;
let petrovaToken: string;
let lyutikId: number;

beforeAll(async () => {
  testApp = await startTestApp({ publicUrl: ORIGIN });
  const db = testApp.database.db;
  const bySlug = async (slug: string) => {
    const [row] = await db
      .select({ id: product.id })
      .from(product)
      .innerJoin(productCategory, eq(productCategory.id, product.categoryId))
      .where(and(eq(productCategory.slug, "vizitki"), eq(product.slug, slug)));
    if (!row) throw new Error(`No demo product ${slug}`);
    return row.id;
  };
  cardsId = await bySlug("standartnye-90x50");
  premiumId = await bySlug("premium");
  ({ token: clientToken, id: clientId } = await login(DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password));
  ({ token: petrovaToken } = await login(DEMO_ACCOUNTS.secondClient.email, DEMO_ACCOUNTS.secondClient.password));
  const companies = await db.select().from(company);
  romashkaId = companies.find((row) => row.name === "ООО «Ромашка»")?.id ?? 0;
  lyutikId = companies.find((row) => row.name === "ООО «Лютик»")?.id ?? 0;
});
afterAll(async () => {
  await testApp.close();
});

function call(options: InjectOptions & { token?: string | undefined }): Promise<LightMyRequestResponse> {
  const { token, headers, ...rest } = options;
  return testApp.app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

async function login(email: string, password: string, token?: string): Promise<{ token: string; id: number }> {
  const response = await call({ method: "POST", url: "/api/auth/login", payload: { email, password }, token });
  expect(response.statusCode, response.body).toBe(200);
  const grant = sessionGrantSchema.parse(response.json());
  return { token: grant.token, id: grant.profile.id };
}

function problemOf(response: LightMyRequestResponse): ServerError {
  return serverErrorSchema.parse(response.json());
}

async function cartCall(options: InjectOptions & { token?: string | undefined }, status = 200): Promise<Cart> {
  const response = await call(options);
  expect(response.statusCode, response.body).toBe(status);
  return cartSchema.parse(response.json());
}

async function expectProblem(options: InjectOptions & { token?: string | undefined }, status: number, messageUI?: string | RegExp): Promise<ServerError> {
  const response = await call(options);
  expect(response.statusCode, response.body).toBe(status);
  const problem = problemOf(response);
  if (typeof messageUI === "string") expect(problem.messageUI).toBe(messageUI);
  else if (messageUI) expect(problem.messageUI).toMatch(messageUI);
  return problem;
}

/** A client of the test's own, so its cart starts empty. */
const addCards = (token: string, body: Record<string, unknown> = {}) =>
  cartCall({ method: "POST", url: "/api/client-cart/product", token, payload: { productId: cardsId, quantity: 100, ...body } });

/** The courier's quote in Krasnodar for a line of the cart, by its weight and production time, as the cart prices it. */
function krasnodarCourierQuote(line: Cart["orderProduct"][number] | undefined) {
  return testApp.app.deliveryQuotes.quote({
    cityKladrId: KRASNODAR,
    deliveryMethod: "Courier",
    weightGrams: line?.weightGrams ?? 0,
    isUrgent: false,
    productionTimeDay: line?.productionTimeDay ?? 0,
  });
}

async function quote(productId: number, options: Record<string, unknown>, quantity: number, isUrgent = false) {
  return testApp.app.pricing.quote({ productId, options, quantity, isUrgent });
}

describe("whose cart", () => {
  it("answers an anonymous visitor with an empty cart and creates nothing", async () => {
    const [before] = await testApp.database.db.select({ id: account.id }).from(account).orderBy(account.id);
    const response = await call({ method: "GET", url: "/api/client-cart" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers[SESSION_TOKEN_HEADER]).toBeUndefined();
    const empty = cartSchema.parse(response.json());
    expect(empty).toMatchObject({ id: null, clientId: null, version: 0, orderProduct: [], deliveries: [], promocode: null, readyToOrder: false });
    expect(empty.problems.map((item) => item.code)).toEqual(["SIGN_IN_REQUIRED", "NO_LINES_IN_ORDER", "NO_DELIVERY"]);
    const [after] = await testApp.database.db.select({ id: account.id }).from(account).orderBy(account.id);
    expect(after?.id).toBe(before?.id);
  });

  it("opens a temporary account on a visitor's first change, and answers 401 to anonymous line changes", async () => {
    const response = await call({ method: "POST", url: "/api/client-cart/product", payload: { productId: cardsId, quantity: 100 } });
    expect(response.statusCode, response.body).toBe(200);
    const token = String(response.headers[SESSION_TOKEN_HEADER]);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const visitorCart = cartSchema.parse(response.json());
    expect(visitorCart.orderProduct).toHaveLength(1);
    expect(visitorCart.problems.map((item) => item.code)).toContain("SIGN_IN_REQUIRED");
    const again = await cartCall({ method: "GET", url: "/api/client-cart", token });
    expect(again.id).toBe(visitorCart.id);

    await expectProblem({ method: "PATCH", url: `/api/client-cart/product/${visitorCart.orderProduct[0]?.id}`, payload: { quantity: 200 } }, 401);
    await expectProblem({ method: "GET", url: `/api/client-cart?companyId=${romashkaId}`, token }, 404, "Компания не найдена.");
  });

  it("keeps the personal cart and each company's cart apart; a company of someone else is 404, someone else's clientId 403", async () => {
    const me = await freshClient(testApp, "carts-apart@example.com");
    const [own] = await testApp.database.db.insert(company).values({ accountId: me.id, name: "ООО «Тест»", inn: "7707083893" }).returning();
    await addCards(me.token);
    const companyCart = await addCards(me.token, { companyId: own?.id, quantity: 200 });
    expect(companyCart.companyId).toBe(own?.id);
    expect(companyCart.orderProduct.map((line) => line.quantity)).toEqual([200]);

    const personal = await cartCall({ method: "GET", url: "/api/client-cart", token: me.token });
    expect(personal.companyId).toBeNull();
    expect(personal.orderProduct.map((line) => line.quantity)).toEqual([100]);
    expect(personal.id).not.toBe(companyCart.id);
    const byCompany = await cartCall({ method: "GET", url: `/api/client-cart?companyId=${own?.id}&clientId=${me.id}`, token: me.token });
    expect(byCompany.id).toBe(companyCart.id);

    await expectProblem({ method: "GET", url: `/api/client-cart?companyId=${lyutikId}`, token: me.token }, 404);
    await expectProblem({ method: "POST", url: "/api/client-cart/product", token: me.token, payload: { productId: cardsId, quantity: 100, companyId: lyutikId } }, 404);
    await expectProblem({ method: "GET", url: `/api/client-cart?clientId=${clientId}`, token: me.token }, 403, "Это корзина другого клиента.");
    await expectProblem({ method: "GET", url: "/api/client-cart?companyId=abc", token: me.token }, 400, "Компания указана неверно");
  });

  it("lets an employee work on a client's cart only in client mode, and only that client's", async () => {
    const manager = await login(DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
    await expectProblem({ method: "GET", url: "/api/client-cart", token: manager.token }, 403, "Сначала выберите клиента, от имени которого работаете.");
    await expectProblem({ method: "POST", url: "/api/client-cart/product", token: manager.token, payload: { productId: cardsId, quantity: 100 } }, 403);

    const entered = await call({ method: "POST", url: `/api/client/${clientId}/impersonalization`, token: manager.token, payload: { companyId: romashkaId } });
    expect(entered.statusCode, entered.body).toBe(200);
    const added = await addCards(manager.token, { quantity: 300 });
    expect(added).toMatchObject({ clientId, companyId: romashkaId });
    const seenByClient = await cartCall({ method: "GET", url: `/api/client-cart?companyId=${romashkaId}`, token: clientToken });
    expect(seenByClient.id).toBe(added.id);
    expect(seenByClient.orderProduct.some((line) => line.quantity === 300)).toBe(true);

    const personal = await cartCall({ method: "GET", url: `/api/client-cart?clientId=${clientId}`, token: manager.token });
    expect(personal.companyId, "the placed company is the default").toBe(romashkaId);
    const other = await login(DEMO_ACCOUNTS.secondClient.email, DEMO_ACCOUNTS.secondClient.password);
    await expectProblem({ method: "GET", url: `/api/client-cart?clientId=${other.id}`, token: manager.token }, 403);
    await expectProblem({ method: "GET", url: `/api/client-cart?companyId=${lyutikId}`, token: manager.token }, 404);
    const line = added.orderProduct.find((item) => item.quantity === 300);
    await expectProblem({ method: "DELETE", url: `/api/client-cart/product/${line?.id}`, token: petrovaToken }, 404, "Такой позиции нет в корзине.");
    await cartCall({ method: "DELETE", url: `/api/client-cart/product/${line?.id}`, token: manager.token });
  });
});

describe("lines", () => {
  it("prices a line on the server with labels, layouts per required detail and totals with VAT", async () => {
    const me = await freshClient(testApp, "lines@example.com");
    const options = { paper: "coated-350", colors: "4+4", finishing: ["lamination-matte"] };
    const added = await addCards(me.token, { options, quantity: 500, isUrgent: true });
    const expected = await quote(cardsId, options, 500, true);
    const [line] = added.orderProduct;
    expect(line).toMatchObject({
      product: { id: cardsId, name: expect.any(String), category: { slug: "vizitki" } },
      options: expected.options,
      quantity: 500,
      isUrgent: true,
      unitPrice: expected.unitPriceKopecks / 100,
      price: expected.priceKopecks / 100,
      weightGrams: expected.weightGrams,
      productionTimeDay: expected.productionTimeDay,
      inOrder: true,
      repeatOfId: null,
    });
    expect(line?.product.photoUrl).toMatch(/^https:\/\/shop\.example\/files\//);
    expect(line?.optionLabels).toEqual([
      { group: "format", code: "90x50", label: "90×50 мм" },
      { group: "paper", code: "coated-350", label: "Мелованный картон 350 г/м²" },
      { group: "colors", code: "4+4", label: "4+4 (цветная с двух сторон)" },
      { group: "finishing", code: "lamination-matte", label: "Матовая ламинация" },
    ]);
    expect(line?.layouts).toEqual(
      expected.layoutDetails.map((detailName) => ({
        detailName,
        status: "missing",
        layoutId: null,
        fileUrl: null,
        fileName: null,
        // The business card's default format 90×50: the detail's own profile.
        profile: expect.objectContaining({ trimMm: [90, 50], bleedMm: 2, pdfVersion: "1.3" }),
        pitstopDesignId: null,
        findings: null,
        design: null,
        approvedAt: null,
      })),
    );
    expect(expected.layoutDetails).toEqual(["Лицевая сторона", "Обратная сторона"]);
    expect(added.totals).toMatchObject({
      items: expected.priceKopecks / 100,
      discount: 0,
      delivery: 0,
      total: expected.priceKopecks / 100,
      vat: vatIncludedKopecks(expected.priceKopecks) / 100,
      vatPercent: 22,
      inOrderCount: 1,
      weightGrams: expected.weightGrams,
    });
    expect(added.readyToOrder).toBe(false);
    expect(added.problems.map((item) => item.code)).toEqual(["LAYOUT_MISSING", "LAYOUT_MISSING", "NO_DELIVERY"]);
  });

  it("refuses bad input with the pricing's or the contract's Russian message", async () => {
    const me = await freshClient(testApp, "lines-bad@example.com");
    await expectProblem({ method: "POST", url: "/api/client-cart/product", token: me.token, payload: { productId: cardsId, quantity: 0 } }, 400, "Тираж — не меньше 1");
    await expectProblem({ method: "POST", url: "/api/client-cart/product", token: me.token, payload: { productId: 999_999, quantity: 100 } }, 404, "Товар не найден");
    const unknownOption = await expectProblem(
      { method: "POST", url: "/api/client-cart/product", token: me.token, payload: { productId: cardsId, quantity: 100, options: { paper: "gold-leaf" } } },
      400,
    );
    expect(unknownOption.messageUI.length).toBeGreaterThan(5);
    await expectProblem(
      { method: "POST", url: "/api/client-cart/product", token: me.token, payload: { productId: cardsId, quantity: 100, options: { size: "A4" } } },
      400,
      "Опции товара: format, paper, colors, список finishing и для товара за м² — widthMm и heightMm",
    );
    // Matte and gloss lamination exclude each other: never both on a line, never both charged (issue 16).
    const lamination = { productId: cardsId, quantity: 100, options: { finishing: ["lamination-matte", "lamination-gloss"] } };
    await expectProblem({ method: "POST", url: "/api/client-cart/product", token: me.token, payload: lamination }, 400, "«Матовая ламинация» и «Глянцевая ламинация» не сочетаются: выберите что-то одно");
    const cartNow = await cartCall({ method: "GET", url: "/api/client-cart", token: me.token });
    expect(cartNow.orderProduct).toEqual([]);
  });

  it("re-prices a changed line, removes lines, and answers 404 for lines that are not the caller's", async () => {
    const me = await freshClient(testApp, "lines-patch@example.com");
    const added = await addCards(me.token);
    const lineId = added.orderProduct[0]?.id ?? 0;
    const patched = await cartCall({ method: "PATCH", url: `/api/client-cart/product/${lineId}`, token: me.token, payload: { quantity: 1000, options: { colors: "4+4" } } });
    const expected = await quote(cardsId, { colors: "4+4" }, 1000);
    expect(patched.orderProduct[0]).toMatchObject({ quantity: 1000, price: expected.priceKopecks / 100, options: expected.options });
    expect(patched.orderProduct[0]?.layouts.map((item) => item.detailName)).toEqual(["Лицевая сторона", "Обратная сторона"]);
    expect(patched.version).toBe(added.version + 1);

    await expectProblem({ method: "PATCH", url: `/api/client-cart/product/${lineId}`, token: me.token, payload: {} }, 400, "Укажите, что изменить: опции, тираж или срочность");
    await expectProblem({ method: "PATCH", url: `/api/client-cart/product/${lineId}`, token: petrovaToken, payload: { quantity: 5 } }, 404);
    await expectProblem({ method: "DELETE", url: `/api/client-cart/product/${lineId}`, token: petrovaToken }, 404);
    await expectProblem({ method: "PATCH", url: "/api/client-cart/product/abc", token: me.token, payload: { quantity: 5 } }, 400);

    const removed = await cartCall({ method: "DELETE", url: `/api/client-cart/product/${lineId}`, token: me.token });
    expect(removed.orderProduct).toEqual([]);
    await expectProblem({ method: "DELETE", url: `/api/client-cart/product/${lineId}`, token: me.token }, 404);
  });

  it("marks lines in and out of the order, all or nothing", async () => {
    const me = await freshClient(testApp, "in-order@example.com");
    await addCards(me.token);
    const two = await addCards(me.token, { quantity: 200 });
    const [first, second] = two.orderProduct;
    const foreign = await addCards(petrovaToken);
    const foreignLine = foreign.orderProduct.at(-1)?.id ?? 0;

    await expectProblem(
      { method: "POST", url: "/api/client-cart/product/change-in-order", token: me.token, payload: { orderProductIds: [first?.id, foreignLine], inOrder: false } },
      404,
    );
    const unchanged = await cartCall({ method: "GET", url: "/api/client-cart", token: me.token });
    expect(unchanged.orderProduct.every((line) => line.inOrder)).toBe(true);
    expect(unchanged.version).toBe(two.version);

    const marked = await cartCall({ method: "POST", url: "/api/client-cart/product/change-in-order", token: me.token, payload: { orderProductIds: [first?.id], inOrder: false } });
    expect(marked.orderProduct.map((line) => line.inOrder)).toEqual([false, true]);
    expect(marked.totals.items).toBe(second?.price);
    expect(marked.totals.inOrderCount).toBe(1);
    const again = await cartCall({ method: "POST", url: "/api/client-cart/product/change-in-order", token: me.token, payload: { orderProductIds: [first?.id], inOrder: false } });
    expect(again.version, "nothing to change bumps nothing").toBe(marked.version);
    const none = await cartCall({ method: "POST", url: "/api/client-cart/product/change-in-order", token: me.token, payload: { orderProductIds: [first?.id, second?.id], inOrder: false } });
    expect(none.totals.items).toBe(0);
    expect(none.problems.map((item) => item.code)).toContain("NO_LINES_IN_ORDER");
    await expectProblem({ method: "POST", url: "/api/client-cart/product/change-in-order", token: me.token, payload: { orderProductIds: [], inOrder: true } }, 400, "Укажите хотя бы одну позицию корзины");
    await cartCall({ method: "DELETE", url: `/api/client-cart/product/${foreignLine}`, token: petrovaToken });
  });

  it("shows the layouts the files area stored: the latest per detail, its URL, findings and approval", async () => {
    const me = await freshClient(testApp, "layouts@example.com");
    const added = await addCards(me.token);
    const lineId = added.orderProduct[0]?.id ?? 0;
    const db = testApp.database.db;
    const [file] = await db
      .insert(storedFile)
      .values({ ownerAccountId: me.id, kind: "layout", storageKey: "layouts/test-layouts.pdf", originalName: "face.pdf", contentType: "application/pdf", sizeBytes: 10, sha256: "0".repeat(64) })
      .returning();
    const approvedAt = new Date("2026-02-01T10:00:00Z");
    await db.insert(layout).values([
      { orderProductId: lineId, detailName: "Лицевая сторона", fileId: file?.id ?? 0, status: "checking" },
      { orderProductId: lineId, detailName: "Лицевая сторона", fileId: file?.id ?? 0, status: "failed", findings: [RGB_FINDING, { code: 2078 }], approvedAt },
    ]);
    const seen = await cartCall({ method: "GET", url: "/api/client-cart", token: me.token });
    expect(seen.orderProduct[0]?.layouts).toEqual([
      {
        detailName: "Лицевая сторона",
        status: "failed",
        layoutId: expect.any(Number),
        fileUrl: `${ORIGIN}/api/file/${file?.id}`,
        fileName: "face.pdf",
        profile: expect.objectContaining({ trimMm: [90, 50] }),
        pitstopDesignId: null,
        // A stored finding that no longer matches the contract is left out rather than failing the cart.
        findings: [RGB_FINDING],
        design: null,
        approvedAt: approvedAt.toISOString(),
      },
    ]);
    expect(seen.problems.map((item) => item.code), "an approved failed layout does not block").toEqual(["NO_DELIVERY"]);
    await db.update(layout).set({ approvedAt: null }).where(eq(layout.orderProductId, lineId));
    const blocked = await cartCall({ method: "GET", url: "/api/client-cart", token: me.token });
    expect(blocked.problems.map((item) => item.code)).toEqual(["LAYOUT_FAILED", "NO_DELIVERY"]);
    await db.update(layout).set({ status: "error", findings: null }).where(eq(layout.orderProductId, lineId));
    const unchecked = await cartCall({ method: "GET", url: "/api/client-cart", token: me.token });
    expect(unchecked.problems.map((item) => item.code), "a check that could not run goes to a specialist, not against the client").toEqual(["NO_DELIVERY"]);
  });
});

describe("PATCH /client-cart", () => {
  it("sets the comment and the payment type, idempotently, and refuses a stale tab's change with 409", async () => {
    const me = await freshClient(testApp, "patch-cart@example.com");
    const start = await addCards(me.token);
    const patched = await cartCall({ method: "PATCH", url: "/api/client-cart", token: me.token, payload: { comment: "  Позвонить за час  ", paymentType: "Invoice", version: start.version } });
    expect(patched).toMatchObject({ comment: "Позвонить за час", paymentType: "Invoice", version: start.version + 1 });

    // The storefront retries: the same change with the version it sent first is a success that changes nothing.
    const retried = await cartCall({ method: "PATCH", url: "/api/client-cart", token: me.token, payload: { comment: "Позвонить за час", paymentType: "Invoice", version: start.version } });
    expect(retried.version).toBe(patched.version);

    await expectProblem(
      { method: "PATCH", url: "/api/client-cart", token: me.token, payload: { comment: "Другой комментарий", version: start.version } },
      409,
      "Корзина изменилась в другой вкладке, обновите страницу",
    );
    const noVersion = await cartCall({ method: "PATCH", url: "/api/client-cart", token: me.token, payload: { paymentType: "Yookassa" } });
    expect(noVersion).toMatchObject({ paymentType: "Yookassa", comment: "Позвонить за час", version: patched.version + 1 });
    const cleared = await cartCall({ method: "PATCH", url: "/api/client-cart", token: me.token, payload: { paymentType: null, version: noVersion.version } });
    expect(cleared.paymentType).toBeNull();

    await expectProblem({ method: "PATCH", url: "/api/client-cart", token: me.token, payload: { paymentType: "Cash" } }, 400, /Выберите способ оплаты/);
    await expectProblem({ method: "PATCH", url: "/api/client-cart", token: me.token, payload: { comment: "я".repeat(2001) } }, 400, "Комментарий — не длиннее 2000 символов");
  });
});

describe("promocodes", () => {
  it("applies the real rules: unknown, switched off, expired, below the minimum, percent and fixed", async () => {
    const me = await freshClient(testApp, "promo@example.com");
    const put = (code: string) => ({ method: "PUT" as const, url: "/api/client-cart/promocode", token: me.token, payload: { code } });
    const small = await addCards(me.token);
    const smallPrice = small.totals.items;

    await expectProblem(put("NETTAKOGO"), 404, "Промокод не найден");
    await expectProblem(put(DEMO_PROMOCODES.inactive.code), 404, "Промокод не найден");
    await expectProblem(put(DEMO_PROMOCODES.expired.code), 400, "Срок действия промокода истёк");
    await expectProblem(put(DEMO_PROMOCODES.fixed.code), 400, `Промокод действует для заказов от ${formatRoubles(3000)}`);

    const percent = await cartCall(put(" ottisk10 "));
    expect(percent.promocode).toEqual({ code: "OTTISK10", kind: "percent", value: 10, discount: Math.floor(smallPrice * 10) / 100, problem: null });
    expect(percent.totals.total).toBeCloseTo(smallPrice - Math.floor(smallPrice * 10) / 100, 2);

    const big = await addCards(me.token, { quantity: 5000 });
    expect(big.totals.items).toBeGreaterThanOrEqual(3000);
    const fixed = await cartCall(put("PERVYI500"));
    expect(fixed.promocode).toMatchObject({ code: "PERVYI500", kind: "fixed", value: 500, discount: 500, problem: null });
    expect(fixed.totals.total).toBeCloseTo(fixed.totals.items - 500, 2);
    expect(fixed.totals.vat).toBe(vatIncludedKopecks(Math.round(fixed.totals.total * 100)) / 100);

    // Removing the big line later leaves the code in the cart, giving nothing, with the reason.
    const bigLine = big.orderProduct.find((line) => line.quantity === 5000)?.id;
    const after = await cartCall({ method: "DELETE", url: `/api/client-cart/product/${bigLine}`, token: me.token });
    expect(after.promocode).toMatchObject({ code: "PERVYI500", discount: 0, problem: `Промокод действует для заказов от ${formatRoubles(3000)}` });
    expect(after.totals).toMatchObject({ discount: 0, total: smallPrice });

    const removed = await cartCall({ method: "DELETE", url: `/api/client-cart/promocode?clientId=${me.id}`, token: me.token });
    expect(removed.promocode).toBeNull();
    await expectProblem({ method: "PUT", url: "/api/client-cart/promocode", token: me.token, payload: { code: "" } }, 400, "Введите промокод");
  });
});

describe("deliveries", () => {
  const courier = { deliveryType: "Door", cityKladrId: KRASNODAR, deliveryMethod: "Courier", address: "ул. Красная, д. 1, оф. 5" };

  it("prices a delivery by the in-order lines' weight and re-prices it when the lines change", async () => {
    const me = await freshClient(testApp, "deliveries@example.com");
    await expectProblem({ method: "POST", url: "/api/client-cart/delivery", token: me.token, payload: courier }, 400, "Отметьте для заказа хотя бы один товар, чтобы выбрать доставку");
    const added = await addCards(me.token);
    const line = added.orderProduct[0];
    const withDelivery = await cartCall({ method: "POST", url: "/api/client-cart/delivery", token: me.token, payload: courier });
    const expected = await krasnodarCourierQuote(line);
    const [delivery] = withDelivery.deliveries;
    expect(delivery).toMatchObject({
      deliveryType: "Door",
      cityKladrId: KRASNODAR,
      deliveryMethod: "Courier",
      address: courier.address,
      recipientId: null,
      tariffCode: expected.tariffCode,
      price: expected.priceKopecks / 100,
      deliveryDate: expected.deliveryDate,
      upToDate: true,
    });
    expect(withDelivery.totals.delivery).toBe(expected.priceKopecks / 100);
    expect(withDelivery.totals.total).toBeCloseTo(withDelivery.totals.items + expected.priceKopecks / 100, 2);
    expect(withDelivery.problems.map((item) => item.code)).toEqual(["LAYOUT_MISSING"]);

    // 5000 cards weigh more than the courier's included 5 kg: the delivery follows.
    const heavy = await cartCall({ method: "PATCH", url: `/api/client-cart/product/${line?.id}`, token: me.token, payload: { quantity: 5000 } });
    const heavyLine = heavy.orderProduct[0];
    const heavyQuote = await krasnodarCourierQuote(heavyLine);
    expect(heavyQuote.priceKopecks).toBeGreaterThan(expected.priceKopecks);
    expect(heavy.deliveries[0]).toMatchObject({ price: heavyQuote.priceKopecks / 100, upToDate: true });
    expect(heavy.totals.delivery).toBe(heavyQuote.priceKopecks / 100);
  });

  it("changes and removes deliveries; a recipient or delivery of someone else is 404, an unavailable method 400", async () => {
    const me = await freshClient(testApp, "deliveries-put@example.com");
    await addCards(me.token);
    const created = await cartCall({ method: "POST", url: "/api/client-cart/delivery", token: me.token, payload: courier });
    const deliveryId = created.deliveries[0]?.id ?? 0;
    const [mine] = await testApp.database.db.insert(recipient).values({ accountId: me.id, name: "Пётр", phone: "+79990001122" }).returning();
    const [theirs] = await testApp.database.db.select().from(recipient).where(eq(recipient.accountId, clientId)).limit(1);

    await expectProblem({ method: "PUT", url: "/api/client-cart/delivery", token: me.token, payload: { ...courier, id: deliveryId, recipientId: theirs?.id } }, 404, "Получатель не найден.");
    await expectProblem({ method: "PUT", url: "/api/client-cart/delivery", token: petrovaToken, payload: { ...courier, id: deliveryId } }, 404, "Такой доставки нет в корзине.");
    await expectProblem(
      { method: "PUT", url: "/api/client-cart/delivery", token: me.token, payload: { ...courier, id: deliveryId, cityKladrId: "1600000100000" } },
      400,
      /недоступен/,
    );
    await expectProblem({ method: "POST", url: "/api/client-cart/delivery", token: me.token, payload: { ...courier, address: "" } }, 400, "Укажите адрес доставки: улицу, дом и квартиру или офис");

    const changed = await cartCall({
      method: "PUT",
      url: "/api/client-cart/delivery",
      token: me.token,
      payload: { ...courier, id: deliveryId, recipientId: mine?.id, tariffCode: "krd-karasun" },
    });
    expect(changed.deliveries).toHaveLength(1);
    expect(changed.deliveries[0]).toMatchObject({ id: deliveryId, recipientId: mine?.id, tariffCode: "krd-karasun" });
    expect(changed.deliveries[0]?.price).toBe((created.deliveries[0]?.price ?? 0) + 100);

    await expectProblem({ method: "DELETE", url: `/api/client-cart/delivery/${deliveryId}`, token: petrovaToken }, 404);
    const removed = await cartCall({ method: "DELETE", url: `/api/client-cart/delivery/${deliveryId}`, token: me.token });
    expect(removed.deliveries).toEqual([]);
    expect(removed.problems.map((item) => item.code)).toContain("NO_DELIVERY");
  });
});

describe("concurrency", () => {
  it("keeps all 20 lines added at once, with a version per change", async () => {
    const me = await freshClient(testApp, "parallel-adds@example.com");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call({ method: "POST", url: "/api/client-cart/product", token: me.token, payload: { productId: cardsId, quantity: 100 + index } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const final = await cartCall({ method: "GET", url: "/api/client-cart", token: me.token });
    expect(final.orderProduct.map((line) => line.quantity).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => 100 + index));
    expect(final.version).toBe(20);
    expect(final.totals.items).toBeCloseTo(final.orderProduct.reduce((sum, line) => sum + line.price, 0), 2);
  });

  it("serialises concurrent quantity changes: the last writer's quantity with its own price, totals to match", async () => {
    const me = await freshClient(testApp, "parallel-patches@example.com");
    const added = await addCards(me.token);
    const lineId = added.orderProduct[0]?.id ?? 0;
    await cartCall({ method: "POST", url: "/api/client-cart/delivery", token: me.token, payload: courier() });
    const quantities = [200, 500, 1000, 2000, 5000, 300, 700, 4000];
    const answers = await Promise.all(
      quantities.map((quantity) => call({ method: "PATCH", url: `/api/client-cart/product/${lineId}`, token: me.token, payload: { quantity } })),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const final = await cartCall({ method: "GET", url: "/api/client-cart", token: me.token });
    const line = final.orderProduct[0];
    expect(quantities).toContain(line?.quantity);
    const expected = await quote(cardsId, {}, line?.quantity ?? 0);
    expect(line?.price).toBe(expected.priceKopecks / 100);
    expect(final.totals.items).toBe(expected.priceKopecks / 100);
    const deliveryQuote = await testApp.app.deliveryQuotes.quote({
      cityKladrId: KRASNODAR,
      deliveryMethod: "Courier",
      weightGrams: expected.weightGrams,
      isUrgent: false,
      productionTimeDay: expected.productionTimeDay,
    });
    expect(final.deliveries[0]).toMatchObject({ price: deliveryQuote.priceKopecks / 100, upToDate: true });
    expect(final.totals.total).toBeCloseTo((expected.priceKopecks + deliveryQuote.priceKopecks) / 100, 2);
    expect(final.version).toBeGreaterThanOrEqual(added.version + 1 + quantities.length);
  });

  function courier() {
    return { deliveryType: "Door", cityKladrId: KRASNODAR, deliveryMethod: "Courier", address: "ул. Северная, д. 320" };
  }
});

describe("repeat", () => {
  it("copies a line of the client's own order at today's price, with its layouts; someone else's is 404", async () => {
    const me = await freshClient(testApp, "repeat@example.com");
    const db = testApp.database.db;
    const [order] = await db
      .insert(clientOrder)
      .values({ number: "2025-900001", accountId: me.id, paymentType: "Invoice", itemsKopecks: 1, totalKopecks: 1, vatKopecks: 0, idempotencyKey: "repeat-test-1" })
      .returning();
    const [old] = await db
      .insert(orderProduct)
      .values({
        orderId: order?.id,
        productId: premiumId,
        options: { format: "85x55", paper: "design-linen-350", colors: "4+0" },
        quantity: 200,
        unitPriceKopecks: 1,
        priceKopecks: 200,
        productionTimeDay: 3,
      })
      .returning();
    const [file] = await db
      .insert(storedFile)
      .values({ ownerAccountId: me.id, kind: "layout", storageKey: "layouts/repeat-face.pdf", originalName: "face.pdf", contentType: "application/pdf", sizeBytes: 10, sha256: "1".repeat(64) })
      .returning();
    const approvedAt = new Date("2025-06-01T08:00:00Z");
    await db.insert(layout).values({ orderProductId: old?.id ?? 0, detailName: "Лицевая сторона", fileId: file?.id ?? 0, status: "passed", findings: [], approvedAt });

    const repeated = await cartCall({ method: "POST", url: `/api/client-cart/product/repeat/${old?.id}`, token: me.token });
    const expected = await quote(premiumId, { format: "85x55", paper: "design-linen-350", colors: "4+0" }, 200);
    const [line] = repeated.orderProduct;
    expect(line).toMatchObject({ repeatOfId: old?.id, quantity: 200, price: expected.priceKopecks / 100, options: expected.options });
    expect(line?.id).not.toBe(old?.id);
    expect(line?.layouts).toEqual([
      {
        detailName: "Лицевая сторона",
        status: "passed",
        layoutId: expect.any(Number),
        fileUrl: `${ORIGIN}/api/file/${file?.id}`,
        fileName: "face.pdf",
        profile: expect.objectContaining({ trimMm: PREMIUM_TRIM_MM }),
        pitstopDesignId: null,
        findings: [],
        design: null,
        approvedAt: approvedAt.toISOString(),
      },
    ]);
    const [stillOrdered] = await db.select().from(orderProduct).where(eq(orderProduct.id, old?.id ?? 0));
    expect(stillOrdered).toMatchObject({ orderId: order?.id, cartId: null });

    await expectProblem({ method: "POST", url: `/api/client-cart/product/repeat/${old?.id}`, token: petrovaToken }, 404, "Такой позиции нет в ваших заказах.");
    await expectProblem({ method: "POST", url: `/api/client-cart/product/repeat/${line?.id}`, token: me.token }, 404, "Такой позиции нет в ваших заказах.");
  });
});

describe("sign-in merge", () => {
  it("moves a visitor's lines (with layouts), delivery and promocode into the account's cart and deletes the visitor", async () => {
    const me = await freshClient(testApp, "merge@example.com");
    const first = await call({ method: "POST", url: "/api/client-cart/product", payload: { productId: cardsId, quantity: 5000 } });
    const visitor = String(first.headers[SESSION_TOKEN_HEADER]);
    const visitorCart = cartSchema.parse(first.json());
    const visitorLine = visitorCart.orderProduct[0]?.id ?? 0;
    const [file] = await testApp.database.db
      .insert(storedFile)
      .values({ kind: "layout", storageKey: "layouts/merge-face.pdf", originalName: "face.pdf", contentType: "application/pdf", sizeBytes: 10, sha256: "2".repeat(64) })
      .returning();
    await testApp.database.db.insert(layout).values({ orderProductId: visitorLine, detailName: "Лицевая сторона", fileId: file?.id ?? 0, status: "passed" });
    await cartCall({ method: "POST", url: "/api/client-cart/delivery", token: visitor, payload: { deliveryType: "Door", cityKladrId: KRASNODAR, deliveryMethod: "Courier", address: "ул. Красная, д. 2" } });
    await cartCall({ method: "PUT", url: "/api/client-cart/promocode", token: visitor, payload: { code: "PERVYI500" } });
    const [temporary] = await testApp.database.db.select({ id: cart.accountId }).from(cart).where(eq(cart.id, visitorCart.id ?? 0));

    await addCards(me.token, { quantity: 200 });
    const signedIn = await login("merge@example.com", FRESH_CLIENT_PASSWORD, visitor);
    expect(signedIn.id).toBe(me.id);

    const merged = await cartCall({ method: "GET", url: "/api/client-cart", token: signedIn.token });
    expect(merged.orderProduct.map((line) => line.quantity), "lines keep the order they were added in").toEqual([5000, 200]);
    const moved = merged.orderProduct.find((line) => line.id === visitorLine);
    expect(moved?.layouts[0]).toMatchObject({ detailName: "Лицевая сторона", status: "passed", fileUrl: `${ORIGIN}/api/file/${file?.id}` });
    expect(merged.deliveries).toHaveLength(1);
    expect(merged.deliveries[0]?.upToDate, "priced for the visitor's lines alone").toBe(false);
    expect(merged.problems.map((item) => item.code)).toContain("DELIVERY_OUTDATED");
    expect(merged.promocode).toMatchObject({ code: "PERVYI500", discount: 500 });

    const gone = await testApp.database.db.select().from(account).where(eq(account.id, temporary?.id ?? 0));
    expect(gone).toEqual([]);
    const profile = accountProfileSchema.parse((await call({ method: "GET", url: "/api/account/profile", token: signedIn.token })).json());
    expect(profile.temporary).toBe(false);

    // Choosing the delivery again prices it for the whole cart.
    const rechosen = await cartCall({
      method: "PUT",
      url: "/api/client-cart/delivery",
      token: signedIn.token,
      payload: { id: merged.deliveries[0]?.id, deliveryType: "Door", cityKladrId: KRASNODAR, deliveryMethod: "Courier", address: "ул. Красная, д. 2" },
    });
    expect(rechosen.deliveries[0]?.upToDate).toBe(true);
  });

  it("merges into the cart of the company the account has selected, keeping the target's own delivery", async () => {
    const me = await freshClient(testApp, "merge-company@example.com");
    const [own] = await testApp.database.db.insert(company).values({ accountId: me.id, name: "ООО «Слияние»", inn: "7707083893" }).returning();
    const selected = await call({ method: "POST", url: "/api/client-account/select-company", token: me.token, payload: { companyId: own?.id } });
    expect(selected.statusCode, selected.body).toBe(200);
    const target = await addCards(me.token, { companyId: own?.id });
    const withDelivery = await cartCall({
      method: "POST",
      url: "/api/client-cart/delivery",
      token: me.token,
      payload: { deliveryType: "Door", cityKladrId: KRASNODAR, deliveryMethod: "Courier", address: "ул. Офисная, д. 1", companyId: own?.id },
    });

    const first = await call({ method: "POST", url: "/api/client-cart/product", payload: { productId: cardsId, quantity: 300 } });
    const visitor = String(first.headers[SESSION_TOKEN_HEADER]);
    await cartCall({ method: "POST", url: "/api/client-cart/delivery", token: visitor, payload: { deliveryType: "Door", cityKladrId: KRASNODAR, deliveryMethod: "Courier", address: "ул. Домашняя, д. 3" } });
    const signedIn = await login("merge-company@example.com", FRESH_CLIENT_PASSWORD, visitor);

    const merged = await cartCall({ method: "GET", url: `/api/client-cart?companyId=${own?.id}`, token: signedIn.token });
    expect(merged.id).toBe(target.id);
    expect(merged.orderProduct.map((line) => line.quantity)).toEqual([100, 300]);
    expect(merged.deliveries.map((item) => item.address)).toEqual([withDelivery.deliveries[0]?.address]);
    const personal = await cartCall({ method: "GET", url: "/api/client-cart", token: signedIn.token });
    expect(personal.id).toBeNull();
  });
});

describe("checkout snapshot", () => {
  it("gives the orders area the in-order lines, deliveries, promocode and kopeck figures, locking the cart in its transaction", async () => {
    const me = await freshClient(testApp, "snapshot@example.com");
    const [viewerRow] = await testApp.database.db.select().from(account).where(eq(account.id, me.id));
    const viewer = await testApp.app.sessions.resolve(me.token);
    expect(viewer?.account.id).toBe(viewerRow?.id);
    if (!viewer) throw new Error("no viewer");

    await expect(testApp.app.carts.checkoutSnapshot(viewer, {})).rejects.toMatchObject({ statusCode: 400, code: "CART_EMPTY" });
    const one = await addCards(me.token, { quantity: 5000 });
    const two = await addCards(me.token, { quantity: 100 });
    await cartCall({ method: "POST", url: "/api/client-cart/product/change-in-order", token: me.token, payload: { orderProductIds: [two.orderProduct[1]?.id], inOrder: false } });
    await cartCall({ method: "PUT", url: "/api/client-cart/promocode", token: me.token, payload: { code: "PERVYI500" } });
    const shown = await cartCall({ method: "POST", url: "/api/client-cart/delivery", token: me.token, payload: courierTo("ул. Красная, д. 9") });

    const snapshot = await testApp.database.db.transaction(async (tx) => {
      const taken = await testApp.app.carts.checkoutSnapshot(viewer, { companyId: null }, tx);
      const locked = await testApp.app.carts.lockCart(tx, taken.cart.id);
      expect(locked?.version).toBe(taken.cart.version);
      return taken;
    });
    expect(snapshot.lines.map((line) => line.id)).toEqual([one.orderProduct[0]?.id]);
    expect(snapshot.promocode?.code).toBe("PERVYI500");
    expect(snapshot.deliveries).toHaveLength(1);
    expect(snapshot.itemsKopecks).toBe(Math.round(shown.totals.items * 100));
    expect(snapshot.discountKopecks).toBe(50_000);
    expect(snapshot.deliveryKopecks).toBe(Math.round(shown.totals.delivery * 100));
    expect(snapshot.totalKopecks).toBe(snapshot.itemsKopecks - 50_000 + snapshot.deliveryKopecks);
    expect(snapshot.vatKopecks).toBe(vatIncludedKopecks(snapshot.totalKopecks));
    expect(snapshot.problems).toEqual(["Загрузите макет «Лицевая сторона» для «" + (one.orderProduct[0]?.product.name ?? "") + "»"]);

    // Placing the order: the in-order lines and the deliveries move to it, the rest stays in the cart.
    const orderId = await testApp.database.db.transaction(async (tx) => {
      const taken = await testApp.app.carts.checkoutSnapshot(viewer, {}, tx);
      const [order] = await tx
        .insert(clientOrder)
        .values({
          number: "2026-900777",
          accountId: me.id,
          paymentType: "Invoice",
          itemsKopecks: taken.itemsKopecks,
          discountKopecks: taken.discountKopecks,
          deliveryKopecks: taken.deliveryKopecks,
          totalKopecks: taken.totalKopecks,
          vatKopecks: taken.vatKopecks,
          promocodeCode: taken.promocode?.code ?? null,
          idempotencyKey: "snapshot-test-1",
        })
        .returning();
      await testApp.app.carts.moveToOrder(tx, taken.cart.id, order?.id ?? 0);
      return order?.id ?? 0;
    });
    const left = await cartCall({ method: "GET", url: "/api/client-cart", token: me.token });
    expect(left.orderProduct.map((line) => line.id)).toEqual([two.orderProduct[1]?.id]);
    expect(left).toMatchObject({ deliveries: [], promocode: null, comment: "" });
    expect(left.version).toBeGreaterThan(snapshot.cart.version);
    const ordered = await testApp.database.db.select().from(orderProduct).where(eq(orderProduct.orderId, orderId));
    expect(ordered.map((line) => line.id)).toEqual([one.orderProduct[0]?.id]);
  });

  function courierTo(address: string) {
    return { deliveryType: "Door", cityKladrId: KRASNODAR, deliveryMethod: "Courier", address };
  }
});

describe("OpenAPI", () => {
  it("documents every cart call under the cart tag, with its body and error answers", async () => {
    const response = await call({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, { tags?: string[]; operationId?: string; requestBody?: unknown; responses?: Record<string, unknown> }>> };
    const operations = [
      ["/api/client-cart", "get"],
      ["/api/client-cart", "patch"],
      ["/api/client-cart/promocode", "put"],
      ["/api/client-cart/promocode", "delete"],
      ["/api/client-cart/product", "post"],
      ["/api/client-cart/product/{id}", "patch"],
      ["/api/client-cart/product/{id}", "delete"],
      ["/api/client-cart/product/change-in-order", "post"],
      ["/api/client-cart/product/repeat/{id}", "post"],
      ["/api/client-cart/product/move", "post"],
      ["/api/client-cart/delivery", "post"],
      ["/api/client-cart/delivery", "put"],
      ["/api/client-cart/delivery/{id}", "delete"],
    ] as const;
    for (const [path, method] of operations) {
      const operation = document.paths[path]?.[method];
      expect(operation?.tags, `${method} ${path}`).toEqual(["cart"]);
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(["200", "400", "401", "403", "404"]));
    }
    expect(document.paths["/api/client-cart/delivery"]?.post?.requestBody).toBeDefined();
    expect(Object.keys(document.paths["/api/client-cart"]?.patch?.responses ?? {})).toContain("409");
  });
});
