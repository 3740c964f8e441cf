import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountProfileSchema, companyLookupSchema, serverErrorSchema, SESSION_COOKIE, sessionGrantSchema } from "../../../shared/contracts/index";
import { favorite, layout } from "../../../server/db/schema";
import { DEMO_ACCOUNTS } from "../../../server/seed/demo-data";
import { accountIdOf, cartLine, FACE, minimalPdf, multipartBody, productWithDetails } from "../support/files-fixtures";
import { startTestApp, TEST_APP_ORIGIN } from "../support/test-app";
import type { TestApp } from "../support/test-app";

/*
 * Issue 14, findings 1 and 9: a page of another site (another port of the same host included) must
 * not change a signed-in shopper's data through their session cookie, JSON and multipart alike;
 * the session cookie is Secure behind a trusted TLS proxy only; and /utils/company-by-inn offline
 * answers the caller's own companies, never another client's КПП, ОГРН and address.
 */

const PARTNER = "https://partner.example";
const EVIL = "http://evil.example";
/** The attacker: a page on another port of the shop's own host (same-site for SameSite=Lax). */
const OTHER_PORT = "http://localhost:8081";

let testApp: TestApp;
let productId: number;
let clientId: number;

beforeAll(async () => {
  testApp = await startTestApp({ partnerOrigins: [PARTNER] });
  productId = await productWithDetails(testApp.database.db);
  clientId = await accountIdOf(testApp.database.db, DEMO_ACCOUNTS.client.email);
});
afterAll(async () => {
  await testApp.close();
});

/** Signs the demo client in and gives back the session as the shop's pages hold it: the cookie, and the token. */
async function signIn(email: string = DEMO_ACCOUNTS.client.email, password: string = DEMO_ACCOUNTS.client.password): Promise<{ cookie: string; token: string }> {
  const response = await testApp.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password, rememberMe: false } });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((item) => item.name === SESSION_COOKIE)?.value;
  if (!cookie) throw new Error("no session cookie");
  return { cookie, token: sessionGrantSchema.parse(response.json()).token };
}

function withCookie(cookie: string, options: InjectOptions, headers: Record<string, string>): Promise<LightMyRequestResponse> {
  return testApp.app.inject({ ...options, cookies: { [SESSION_COOKIE]: cookie }, headers: { ...(options.headers as Record<string, string> | undefined), ...headers } });
}

function expectCrossSiteRefusal(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBe(403);
  const problem = serverErrorSchema.parse(response.json());
  expect(problem.code).toBe("CROSS_SITE_REQUEST");
  expect(problem.messageUI).toContain("с чужого сайта");
}

async function isFavourite(accountId: number, id: number): Promise<boolean> {
  const [row] = await testApp.database.db.select({ n: count() }).from(favorite).where(and(eq(favorite.accountId, accountId), eq(favorite.productId, id)));
  return (row?.n ?? 0) > 0;
}

const addFavourite = (): InjectOptions => ({ method: "PUT", url: `/api/public/product/to-favorite/${productId}` });
const removeFavourite = (): InjectOptions => ({ method: "DELETE", url: `/api/public/product/from-favorite/${productId}` });
const addToCart = (): InjectOptions => ({ method: "POST", url: "/api/client-cart/product", payload: { productId, quantity: 100 } });

