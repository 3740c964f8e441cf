import { and, eq, gt, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_TOKEN_HEADER } from "../../../shared/contracts/index";
import { createRecaptchaVerifier } from "../../../server/adapters/recaptcha";
import { buildApp } from "../../../server/app";
import type { App } from "../../../server/app";
import { account, loginThrottle, product, session } from "../../../server/db/schema";
import { DEMO_ACCOUNTS } from "../../../server/seed/demo-data";
import { DEFAULT_REQUEST_LIMITS } from "../../../server/limits";
import { DEFAULT_LOGIN_THROTTLE, DEVICE_COOKIE } from "../../../server/services/accounts/login-throttle";
import { hashPassword } from "../../../server/services/accounts/password";
import { hashToken, SESSION_LIFETIME_MS } from "../../../server/services/accounts/session.service";
import { problemOf } from "../support/api-calls";
import { startFakeSiteverify } from "../support/fake-http";
import type { FakeSiteverify } from "../support/fake-http";
import { startTestApp } from "../support/test-app";
import type { TestApp } from "../support/test-app";

/*
 * Issue 14, findings 3 and 4 (temporary accounts): sign-in throttling per address and per account
 * that strangers cannot use to lock the owner out, atomic under parallel attempts; request limits
 * (@fastify/rate-limit, counted in the database) with the API's 429 body; visitors' temporary
 * accounts limited per address and short-lived until the visitor comes back.
 *
 * The shop sits behind a reverse proxy on 127.0.0.1 (trustProxy), so each shopper is the address
 * in X-Forwarded-For. The throttle's clock stands still unless a test moves it, so no wait runs
 * out while a test looks.
 */

const PROXY = "127.0.0.1";
const OWNER = { email: "owner@example.com", password: "owner-password-1" };
const FREE = DEFAULT_LOGIN_THROTTLE.freeFailures;

let time = Date.parse("2026-11-25T10:00:00Z");
let proxied: TestApp;
let withCaptcha: TestApp;
let tight: TestApp;
/** A second API node on tight's database: the limits must agree across nodes. */
let tightSecondNode: App;
let siteverify: FakeSiteverify;
/** Products of the demo catalogue (the test databases are copies of one, so the ids agree). */
let productIds: number[];

beforeAll(async () => {
  siteverify = await startFakeSiteverify();
  const { verifyUrl } = siteverify;
  const tightLimits = {
    login: { max: 3, windowMs: 600_000 },
    feedback: { max: 2, windowMs: 600_000 },
    "temp-account": { max: 3, windowMs: 600_000 },
  };
  [proxied, withCaptcha, tight] = await Promise.all([
    startTestApp({ trustProxy: [PROXY], loginThrottle: { now: () => time } }),
    startTestApp({
      trustProxy: [PROXY],
      loginThrottle: { now: () => time },
      recaptcha: { siteKey: "site-key", verifier: createRecaptchaVerifier({ secretKey: "secret-key", verifyUrl }) },
    }),
    startTestApp({ trustProxy: [PROXY], requestLimits: tightLimits }),
  ]);
  tightSecondNode = await buildApp({ database: tight.database.db, databaseSql: tight.database.sql, filesDir: tight.database.filesDir, trustProxy: [PROXY], requestLimits: tightLimits });
  productIds = (await proxied.database.db.select({ id: product.id }).from(product).orderBy(product.id).limit(2)).map((row) => row.id);
  for (const app of [proxied, withCaptcha]) {
    await app.database.db.insert(account).values({
      email: OWNER.email,
      passwordHash: await hashPassword(OWNER.password),
      typeUser: "client",
      name: "Ольга",
      surname: "Владелец",
    });
  }
});

afterAll(async () => {
  await Promise.all([proxied?.close(), withCaptcha?.close(), tightSecondNode?.close()]);
  await tight?.close();
  await siteverify?.close();
});

interface Attempt {
  email: string;
  password: string;
  /** The shopper's address, as the proxy forwards it. */
  from: string;
  device?: string | undefined;
  captchaToken?: string;
}

