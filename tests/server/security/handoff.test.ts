import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountProfileSchema,
  cartSchema,
  handoffGrantSchema,
  serverErrorSchema,
  SESSION_COOKIE,
  SESSION_TOKEN_HEADER,
  sessionGrantSchema,
} from "../../../shared/contracts/index";
import { buildApp } from "../../../server/app";
import type { App } from "../../../server/app";
import { account, handoffUse } from "../../../server/db/schema";
import { DEMO_ACCOUNTS } from "../../../server/seed/demo-data";
import { startTestApp, TEST_APP_ORIGIN } from "../support/test-app";
import type { TestApp } from "../support/test-app";

/*
 * Issue 14, findings 1, 5 and 6 for the hand-off link (partner page → the shop's pages): a used link
 * stays used after a restart and on another node (the nonce is in the database); a link made by B
 * and opened by a browser signed in as A asks A first instead of switching accounts (login CSRF);
 * `next` never leaves the shop's site and never breaks the Location header.
 */

const SECRET = "test-handoff-secret-0123456789-abcdef";
const PETROVA = { email: "petrova@example.com", password: "client12345" };

let testApp: TestApp;
let productId: number;

beforeAll(async () => {
  testApp = await startTestApp({ handoffSecret: SECRET });
  const list = await testApp.app.inject({ method: "GET", url: "/api/public/product?limit=1" });
  productId = (list.json() as { items: { id: number }[] }).items[0]?.id ?? 0;
});
afterAll(async () => {
  await testApp.close();
});

/** The same shop as a second API node (or the first one after a restart): same database, same secret. */
async function secondNode(): Promise<App> {
  return buildApp({ database: testApp.database.db, databaseSql: testApp.database.sql, filesDir: testApp.database.filesDir, logger: false, handoffSecret: SECRET });
}

async function signIn(user: { email: string; password: string }): Promise<{ cookie: string; token: string }> {
  const response = await testApp.app.inject({ method: "POST", url: "/api/auth/login", payload: { ...user, rememberMe: false } });
  expect(response.statusCode, response.body).toBe(200);
  return { cookie: cookieOf(response) ?? "", token: sessionGrantSchema.parse(response.json()).token };
}

function cookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
}

/** A hand-off link made by a widget holding `bearer`, as the path the browser opens. */
async function linkFor(bearer: string, next?: string): Promise<string> {
  const answer = await testApp.app.inject({
    method: "POST",
    url: "/api/auth/handoff",
    headers: { authorization: `Bearer ${bearer}` },
    payload: next === undefined ? {} : { next },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const url = new URL(handoffGrantSchema.parse(answer.json()).url);
  return `${url.pathname}${url.search}`;
}

function open(app: App, path: string, cookie?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: "GET", url: path, ...(cookie ? { cookies: { [SESSION_COOKIE]: cookie } } : {}) });
}

async function profileEmail(cookie: string): Promise<string | null> {
  const profile = await testApp.app.inject({ method: "GET", url: "/api/account/profile", cookies: { [SESSION_COOKIE]: cookie } });
  return profile.statusCode === 200 ? accountProfileSchema.parse(profile.json()).email : null;
}

/** The consent page's form as the browser posts it. */
function confirm(path: string, options: { cookie?: string; headers?: Record<string, string> }): Promise<LightMyRequestResponse> {
  const link = new URL(path, TEST_APP_ORIGIN);
  const form = new URLSearchParams({ token: link.searchParams.get("token") ?? "", next: link.searchParams.get("next") ?? "/cart" });
  const request: InjectOptions = {
    method: "POST",
    url: "/api/auth/handoff/confirm",
    headers: { "content-type": "application/x-www-form-urlencoded", ...options.headers },
    payload: form.toString(),
    ...(options.cookie ? { cookies: { [SESSION_COOKIE]: options.cookie } } : {}),
  };
  return testApp.app.inject(request);
}