describe("the origin check of state-changing cookie calls", () => {
  it("refuses a JSON POST, a PUT and a DELETE from another site or another port of the same host, and changes nothing", async () => {
    const { cookie } = await signIn();
    for (const origin of [EVIL, OTHER_PORT]) {
      expectCrossSiteRefusal(await withCookie(cookie, addToCart(), { origin }));
      expectCrossSiteRefusal(await withCookie(cookie, addFavourite(), { origin }));
    }
    expect(await isFavourite(clientId, productId)).toBe(false);

    expect((await withCookie(cookie, addFavourite(), { origin: TEST_APP_ORIGIN })).statusCode).toBe(200);
    expectCrossSiteRefusal(await withCookie(cookie, removeFavourite(), { origin: EVIL }));
    expect(await isFavourite(clientId, productId), "the DELETE from another site removed nothing").toBe(true);
    expect((await withCookie(cookie, removeFavourite(), { origin: TEST_APP_ORIGIN })).statusCode).toBe(200);
    expect(await isFavourite(clientId, productId)).toBe(false);
  });

  it("refuses a multipart layout upload from another site before reading it", async () => {
    const { cookie } = await signIn();
    const line = await cartLine(testApp.database.db, clientId, productId, { colors: "4+0" });
    const body = multipartBody({ orderProductId: String(line.orderProductId), detailName: FACE }, { name: "evil.pdf", contentType: "application/pdf", bytes: minimalPdf() });
    const upload: InjectOptions = { method: "POST", url: "/api/file/upload/layout", payload: body.payload, headers: body.headers };

    expectCrossSiteRefusal(await withCookie(cookie, upload, { origin: OTHER_PORT }));
    const none = await testApp.database.db.select().from(layout).where(eq(layout.orderProductId, line.orderProductId));
    expect(none).toHaveLength(0);

    const own = await withCookie(cookie, upload, { origin: TEST_APP_ORIGIN });
    expect(own.statusCode, own.body).toBe(200);
  });

  it("lets the shop's own pages, the partners' pages and bearer calls through", async () => {
    const { cookie, token } = await signIn();
    expect((await withCookie(cookie, addToCart(), { origin: TEST_APP_ORIGIN })).statusCode).toBe(200);
    expect((await withCookie(cookie, addToCart(), { origin: PARTNER })).statusCode).toBe(200);
    // A bearer token is never sent by a browser on another site's behalf: no origin is asked for.
    const bearer = await testApp.app.inject({ ...addToCart(), headers: { authorization: `Bearer ${token}`, origin: EVIL } });
    expect(bearer.statusCode, bearer.body).toBe(200);
    // Reading is not changing: a GET from anywhere is answered (CORS keeps the answer from foreign pages).
    expect((await withCookie(cookie, { method: "GET", url: "/api/account/profile" }, { origin: EVIL })).statusCode).toBe(200);
    // No session cookie: nobody's data to forge a change to.
    const anonymous = await testApp.app.inject({ ...addToCart(), headers: { origin: EVIL } });
    expect(anonymous.statusCode, anonymous.body).toBe(200);
  });

  it("falls back to Sec-Fetch-Site, then to the Referer's origin, and refuses a cookie call that names no origin at all", async () => {
    const { cookie } = await signIn();
    expect((await withCookie(cookie, addToCart(), { referer: `${TEST_APP_ORIGIN}/cart` })).statusCode).toBe(200);
    expect((await withCookie(cookie, addToCart(), { referer: `${PARTNER}/shop/page` })).statusCode).toBe(200);
    expectCrossSiteRefusal(await withCookie(cookie, addToCart(), { referer: `${EVIL}/attack.html` }));
    expectCrossSiteRefusal(await withCookie(cookie, addToCart(), { referer: "not a url" }));

    // `Origin: null` (a same-origin post under Referrer-Policy: no-referrer, or a sandboxed frame): Sec-Fetch-Site decides.
    expect((await withCookie(cookie, addToCart(), { origin: "null", "sec-fetch-site": "same-origin" })).statusCode).toBe(200);
    expectCrossSiteRefusal(await withCookie(cookie, addToCart(), { origin: "null", "sec-fetch-site": "cross-site" }));
    expectCrossSiteRefusal(await withCookie(cookie, addToCart(), { "sec-fetch-site": "same-site", referer: `${TEST_APP_ORIGIN}/cart` }));
    expectCrossSiteRefusal(await withCookie(cookie, addToCart(), { origin: "null" }));
    expectCrossSiteRefusal(await withCookie(cookie, addToCart(), {}));
  });

  it("takes the shop's own origin from a trusted proxy's X-Forwarded-Proto and Host, and from OTTISK_PUBLIC_URL", async () => {
    const proxied = await startTestApp({ trustProxy: ["127.0.0.1"] });
    const direct = await startTestApp({ publicUrl: "https://shop.example" });
    try {
      const login = (app: TestApp, headers: Record<string, string>) =>
        app.app.inject({ method: "POST", url: "/api/auth/login", headers, payload: { email: DEMO_ACCOUNTS.client.email, password: DEMO_ACCOUNTS.client.password } });
      const signedIn = await login(proxied, { host: "shop.example", "x-forwarded-proto": "https" });
      const cookie = signedIn.cookies.find((item) => item.name === SESSION_COOKIE)?.value ?? "";
      const viaProxy = (origin: string) =>
        proxied.app.inject({ ...addToCart(), cookies: { [SESSION_COOKIE]: cookie }, headers: { host: "shop.example", "x-forwarded-proto": "https", origin } });
      expect((await viaProxy("https://shop.example")).statusCode).toBe(200);
      expectCrossSiteRefusal(await viaProxy("http://shop.example"));

      const other = await login(direct, {});
      const directCookie = other.cookies.find((item) => item.name === SESSION_COOKIE)?.value ?? "";
      const call = (origin: string) => direct.app.inject({ ...addToCart(), cookies: { [SESSION_COOKIE]: directCookie }, headers: { origin } });
      expect((await call("https://shop.example")).statusCode).toBe(200);
      expectCrossSiteRefusal(await call("https://evil.example"));
    } finally {
      await proxied.close();
      await direct.close();
    }
  });
});