function login(app: App, attempt: Attempt): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: PROXY,
    headers: { "x-forwarded-for": attempt.from, ...(attempt.device ? { cookie: `${DEVICE_COOKIE}=${attempt.device}` } : {}) },
    payload: { email: attempt.email, password: attempt.password, ...(attempt.captchaToken ? { captchaToken: attempt.captchaToken } : {}) },
  });
}

/** The known-device cookie a successful sign-in sets. */
function deviceCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((item) => item.name === DEVICE_COOKIE);
  expect(cookie, "the sign-in sets the device cookie").toBeDefined();
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.path).toBe("/api/auth");
  return cookie!.value;
}

function statusCounts(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
}

describe("sign-in throttling (finding 3)", () => {
  it("counts each shopper behind the proxy apart: one forwarded address's failures do not slow another's sign-in", async () => {
    const attacker = "203.0.113.10";
    for (let attempt = 0; attempt < FREE; attempt += 1) {
      // Different unknown e-mails: only the address's count can grow.
      const response = await login(proxied.app, { email: `nobody${attempt}@example.com`, password: "guess", from: attacker });
      expect(response.statusCode).toBe(401);
    }
    const slowed = await login(proxied.app, { ...DEMO_ACCOUNTS.client, from: attacker });
    expect(slowed.statusCode, "the address that failed waits, whatever it tries next").toBe(429);
    expect(problemOf(slowed).code).toBe("TOO_MANY_LOGIN_ATTEMPTS");
    expect(problemOf(slowed).messageUI).toBe("Слишком много неудачных попыток входа. Попробуйте снова через 1 с.");
    expect(slowed.headers["retry-after"]).toBe("1");

    const neighbour = await login(proxied.app, { ...DEMO_ACCOUNTS.client, from: "203.0.113.20" });
    expect(neighbour.statusCode, "another shopper behind the same proxy signs in at once").toBe(200);
  });

  it("backs an address off exponentially (1 s, 2 s, 4 s …) instead of locking it", async () => {
    const from = "203.0.113.30";
    for (let attempt = 0; attempt < FREE; attempt += 1) {
      expect((await login(proxied.app, { email: `x${attempt}@example.com`, password: "guess", from })).statusCode).toBe(401);
    }
    expect((await login(proxied.app, { email: "y@example.com", password: "guess", from })).headers["retry-after"]).toBe("1");
    time += 1000;
    expect((await login(proxied.app, { email: "y@example.com", password: "guess", from })).statusCode, "the wait is over: one more try").toBe(401);
    const second = await login(proxied.app, { email: "y@example.com", password: "guess", from });
    expect(second.statusCode).toBe(429);
    expect(second.headers["retry-after"], "the next wait is twice as long").toBe("2");
    time += 2000;
    expect((await login(proxied.app, { ...DEMO_ACCOUNTS.employee, from })).statusCode, "after the wait the right password works").toBe(200);
  });

  it("does not let strangers' wrong passwords stop the owner's device; an unknown device only waits", async () => {
    const owned = await login(proxied.app, { ...OWNER, from: "198.51.100.7" });
    expect(owned.statusCode).toBe(200);
    const device = deviceCookieOf(owned);

    // Twelve strangers, each from an address of their own, guess the owner's password.
    for (let stranger = 1; stranger <= 12; stranger += 1) {
      const response = await login(proxied.app, { email: OWNER.email, password: `guess-${stranger}`, from: `203.0.113.${100 + stranger}` });
      expect(response.statusCode, `stranger ${stranger}`).toBe(stranger <= FREE ? 401 : 429);
    }
    // Even the right password waits on a device the account has not signed in on…
    const unknownDevice = await login(proxied.app, { ...OWNER, from: "198.51.100.8" });
    expect(unknownDevice.statusCode).toBe(429);
    expect(problemOf(unknownDevice).code).toBe("TOO_MANY_LOGIN_ATTEMPTS");
    // …and a forged device cookie counts for nothing.
    const forged = await login(proxied.app, { ...OWNER, from: "198.51.100.8", device: device.replace(/.$/, (last) => (last === "A" ? "B" : "A")) });
    expect(forged.statusCode).toBe(429);

    // The owner's own device signs in at once, from the same address or another.
    const owner = await login(proxied.app, { ...OWNER, from: "198.51.100.7", device });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(deviceCookieOf(owner), "the device keeps its cookie").toBe(device);
    expect((await login(proxied.app, { ...OWNER, from: "192.0.2.200", device })).statusCode).toBe(200);

    // A delay, not a lock: once the account's wait is over, the owner signs in from a new device too.
    time += DEFAULT_LOGIN_THROTTLE.maxDelayMs;
    expect((await login(proxied.app, { ...OWNER, from: "198.51.100.9" })).statusCode).toBe(200);
  });

  it("reserves each attempt atomically: of 30 parallel wrong logins only the free ones reach the password, the rest are 429", async () => {
    const email = "parallel@example.com";
    await proxied.database.db.insert(account).values({ email, passwordHash: await hashPassword("right-one"), typeUser: "client", name: "П", surname: "П" });
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) => login(proxied.app, { email, password: `wrong-${index}`, from: "203.0.113.50" })),
    );
    const counts = statusCounts(responses);
    expect(counts, JSON.stringify(counts)).toEqual({ 401: FREE, 429: 30 - FREE });
    for (const response of responses.filter((item) => item.statusCode === 429)) {
      expect(problemOf(response).messageUI).toMatch(/^Слишком много неудачных попыток входа/);
      expect(response.headers["retry-after"]).toBeDefined();
    }
  });

  it("with reCAPTCHA, asks an unknown device for a captcha after failed attempts, and lets a solved one in at once", async () => {
    const owned = await login(withCaptcha.app, { ...OWNER, from: "198.51.100.7" });
    const device = deviceCookieOf(owned);
    for (let stranger = 1; stranger <= DEFAULT_LOGIN_THROTTLE.captchaAfter; stranger += 1) {
      expect((await login(withCaptcha.app, { email: OWNER.email, password: "guess", from: `203.0.113.${150 + stranger}` })).statusCode).toBe(401);
    }
    const asked = await login(withCaptcha.app, { ...OWNER, from: "198.51.100.8" });
    expect(asked.statusCode).toBe(429);
    expect(problemOf(asked)).toMatchObject({
      code: "CAPTCHA_REQUIRED",
      messageUI: "Слишком много неудачных попыток входа. Подтвердите, что вы не робот, и войдите снова.",
    });
    const wrongCaptcha = await login(withCaptcha.app, { ...OWNER, from: "198.51.100.8", captchaToken: "bad-token" });
    expect(wrongCaptcha.statusCode).toBe(400);
    expect(problemOf(wrongCaptcha).code).toBe("CAPTCHA_FAILED");
    expect((await login(withCaptcha.app, { ...OWNER, from: "198.51.100.8", captchaToken: "good-token" })).statusCode).toBe(200);
    // The owner's device is never asked.
    expect((await login(withCaptcha.app, { ...OWNER, from: "198.51.100.7", device })).statusCode).toBe(200);
  });
});

