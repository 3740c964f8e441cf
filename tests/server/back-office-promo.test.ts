import { and, eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditPageSchema,
  cartSchema,
  categoryListSchema,
  employeePickupPointListSchema,
  employeePickupPointSchema,
  employeePromocodeListSchema,
  employeePromocodeSchema,
  orderSchema,
  pickupPointListSchema,
  serverErrorSchema,
  sessionGrantSchema,
} from "../../shared/contracts/index";
import type { Cart, EmployeePromocode } from "../../shared/contracts/index";
import { auditEntry, clientOrder, promocode } from "../../server/db/schema";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { passMissingLayouts } from "./support/files-fixtures";
import { freshCompanyClient } from "./support/fresh-client";
import type { FreshClient } from "./support/fresh-client";
import { demoBusinessCardsId, startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";
import { pickupPointBody, promoCodeBody } from "./back-office/promo.calls";

/*
 * The back office's promocodes and self-pickup points (issue 29) through Fastify's inject with the
 * real app on PGlite: the employee's calls (audit, Get → Update round trip, unknown fields, unique
 * codes, known categories and cities) and the cart's rules over the fields they set — a one-use
 * code per client works once, a total limit, the date window, the categories, and two carts placing
 * a one-use code at once (one order gets it). Closed pickup points leave the cart's choices.
 */

const KRASNODAR = "2300000100000";
const KAZAN = "1600000100000";
const courier = { deliveryType: "Door", cityKladrId: KRASNODAR, deliveryMethod: "Courier", address: "ул. Красная, д. 1, оф. 5" };

let testApp: TestApp;
let manager: string;
let admin: string;
let cardsId: number;
let cardsCategoryId: number;
let otherCategoryId: number;
let clients = 0;

type Call = InjectOptions & { token?: string };

function call(options: Call): Promise<LightMyRequestResponse> {
  const { token, headers, ...rest } = options;
  return testApp.app.inject({ ...rest, headers: { ...(headers as Record<string, string> | undefined), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

async function ok(options: Call): Promise<unknown> {
  const response = await call(options);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function createCode(body: Record<string, unknown>): Promise<EmployeePromocode> {
  return employeePromocodeSchema.parse(await ok({ method: "POST", url: "/api/employee/promocode", token: manager, payload: body }));
}

async function newClient(): Promise<FreshClient & { companyId: number }> {
  clients += 1;
  return freshCompanyClient(testApp, `promo-client-${clients}@example.com`, `ООО «Промо ${clients}»`);
}

/** The client's company cart: business cards with their layouts passed and a courier delivery. */
async function readyCart(client: FreshClient & { companyId: number }): Promise<Cart> {
  const target = { companyId: client.companyId };
  await ok({ method: "POST", url: "/api/client-cart/product", token: client.token, payload: { productId: cardsId, quantity: 100, ...target } });
  const current = cartSchema.parse(await ok({ method: "GET", url: `/api/client-cart?companyId=${client.companyId}`, token: client.token }));
  await passMissingLayouts(testApp.database.db, current);
  return cartSchema.parse(await ok({ method: "POST", url: "/api/client-cart/delivery", token: client.token, payload: { ...courier, ...target } }));
}

function applyCode(client: FreshClient & { companyId: number }, code: string): Promise<LightMyRequestResponse> {
  return call({ method: "PUT", url: "/api/client-cart/promocode", token: client.token, payload: { code, companyId: client.companyId } });
}

function placeOrder(client: FreshClient & { companyId: number }, key: string): Promise<LightMyRequestResponse> {
  return call({ method: "POST", url: "/api/client-cart/place-order", token: client.token, payload: { companyId: client.companyId, paymentType: "Invoice", idempotencyKey: key } });
}

function messageOf(response: LightMyRequestResponse): string {
  return serverErrorSchema.parse(response.json()).messageUI;
}

beforeAll(async () => {
  testApp = await startTestApp();
  const grant = await testApp.app.inject({ method: "POST", url: "/api/auth/login", payload: { ...DEMO_ACCOUNTS.sales, rememberMe: false } });
  manager = sessionGrantSchema.parse(grant.json()).token;
  const adminGrant = await testApp.app.inject({ method: "POST", url: "/api/auth/login", payload: { ...DEMO_ACCOUNTS.employee, rememberMe: false } });
  admin = sessionGrantSchema.parse(adminGrant.json()).token;
  cardsId = await demoBusinessCardsId(testApp);
  const categories = categoryListSchema.parse(await ok({ method: "GET", url: "/api/public/product/category" }));
  cardsCategoryId = categories.find((category) => category.slug === "vizitki")?.id ?? 0;
  otherCategoryId = categories.find((category) => category.slug === "listovki")?.id ?? 0;
});

afterAll(async () => {
  await testApp.close();
});

describe("the employee's promocodes", () => {
  it("creates a code upper-cased, answers it back unchanged through Get → Update, and audits both writes", async () => {
    const created = await createCode({ ...promoCodeBody("  vesna-2027 "), kind: "fixed", value: 250.5, minOrderSum: 1000, categoryIds: [otherCategoryId, cardsCategoryId] });
    expect(created).toMatchObject({ code: "VESNA-2027", kind: "fixed", value: 250.5, minOrderSum: 1000, usedCount: 0 });
    const [row] = await testApp.database.db.select().from(promocode).where(eq(promocode.id, created.id));
    expect(row).toMatchObject({ value: 25_050, minSumKopecks: 100_000 });

    const got = employeePromocodeSchema.parse(await ok({ method: "GET", url: `/api/employee/promocode/${created.id}`, token: manager }));
    const same = employeePromocodeSchema.parse(await ok({ method: "PUT", url: `/api/employee/promocode/${created.id}`, token: manager, payload: got }));
    expect({ ...same, updatedAt: null }).toEqual({ ...got, updatedAt: null });

    const changed = employeePromocodeSchema.parse(await ok({ method: "PUT", url: `/api/employee/promocode/${created.id}`, token: manager, payload: { ...got, active: false, value: 300 } }));
    expect(changed).toMatchObject({ active: false, value: 300 });
    const entries = await testApp.database.db.select().from(auditEntry).where(and(eq(auditEntry.objectType, "promocode"), eq(auditEntry.objectId, String(created.id))));
    // The unchanged PUT wrote no entry: the audit lists real changes only.
    expect(entries.map((entry) => entry.action)).toEqual(["create", "update"]);
    expect(entries[1]?.changes).toEqual([
      { field: "value", before: 250.5, after: 300 },
      { field: "active", before: true, after: false },
    ]);
    const list = employeePromocodeListSchema.parse(await ok({ method: "GET", url: "/api/employee/promocode", token: manager }));
    expect(list.items.some((item) => item.id === created.id)).toBe(true);
  });

  it("refuses unknown fields, a taken code, unknown categories and impossible values, in Russian", async () => {
    const base = promoCodeBody("OSEN-2027");
    const created = await createCode(base);
    const unknown = await call({ method: "PUT", url: `/api/employee/promocode/${created.id}`, token: manager, payload: { ...base, secret: 1 } });
    expect(unknown.statusCode).toBe(400);
    const taken = await call({ method: "POST", url: "/api/employee/promocode", token: manager, payload: { ...base, code: "osen-2027" } });
    expect(taken.statusCode).toBe(409);
    expect(messageOf(taken)).toBe("Промокод OSEN-2027 уже есть: придумайте другой код");
    const category = await call({ method: "POST", url: "/api/employee/promocode", token: manager, payload: { ...promoCodeBody("NET-KATEGORII"), categoryIds: [999_999] } });
    expect(category.statusCode).toBe(400);
    expect(messageOf(category)).toMatch(/^Нет категорий с номерами 999999/u);
    const percent = await call({ method: "POST", url: "/api/employee/promocode", token: manager, payload: { ...promoCodeBody("STO-ODIN"), value: 101 } });
    expect(messageOf(percent)).toBe("Скидка в процентах — целое число от 1 до 100");
    const dates = await call({
      method: "POST",
      url: "/api/employee/promocode",
      token: manager,
      payload: { ...promoCodeBody("NAOBOROT"), validFrom: "2027-02-01T00:00:00+03:00", validTo: "2027-01-01T00:00:00+03:00" },
    });
    expect(messageOf(dates)).toBe("Дата окончания должна быть позже даты начала");
    expect((await call({ method: "GET", url: "/api/employee/promocode/999999", token: manager })).statusCode).toBe(404);
  });
});

describe("the cart's promocode rules", { timeout: 120_000 }, () => {
  it("a code limited to one use per client works once: the second order of that client is refused, another client may", async () => {
    const code = await createCode({ ...promoCodeBody("ODIN-RAZ"), value: 10 });
    const client = await newClient();
    await readyCart(client);
    const applied = cartSchema.parse((await applyCode(client, "odin-raz")).json());
    expect(applied.totals.discount).toBeGreaterThan(0);
    const order = orderSchema.parse((await placeOrder(client, "odin-raz-order-1")).json());
    const [placed] = await testApp.database.db.select().from(clientOrder).where(eq(clientOrder.id, order.id));
    expect(placed).toMatchObject({ promocodeId: code.id, promocodeCode: "ODIN-RAZ" });

    await readyCart(client);
    const again = await applyCode(client, "ODIN-RAZ");
    expect(again.statusCode).toBe(400);
    expect(messageOf(again)).toBe("Промокод уже использован");

    const other = await newClient();
    await readyCart(other);
    expect((await applyCode(other, "ODIN-RAZ")).statusCode).toBe(200);
    expect(employeePromocodeSchema.parse(await ok({ method: "GET", url: `/api/employee/promocode/${code.id}`, token: manager })).usedCount).toBe(1);

    // A cancelled order gives its use back.
    await testApp.database.db.update(clientOrder).set({ status: "cancelled" }).where(eq(clientOrder.id, order.id));
    expect((await applyCode(client, "ODIN-RAZ")).statusCode).toBe(200);
  });

  it("a total limit counts every client's orders", async () => {
    await createCode({ ...promoCodeBody("VSEGO-ODIN"), usageLimitPerClient: null, usageLimitTotal: 1 });
    const first = await newClient();
    await readyCart(first);
    expect((await applyCode(first, "VSEGO-ODIN")).statusCode).toBe(200);
    expect((await placeOrder(first, "vsego-odin-1")).statusCode).toBe(200);
    const second = await newClient();
    await readyCart(second);
    const refused = await applyCode(second, "VSEGO-ODIN");
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toBe("Промокод уже использован максимальное число раз");
  });

  it("keeps to its dates: not before validFrom (saying the day, Moscow time), not after validTo", async () => {
    const client = await newClient();
    await readyCart(client);
    const from = new Date(Date.now() + 40 * 24 * 3_600_000);
    await createCode({ ...promoCodeBody("POZZHE"), validFrom: from.toISOString() });
    const early = await applyCode(client, "POZZHE");
    expect(early.statusCode).toBe(400);
    expect(messageOf(early)).toMatch(/^Промокод начнёт действовать \d{1,2} [а-я]+( \d{4} года)?$/u);
    await createCode({ ...promoCodeBody("RANSHE"), validFrom: "2020-01-01T00:00:00+03:00", validTo: "2021-01-01T00:00:00+03:00" });
    expect(messageOf(await applyCode(client, "RANSHE"))).toBe("Срок действия промокода истёк");
    await createCode({ ...promoCodeBody("SEICHAS"), validFrom: "2020-01-01T00:00:00+03:00", validTo: null });
    expect((await applyCode(client, "SEICHAS")).statusCode).toBe(200);
  });

  it("lowers only the lines of its categories, and says which ones when the cart has none", async () => {
    const client = await newClient();
    const cart = await readyCart(client);
    await createCode({ ...promoCodeBody("TOLKO-LISTOVKI"), categoryIds: [otherCategoryId] });
    const refused = await applyCode(client, "TOLKO-LISTOVKI");
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toMatch(/^Промокод действует только на листовки/u);
    await createCode({ ...promoCodeBody("VIZITKI-10"), value: 10, categoryIds: [cardsCategoryId, otherCategoryId] });
    const applied = cartSchema.parse((await applyCode(client, "VIZITKI-10")).json());
    expect(applied.totals.discount).toBeCloseTo(Math.floor(cart.totals.items * 10) / 100, 2);
  });

  it("two carts placing a one-use code at once: one order gets it, the other is refused and its cart shows why", async () => {
    await createCode({ ...promoCodeBody("GONKA"), usageLimitPerClient: null, usageLimitTotal: 1 });
    const [a, b] = [await newClient(), await newClient()];
    for (const client of [a, b]) {
      await readyCart(client);
      expect((await applyCode(client, "GONKA")).statusCode).toBe(200);
    }
    const results = await Promise.all([placeOrder(a, "gonka-order-a"), placeOrder(b, "gonka-order-b")]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((response) => response.statusCode === 409);
    expect(loser && messageOf(loser)).toMatch(/^Промокод уже использован максимальное число раз/u);
    const used = await testApp.database.db.select().from(clientOrder).where(eq(clientOrder.promocodeCode, "GONKA"));
    expect(used).toHaveLength(1);
  });
});

describe("the employee's self-pickup points", () => {
  it("adds a point the cart offers at once, round-trips it, closes it (gone from the choices) and audits it", async () => {
    const offered = async () =>
      pickupPointListSchema.parse(await ok({ method: "GET", url: `/api/geo/pvz/${KAZAN}?deliveryProvider=SelfPickup` })).map((point) => point.name);
    expect(await offered()).not.toContain("Казань, Баумана");
    const created = employeePickupPointSchema.parse(await ok({ method: "POST", url: "/api/employee/pickup-point", token: manager, payload: pickupPointBody("Казань, Баумана") }));
    expect(created).toMatchObject({ cityName: "Казань", active: true });
    expect(await offered()).toContain("Казань, Баумана");

    const got = employeePickupPointSchema.parse(await ok({ method: "GET", url: `/api/employee/pickup-point/${created.id}`, token: manager }));
    expect(employeePickupPointSchema.parse(await ok({ method: "PUT", url: `/api/employee/pickup-point/${created.id}`, token: manager, payload: got }))).toEqual(got);
    await ok({ method: "PUT", url: `/api/employee/pickup-point/${created.id}`, token: manager, payload: { ...got, active: false } });
    expect(await offered()).not.toContain("Казань, Баумана");
    const list = employeePickupPointListSchema.parse(await ok({ method: "GET", url: "/api/employee/pickup-point", token: manager }));
    expect(list.items.find((item) => item.id === created.id)?.active).toBe(false);
    const entries = await testApp.database.db.select().from(auditEntry).where(and(eq(auditEntry.objectType, "pickup-point"), eq(auditEntry.objectId, String(created.id))));
    expect(entries.map((entry) => [entry.action, entry.changes.map((change) => change.field)])).toEqual([
      ["create", ["name", "cityKladrId", "address", "operatingMode", "geoLat", "geoLon", "phone", "active"]],
      ["update", ["active"]],
    ]);
    // The admin finds them by the audit's own filter (its object type takes latin letters and hyphens only).
    const audit = auditPageSchema.parse(await ok({ method: "GET", url: `/api/employee/audit?objectType=pickup-point&objectId=${created.id}`, token: admin }));
    expect(audit.items.map((entry) => [entry.action, entry.changes.find((change) => change.field === "active")])).toEqual([
      ["update", { field: "active", before: true, after: false }],
      ["create", { field: "active", before: null, after: true }],
    ]);
  });

  it("refuses an unknown city, half a map point, a latitude past 90 and unknown fields", async () => {
    const post = (payload: object) => call({ method: "POST", url: "/api/employee/pickup-point", token: manager, payload });
    expect(messageOf(await post({ ...pickupPointBody("Нигде"), cityKladrId: "9900000000000" }))).toMatch(/^Город с кодом КЛАДР 9900000000000 магазину не известен/u);
    expect(messageOf(await post({ ...pickupPointBody("Полточки"), geoLon: null }))).toBe("Укажите обе координаты (широту и долготу) или ни одной");
    expect(messageOf(await post({ ...pickupPointBody("Полюс"), geoLat: 91 }))).toBe("Широта: число от -90 до 90");
    expect((await post({ ...pickupPointBody("Лишнее"), extra: true })).statusCode).toBe(400);
  });
});