describe("used hand-off links are kept in the database", () => {
  it("refuses a used link after a restart and on another node", async () => {
    const { token } = await signIn(PETROVA);
    const path = await linkFor(token);
    const first = await open(testApp.app, path);
    expect(first.headers.location).toBe("/cart");
    expect(cookieOf(first)).toBeTruthy();

    const restarted = await secondNode();
    try {
      const replay = await open(restarted, path);
      expect(replay.statusCode).toBe(303);
      expect(replay.headers.location).toBe("/cart?handoff=expired");
      expect(cookieOf(replay), "a replayed link opens no session").toBeUndefined();
    } finally {
      await restarted.close();
    }
    const [row] = await testApp.database.db.select().from(handoffUse).limit(1);
    expect(row, "the used nonce is recorded with its expiry").toBeDefined();
  });

  it("lets exactly one of two nodes take the same link at once", async () => {
    const { token } = await signIn(PETROVA);
    const path = await linkFor(token);
    const other = await secondNode();
    try {
      const answers = await Promise.all([open(testApp.app, path), open(other, path)]);
      const opened = answers.filter((answer) => cookieOf(answer) !== undefined);
      expect(opened).toHaveLength(1);
      expect(answers.map((answer) => answer.headers.location).sort()).toEqual(["/cart", "/cart?handoff=expired"]);
    } finally {
      await other.close();
    }
  });
});

