import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { createApi } from "../../shared/http/index";
import { apiErrorOf, memorySessionTokens } from "./support/api-client";
import { startLiveTestApp } from "./support/test-app";
import type { LiveTestApp } from "./support/test-app";

/*
 * The API client as a widget on a partner's site uses it: no cookies at all (Node's fetch keeps
 * none, as a browser blocking third-party cookies), the session kept as a bearer token in the
 * widget's own store, against the real server on a socket.
 */

let testApp: LiveTestApp;
let baseURL: string;

beforeAll(async () => {
  testApp = await startLiveTestApp();
  baseURL = `${testApp.origin}/api`;
});
afterAll(async () => {
  await testApp?.close();
});

describe("a widget's session through createApi", () => {
  it("keeps a visitor's session from the first favourite, then signs in, carries the favourite over and signs out", async () => {
    const store = memorySessionTokens();
    const api = createApi({ baseURL, sessionToken: store });
    const [first] = (await api.getProducts({ limit: 1 })).items;

    expect(await api.addToFavorites(first!.id)).toEqual({ productId: first!.id, inFavorite: true });
    const visitorToken = store.token;
    expect(visitorToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await api.getProfile()).temporary).toBe(true);
    expect((await api.getProduct(first!.id)).inFavorite).toBe(true);

    const grant = await api.login({ email: DEMO_ACCOUNTS.client.email, password: DEMO_ACCOUNTS.client.password });
    expect(store.token).toBe(grant.token);
    expect(store.token).not.toBe(visitorToken);
    const profile = await api.getProfile();
    expect(profile).toMatchObject({ temporary: false, name: "Иван" });
    expect((await api.getProduct(first!.id)).inFavorite).toBe(true);

    const ivanovCompany = profile.companies.find((item) => item.name === "ООО «Ромашка»");
    expect((await api.selectCompany(ivanovCompany!.id)).selectedCompanyId).toBe(ivanovCompany!.id);
    expect((await api.getRecipients(ivanovCompany!.id)).map((item) => item.name)).toContain("Анна Смирнова (офис-менеджер)");

    await api.logout();
    expect(store.token).toBeNull();
    const signedOut = await apiErrorOf(api.getProfile());
    expect(signedOut.status).toBe(401);
    expect(signedOut.messageUI).toBe("Войдите в систему, чтобы продолжить.");
  });

  it("brings the server's Russian message for a wrong password and a bad e-mail", async () => {
    const api = createApi({ baseURL, sessionToken: memorySessionTokens() });
    const wrong = await apiErrorOf(api.login({ email: DEMO_ACCOUNTS.client.email, password: "nope" }));
    expect(wrong).toMatchObject({ status: 401, code: "WRONG_CREDENTIALS", messageUI: "Неверный адрес электронной почты или пароль." });
    const bad = await apiErrorOf(api.login({ email: "client", password: "x" }));
    expect(bad.status).toBe(400);
    expect(bad.issues).toEqual([{ field: "email", messageUI: "Проверьте адрес электронной почты: в нём ошибка" }]);
  });

  it("lets an employee find a client and act for them", async () => {
    const api = createApi({ baseURL, sessionToken: memorySessionTokens() });
    await api.login({ email: DEMO_ACCOUNTS.employee.email, password: DEMO_ACCOUNTS.employee.password });
    const [client] = await api.searchClients({ search: "Иванов", assigned: true });
    expect(client?.companies.length).toBeGreaterThanOrEqual(2);
    expect((await api.getClientCompanies(client!.id)).map((item) => item.id)).toEqual(client!.companies.map((item) => item.id));
    const acting = await api.enterClientMode(client!.id);
    expect(acting).toMatchObject({ impersonalization: true, placeClientId: client!.id, placeCompanyId: null });
    expect((await api.getAddresses()).length).toBeGreaterThan(0);
    expect((await api.exitClientMode()).impersonalization).toBe(false);
  });

  it("reads the feedback form and the captcha config", async () => {
    const api = createApi({ baseURL });
    expect((await api.getFeedbackForm()).fields.length).toBe(6);
    expect(await api.getRecaptchaConfig()).toEqual({ siteKey: null });
    const sent = await api.sendFeedback({ values: { name: "Олег", phone: "+79180000000", topic: "other", message: "Привет", consent: true } });
    expect(sent.ok).toBe(true);
  });
});