describe("a captcha instead of waiting (issue 28, finding 8)", () => {
  it("with reCAPTCHA, a stranger who waits out every backoff from the owner's own address does not make the owner's new device wait: a solved captcha signs in at once", async () => {
    // One carrier's NAT: the stranger and the owner share the address the proxy forwards.
    const nat = "198.51.100.60";
    const owner = { email: "nat-owner@example.com", password: "nat-owner-password-1" };
    await withCaptcha.database.db.insert(account).values({ email: owner.email, passwordHash: await hashPassword(owner.password), typeUser: "client", name: "Н", surname: "Н" });

    // The stranger guesses without a captcha, waiting out each Retry-After it is given.
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const response = await login(withCaptcha.app, { email: owner.email, password: `guess-${attempt}`, from: nat });
      expect([401, 429], response.body).toContain(response.statusCode);
      if (response.headers["retry-after"]) time += Number(response.headers["retry-after"]) * 1000;
    }
    const lastGuess = await login(withCaptcha.app, { email: owner.email, password: "guess-last", from: nat });
    expect(lastGuess.statusCode).toBe(429);

    // The owner on a new device behind the same address: asked for a captcha, not told to wait…
    const asked = await login(withCaptcha.app, { ...owner, from: nat });
    expect(asked.statusCode).toBe(429);
    expect(problemOf(asked).code).toBe("CAPTCHA_REQUIRED");
    expect(asked.headers["retry-after"], "no wait to sit out").toBeUndefined();
    // …and in at once with it solved.
    const solved = await login(withCaptcha.app, { ...owner, from: nat, captchaToken: "good-token" });
    expect(solved.statusCode, solved.body).toBe(200);
    deviceCookieOf(solved);
  });

  it("still gives a stranger no guess without a solved captcha, and counts every guess made with one", async () => {
    const from = "198.51.100.61";
    const target = { email: "captcha-target@example.com", password: "captcha-target-1" };
    await withCaptcha.database.db.insert(account).values({ email: target.email, passwordHash: await hashPassword(target.password), typeUser: "client", name: "Ц", surname: "Ц" });
    for (let attempt = 0; attempt < FREE; attempt += 1) await login(withCaptcha.app, { email: `other-${attempt}@example.com`, password: "guess", from });
    // The address waits: without a captcha nothing gets through, not even the right password; a wrong captcha neither.
    for (const password of ["guess", target.password]) {
      const refused = await login(withCaptcha.app, { email: target.email, password, from });
      expect(refused.statusCode).toBe(429);
      expect(problemOf(refused).code).toBe("CAPTCHA_REQUIRED");
    }
    expect(problemOf(await login(withCaptcha.app, { email: target.email, password: "guess", from, captchaToken: "bad-token" })).code).toBe("CAPTCHA_FAILED");
    const before = siteverify.forms().length;
    // Each guess with a solved captcha is one check at Google and one more failure of the address and the account.
    for (let guess = 0; guess < 3; guess += 1) {
      expect((await login(withCaptcha.app, { email: target.email, password: `guess-${guess}`, from, captchaToken: "good-token" })).statusCode).toBe(401);
    }
    expect(siteverify.forms().length - before).toBe(3);
    const [throttled] = await withCaptcha.database.db.select().from(loginThrottle).where(eq(loginThrottle.key, `account:${target.email}`));
    expect(throttled?.failures).toBe(3);
    expect(problemOf(await login(withCaptcha.app, { email: target.email, password: "guess", from })).code).toBe("CAPTCHA_REQUIRED");
  });
});