describe("a hand-off link opened by a browser signed in to another account", () => {
  it("asks first instead of switching (login CSRF), on a page without scripts that nobody may frame", async () => {
    const victim = await signIn(DEMO_ACCOUNTS.client);
    const attacker = await signIn(PETROVA);
    const path = await linkFor(attacker.token, "/checkout");

    const page = await open(testApp.app, path, victim.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(cookieOf(page), "no session is opened by showing the question").toBeUndefined();
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.body).toContain("Вы вошли как <b>Иван Иванов (client@example.com)</b>");
    expect(page.body).toContain("Ссылка откроет аккаунт <b>Ольга Петрова (petrova@example.com)</b>");
    expect(page.body).toContain('action="/api/auth/handoff/confirm"');
    expect(page.body).toContain('<a href="/checkout">Остаться как');
    expect(page.body).not.toContain("<script");
    expect(await profileEmail(victim.cookie), "the victim is still signed in as themselves").toBe(DEMO_ACCOUNTS.client.email);

    // The link was not taken by the question: the shopper's own choice still works.
    const confirmed = await confirm(path, { cookie: victim.cookie, headers: { origin: TEST_APP_ORIGIN } });
    expect(confirmed.statusCode, confirmed.body).toBe(303);
    expect(confirmed.headers.location).toBe("/checkout");
    const switched = cookieOf(confirmed);
    expect(switched).toBeTruthy();
    expect(await profileEmail(switched ?? "")).toBe(PETROVA.email);
    expect(await profileEmail(victim.cookie), "the session the browser had is closed, as a sign-in closes it").toBeNull();

    const again = await confirm(path, { cookie: switched ?? "", headers: { origin: TEST_APP_ORIGIN } });
    expect(again.headers.location).toBe("/checkout?handoff=expired");
    expect(cookieOf(again)).toBeUndefined();
  });

  it("takes the confirmation only from the shop's own page, with or without a cookie", async () => {
    const victim = await signIn(DEMO_ACCOUNTS.client);
    const attacker = await signIn(PETROVA);
    const path = await linkFor(attacker.token);
    const attempts: { cookie?: string; headers: Record<string, string> }[] = [
      { cookie: victim.cookie, headers: { origin: "http://evil.example" } },
      // A cross-site form post carries no SameSite=Lax cookie: it must not pass for a fresh browser.
      { headers: { origin: "http://evil.example" } },
      { headers: { "sec-fetch-site": "cross-site" } },
      { headers: {} },
    ];
    for (const options of attempts) {
      const refused = await confirm(path, options);
      expect(refused.statusCode, JSON.stringify(options)).toBe(403);
      expect(serverErrorSchema.parse(refused.json()).code).toBe("CROSS_SITE_REQUEST");
      expect(cookieOf(refused)).toBeUndefined();
    }
    expect(await profileEmail(victim.cookie)).toBe(DEMO_ACCOUNTS.client.email);
  });

  it("goes straight on for the same account and for a fresh browser", async () => {
    const own = await signIn(PETROVA);
    const sameAccount = await open(testApp.app, await linkFor(own.token), own.cookie);
    expect(sameAccount.statusCode).toBe(303);
    expect(await profileEmail(cookieOf(sameAccount) ?? "")).toBe(PETROVA.email);

    const fresh = await open(testApp.app, await linkFor(own.token));
    expect(fresh.statusCode).toBe(303);
    expect(await profileEmail(cookieOf(fresh) ?? "")).toBe(PETROVA.email);
  });

  it("goes straight on over a visitor's empty temporary account, and asks over one with a cart, whose lines then move into the link's account", async () => {
    const owner = await signIn(PETROVA);

    const emptyVisitor = await testApp.app.inject({ method: "POST", url: "/api/client-account/select-city/2300000100000" });
    const emptyCookie = cookieOf(emptyVisitor);
    expect(emptyCookie, emptyVisitor.body).toBeTruthy();
    const straight = await open(testApp.app, await linkFor(owner.token), emptyCookie);
    expect(straight.statusCode).toBe(303);
    expect(await profileEmail(cookieOf(straight) ?? "")).toBe(PETROVA.email);

    const added = await testApp.app.inject({ method: "POST", url: "/api/client-cart/product", payload: { productId, quantity: 100 } });
    expect(added.statusCode, added.body).toBe(200);
    const visitorCookie = cookieOf(added) ?? "";
    const visitorId = (await testApp.app.sessions.resolve(String(added.headers[SESSION_TOKEN_HEADER])))?.account.id ?? 0;
    const path = await linkFor(owner.token);
    const page = await open(testApp.app, path, visitorCookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("товары и избранное из этого браузера перейдут");

    const before = cartSchema.parse((await testApp.app.inject({ method: "GET", url: "/api/client-cart", headers: { authorization: `Bearer ${owner.token}` } })).json());
    const confirmed = await confirm(path, { cookie: visitorCookie, headers: { origin: TEST_APP_ORIGIN } });
    expect(confirmed.statusCode, confirmed.body).toBe(303);
    const after = cartSchema.parse((await testApp.app.inject({ method: "GET", url: "/api/client-cart", cookies: { [SESSION_COOKIE]: cookieOf(confirmed) ?? "" } })).json());
    expect(after.orderProduct.length).toBe(before.orderProduct.length + 1);
    const gone = await testApp.database.db.select().from(account).where(eq(account.id, visitorId));
    expect(gone, "the visitor's temporary account is gone, as after a sign-in").toHaveLength(0);
  });
});

describe("the hand-off's next", () => {
  it("percent-encodes letters beyond ASCII instead of answering a raw 500", async () => {
    const { token } = await signIn(PETROVA);
    const path = await linkFor(token, "/😀?q=каталог#верх");
    expect(new URL(path, TEST_APP_ORIGIN).searchParams.get("next")).toBe("/%F0%9F%98%80?q=%D0%BA%D0%B0%D1%82%D0%B0%D0%BB%D0%BE%D0%B3#%D0%B2%D0%B5%D1%80%D1%85");

    // The issue's call: a link whose next was written by hand with the emoji in it.
    const link = new URL(path, TEST_APP_ORIGIN);
    link.searchParams.set("next", "/😀");
    const redeemed = await open(testApp.app, `${link.pathname}${link.search}`);
    expect(redeemed.statusCode, redeemed.body).toBe(303);
    expect(redeemed.headers.location).toBe("/%F0%9F%98%80");

    const expired = await open(testApp.app, `/api/auth/handoff?token=x.y&next=${encodeURIComponent("/😀")}`);
    expect(expired.statusCode).toBe(303);
    expect(expired.headers.location).toBe("/%F0%9F%98%80?handoff=expired");
  });

  it("refuses any next that leaves the shop's site, with a Russian messageUI", async () => {
    const { token } = await signIn(PETROVA);
    for (const next of ["//evil.example", "/\\evil.example", "https://evil.example", "/\t/evil.example", "/\u0000", "/\ud800"]) {
      // A lone surrogate cannot be written in a URL at all; the JSON body below carries it.
      if (next !== "/\ud800") {
        const redeem = await open(testApp.app, `/api/auth/handoff?token=x.y&next=${encodeURIComponent(next)}`);
        expect(redeem.statusCode, JSON.stringify(next)).toBe(400);
        expect(serverErrorSchema.parse(redeem.json()).messageUI).toMatch(/^(Укажите адрес страницы магазина|Адрес страницы содержит|Текст содержит недопустимые)/);
      }
      const issue = await testApp.app.inject({ method: "POST", url: "/api/auth/handoff", headers: { authorization: `Bearer ${token}` }, payload: { next } });
      expect(issue.statusCode, JSON.stringify(next)).toBe(400);
      expect(serverErrorSchema.parse(issue.json()).messageUI).toMatch(/[А-Яа-я]/);
    }
  });
});
