import type { InjectOptions } from "fastify";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartSchema, orderSchema, productPriceQuoteSchema, productSchema } from "../../shared/contracts/index";
import type { Cart } from "../../shared/contracts/index";
import { readyDate } from "../../shared/domain/index";
import { layout, storedFile } from "../../server/db/schema";
import { freshClient } from "./support/fresh-client";
import type { FreshClient } from "./support/fresh-client";
import { demoBusinessCardsId, startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * Deadlines (issue 30): the product, its price, the cart and the order carry «Будет готово …» from the
 * shared production calendar — on the app's clock (fixed here, so the dates are known), and the
 * order's date fixed at placing from the moment it was placed.
 */

/** A moment as Moscow wall time. */
const moscow = (dateTime: string) => new Date(`${dateTime}+03:00`);
/** Friday 4 December 2026, after the 14:00 cut-off: production starts on Monday 7 December. */
const FRIDAY_AFTER_CUTOFF = moscow("2026-12-04T15:00:00");
/** Wednesday 30 December 2026, before the cut-off: 31 December and 1–10 January 2027 are days off. */
const BEFORE_NEW_YEAR = moscow("2026-12-30T10:00:00");

let clock = FRIDAY_AFTER_CUTOFF;
let testApp: TestApp;
let cardsId: number;

async function ok<T>(options: InjectOptions & { token?: string }, schema: { parse(value: unknown): T }): Promise<T> {
  const { token, ...rest } = options;
  const response = await testApp.app.inject({ ...rest, headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(response.json());
}

beforeAll(async () => {
  testApp = await startTestApp({ delivery: { now: () => clock } });
  cardsId = await demoBusinessCardsId(testApp);
});

afterAll(async () => {
  await testApp.close();
});

describe("the product page's «Будет готово»", () => {
  it("counts the product's days from the next working day after a Friday's cut-off, urgent or not", async () => {
    clock = FRIDAY_AFTER_CUTOFF;
    const product = await ok({ method: "GET", url: `/api/public/product/${cardsId}` }, productSchema);
    expect(product.readyDate).toBe(readyDate(clock, product.productionTimeDay));
    // Production starts on Monday 7 December: ready that many working days later.
    expect(product.readyDate).toBe(new Date(Date.UTC(2026, 11, 7 + product.productionTimeDay)).toISOString().slice(0, 10));
    expect(product.urgency.productionTimeDay).not.toBeNull();
    const urgent = await ok({ method: "GET", url: `/api/public/product/${cardsId}?isUrgent=true` }, productSchema);
    expect(urgent.readyDate).toBe(readyDate(clock, product.urgency.productionTimeDay ?? 0));
    expect(urgent.readyDate < product.readyDate).toBe(true);
  });

  it("follows the chosen urgency in the live price", async () => {
    clock = BEFORE_NEW_YEAR;
    const usual = await ok({ method: "GET", url: `/api/public/product/${cardsId}/price?quantity=100` }, productPriceQuoteSchema);
    const urgent = await ok({ method: "GET", url: `/api/public/product/${cardsId}/price?quantity=100&isUrgent=true` }, productPriceQuoteSchema);
    expect(usual.readyDate).toBe(readyDate(clock, usual.productionTimeDay));
    expect(urgent.readyDate).toBe(readyDate(clock, urgent.productionTimeDay));
    // Ordered on 30 December: nothing is made between 31 December and 10 January 2027.
    expect(urgent.readyDate).toBe("2027-01-11");
    expect(usual.readyDate >= "2027-01-12").toBe(true);
  });
});

describe("the cart's and the order's «Будет готово»", () => {
  let client: FreshClient;

  beforeAll(async () => {
    client = await freshClient(testApp, `deadlines-${randomUUID().slice(0, 8)}@example.com`);
  });

  it("gives each line its date and the cart the latest of its in-order lines", async () => {
    clock = FRIDAY_AFTER_CUTOFF;
    await ok({ method: "POST", url: "/api/client-cart/product", token: client.token, payload: { productId: cardsId, quantity: 100 } }, cartSchema);
    const cart = await ok({ method: "POST", url: "/api/client-cart/product", token: client.token, payload: { productId: cardsId, quantity: 100, isUrgent: true } }, cartSchema);
    const [usual, urgent] = cart.orderProduct;
    expect(usual?.readyDate).toBe(readyDate(clock, usual?.productionTimeDay ?? -1));
    expect(urgent?.readyDate).toBe(readyDate(clock, urgent?.productionTimeDay ?? -1));
    expect((urgent?.readyDate ?? "") < (usual?.readyDate ?? "")).toBe(true);
    expect(cart.totals.readyDate).toBe(usual?.readyDate);
    // The usual line left out of the order: the urgent one's date is the cart's.
    const urgentOnly = await ok(
      { method: "POST", url: "/api/client-cart/product/change-in-order", token: client.token, payload: { orderProductIds: [usual?.id], inOrder: false } },
      cartSchema,
    );
    expect(urgentOnly.totals.readyDate).toBe(urgent?.readyDate);
    // The same cart seen before the New Year holidays.
    clock = BEFORE_NEW_YEAR;
    const later = await ok({ method: "GET", url: "/api/client-cart", token: client.token }, cartSchema);
    expect(later.totals.readyDate).toBe("2027-01-11");
  });

  it("keeps the date the order was placed with: the longest line's, from the moment of placing", async () => {
    clock = FRIDAY_AFTER_CUTOFF;
    const cart = await ok({ method: "GET", url: "/api/client-cart", token: client.token }, cartSchema);
    await withLayouts(cart, client.id);
    await ok(
      {
        method: "POST",
        url: "/api/client-cart/delivery",
        token: client.token,
        payload: { deliveryType: "Door", cityKladrId: "2300000100000", deliveryMethod: "Courier", address: "ул. Красная, д. 1" },
      },
      cartSchema,
    );
    const order = await ok(
      { method: "POST", url: "/api/client-cart/place-order", token: client.token, payload: { companyId: null, paymentType: "Yookassa", idempotencyKey: `key-${randomUUID()}` } },
      orderSchema,
    );
    const longest = Math.max(...order.lines.map((line) => line.productionTimeDay));
    expect(order.readyDate).toBe(readyDate(new Date(order.createdAt), longest));
    // Read again much later, it has not moved.
    clock = moscow("2027-03-01T10:00:00");
    const again = await ok({ method: "GET", url: `/api/client-order/${order.id}`, token: client.token }, orderSchema);
    expect(again.readyDate).toBe(order.readyDate);
  });
});

/** Checked layouts for every detail of the cart's lines, so the cart can be ordered. */
async function withLayouts(cart: Cart, accountId: number): Promise<void> {
  const db = testApp.database.db;
  for (const line of cart.orderProduct) {
    for (const detail of line.layouts.filter((item) => item.status === "missing")) {
      const [file] = await db
        .insert(storedFile)
        .values({ ownerAccountId: accountId, kind: "layout", storageKey: `layout/test/${randomUUID()}.pdf`, originalName: "layout.pdf", contentType: "application/pdf", sizeBytes: 10, sha256: "0".repeat(64) })
        .returning({ id: storedFile.id });
      await db.insert(layout).values({ orderProductId: line.id, detailName: detail.detailName, fileId: file?.id ?? 0, status: "passed", findings: [], approvedAt: new Date() });
    }
  }
}
