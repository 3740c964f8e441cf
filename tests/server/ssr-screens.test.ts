import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { cartSchema, productCardSchema, productListPageSchema, SESSION_COOKIE } from "../../shared/contracts/index";
import type { Cart } from "../../shared/contracts/index";
import { formatRoubles } from "../../shared/domain/index";
import { freshClient } from "./support/fresh-client";
import { startHostSiteApp } from "./support/host-site-app";
import { demoBusinessCardsId } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * The cart, the favourites and the success page are drawn by the server with the page's session
 * (issue 31): the first paint shows the lines with their totals and the favourite cards, and the
 * page hands them to the browser (its snapshot), so hydration does not ask again. A visitor's
 * temporary account is a session too. Needs the built render (npm run build:ssr).
 */

let testApp: TestApp;
let cardsId: number;

beforeAll(async () => {
  testApp = await startHostSiteApp();
  cardsId = await demoBusinessCardsId(testApp);
});

afterAll(async () => {
  await testApp.close();
});

async function page(url: string, token?: string): Promise<string> {
  const response = await testApp.app.inject({ url, headers: { accept: "text/html", ...(token ? { cookie: `${SESSION_COOKIE}=${token}` } : {}) } });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The page's snapshot (the JSON the browser restores before hydrating). */
function snapshotOf(html: string): Record<string, unknown> {
  const json = /<script id="ottisk-state" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error("The page has no snapshot");
  return JSON.parse(json) as Record<string, unknown>;
}

/** HTML text as React writes it (its entities for quotes). */
function asHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

async function addLine(token: string | undefined, productId: number, quantity: number): Promise<{ cart: Cart; token: string }> {
  const response = await testApp.app.inject({
    method: "POST",
    url: "/api/client-cart/product",
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { productId, quantity },
  });
  expect(response.statusCode, response.body).toBe(200);
  const opened = response.headers["x-ottisk-session"];
  return { cart: cartSchema.parse(response.json()), token: token ?? (typeof opened === "string" ? opened : "") };
}

describe("the screens drawn with the shopper's session", () => {
  it("draws a signed-in client's cart with its lines and totals, and hands it to the browser", async () => {
    const client = await freshClient(testApp, `screens-${randomUUID().slice(0, 12)}@example.com`);
    const listing = await testApp.app.inject({ url: "/api/public/product?limit=5" });
    const other = productListPageSchema.parse(listing.json()).items.find((card) => card.id !== cardsId);
    if (!other) throw new Error("The demo catalogue has one product only");
    await addLine(client.token, cardsId, 100);
    const { cart } = await addLine(client.token, other.id, 200);
    expect(cart.orderProduct).toHaveLength(2);

    const html = await page("/cart", client.token);
    expect(html).not.toContain('data-testid="cart-skeleton"');
    for (const line of cart.orderProduct) expect(html).toContain(asHtml(line.product.name));
    expect(html).toContain(`data-testid="total">${asHtml(formatRoubles(cart.totals.total))}<`);
    const snapshot = snapshotOf(html);
    expect(snapshot.cart).toMatchObject({ status: "ready", data: { orderProduct: cart.orderProduct.map((line) => ({ id: line.id })) } });
  });

  it("draws a visitor's cart (a temporary account) from the session cookie, and the empty cart without one", async () => {
    const { cart, token } = await addLine(undefined, cardsId, 100);
    expect(token).not.toBe("");
    const html = await page("/cart", token);
    expect(html).toContain(asHtml(cart.orderProduct[0]?.product.name ?? "—"));
    expect(html).not.toContain('data-testid="cart-skeleton"');

    const empty = await page("/cart");
    expect(empty).toContain("Корзина пуста");
    expect(snapshotOf(empty).cart).toMatchObject({ status: "ready", data: { orderProduct: [] } });
  });

  it("draws the favourites with the session's cards, and none without a session", async () => {
    const client = await freshClient(testApp, `screens-${randomUUID().slice(0, 12)}@example.com`);
    const added = await testApp.app.inject({ method: "PUT", url: `/api/public/product/to-favorite/${cardsId}`, headers: { authorization: `Bearer ${client.token}` } });
    expect(added.statusCode, added.body).toBe(200);
    const favourites = z.array(productCardSchema).parse(
      (await testApp.app.inject({ url: "/api/public/product/favorite", headers: { authorization: `Bearer ${client.token}` } })).json(),
    );
    expect(favourites).toHaveLength(1);

    const html = await page("/izbrannoe", client.token);
    expect(html).toContain(asHtml(favourites[0]?.productName ?? "—"));
    expect(snapshotOf(html).favourites).toMatchObject({ status: "ready", data: [{ id: cardsId }] });

    const anonymous = snapshotOf(await page("/izbrannoe"));
    expect(anonymous.favourites).toEqual({ status: "ready", data: [] });
  });

  it("draws the cookie banner for whoever has not accepted the cookies (their consent cookie), not for whoever has", async () => {
    const fresh = await page("/poisk?q=визитки");
    expect(fresh).toContain("ottisk-cookie-banner__text");
    expect(snapshotOf(fresh).cookieBanner).toBe("shown");
    const response = await testApp.app.inject({ url: "/poisk?q=визитки", headers: { accept: "text/html", cookie: "accept-cookies=true" } });
    expect(response.body).not.toContain("ottisk-cookie-banner__text");
    expect(snapshotOf(response.body).cookieBanner).toBe("accepted");
  });

  it("draws the success page's answer for a visitor without a session: the order is not theirs to see", async () => {
    const html = await page("/success-payment?orderId=1");
    expect(html).toContain("Заказ недоступен");
    expect((snapshotOf(html).accountPages as { orders?: unknown } | undefined)?.orders).toMatchObject({ "1": { status: "error", httpStatus: 401 } });
  });
});