describe("the session cookie's attributes", () => {
  it("is Secure when a trusted proxy says the shopper came over https, and not when an untrusted caller says so", async () => {
    const trusting = await startTestApp({ trustProxy: ["127.0.0.1"] });
    const untrusting = await startTestApp({ trustProxy: ["10.0.0.0/8"] });
    try {
      const login = (app: TestApp) =>
        app.app.inject({
          method: "POST",
          url: "/api/auth/login",
          remoteAddress: "127.0.0.1",
          headers: { "x-forwarded-proto": "https" },
          payload: { email: DEMO_ACCOUNTS.client.email, password: DEMO_ACCOUNTS.client.password },
        });
      const secure = (await login(trusting)).cookies.find((item) => item.name === SESSION_COOKIE);
      expect(secure).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax" });
      const plain = (await login(untrusting)).cookies.find((item) => item.name === SESSION_COOKIE);
      expect(plain?.value).toBeTruthy();
      expect(plain?.secure, "a forged X-Forwarded-Proto from an untrusted address counts for nothing").toBeFalsy();
      expect(plain).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    } finally {
      await trusting.close();
      await untrusting.close();
    }
  });
});

describe("GET /utils/company-by-inn offline", () => {
  const ROMASHKA_INN = "2308123457";

  async function bearer(email: string, password: string): Promise<string> {
    return (await signIn(email, password)).token;
  }

  const lookup = (token: string) =>
    testApp.app.inject({ method: "GET", url: `/api/utils/company-by-inn?inn=${ROMASHKA_INN}`, headers: { authorization: `Bearer ${token}` } });

  it("answers a client's own company, and never another client's КПП, ОГРН and address", async () => {
    const owner = await lookup(await bearer(DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password));
    expect(owner.statusCode, owner.body).toBe(200);
    expect(companyLookupSchema.parse(owner.json())).toMatchObject({ name: "ООО «Ромашка»", kpp: "230801001" });

    const stranger = await lookup(await bearer("petrova@example.com", "client12345"));
    expect(stranger.statusCode, stranger.body).toBe(404);
    const problem = serverErrorSchema.parse(stranger.json());
    expect(problem.messageUI).toContain("Заполните данные вручную");
    expect(stranger.body).not.toContain("230801001");
    expect(stranger.body).not.toContain("Ромашка");
  });

  it("answers an employee in client mode from that client's companies only", async () => {
    const employee = await bearer("manager@example.com", "manager12345");
    const petrovaId = await accountIdOf(testApp.database.db, "petrova@example.com");
    const asPetrova = await testApp.app.inject({
      method: "POST",
      url: `/api/client/${petrovaId}/impersonalization`,
      headers: { authorization: `Bearer ${employee}` },
      payload: { companyId: null },
    });
    expect(accountProfileSchema.parse(asPetrova.json()).placeClientId).toBe(petrovaId);
    expect((await lookup(employee)).statusCode).toBe(404);

    const asIvan = await testApp.app.inject({
      method: "POST",
      url: `/api/client/${clientId}/impersonalization`,
      headers: { authorization: `Bearer ${employee}` },
      payload: { companyId: null },
    });
    expect(asIvan.statusCode, asIvan.body).toBe(200);
    expect(companyLookupSchema.parse((await lookup(employee)).json()).kpp).toBe("230801001");
  });
});
