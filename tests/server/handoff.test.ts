import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountProfileSchema, handoffGrantSchema, serverErrorSchema, SESSION_TOKEN_HEADER, sessionGrantSchema } from "../../shared/contracts/index";
import type { HandoffGrant } from "../../shared/contracts/index";
import { SESSION_COOKIE } from "../../shared/contracts/index";
import { createHandoffService, HANDOFF_LIFETIME_MS } from "../../server/services/accounts/handoff.service";
import { DEFAULT_LAYOUT_DESIGN_QUOTAS } from "../../server/limits";
import { startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * The hand-off from a partner's page to the shop's checkout: the widget's bearer session becomes a
 * cookie session of the same account on the shop's origin, through a short-lived signed link.
 */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp({ partnerOrigins: ["https://partner.example"] });
});
afterAll(async () => {
  await testApp.close();
});

function call(options: InjectOptions & { token?: string | undefined }): Promise<LightMyRequestResponse> {
  const { token, headers, ...rest } = options;
  return testApp.app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

async function login(email: string, password: string): Promise<string> {
  const response = await call({ method: "POST", url: "/api/auth/login", payload: { email, password } });
  expect(response.statusCode, response.body).toBe(200);
  return sessionGrantSchema.parse(response.json()).token;
}

async function handoff(token: string | undefined, next?: string): Promise<LightMyRequestResponse> {
  return call({ method: "POST", url: "/api/auth/handoff", token, payload: next === undefined ? {} : { next } });
}

function redeemPath(grant: HandoffGrant): string {
  const url = new URL(grant.url);
  return `${url.pathname}${url.search}`;
}

function cookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
}

describe("POST /auth/handoff and GET /auth/handoff", () => {
  it("carries a signed-in shopper from a partner page to the shop's cart as a cookie session of the same account", async () => {
    const bearer = await login("petrova@example.com", "client12345");
    const answer = await handoff(bearer);
    expect(answer.statusCode, answer.body).toBe(200);
    const grant = handoffGrantSchema.parse(answer.json());
    expect(grant.url).toContain("/api/auth/handoff?token=");
    expect(grant.url, "the session token itself never goes into the address").not.toContain(bearer);
    expect(Date.parse(grant.expiresAt) - Date.now()).toBeLessThanOrEqual(HANDOFF_LIFETIME_MS);

    const redeemed = await call({ method: "GET", url: redeemPath(grant) });
    expect(redeemed.statusCode).toBe(303);
    expect(redeemed.headers.location).toBe("/cart");
    const cookie = cookieOf(redeemed);
    expect(cookie, "a session cookie on the shop's origin").toBeTruthy();
    expect(cookie).not.toBe(bearer);
    const profile = await call({ method: "GET", url: "/api/account/profile", cookies: { [SESSION_COOKIE]: cookie ?? "" } });
    expect(accountProfileSchema.parse(profile.json()).email).toBe("petrova@example.com");
  });

  it("works for a visitor's temporary account, so the cart filled on the partner page arrives", async () => {
    const product = await call({ method: "GET", url: "/api/public/product?limit=1" });
    const productId = (product.json() as { items: { id: number }[] }).items[0]?.id;
    const added = await call({ method: "POST", url: "/api/client-cart/product", payload: { productId, quantity: 100 } });
    expect(added.statusCode, added.body).toBe(200);
    const visitor = added.headers[SESSION_TOKEN_HEADER];
    expect(typeof visitor).toBe("string");
    const grant = handoffGrantSchema.parse((await handoff(String(visitor), "/cart?from=partner")).json());
    const redeemed = await call({ method: "GET", url: redeemPath(grant) });
    expect(redeemed.headers.location).toBe("/cart?from=partner");
    const cart = await call({ method: "GET", url: "/api/client-cart", cookies: { [SESSION_COOKIE]: cookieOf(redeemed) ?? "" } });
    expect((cart.json() as { orderProduct: unknown[] }).orderProduct).toHaveLength(1);
  });

  it("takes a link once; a second use, a forged or a truncated link signs nobody in", async () => {
    const bearer = await login("petrova@example.com", "client12345");
    const grant = handoffGrantSchema.parse((await handoff(bearer)).json());
    expect((await call({ method: "GET", url: redeemPath(grant) })).statusCode).toBe(303);

    const again = await call({ method: "GET", url: redeemPath(grant) });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe("/cart?handoff=expired");
    expect(cookieOf(again)).toBeUndefined();

    const url = new URL(grant.url);
    const token = url.searchParams.get("token") ?? "";
    const [body] = token.split(".");
    const forged = await call({ method: "GET", url: `/api/auth/handoff?token=${encodeURIComponent(`${body}.AAAA`)}&next=%2Fcart` });
    expect(forged.headers.location).toBe("/cart?handoff=expired");
    expect(cookieOf(forged)).toBeUndefined();

    const empty = await call({ method: "GET", url: "/api/auth/handoff?token=&next=%2Fcart" });
    expect(empty.statusCode).toBe(400);
    expect(serverErrorSchema.parse(empty.json()).messageUI).toContain("Ссылка для входа неполная");
  });

  it("refuses to send the shopper off the shop's site and needs a session to issue a link", async () => {
    const bearer = await login("petrova@example.com", "client12345");
    for (const next of ["//evil.example/cart", "https://evil.example/", "cart", "/\\evil.example"]) {
      const answer = await handoff(bearer, next);
      expect(answer.statusCode, next).toBe(400);
      expect(serverErrorSchema.parse(answer.json()).messageUI).toBe("Укажите адрес страницы магазина, начиная с «/»");
    }
    const redirect = await call({ method: "GET", url: "/api/auth/handoff?token=x.y&next=%2F%2Fevil.example" });
    expect(redirect.statusCode).toBe(400);

    const anonymous = await handoff(undefined);
    expect(anonymous.statusCode).toBe(401);
  });

  it("lets a link expire after two minutes", async () => {
    let now = Date.parse("2026-11-22T10:00:00Z");
    const bearer = await login("petrova@example.com", "client12345");
    const viewer = await testApp.app.sessions.resolve(bearer);
    if (!viewer) throw new Error("the session was not found");
    const service = createHandoffService(testApp.database.db, testApp.app.sessions, { secret: "s".repeat(32), designQuotas: DEFAULT_LAYOUT_DESIGN_QUOTAS, now: () => now });
    const late = service.issue(viewer);
    now += HANDOFF_LIFETIME_MS + 1;
    expect(await service.inspect(late.token)).toBeNull();
    const fresh = service.issue(viewer);
    now += HANDOFF_LIFETIME_MS - 1;
    const ticket = await service.inspect(fresh.token);
    expect(ticket).not.toBeNull();
    if (ticket) expect(await service.redeem(ticket, null)).not.toBeNull();
  });
});
