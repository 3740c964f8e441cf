import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountProfileSchema,
  cartSchema,
  companyLookupSchema,
  devMailListSchema,
  emailConfirmedSchema,
  emailLinkSentSchema,
  productCardSchema,
  productListPageSchema,
  SESSION_TOKEN_HEADER,
  sessionGrantSchema,
} from "../../shared/contracts/index";
import type { AccountProfile, DevMail, RegistrationRequest, SessionGrant } from "../../shared/contracts/index";
import { createDadataDirectory } from "../../server/adapters/dadata";
import { account, company, emailToken, session } from "../../server/db/schema";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { RECOVERY_SENT_MESSAGE } from "../../server/services/accounts/registration.service";
import { hashToken } from "../../server/services/accounts/session.service";
import { callerOf, problemOf } from "./support/api-calls";
import { startFakeService } from "./support/fake-http";
import type { FakeService } from "./support/fake-http";
import { startTestApp, TEST_APP_ORIGIN } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * Registration, e-mail confirmation and password recovery through the API, on the real outbox (the
 * letters are read back through the dev mail page's JSON, as a developer or the e2e journey would).
 * DaData is a fake HTTP service in its documented shape: it knows one company.
 */

const SBER = { inn: "7707083893", kpp: "773601001", ogrn: "1027700132195", name: "ПАО СБЕРБАНК", address: "г Москва, ул Вавилова, д 19" };

let testApp: TestApp;
let dadata: FakeService;
const call = callerOf(() => testApp.app);

beforeAll(async () => {
  dadata = await startFakeService((request) => {
    const query = (JSON.parse(request.body) as { query: string }).query;
    return {
      body: {
        suggestions:
          query === SBER.inn
            ? [
                {
                  value: SBER.name,
                  data: { inn: SBER.inn, kpp: SBER.kpp, ogrn: SBER.ogrn, name: { short_with_opf: SBER.name }, address: { unrestricted_value: SBER.address } },
                },
              ]
            : [],
      },
    };
  });
  testApp = await startTestApp({
    companyDirectory: createDadataDirectory({ apiKey: "test-key", baseUrl: dadata.baseUrl }),
    // This file registers many accounts from one test address; the limits themselves are tested below.
    requestLimits: { registration: { max: 1000, windowMs: 600_000 }, "email-send": { max: 1000, windowMs: 600_000 } },
    mail: { settings: { pollMs: 60_000 } },
  });
});
afterAll(async () => {
  await testApp.close();
  await dadata.close();
});

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${counter}-${Date.now()}@example.ru`;
}

function personal(email: string, overrides: Partial<RegistrationRequest> = {}): RegistrationRequest {
  return { kind: "personal", email, password: "secret12345", name: "Анна", surname: "Смирнова", phone: "8 (918) 555-12-34", consent: true, ...overrides };
}

async function register(body: RegistrationRequest, token?: string): Promise<{ grant: SessionGrant; response: LightMyRequestResponse }> {
  const response = await call({ method: "POST", url: "/api/auth/registration", payload: body, token });
  expect(response.statusCode, response.body).toBe(201);
  return { grant: sessionGrantSchema.parse(response.json()), response };
}

async function profileOf(token: string): Promise<AccountProfile> {
  const response = await call({ method: "GET", url: "/api/account/profile", token });
  expect(response.statusCode, response.body).toBe(200);
  return accountProfileSchema.parse(response.json());
}

async function mailsTo(email: string): Promise<DevMail[]> {
  const response = await call({ method: "GET", url: `/api/dev/mail.json?to=${encodeURIComponent(email)}` });
  expect(response.statusCode, response.body).toBe(200);
  return devMailListSchema.parse(response.json());
}

/** The token of the newest letter's link to `email`. */
async function linkToken(email: string, path: string): Promise<string> {
  const [newest] = await mailsTo(email);
  expect(newest?.link, "the letter has a link").toBeTruthy();
  const url = new URL(newest!.link!);
  expect(url.pathname).toBe(path);
  return url.searchParams.get("token") ?? "";
}

async function post(url: string, payload: InjectOptions["payload"], token?: string): Promise<LightMyRequestResponse> {
  return call({ method: "POST", url, payload, token });
}

describe("registration", () => {
  it("creates a personal account, signs in with a cookie and a token, and queues the confirmation letter", async () => {
    const email = uniqueEmail("anna");
    const { grant, response } = await register(personal(email.toUpperCase()));
    expect(String(response.headers["set-cookie"])).toMatch(/ottisk_session=[A-Za-z0-9_-]{43};.*HttpOnly/);
    expect(response.headers[SESSION_TOKEN_HEADER]).toBe(grant.token);
    expect(grant.profile).toMatchObject({ email, name: "Анна", surname: "Смирнова", typeUser: "client", temporary: false, emailConfirmed: false, companies: [], selectedCompanyId: null });
    expect((await profileOf(grant.token)).email).toBe(email);

    const [row] = await testApp.database.db.select().from(account).where(eq(account.email, email));
    expect(row?.phone, "the phone is kept in the mask's format, as the profile page keeps it").toBe("+7 918 555-12-34");
    expect(row?.passwordHash).toMatch(/^scrypt\$/);

    const [letter] = await mailsTo(email);
    expect(letter).toMatchObject({ to: email, subject: "Подтвердите адрес электронной почты — «Оттиск»" });
    expect(letter!.text).toContain("Здравствуйте, Анна!");
    expect(letter!.link).toMatch(new RegExp(`^${TEST_APP_ORIGIN}/admin/auth/confirm-email\\?token=[A-Za-z0-9_-]{43}$`));
    expect(letter!.html).toContain("Подтвердить адрес");

    const login = await post("/api/auth/login", { email, password: "secret12345" });
    expect(login.statusCode, "the new password signs in").toBe(200);
  });

  it("registers a company from its ИНН: a visitor gets DaData's details, never the shop's clients'", async () => {
    const found = await call({ method: "GET", url: `/api/utils/company-by-inn?inn=${SBER.inn}` });
    expect(found.statusCode, found.body).toBe(200);
    expect(companyLookupSchema.parse(found.json())).toEqual({ inn: SBER.inn, name: SBER.name, kpp: SBER.kpp, ogrn: SBER.ogrn, legalAddress: SBER.address });

    // ООО «Ромашка» is the demo client's: DaData does not know it here, and the shop does not tell.
    const romashka = await call({ method: "GET", url: "/api/utils/company-by-inn?inn=2308123457" });
    expect(romashka.statusCode).toBe(404);
    expect(problemOf(romashka).messageUI).toContain("Заполните данные вручную");
    expect(romashka.body).not.toContain("230801001");

    const email = uniqueEmail("sber");
    const lookup = companyLookupSchema.parse(found.json());
    const { grant } = await register(personal(email, { kind: "company", company: { ...lookup, name: "ПАО «Сбербанк» (отдел закупок)" } }));
    expect(grant.profile.companies.map((item) => item.name)).toEqual(["ПАО «Сбербанк» (отдел закупок)"]);
    expect(grant.profile.selectedCompanyId, "the new company is the account the client acts for").toBe(grant.profile.companies[0]!.id);
    const [stored] = await testApp.database.db.select().from(company).where(eq(company.id, grant.profile.companies[0]!.id));
    expect(stored).toMatchObject({ inn: SBER.inn, kpp: SBER.kpp, ogrn: SBER.ogrn, legalAddress: SBER.address });
  });

  it("answers a taken address with 409 and a Russian message, whatever its case", async () => {
    const taken = await post("/api/auth/registration", personal(DEMO_ACCOUNTS.client.email.toUpperCase()));
    expect(taken.statusCode).toBe(409);
    expect(problemOf(taken)).toMatchObject({ code: "EMAIL_TAKEN", messageUI: "Этот адрес уже зарегистрирован. Войдите или восстановите пароль." });

    const email = uniqueEmail("twice");
    const [first, second] = await Promise.all([post("/api/auth/registration", personal(email)), post("/api/auth/registration", personal(email))]);
    expect([first.statusCode, second.statusCode].sort(), "two at once: one account").toEqual([201, 409]);
  });

  it("carries the visitor's temporary account over: cart lines and favourites, into the new company's cart", async () => {
    const [first, second] = productListPageSchema.parse((await call({ method: "GET", url: "/api/public/product?limit=2" })).json()).items;
    const favourite = await call({ method: "PUT", url: `/api/public/product/to-favorite/${first!.id}` });
    const visitor = String(favourite.headers[SESSION_TOKEN_HEADER]);
    const [visitorProfile] = [await profileOf(visitor)];
    expect(visitorProfile.temporary).toBe(true);
    const line = await call({ method: "POST", url: "/api/client-cart/product", token: visitor, payload: { productId: second!.id, quantity: 100 } });
    expect(line.statusCode, line.body).toBe(200);

    const email = uniqueEmail("visitor");
    const { grant } = await register(personal(email, { kind: "company", company: { inn: "500100732259", name: "ИП Смирнова А. В." } }), visitor);
    const cart = cartSchema.parse((await call({ method: "GET", url: `/api/client-cart?companyId=${grant.profile.selectedCompanyId}`, token: grant.token })).json());
    expect(cart.orderProduct.map((item) => item.product.id)).toEqual([second!.id]);
    expect(cart.companyId, "the lines went to the selected company's cart").toBe(grant.profile.selectedCompanyId);
    const favourites = (await call({ method: "GET", url: "/api/public/product/favorite", token: grant.token })).json() as unknown[];
    expect(favourites.map((item) => productCardSchema.parse(item).id)).toEqual([first!.id]);

    const [gone] = await testApp.database.db.select().from(account).where(eq(account.id, visitorProfile.id));
    expect(gone, "the temporary account is gone").toBeUndefined();
    expect((await call({ method: "GET", url: "/api/account/profile", token: visitor })).statusCode).toBe(401);
  });

  it("refuses bad input with 400 and the field's Russian message", async () => {
    const email = uniqueEmail("bad");
    const cases: Array<[Partial<RegistrationRequest> | Record<string, unknown>, string]> = [
      [{ password: "short1" }, "Пароль должен быть не короче 8 символов"],
      [{ password: "onlyletters" }, "Добавьте в пароль цифры"],
      [{ password: "1234567890" }, "Добавьте в пароль буквы"],
      [{ password: email.split("@")[0] }, "Пароль не должен совпадать с адресом почты"],
      [{ consent: false }, "Нужно согласие на обработку персональных данных"],
      [{ kind: "company" }, "Укажите данные компании: ИНН и название"],
      [{ kind: "company", company: { inn: "7707083894", name: "ООО «Опечатка»" } }, "ИНН указан с ошибкой: не сходятся контрольные цифры"],
      [{ phone: "12" }, "Телефон в формате +7 999 123-45-67"],
      [{ name: " " }, "Укажите имя"],
      [{ email: "not-an-email" }, "Проверьте адрес электронной почты: в нём ошибка"],
    ];
    for (const [overrides, message] of cases) {
      const response = await post("/api/auth/registration", { ...personal(email), ...overrides });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(problemOf(response).messageUI, JSON.stringify(overrides)).toBe(message);
    }
    const [none] = await testApp.database.db.select().from(account).where(eq(account.email, email));
    expect(none).toBeUndefined();
  });
});

describe("e-mail confirmation", () => {
  it("confirms once; the used link, an unknown one and a broken one say so in Russian", async () => {
    const email = uniqueEmail("confirm");
    const { grant } = await register(personal(email));
    const token = await linkToken(email, "/admin/auth/confirm-email");

    const confirmed = await post("/api/auth/confirm-email", { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(emailConfirmedSchema.parse(confirmed.json())).toEqual({ ok: true, email });
    expect((await profileOf(grant.token)).emailConfirmed).toBe(true);

    const again = await post("/api/auth/confirm-email", { token });
    expect(again.statusCode).toBe(410);
    expect(problemOf(again)).toMatchObject({ code: "EMAIL_LINK_USED", messageUI: "Эта ссылка уже использована: адрес подтверждён. Ничего делать не нужно." });

    const unknown = await post("/api/auth/confirm-email", { token: "A".repeat(43) });
    expect(unknown.statusCode).toBe(404);
    expect(problemOf(unknown).code).toBe("EMAIL_LINK_UNKNOWN");

    const broken = await post("/api/auth/confirm-email", { token: token.slice(0, 20) });
    expect(broken.statusCode).toBe(400);
    expect(problemOf(broken).messageUI).toBe("Ссылка неполная или с ошибкой. Откройте ссылку из письма целиком.");

    const resend = await post("/api/auth/confirm-email/resend", undefined, grant.token);
    expect(emailLinkSentSchema.parse(resend.json()).messageUI, "nothing to confirm any more").toBe("Адрес уже подтверждён.");
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("refuses an expired link (48 hours), and a new letter replaces the older link", async () => {
    const email = uniqueEmail("expired");
    const { grant } = await register(personal(email));
    const first = await linkToken(email, "/admin/auth/confirm-email");
    const [stored] = await testApp.database.db.select().from(emailToken).where(eq(emailToken.tokenHash, hashToken(first)));
    const hours = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(48, 1);

    const resent = await post("/api/auth/confirm-email/resend", undefined, grant.token);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(emailLinkSentSchema.parse(resent.json()).messageUI).toContain("Мы отправили письмо");
    expect(await mailsTo(email)).toHaveLength(2);
    const second = await linkToken(email, "/admin/auth/confirm-email");
    expect(second).not.toBe(first);
    const replaced = await post("/api/auth/confirm-email", { token: first });
    expect(problemOf(replaced).code, "the older link stopped working").toBe("EMAIL_LINK_USED");

    await testApp.database.db.update(emailToken).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailToken.tokenHash, hashToken(second)));
    const expired = await post("/api/auth/confirm-email", { token: second });
    expect(expired.statusCode).toBe(410);
    expect(problemOf(expired)).toMatchObject({ code: "EMAIL_LINK_EXPIRED", messageUI: "Срок действия ссылки истёк (48 часов). Войдите и отправьте письмо ещё раз." });
    expect((await profileOf(grant.token)).emailConfirmed).toBe(false);

    expect((await post("/api/auth/confirm-email/resend", undefined)).statusCode, "resending needs a sign-in").toBe(401);
  });

  it("lets an unconfirmed account sign in", async () => {
    const email = uniqueEmail("unconfirmed");
    await register(personal(email));
    const login = await post("/api/auth/login", { email, password: "secret12345" });
    expect(login.statusCode).toBe(200);
    expect(sessionGrantSchema.parse(login.json()).profile.emailConfirmed).toBe(false);
  });
});

describe("password recovery", () => {
  it("answers the same for an unknown address as for a known one, and writes a letter only for the known", async () => {
    const email = uniqueEmail("recover");
    await register(personal(email));
    const known = await post("/api/auth/password-recovery", { email: email.toUpperCase() });
    const unknownAddress = uniqueEmail("nobody");
    const unknown = await post("/api/auth/password-recovery", { email: unknownAddress });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(emailLinkSentSchema.parse(known.json()).messageUI).toBe(RECOVERY_SENT_MESSAGE);
    expect(await mailsTo(unknownAddress)).toHaveLength(0);
    const letters = await mailsTo(email);
    expect(letters[0]).toMatchObject({ subject: "Восстановление пароля — «Оттиск»" });
    expect(letters[0]!.link).toMatch(/\/admin\/auth\/password-reset\?token=/);
  });

  it("links the letter to the public address (OTTISK_PUBLIC_URL) whatever Host or a trusted proxy's X-Forwarded-Host says (issue 28, finding 2)", async () => {
    const email = uniqueEmail("evil-host");
    await register(personal(email));
    const forged = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" };
    // Without a public URL of its own the app's is the fixed loopback default, not the request's Host.
    expect((await call({ method: "POST", url: "/api/auth/password-recovery", payload: { email }, headers: forged })).statusCode).toBe(200);
    expect(new URL((await mailsTo(email))[0]!.link!).origin).toBe(TEST_APP_ORIGIN);
    // Behind a trusted proxy (inject comes from 127.0.0.1), with OTTISK_PUBLIC_URL set.
    const proxied = await startTestApp({ publicUrl: "https://ottisk.example", trustProxy: ["127.0.0.1"], mail: { settings: { pollMs: 60_000 } } });
    try {
      const proxiedCall = callerOf(() => proxied.app);
      const other = uniqueEmail("evil-proxy");
      expect((await proxiedCall({ method: "POST", url: "/api/auth/registration", payload: personal(other), headers: forged })).statusCode).toBe(201);
      expect((await proxiedCall({ method: "POST", url: "/api/auth/password-recovery", payload: { email: other }, headers: forged })).statusCode).toBe(200);
      const letters = devMailListSchema.parse((await proxiedCall({ method: "GET", url: `/api/dev/mail.json?to=${encodeURIComponent(other)}` })).json());
      expect(letters.map((letter) => letter.subject)).toEqual(["Восстановление пароля — «Оттиск»", expect.stringMatching(/почт/)]);
      for (const letter of letters) {
        expect(letter.link).toMatch(/^https:\/\/ottisk\.example\/admin\/auth\//);
        expect(letter.link).not.toContain("evil.example");
      }
    } finally {
      await proxied.close();
    }
  });

  it("sets the new password once: other sessions end, the new password signs in, the old one does not, and the address counts as confirmed", async () => {
    const email = uniqueEmail("reset");
    const { grant } = await register(personal(email));
    const other = sessionGrantSchema.parse((await post("/api/auth/login", { email, password: "secret12345" })).json()).token;
    await post("/api/auth/password-recovery", { email });
    const token = await linkToken(email, "/admin/auth/password-reset");

    const reset = await post("/api/auth/password-reset", { token, password: "novyi-parol-2026" });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = sessionGrantSchema.parse(reset.json());
    expect(String(reset.headers["set-cookie"])).toContain("ottisk_session=");
    expect(signedIn.profile).toMatchObject({ email, emailConfirmed: true });
    expect((await profileOf(signedIn.token)).email).toBe(email);

    for (const ended of [grant.token, other]) expect((await call({ method: "GET", url: "/api/account/profile", token: ended })).statusCode).toBe(401);
    const accountId = signedIn.profile.id;
    const sessions = await testApp.database.db.select().from(session).where(eq(session.accountId, accountId));
    expect(sessions, "only the new session is left").toHaveLength(1);

    expect((await post("/api/auth/login", { email, password: "novyi-parol-2026" })).statusCode).toBe(200);
    const old = await post("/api/auth/login", { email, password: "secret12345" });
    expect(old.statusCode).toBe(401);

    const again = await post("/api/auth/password-reset", { token, password: "eshche-odin-2027" });
    expect(again.statusCode).toBe(410);
    expect(problemOf(again)).toMatchObject({ code: "EMAIL_LINK_USED", messageUI: "Эта ссылка уже использована или заменена новой. Запросите восстановление пароля ещё раз." });
    const unconfirmedTokens = await testApp.database.db
      .select()
      .from(emailToken)
      .where(and(eq(emailToken.accountId, accountId), eq(emailToken.purpose, "confirm_email")));
    expect(unconfirmedTokens.every((row) => row.usedAt !== null), "the confirmation link is done with too").toBe(true);
  });

  it("voids the older link when a new one is asked for, refuses an expired one (1 hour) and a password equal to the address", async () => {
    const email = uniqueEmail("twice-reset");
    await register(personal(email));
    await post("/api/auth/password-recovery", { email });
    const first = await linkToken(email, "/admin/auth/password-reset");
    await post("/api/auth/password-recovery", { email });
    const second = await linkToken(email, "/admin/auth/password-reset");
    expect(problemOf(await post("/api/auth/password-reset", { token: first, password: "novyi-parol-1" })).code).toBe("EMAIL_LINK_USED");

    const [stored] = await testApp.database.db.select().from(emailToken).where(eq(emailToken.tokenHash, hashToken(second)));
    expect((stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 60_000).toBeCloseTo(60, 0);

    const sameAsEmail = await post("/api/auth/password-reset", { token: second, password: email });
    expect(sameAsEmail.statusCode).toBe(400);
    expect(problemOf(sameAsEmail).messageUI).toBe("Пароль не должен совпадать с адресом почты");
    const weak = await post("/api/auth/password-reset", { token: second, password: "12345678" });
    expect(problemOf(weak).messageUI).toBe("Добавьте в пароль буквы");

    await testApp.database.db.update(emailToken).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailToken.tokenHash, hashToken(second)));
    const expired = await post("/api/auth/password-reset", { token: second, password: "novyi-parol-1" });
    expect(expired.statusCode).toBe(410);
    expect(problemOf(expired)).toMatchObject({ code: "EMAIL_LINK_EXPIRED", messageUI: "Срок действия ссылки истёк (1 час). Запросите восстановление пароля ещё раз." });
    expect((await post("/api/auth/login", { email, password: "secret12345" })).statusCode, "the password is unchanged").toBe(200);
  });

  it("moves a visitor's cart into the account the reset signs in to", async () => {
    const email = uniqueEmail("reset-visitor");
    await register(personal(email));
    await post("/api/auth/password-recovery", { email });
    const token = await linkToken(email, "/admin/auth/password-reset");
    const [product] = productListPageSchema.parse((await call({ method: "GET", url: "/api/public/product?limit=1" })).json()).items;
    const line = await call({ method: "POST", url: "/api/client-cart/product", payload: { productId: product!.id, quantity: 100 } });
    const visitor = String(line.headers[SESSION_TOKEN_HEADER]);
    const reset = await post("/api/auth/password-reset", { token, password: "novyi-parol-3" }, visitor);
    const grant = sessionGrantSchema.parse(reset.json());
    const cart = cartSchema.parse((await call({ method: "GET", url: "/api/client-cart", token: grant.token })).json());
    expect(cart.orderProduct.map((item) => item.product.id)).toEqual([product!.id]);
  });
});

describe("limits", () => {
  it("limits registrations and letters per client address, and letters per e-mail address", async () => {
    const limited = await startTestApp({
      requestLimits: { registration: { max: 2, windowMs: 600_000 }, "email-send": { max: 3, windowMs: 600_000 }, "mail-to": { max: 2, windowMs: 3_600_000 } },
      mail: { settings: { pollMs: 60_000 } },
    });
    try {
      const inject = (url: string, payload: Record<string, unknown>) => limited.app.inject({ method: "POST", url, payload });
      const statuses: number[] = [];
      for (let index = 0; index < 3; index += 1) statuses.push((await inject("/api/auth/registration", personal(uniqueEmail("limit")))).statusCode);
      expect(statuses).toEqual([201, 201, 429]);
      const refused = await inject("/api/auth/registration", personal(uniqueEmail("limit")));
      expect(problemOf(refused).messageUI).toMatch(/^Слишком много регистраций с вашего адреса\. Попробуйте снова через \d+ мин\.$/);
      expect(refused.headers["retry-after"]).toBeDefined();

      // Per e-mail: the third letter to one address in an hour is refused, known address or not.
      const target = uniqueEmail("nobody");
      const perAddress = [];
      for (let index = 0; index < 3; index += 1) perAddress.push((await inject("/api/auth/password-recovery", { email: target })).statusCode);
      expect(perAddress).toEqual([200, 200, 429]);
      const tooMany = await inject("/api/auth/password-recovery", { email: uniqueEmail("other") });
      expect(tooMany.statusCode, "the fourth request from the address").toBe(429);
      expect(problemOf(tooMany).messageUI).toMatch(/^Слишком много запросов писем с вашего адреса\./);
    } finally {
      await limited.close();
    }
  });

  it("limits a visitor's company look-ups by ИНН", async () => {
    const limited = await startTestApp({ requestLimits: { "company-lookup": { max: 2, windowMs: 600_000 } } });
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 3; index += 1) statuses.push((await limited.app.inject({ method: "GET", url: "/api/utils/company-by-inn?inn=7707083893" })).statusCode);
      expect(statuses, "offline a visitor learns nothing, and only so often").toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