describe("request limits in the database (@fastify/rate-limit)", () => {
  function expectTooMany(response: LightMyRequestResponse, messageUI: RegExp): void {
    expect(response.statusCode, response.body).toBe(429);
    const problem = problemOf(response);
    expect(problem.code).toBe("TOO_MANY_REQUESTS");
    expect(problem.messageUI).toMatch(messageUI);
    const retryAfter = Number(response.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
  }

  it("limits sign-ins per address, whatever their outcome, with the API's 429 body and Retry-After", async () => {
    const from = "203.0.113.60";
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login(tight.app, { ...DEMO_ACCOUNTS.client, from })).statusCode).toBe(200);
    }
    expectTooMany(await login(tight.app, { ...DEMO_ACCOUNTS.client, from }), /^Слишком много попыток входа с вашего адреса\. Попробуйте снова через (10|9) мин\.$/);
    expect((await login(tight.app, { ...DEMO_ACCOUNTS.client, from: "203.0.113.61" })).statusCode, "another address is not limited").toBe(200);
  });

  it("limits the feedback form per address, counted in the database so every API node agrees", async () => {
    const send = (app: App) =>
      app.inject({
        method: "POST",
        url: "/api/feedback-form",
        remoteAddress: PROXY,
        headers: { "x-forwarded-for": "203.0.113.70" },
        payload: { values: { name: "Анна", phone: "8 (918) 123-45-67", topic: "price", message: "Сколько стоят визитки?", consent: true } },
      });
    expect((await send(tight.app)).statusCode).toBe(200);
    expect((await send(tightSecondNode)).statusCode).toBe(200);
    expectTooMany(await send(tight.app), /^Слишком много отправленных сообщений\. Попробуйте снова через \d+ мин\.$/);
    expectTooMany(await send(tightSecondNode), /^Слишком много отправленных сообщений\./);
  });

  it("limits new temporary accounts per address, not the calls of a visitor who has a session", async () => {
    const from = "203.0.113.80";
    const favourite = (token?: string) =>
      tight.app.inject({
        method: "PUT",
        url: `/api/public/product/to-favorite/${productIds[0]}`,
        remoteAddress: PROXY,
        headers: { "x-forwarded-for": from, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    const tokens: string[] = [];
    for (let visitor = 0; visitor < 3; visitor += 1) {
      const response = await favourite();
      expect(response.statusCode, response.body).toBe(200);
      tokens.push(String(response.headers[SESSION_TOKEN_HEADER]));
    }
    expectTooMany(await favourite(), /^Слишком много новых посетителей с вашего адреса\. Попробуйте снова через \d+ мин\.$/);
    for (const token of tokens) expect((await favourite(token)).statusCode, "visitors with a session go on").toBe(200);
  });
});

describe("visitors' temporary accounts (finding 4)", () => {
  it("makes at most the limit's accounts of 100 anonymous favourite calls from one address", async () => {
    const countTemporary = async () =>
      (await proxied.database.db.select({ total: sql<number>`count(*)::int` }).from(account).where(eq(account.temporary, true)))[0]!.total;
    const before = await countTemporary();
    const responses: LightMyRequestResponse[] = [];
    for (let call = 0; call < 100; call += 1) {
      responses.push(
        await proxied.app.inject({ method: "PUT", url: `/api/public/product/to-favorite/${productIds[0]}`, remoteAddress: PROXY, headers: { "x-forwarded-for": "203.0.113.90" } }),
      );
    }
    const max = DEFAULT_REQUEST_LIMITS["temp-account"].max;
    expect(statusCounts(responses)).toEqual({ 200: max, 429: 100 - max });
    expect(await countTemporary()).toBe(before + max);
    expect(problemOf(responses[99]!).messageUI).toMatch(/^Слишком много новых посетителей с вашего адреса/);
  });

  it("gives a new visitor a day, and three months once they come back to add to the favourites", async () => {
    const from = "203.0.113.95";
    const favourite = (productId: number | undefined, token?: string) =>
      proxied.app.inject({
        method: "PUT",
        url: `/api/public/product/to-favorite/${productId}`,
        remoteAddress: PROXY,
        headers: { "x-forwarded-for": from, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    const daysLeft = (expires: Date | undefined) => ((expires?.getTime() ?? 0) - Date.now()) / 86_400_000;
    const sessionExpiry = async (token: string) =>
      (await proxied.database.db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.tokenHash, hashToken(token))))[0]?.expiresAt;

    const first = await favourite(productIds[0]);
    expect(first.statusCode).toBe(200);
    const token = String(first.headers[SESSION_TOKEN_HEADER]);
    const firstCookie = first.cookies.find((cookie) => cookie.name === "ottisk_session");
    expect(daysLeft(firstCookie?.expires)).toBeLessThanOrEqual(SESSION_LIFETIME_MS.temporary / 86_400_000);
    expect(daysLeft(await sessionExpiry(token))).toBeLessThanOrEqual(1);
    expect(daysLeft(await sessionExpiry(token))).toBeGreaterThan(0.9);

    const again = await favourite(productIds[1], token);
    expect(again.statusCode).toBe(200);
    const keptCookie = again.cookies.find((cookie) => cookie.name === "ottisk_session");
    expect(keptCookie?.value).toBe(token);
    expect(daysLeft(keptCookie?.expires)).toBeGreaterThan(89);
    expect(daysLeft(await sessionExpiry(token))).toBeGreaterThan(89);
    const live = await proxied.database.db
      .select({ id: session.id })
      .from(session)
      .where(and(eq(session.tokenHash, hashToken(token)), gt(session.expiresAt, new Date())));
    expect(live).toHaveLength(1);
  });
});
