import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { z } from "zod/mini";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountProfileSchema,
  addressSchema,
  clientListSchema,
  clientSchema,
  companyLookupSchema,
  companySchema,
  favoriteStateSchema,
  productListPageSchema,
  productSchema,
  recipientSchema,
  serverErrorSchema,
  SESSION_TOKEN_HEADER,
  sessionGrantSchema,
} from "../../shared/contracts/index";
import type { AccountProfile, ServerError } from "../../shared/contracts/index";
import { account } from "../../server/db/schema";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { hashPassword } from "../../server/services/accounts/password";
import { DEFAULT_LOGIN_THROTTLE } from "../../server/services/accounts/login-throttle";
import { startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * Accounts and access through Fastify's inject: sign-in, sessions by cookie and by bearer token,
 * visitors' temporary accounts and their merge, companies, recipients, addresses, employees and
 * client mode — and who may call what.
 */

let testApp: TestApp;
const PARTNER = "https://partner.example";

beforeAll(async () => {
  testApp = await startTestApp({ partnerOrigins: [PARTNER] });
});
afterAll(async () => {
  await testApp.close();
});

function call(options: InjectOptions & { token?: string | undefined }): Promise<LightMyRequestResponse> {
  const { token, headers, ...rest } = options;
  return testApp.app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

function problemOf(response: LightMyRequestResponse): ServerError {
  return serverErrorSchema.parse(response.json());
}

async function login(email: string, password: string, rememberMe = false): Promise<{ token: string; response: LightMyRequestResponse }> {
  const response = await call({ method: "POST", url: "/api/auth/login", payload: { email, password, rememberMe } });
  expect(response.statusCode, response.body).toBe(200);
  return { token: sessionGrantSchema.parse(response.json()).token, response };
}

async function profile(token: string): Promise<AccountProfile> {
  const response = await call({ method: "GET", url: "/api/account/profile", token });
  expect(response.statusCode, response.body).toBe(200);
  return accountProfileSchema.parse(response.json());
}

/** A visitor's first favourite: the server opens a temporary account and hands its token back. */
async function visitorWithFavorite(productId: number): Promise<string> {
  const response = await call({ method: "PUT", url: `/api/public/product/to-favorite/${productId}` });
  expect(response.statusCode, response.body).toBe(200);
  const token = response.headers[SESSION_TOKEN_HEADER];
  expect(typeof token).toBe("string");
  return String(token);
}

/** A client of the test's own, so tests that lock or change an account touch nobody else's. */
async function createClient(email: string, password: string): Promise<void> {
  await testApp.database.db.insert(account).values({ email, passwordHash: await hashPassword(password), typeUser: "client", name: "Тест", surname: "Тестов" });
}

async function firstProductIds(count: number): Promise<number[]> {
  const response = await call({ method: "GET", url: `/api/public/product?limit=${count}` });
  return productListPageSchema.parse(response.json()).items.map((item) => item.id);
}

describe("sign-in", () => {
  it("opens a session as an httpOnly SameSite=Lax cookie and as a bearer token, with the profile of spec §3", async () => {
    const { token, response } = await login(DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password);
    const cookie = String(response.headers["set-cookie"]);
    expect(cookie).toMatch(/^ottisk_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie, "an ordinary sign-in ends with the browser").not.toContain("Expires");
    expect(response.headers[SESSION_TOKEN_HEADER]).toBe(token);

    const grant = sessionGrantSchema.parse(response.json());
    expect(grant.profile).toMatchObject({ typeUser: "client", name: "Иван", surname: "Иванов", temporary: false, impersonalization: false });
    expect(grant.profile.companies.map((item) => item.name)).toEqual(["ООО «Ромашка»", "ИП Иванов И. И."]);

    const sessionCookie = cookie.split(";")[0] ?? "";
    const byCookie = await call({ method: "GET", url: "/api/account/profile", headers: { cookie: sessionCookie } });
    expect(byCookie.statusCode).toBe(200);
    expect((await profile(token)).id).toBe(grant.profile.id);
  });

  it("remembers the sign-in for a month when asked", async () => {
    const { response } = await login(DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password, true);
    const expires = /Expires=([^;]+)/.exec(String(response.headers["set-cookie"]))?.[1];
    expect(expires).toBeDefined();
    const days = (new Date(expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThan(31);
  });

  it("answers bad input with 400 and a wrong password with 401, in Russian, without telling which was wrong", async () => {
    const invalid = await call({ method: "POST", url: "/api/auth/login", payload: { email: "not-an-email", password: "x" } });
    expect(invalid.statusCode).toBe(400);
    expect(problemOf(invalid).messageUI).toBe("Проверьте адрес электронной почты: в нём ошибка");
    const noPassword = await call({ method: "POST", url: "/api/auth/login", payload: { email: "client@example.com", password: "" } });
    expect(problemOf(noPassword).messageUI).toBe("Введите пароль");

    const wrong = await call({ method: "POST", url: "/api/auth/login", payload: { email: "CLIENT@example.com", password: "wrong" } });
    const unknown = await call({ method: "POST", url: "/api/auth/login", payload: { email: "nobody@example.com", password: "wrong" } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(problemOf(wrong).messageUI).toBe(problemOf(unknown).messageUI);
    expect(problemOf(wrong).messageUI).toBe("Неверный адрес электронной почты или пароль.");
  });

  it("slows password guessing down: after 5 failures the next attempt from that address waits, even with the right password", async () => {
    const email = "guessed@example.com";
    await createClient(email, "right-password");
    // An address of its own: the wait it earns must not slow the other tests' sign-ins from 127.0.0.1.
    const remoteAddress = "192.0.2.77";
    for (let attempt = 0; attempt < DEFAULT_LOGIN_THROTTLE.freeFailures; attempt += 1) {
      const response = await call({ method: "POST", url: "/api/auth/login", remoteAddress, payload: { email, password: `guess-${attempt}` } });
      expect(response.statusCode).toBe(401);
    }
    const waiting = await call({ method: "POST", url: "/api/auth/login", remoteAddress, payload: { email, password: "right-password" } });
    expect(waiting.statusCode).toBe(429);
    expect(problemOf(waiting).code).toBe("TOO_MANY_LOGIN_ATTEMPTS");
    expect(problemOf(waiting).messageUI).toMatch(/^Слишком много неудачных попыток входа\. Попробуйте снова через \d+ с\.$/);
    expect(Number(waiting.headers["retry-after"])).toBeGreaterThanOrEqual(1);
  });

  it("signs out: the session stops working, and signing out twice is harmless", async () => {
    const { token } = await login(DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password);
    const out = await call({ method: "POST", url: "/api/auth/logout", token });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers["set-cookie"])).toMatch(/ottisk_session=;/);
    expect((await call({ method: "GET", url: "/api/account/profile", token })).statusCode).toBe(401);
    expect((await call({ method: "POST", url: "/api/auth/logout", token })).statusCode).toBe(200);
  });

  it("treats a missing, forged or malformed token as no session", async () => {
    for (const token of [undefined, "x".repeat(43), "short", "a b"]) {
      const response = await call({ method: "GET", url: "/api/account/profile", token });
      expect(response.statusCode).toBe(401);
      expect(problemOf(response).messageUI).toBe("Войдите в систему, чтобы продолжить.");
    }
  });
});

describe("favourites and visitors' temporary accounts", () => {
  it("opens a temporary account on a visitor's first favourite and shows the star only to that visitor", async () => {
    const [first, second] = await firstProductIds(2);
    const token = await visitorWithFavorite(first!);
    const mine = productListPageSchema.parse((await call({ method: "GET", url: "/api/public/product?limit=2", token })).json());
    expect(mine.items.map((item) => [item.id, item.inFavorite])).toEqual([
      [first, true],
      [second, false],
    ]);
    const anonymous = productListPageSchema.parse((await call({ method: "GET", url: "/api/public/product?limit=2" })).json());
    expect(anonymous.items.every((item) => !item.inFavorite)).toBe(true);
    expect(productSchema.parse((await call({ method: "GET", url: `/api/public/product/${first}`, token })).json()).inFavorite).toBe(true);

    const visitor = await profile(token);
    expect(visitor).toMatchObject({ temporary: true, typeUser: "client", companies: [], email: null });

    const removed = await call({ method: "DELETE", url: `/api/public/product/from-favorite/${first}`, token });
    expect(favoriteStateSchema.parse(removed.json())).toEqual({ productId: first, inFavorite: false });
    expect(removed.headers[SESSION_TOKEN_HEADER], "an existing session is not replaced").toBeUndefined();
  });

  it("answers unknown and malformed products with 404 and 400", async () => {
    expect((await call({ method: "PUT", url: "/api/public/product/to-favorite/999999" })).statusCode).toBe(404);
    const bad = await call({ method: "PUT", url: "/api/public/product/to-favorite/abc" });
    expect(bad.statusCode).toBe(400);
    expect(problemOf(bad).messageUI).toBe("Номер товара указан неверно");
  });

  it("moves a visitor's favourites into the account they sign in to, and ends the temporary account", async () => {
    const [, , third] = await firstProductIds(3);
    const visitorToken = await visitorWithFavorite(third!);
    const response = await call({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: DEMO_ACCOUNTS.client.email, password: DEMO_ACCOUNTS.client.password },
      token: visitorToken,
    });
    const { token } = sessionGrantSchema.parse(response.json());
    const product = productSchema.parse((await call({ method: "GET", url: `/api/public/product/${third}`, token })).json());
    expect(product.inFavorite).toBe(true);
    expect((await call({ method: "GET", url: "/api/account/profile", token: visitorToken })).statusCode).toBe(401);
  });

  it("keeps a visitor's city in a temporary account and refuses a malformed KLADR id", async () => {
    const chosen = await call({ method: "POST", url: "/api/client-account/select-city/7700000000000" });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(accountProfileSchema.parse(chosen.json())).toMatchObject({ temporary: true, selectedCityId: "7700000000000" });
    const bad = await call({ method: "POST", url: "/api/client-account/select-city/moscow" });
    expect(bad.statusCode).toBe(400);
    expect(problemOf(bad).messageUI).toBe("Код КЛАДР города — это 13 или 17 цифр");
    const unknown = await call({ method: "POST", url: "/api/client-account/select-city/9900000000000" });
    expect(unknown.statusCode).toBe(404);
    expect(problemOf(unknown).messageUI).toBe("Такого города нет в справочнике.");
    const street = await call({ method: "POST", url: "/api/client-account/select-city/16000001000" + "0001" + "00", token: String(chosen.headers[SESSION_TOKEN_HEADER]) });
    expect(street.statusCode, street.body).toBe(200);
    expect(accountProfileSchema.parse(street.json()).selectedCityId, "a street's id keeps its city").toBe("1600000100000");
  });

  it("lets a partner page read the session header across origins", async () => {
    const response = await call({ method: "PUT", url: "/api/public/product/to-favorite/1", headers: { origin: PARTNER } });
    expect(response.headers["access-control-allow-origin"]).toBe(PARTNER);
    expect(String(response.headers["access-control-expose-headers"]).toLowerCase()).toContain(SESSION_TOKEN_HEADER);
  });
});

describe("a client's companies, recipients and addresses", () => {
  let clientToken: string;
  let ownCompanyId: number;
  let otherCompanyId: number;

  beforeAll(async () => {
    clientToken = (await login(DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password)).token;
  });

  it("switches between the personal profile and its own companies, never another client's", async () => {
    const me = await profile(clientToken);
    ownCompanyId = me.companies[0]!.id;
    const selected = await call({ method: "POST", url: "/api/client-account/select-company", token: clientToken, payload: { companyId: ownCompanyId } });
    expect(accountProfileSchema.parse(selected.json()).selectedCompanyId).toBe(ownCompanyId);
    const personal = await call({ method: "POST", url: "/api/client-account/select-company", token: clientToken, payload: { companyId: null } });
    expect(accountProfileSchema.parse(personal.json()).selectedCompanyId).toBeNull();

    const employee = (await login(DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password)).token;
    const search = clientListSchema.parse((await call({ method: "GET", url: "/api/client/search-by-name?search=Лютик", token: employee })).json());
    otherCompanyId = search[0]!.companies[0]!.id;
    const foreign = await call({ method: "POST", url: "/api/client-account/select-company", token: clientToken, payload: { companyId: otherCompanyId } });
    expect(foreign.statusCode).toBe(403);
    expect(problemOf(foreign).messageUI).toBe("Эта компания не относится к вашему аккаунту.");
  });

  it("adds a company with a checked ИНН and refuses a wrong one or a duplicate", async () => {
    const created = await call({
      method: "POST",
      url: "/api/client-account/company",
      token: clientToken,
      payload: { name: "ООО «Василёк»", inn: "7707083893", kpp: "773601001" },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(companySchema.parse(created.json())).toMatchObject({ name: "ООО «Василёк»", inn: "7707083893", ogrn: null, legalAddress: "" });
    expect((await profile(clientToken)).companies.map((item) => item.name)).toContain("ООО «Василёк»");

    const duplicate = await call({ method: "POST", url: "/api/client-account/company", token: clientToken, payload: { name: "Дубль", inn: "7707083893" } });
    expect(duplicate.statusCode).toBe(409);
    const wrongDigits = await call({ method: "POST", url: "/api/client-account/company", token: clientToken, payload: { name: "ООО «Ошибка»", inn: "7707083894" } });
    expect(wrongDigits.statusCode).toBe(400);
    expect(problemOf(wrongDigits).messageUI).toBe("ИНН указан с ошибкой: не сходятся контрольные цифры");
  });

  it("finds a known company by ИНН offline", async () => {
    const found = await call({ method: "GET", url: "/api/utils/company-by-inn?inn=2308123457", token: clientToken });
    expect(companyLookupSchema.parse(found.json())).toMatchObject({ name: "ООО «Ромашка»", kpp: "230801001" });
    const unknown = await call({ method: "GET", url: "/api/utils/company-by-inn?inn=500100732259", token: clientToken });
    expect(unknown.statusCode).toBe(404);
    expect(problemOf(unknown).messageUI).toContain("не найдена");
    expect((await call({ method: "GET", url: "/api/utils/company-by-inn?inn=123", token: clientToken })).statusCode).toBe(400);
  });

  it("keeps recipients per profile and company, with phones normalised", async () => {
    const created = await call({
      method: "POST",
      url: "/api/client-account/recipient",
      token: clientToken,
      payload: { name: "Пётр Сидоров", phone: "8 (918) 765-43-21", companyId: ownCompanyId },
    });
    expect(recipientSchema.parse(created.json())).toMatchObject({ phone: "+79187654321", companyId: ownCompanyId });
    const ofCompany = z.array(recipientSchema).parse((await call({ method: "GET", url: `/api/client-account/recipient?companyId=${ownCompanyId}`, token: clientToken })).json());
    expect(ofCompany.map((item) => item.name)).toContain("Пётр Сидоров");
    const personal = z.array(recipientSchema).parse((await call({ method: "GET", url: "/api/client-account/recipient", token: clientToken })).json());
    expect(personal.every((item) => item.companyId === null)).toBe(true);

    const foreign = await call({ method: "GET", url: `/api/client-account/recipient?companyId=${otherCompanyId}`, token: clientToken });
    expect(foreign.statusCode).toBe(404);
    const badPhone = await call({ method: "POST", url: "/api/client-account/recipient", token: clientToken, payload: { name: "X", phone: "12" } });
    expect(problemOf(badPhone).messageUI).toBe("Телефон в формате +7 999 123-45-67");
  });

  it("keeps saved addresses per client", async () => {
    const created = await call({
      method: "POST",
      url: "/api/client-account/address",
      token: clientToken,
      payload: { cityKladrId: "2300000100000", address: "ул. Северная, д. 320" },
    });
    expect(addressSchema.parse(created.json())).toMatchObject({ comment: "" });
    const list = z.array(addressSchema).parse((await call({ method: "GET", url: "/api/client-account/address", token: clientToken })).json());
    expect(list.map((item) => item.address)).toContain("ул. Северная, д. 320");
  });
});

describe("employees and client mode", () => {
  let employee: string;
  let client: string;
  let clientId: number;

  beforeAll(async () => {
    employee = (await login(DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password)).token;
    client = (await login(DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password)).token;
    clientId = (await profile(client)).id;
  });

  it("finds clients by name, surname, ё-insensitively, by company and ИНН; assigned keeps the employee's own", async () => {
    const search = async (query: string) =>
      clientListSchema.parse((await call({ method: "GET", url: `/api/client/search-by-name?${query}`, token: employee })).json()).map((item) => item.surname);
    expect(await search("search=иванов")).toEqual(["Иванов"]);
    expect(await search(`search=${encodeURIComponent("Иван Иванов")}`)).toEqual(["Иванов"]);
    expect(await search("search=ромашка")).toEqual(["Иванов"]);
    expect(await search("search=7723456782")).toEqual(["Петрова"]);
    expect(await search("search=ПЕТР&assigned=true")).toEqual([]);
    expect(await search("search=@example.com&assigned=true")).toEqual(["Иванов"]);
    const tooShort = await call({ method: "GET", url: "/api/client/search-by-name?search=и", token: employee });
    expect(problemOf(tooShort).messageUI).toBe("Введите хотя бы два знака для поиска");
  });

  it("shows a client with companies, adds a company to them, and knows no client by an employee's id", async () => {
    const shown = clientSchema.parse((await call({ method: "GET", url: `/api/client/${clientId}`, token: employee })).json());
    expect(shown.companies.map((item) => item.name)).toEqual(expect.arrayContaining(["ООО «Ромашка»", "ИП Иванов И. И."]));
    const company = shown.companies[0]!;
    const one = await call({ method: "GET", url: `/api/client/${clientId}/company/${company.id}`, token: employee });
    expect(companySchema.parse(one.json()).id).toBe(company.id);
    const added = await call({ method: "POST", url: `/api/client/${clientId}/company`, token: employee, payload: { name: "ООО «Подсолнух»", inn: "7723456782" } });
    expect(added.statusCode, added.body).toBe(200);
    const employeeId = (await profile(employee)).id;
    expect((await call({ method: "GET", url: `/api/client/${employeeId}`, token: employee })).statusCode).toBe(404);
  });

  it("acts for a client in client mode and comes back", async () => {
    const me = await profile(client);
    const entered = await call({ method: "POST", url: `/api/client/${clientId}/impersonalization`, token: employee, payload: { companyId: me.companies[0]!.id } });
    expect(accountProfileSchema.parse(entered.json())).toMatchObject({ impersonalization: true, placeClientId: clientId, placeCompanyId: me.companies[0]!.id });
    const recipients = z.array(recipientSchema).parse((await call({ method: "GET", url: "/api/client-account/recipient", token: employee })).json());
    expect(recipients.map((item) => item.name)).toContain("Иван Иванов");
    const switched = await call({ method: "POST", url: "/api/client-account/select-company", token: employee, payload: { companyId: null } });
    expect(accountProfileSchema.parse(switched.json()).placeCompanyId).toBeNull();

    const exited = await call({ method: "POST", url: "/api/client/exit-impersonalization", token: employee });
    expect(accountProfileSchema.parse(exited.json())).toMatchObject({ impersonalization: false, placeClientId: null });
    const outside = await call({ method: "GET", url: "/api/client-account/recipient", token: employee });
    expect(outside.statusCode).toBe(403);
  });
});

describe("who may call what", () => {
  type Caller = "anonymous" | "temporary" | "clientA" | "clientB" | "employee" | "employeeInClientMode";
  const tokens: Partial<Record<Caller, string>> = {};
  let clientAId: number;
  let companyOfA: number;

  beforeAll(async () => {
    tokens.temporary = await visitorWithFavorite((await firstProductIds(1))[0]!);
    tokens.clientA = (await login(DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password)).token;
    tokens.employee = (await login(DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password)).token;
    tokens.employeeInClientMode = (await login(DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password)).token;
    const a = await profile(tokens.clientA);
    clientAId = a.id;
    companyOfA = a.companies[0]!.id;
    const entered = await call({ method: "POST", url: `/api/client/${clientAId}/impersonalization`, token: tokens.employeeInClientMode, payload: {} });
    expect(entered.statusCode).toBe(200);
    tokens.clientB = (await login(DEMO_ACCOUNTS.secondClient.email, DEMO_ACCOUNTS.secondClient.password)).token;
  });

  const employeeCalls = () => [
    { method: "GET" as const, url: "/api/client/search-by-name?search=иван" },
    { method: "GET" as const, url: `/api/client/${clientAId}` },
    { method: "GET" as const, url: `/api/client/${clientAId}/company` },
    { method: "GET" as const, url: `/api/client/${clientAId}/company/${companyOfA}` },
    { method: "POST" as const, url: `/api/client/${clientAId}/company`, payload: { name: "ООО «Проверка»", inn: "2308123457" } },
    { method: "POST" as const, url: `/api/client/${clientAId}/impersonalization`, payload: {} },
    { method: "POST" as const, url: "/api/client/exit-impersonalization" },
  ];

  it("refuses every employee call to anonymous (401), temporary (401) and client (403) callers", async () => {
    for (const request of employeeCalls()) {
      for (const [caller, expected] of [
        ["anonymous", 401],
        ["temporary", 401],
        ["clientA", 403],
        ["clientB", 403],
      ] as const) {
        const response = await call({ ...request, token: tokens[caller] });
        expect(response.statusCode, `${caller} ${request.method} ${request.url}`).toBe(expected);
        expect(problemOf(response).messageUI).toMatch(/[А-Яа-я]/);
      }
    }
  });

  it("refuses a signed-in client's calls to anonymous and temporary callers, and to an employee outside client mode", async () => {
    const clientCalls = [
      { method: "GET" as const, url: "/api/client-account/recipient" },
      { method: "POST" as const, url: "/api/client-account/recipient", payload: { name: "X", phone: "+79990000000" } },
      { method: "GET" as const, url: "/api/client-account/address" },
      { method: "POST" as const, url: "/api/client-account/address", payload: { cityKladrId: "2300000100000", address: "ул. Тест, 1" } },
      { method: "POST" as const, url: "/api/client-account/company", payload: { name: "ООО «Тест»", inn: "2308123457" } },
      { method: "POST" as const, url: "/api/client-account/select-company", payload: { companyId: null } },
    ];
    for (const request of clientCalls) {
      for (const caller of ["anonymous", "temporary"] as const) {
        expect((await call({ ...request, token: tokens[caller] })).statusCode, `${caller} ${request.method} ${request.url}`).toBe(401);
      }
    }
    for (const request of clientCalls.slice(0, 5)) {
      expect((await call({ ...request, token: tokens.employee })).statusCode, `employee ${request.method} ${request.url}`).toBe(403);
    }
  });

  it("never lets client B read or use client A's companies and recipients", async () => {
    const select = await call({ method: "POST", url: "/api/client-account/select-company", token: tokens.clientB, payload: { companyId: companyOfA } });
    expect(select.statusCode).toBe(403);
    const recipients = await call({ method: "GET", url: `/api/client-account/recipient?companyId=${companyOfA}`, token: tokens.clientB });
    expect(recipients.statusCode).toBe(404);
    const add = await call({
      method: "POST",
      url: "/api/client-account/recipient",
      token: tokens.clientB,
      payload: { name: "Чужой", phone: "+79990000000", companyId: companyOfA },
    });
    expect(add.statusCode).toBe(404);
    const bAddresses = z.array(addressSchema).parse((await call({ method: "GET", url: "/api/client-account/address", token: tokens.clientB })).json());
    const aAddresses = z.array(addressSchema).parse((await call({ method: "GET", url: "/api/client-account/address", token: tokens.clientA })).json());
    expect(aAddresses.length).toBeGreaterThan(0);
    expect(bAddresses.filter((item) => aAddresses.some((other) => other.id === item.id))).toEqual([]);
    const bProfile = await profile(tokens.clientB!);
    expect(bProfile.companies.map((item) => item.id)).not.toContain(companyOfA);
  });

  it("lets an employee in client mode work on the client's data, and nobody else's", async () => {
    const recipients = await call({ method: "GET", url: `/api/client-account/recipient?companyId=${companyOfA}`, token: tokens.employeeInClientMode });
    expect(recipients.statusCode).toBe(200);
    const asA = await call({ method: "GET", url: `/api/client-account/recipient?companyId=${companyOfA}`, token: tokens.clientA });
    expect(recipients.json()).toEqual(asA.json());
    const anonymousProfile = await call({ method: "GET", url: "/api/account/profile" });
    expect(anonymousProfile.statusCode).toBe(401);
  });
});
