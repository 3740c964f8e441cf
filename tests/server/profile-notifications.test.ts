import { and, eq, isNull } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountProfileSchema,
  addressSchema,
  companySchema,
  designMessageListSchema,
  designMessageSchema,
  designOrderSchema,
  isValidInn,
  notificationListPageSchema,
  notificationReadResultSchema,
  recipientSchema,
} from "../../shared/contracts/index";
import type { AccountProfile, NotificationListPage } from "../../shared/contracts/index";
import { account, balanceEntry, clientOrder, company, designOrder, emailToken, payment, product } from "../../server/db/schema";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { recordNotification } from "../../server/services/mail/notification-record";
import { callerOf, loginToken, problemOf } from "./support/api-calls";
import { FRESH_CLIENT_PASSWORD, freshClient } from "./support/fresh-client";
import type { FreshClient } from "./support/fresh-client";
import { startTestApp, TEST_APP_ORIGIN } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * The account area's profile calls (issue 15) through Fastify's inject: notifications (written on a
 * card payment, a design order's status change and a designer's message; listed and marked read),
 * design-order messages, the person's name, phone and password, and editing or deleting companies,
 * recipients and saved addresses — with others' ids, bad input and an employee in client mode.
 */

let testApp: TestApp;
const call = callerOf(() => testApp.app);
let clientToken: string;
let clientId: number;
let otherToken: string;
let employeeToken: string;
let employeeAsClientToken: string;
let productId: number;
let innCounter = 0;

beforeAll(async () => {
  testApp = await startTestApp({ publicUrl: "http://shop.test", requestLimits: { "design-message": { max: 12, windowMs: 60_000 } } });
  clientToken = await loginToken(testApp.app, DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password);
  otherToken = await loginToken(testApp.app, DEMO_ACCOUNTS.secondClient.email, DEMO_ACCOUNTS.secondClient.password);
  employeeToken = await loginToken(testApp.app, DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
  employeeAsClientToken = await loginToken(testApp.app, DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
  clientId = (await profileOf(clientToken)).id;
  const entered = await call({ method: "POST", url: `/api/client/${clientId}/impersonalization`, token: employeeAsClientToken, payload: { companyId: null } });
  expect(entered.statusCode, entered.body).toBe(200);
  const [first] = await testApp.database.db.select({ id: product.id }).from(product).limit(1);
  if (!first) throw new Error("No demo product");
  productId = first.id;
});
afterAll(async () => {
  await testApp.close();
});

async function profileOf(token: string): Promise<AccountProfile> {
  const response = await call({ method: "GET", url: "/api/account/profile", token });
  expect(response.statusCode, response.body).toBe(200);
  return accountProfileSchema.parse(response.json());
}

async function notifications(token: string, query = ""): Promise<NotificationListPage> {
  const response = await call({ method: "GET", url: `/api/client-account/notification${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return notificationListPageSchema.parse(response.json());
}

/** A client of the test's own, so changing its password or companies touches nobody else. */
function newClient(label: string): Promise<FreshClient> {
  return freshClient(testApp, `${label}-${randomUUID().slice(0, 8)}@example.com`);
}

/** A valid 10-digit ИНН of a legal entity no test has used. */
function freshInn(): string {
  for (;;) {
    innCounter += 1;
    const body = `78${String(300000 + innCounter).padStart(7, "0")}`;
    for (let digit = 0; digit <= 9; digit += 1) if (isValidInn(body + digit)) return body + digit;
  }
}

/** An unpaid ЮKassa order of `ownerId` with its test payment, as placing leaves them. */
async function unpaidOrder(ownerId: number, companyId: number | null): Promise<{ orderId: number; number: string; externalId: string }> {
  const db = testApp.database.db;
  const number = `2026-9${String(Math.floor(Math.random() * 100_000)).padStart(5, "0")}`;
  const [order] = await db
    .insert(clientOrder)
    .values({
      number,
      accountId: ownerId,
      companyId,
      paymentType: "Yookassa",
      itemsKopecks: 150_000,
      totalKopecks: 150_000,
      vatKopecks: 27_049,
      idempotencyKey: randomUUID(),
    })
    .returning({ id: clientOrder.id });
  if (!order) throw new Error("No order");
  const externalId = `test-${randomUUID()}`;
  await db.insert(payment).values({ orderId: order.id, provider: "test", externalId, amountKopecks: 150_000, idempotenceKey: randomUUID() });
  return { orderId: order.id, number, externalId };
}

async function designOf(ownerId: number): Promise<number> {
  const [row] = await testApp.database.db.insert(designOrder).values({ accountId: ownerId, productId, detailName: "Лицевая сторона" }).returning({ id: designOrder.id });
  if (!row) throw new Error("No design order");
  return row.id;
}

function expectProblem(response: LightMyRequestResponse, status: number, messageUI?: string | RegExp): void {
  expect(response.statusCode, response.body).toBe(status);
  const problem = problemOf(response);
  expect(problem.messageUI.length).toBeGreaterThan(0);
  if (typeof messageUI === "string") expect(problem.messageUI).toBe(messageUI);
  else if (messageUI) expect(problem.messageUI).toMatch(messageUI);
}

describe("notifications", () => {
  it("writes one for a card payment that succeeds, newest first, and not twice", async () => {
    const me = await newClient("paid");
    expect(await notifications(me.token)).toMatchObject({ items: [], total: 0, unread: 0 });
    const order = await unpaidOrder(me.id, null);
    const paid = await call({ method: "POST", url: `/api/payment/test/${order.externalId}`, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "action=pay", token: me.token });
    expect(paid.statusCode, paid.body).toBe(303);
    // A second press changes nothing and tells nothing new.
    await call({ method: "POST", url: `/api/payment/test/${order.externalId}`, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "action=pay", token: me.token });
    const page = await notifications(me.token);
    expect(page.total).toBe(1);
    expect(page.unread).toBe(1);
    expect(page.items[0]).toMatchObject({ kind: "payment", orderId: order.orderId, companyId: null, read: false, title: `Заказ № ${order.number} оплачен` });
    expect(page.items[0]?.body).toContain("1 500");
  });

  it("writes one when staff move a design order, and lists the newest first", async () => {
    const me = await newClient("design-status");
    const designId = await designOf(me.id);
    const inWork = await call({ method: "PUT", url: `/api/client-order/design/${designId}/status`, token: employeeToken, payload: { status: "in_work" } });
    expect(inWork.statusCode, inWork.body).toBe(200);
    expect(designOrderSchema.parse(inWork.json()).status).toBe("in_work");
    // The same status again: no change, no news.
    await call({ method: "PUT", url: `/api/client-order/design/${designId}/status`, token: employeeToken, payload: { status: "in_work" } });
    const done = await call({ method: "PUT", url: `/api/client-order/design/${designId}/status`, token: employeeToken, payload: { status: "done" } });
    expect(done.statusCode, done.body).toBe(200);
    const page = await notifications(me.token);
    expect(page.items.map((item) => item.title)).toEqual([`Дизайн готов: заказ дизайна № ${designId}`, `Дизайнер взял в работу заказ дизайна № ${designId}`]);
    expect(page.items.every((item) => item.kind === "design_status" && item.designOrderId === designId)).toBe(true);

    // Closed: 409 with a Russian message; a client may not move it; an unknown one is 404.
    expectProblem(await call({ method: "PUT", url: `/api/client-order/design/${designId}/status`, token: employeeToken, payload: { status: "cancelled" } }), 409, "Дизайн уже готов: статус не меняется");
    expectProblem(await call({ method: "PUT", url: `/api/client-order/design/${designId}/status`, token: me.token, payload: { status: "cancelled" } }), 403);
    expectProblem(await call({ method: "PUT", url: "/api/client-order/design/2147483000/status", token: employeeToken, payload: { status: "done" } }), 404);
    expectProblem(await call({ method: "PUT", url: `/api/client-order/design/${designId}/status`, token: employeeToken, payload: { status: "new" } }), 400);
  });

  it("pages, narrows to a company, and marks read by ids or all", async () => {
    const me = await newClient("read");
    const created = await call({ method: "POST", url: "/api/client-account/company", token: me.token, payload: { name: "ООО «Уведомления»", inn: freshInn() } });
    const firm = companySchema.parse(created.json());
    const db = testApp.database.db;
    for (let index = 0; index < 5; index += 1) {
      await recordNotification(db, { accountId: me.id, companyId: index % 2 === 0 ? firm.id : null, kind: "order_status", title: `Новость ${index}` });
    }
    const first = await notifications(me.token, "?limit=2");
    expect(first).toMatchObject({ total: 5, unread: 5, offset: 0, limit: 2 });
    expect(first.items.map((item) => item.title)).toEqual(["Новость 4", "Новость 3"]);
    const second = await notifications(me.token, "?limit=2&offset=2");
    expect(second.items.map((item) => item.title)).toEqual(["Новость 2", "Новость 1"]);
    const firms = await notifications(me.token, `?companyId=${firm.id}`);
    expect(firms.total).toBe(3);
    expect(firms.items.every((item) => item.companyId === firm.id)).toBe(true);

    // Another client's ids are skipped, not marked.
    const others = await newClient("read-other");
    await recordNotification(db, { accountId: others.id, companyId: null, kind: "payment", title: "Чужая новость" });
    const othersId = (await notifications(others.token)).items[0]?.id ?? 0;
    const marked = await call({ method: "POST", url: "/api/client-account/notification/read", token: me.token, headers: {}, payload: { ids: [first.items[0]?.id, othersId] } });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(notificationReadResultSchema.parse(marked.json()).unread).toBe(4);
    expect((await notifications(others.token)).unread).toBe(1);
    expect((await notifications(me.token, "?limit=1")).items[0]?.read).toBe(true);

    const all = await call({ method: "POST", url: "/api/client-account/notification/read", token: me.token, payload: { all: true } });
    expect(notificationReadResultSchema.parse(all.json()).unread).toBe(0);
    expect((await notifications(me.token)).items.every((item) => item.read)).toBe(true);
  });

  it("refuses bad input with a Russian message, another client's company with 404, and staff outside client mode with 403", async () => {
    expectProblem(await call({ method: "GET", url: "/api/client-account/notification?limit=0", token: clientToken }), 400, /limit/);
    expectProblem(await call({ method: "POST", url: "/api/client-account/notification/read", token: clientToken, payload: {} }), 400, "Укажите, какие уведомления прочитаны (ids), или все сразу (all: true)");
    expectProblem(await call({ method: "POST", url: "/api/client-account/notification/read", token: clientToken, payload: { ids: [0] } }), 400, "Уведомление указано неверно");
    const petrova = await profileOf(otherToken);
    const foreignCompany = petrova.companies[0]?.id ?? 0;
    expectProblem(await call({ method: "GET", url: `/api/client-account/notification?companyId=${foreignCompany}`, token: clientToken }), 404, "Компания не найдена.");
    expectProblem(await call({ method: "GET", url: "/api/client-account/notification", token: employeeToken }), 403);
    expectProblem(await call({ method: "GET", url: "/api/client-account/notification" }), 401);
  });

  it("shows an employee in client mode the client's notifications", async () => {
    await recordNotification(testApp.database.db, { accountId: clientId, companyId: null, kind: "order_status", title: "Заказ передан в печать" });
    const asClient = await notifications(employeeAsClientToken);
    const own = await notifications(clientToken);
    expect(asClient.total).toBe(own.total);
    expect(asClient.items.map((item) => item.id)).toEqual(own.items.map((item) => item.id));
    expect(asClient.items.some((item) => item.title === "Заказ передан в печать")).toBe(true);
  });
});

describe("design-order messages", () => {
  it("lets the client and any employee talk, and tells the client of the designer's answers", async () => {
    const designId = await designOf(clientId);
    const before = (await notifications(clientToken)).unread;
    const asked = await call({ method: "POST", url: `/api/client-order/design/${designId}/message`, token: clientToken, payload: { text: "  Логотип крупнее, пожалуйста  " } });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(designMessageSchema.parse(asked.json())).toMatchObject({ text: "Логотип крупнее, пожалуйста", fromShop: false, mine: true, authorName: "Иван Иванов" });
    // The client's own message is no news for the client.
    expect((await notifications(clientToken)).unread).toBe(before);

    const answered = await call({ method: "POST", url: `/api/client-order/design/${designId}/message`, token: employeeToken, payload: { text: "Сделаем к завтрашнему утру." } });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(designMessageSchema.parse(answered.json())).toMatchObject({ fromShop: true, mine: true, authorName: "Мария Кузнецова, типография «Оттиск»" });
    const news = await notifications(clientToken);
    expect(news.unread).toBe(before + 1);
    expect(news.items[0]).toMatchObject({ kind: "design_message", designOrderId: designId, body: "Сделаем к завтрашнему утру.", read: false });

    for (const token of [clientToken, employeeToken, employeeAsClientToken]) {
      const listed = await call({ method: "GET", url: `/api/client-order/design/${designId}/message`, token });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(designMessageListSchema.parse(listed.json()).map((message) => message.text)).toEqual(["Логотип крупнее, пожалуйста", "Сделаем к завтрашнему утру."]);
    }
    const seenByClient = designMessageListSchema.parse((await call({ method: "GET", url: `/api/client-order/design/${designId}/message`, token: clientToken })).json());
    expect(seenByClient.map((message) => message.mine)).toEqual([true, false]);
  });

  it("hides another client's design order (404) and refuses empty or long text (400)", async () => {
    const designId = await designOf(clientId);
    expectProblem(await call({ method: "GET", url: `/api/client-order/design/${designId}/message`, token: otherToken }), 404, "Заказ дизайна не найден");
    expectProblem(await call({ method: "POST", url: `/api/client-order/design/${designId}/message`, token: otherToken, payload: { text: "Привет" } }), 404);
    expectProblem(await call({ method: "POST", url: `/api/client-order/design/${designId}/message`, token: clientToken, payload: { text: "   " } }), 400, "Напишите сообщение");
    expectProblem(await call({ method: "POST", url: `/api/client-order/design/${designId}/message`, token: clientToken, payload: { text: "я".repeat(2001) } }), 400, /2000/);
    expectProblem(await call({ method: "GET", url: `/api/client-order/design/${designId}/message` }), 401);
  });

  it("limits how many messages one address posts", async () => {
    const designId = await designOf(clientId);
    const answers: number[] = [];
    for (let index = 0; index < 10; index += 1) {
      const response = await call({ method: "POST", url: `/api/client-order/design/${designId}/message`, token: clientToken, payload: { text: `Сообщение ${index}` } });
      answers.push(response.statusCode);
      if (response.statusCode === 429) expect(problemOf(response).messageUI).toMatch(/^Слишком много сообщений\. Попробуйте снова через/);
    }
    expect(answers).toContain(429);
    // Every post from the address counts (the earlier tests' too): never more than 12 in the window.
    expect(answers.filter((status) => status === 200).length).toBeLessThan(10);
  });
});

describe("the person's profile and password", () => {
  it("saves name, surname and the phone in the mask's format", async () => {
    const me = await newClient("profile");
    const response = await call({ method: "PUT", url: "/api/account/profile", token: me.token, payload: { name: " Анна ", surname: "Смирнова", phone: "8 (918) 765-43-21" } });
    expect(response.statusCode, response.body).toBe(200);
    expect(accountProfileSchema.parse(response.json())).toMatchObject({ name: "Анна", surname: "Смирнова", phone: "+7 918 765-43-21" });
    const [row] = await testApp.database.db.select({ phone: account.phone }).from(account).where(eq(account.id, me.id));
    expect(row?.phone).toBe("+7 918 765-43-21");
    const cleared = await call({ method: "PUT", url: "/api/account/profile", token: me.token, payload: { name: "Анна", surname: "", phone: "" } });
    expect(accountProfileSchema.parse(cleared.json()).phone).toBeNull();

    expectProblem(await call({ method: "PUT", url: "/api/account/profile", token: me.token, payload: { name: "Анна", phone: "+7 918 765" } }), 400, "Телефон указан не полностью: номер в формате +7 999 123-45-67");
    expectProblem(await call({ method: "PUT", url: "/api/account/profile", token: me.token, payload: { name: "Анна", phone: "звоните" } }), 400, "Телефон в формате +7 999 123-45-67");
    expectProblem(await call({ method: "PUT", url: "/api/account/profile", token: me.token, payload: { name: "  ", phone: "" } }), 400, "Укажите имя");
    expectProblem(await call({ method: "PUT", url: "/api/account/profile", payload: { name: "Анна" } }), 401);
  });

  it("lets an employee change their own name, in client mode too, never the client's", async () => {
    const response = await call({ method: "PUT", url: "/api/account/profile", token: employeeAsClientToken, payload: { name: "Мария", surname: "Кузнецова", phone: "+7 861 200-00-02" } });
    expect(response.statusCode, response.body).toBe(200);
    expect(accountProfileSchema.parse(response.json())).toMatchObject({ typeUser: "employee", impersonalization: true, phone: "+7 861 200-00-02" });
    expect((await profileOf(clientToken)).name).toBe("Иван");
  });

  it("changes the password with the current one and ends the other sessions", async () => {
    const me = await newClient("password");
    const otherSession = await loginToken(testApp.app, me.email, FRESH_CLIENT_PASSWORD);
    expectProblem(await call({ method: "POST", url: "/api/account/password", token: me.token, payload: { currentPassword: "wrong-123", newPassword: "fresh-pass-42" } }), 400, "Текущий пароль введён неверно.");
    expectProblem(await call({ method: "POST", url: "/api/account/password", token: me.token, payload: { currentPassword: FRESH_CLIENT_PASSWORD, newPassword: "short1" } }), 400, /не короче 8/);
    expectProblem(await call({ method: "POST", url: "/api/account/password", token: me.token, payload: { currentPassword: FRESH_CLIENT_PASSWORD, newPassword: "onlyletters" } }), 400, /цифры/);
    // The wrong attempts changed nothing: the other session still works.
    expect((await call({ method: "GET", url: "/api/account/profile", token: otherSession })).statusCode).toBe(200);

    // A reset link asked for before the change …
    expect((await call({ method: "POST", url: "/api/auth/password-recovery", payload: { email: me.email } })).statusCode).toBe(200);
    const openResetLinks = async () =>
      (await testApp.database.db.select().from(emailToken).where(and(eq(emailToken.accountId, me.id), eq(emailToken.purpose, "reset_password"), isNull(emailToken.usedAt)))).length;
    expect(await openResetLinks()).toBe(1);

    const changed = await call({ method: "POST", url: "/api/account/password", token: me.token, payload: { currentPassword: FRESH_CLIENT_PASSWORD, newPassword: "fresh-pass-42" } });
    expect(changed.statusCode, changed.body).toBe(200);
    // … cannot set another password after it.
    expect(await openResetLinks()).toBe(0);
    expect(changed.json()).toEqual({ ok: true });
    expect((await call({ method: "GET", url: "/api/account/profile", token: me.token })).statusCode).toBe(200);
    expect((await call({ method: "GET", url: "/api/account/profile", token: otherSession })).statusCode).toBe(401);
    const oldLogin = await call({ method: "POST", url: "/api/auth/login", payload: { email: me.email, password: FRESH_CLIENT_PASSWORD } });
    expect(oldLogin.statusCode).toBe(401);
    await loginToken(testApp.app, me.email, "fresh-pass-42");
  });
});

describe("companies, recipients and saved addresses", () => {
  it("edits a company's requisites with the ИНН checked, and refuses another's company", async () => {
    const me = await newClient("company-edit");
    const firm = companySchema.parse((await call({ method: "POST", url: "/api/client-account/company", token: me.token, payload: { name: "ООО «Старое имя»", inn: freshInn() } })).json());
    const second = companySchema.parse((await call({ method: "POST", url: "/api/client-account/company", token: me.token, payload: { name: "ООО «Второе»", inn: freshInn() } })).json());
    const inn = freshInn();
    const updated = await call({
      method: "PUT",
      url: `/api/client-account/company/${firm.id}`,
      token: me.token,
      payload: { name: "ООО «Новое имя»", inn, kpp: "231001001", ogrn: "1022301234567", legalAddress: "г. Краснодар, ул. Красная, 1" },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(companySchema.parse(updated.json())).toEqual({ id: firm.id, name: "ООО «Новое имя»", inn, kpp: "231001001", ogrn: "1022301234567", legalAddress: "г. Краснодар, ул. Красная, 1" });

    expectProblem(await call({ method: "PUT", url: `/api/client-account/company/${firm.id}`, token: me.token, payload: { name: "ООО «Ошибка»", inn: "7707083894" } }), 400, "ИНН указан с ошибкой: не сходятся контрольные цифры");
    expectProblem(await call({ method: "PUT", url: `/api/client-account/company/${firm.id}`, token: me.token, payload: { name: "ООО «Дубль»", inn: second.inn } }), 409, "Компания с таким ИНН уже есть в вашем аккаунте.");
    expectProblem(await call({ method: "PUT", url: `/api/client-account/company/${firm.id}`, token: otherToken, payload: { name: "ООО «Чужое»", inn: freshInn() } }), 404, "Компания не найдена.");
    expectProblem(await call({ method: "PUT", url: "/api/client-account/company/abc", token: me.token, payload: { name: "ООО «Ошибка»", inn } }), 400, "Компания указана неверно");
  });

  it("deletes a company without orders, selecting the personal profile, and refuses one with orders or money", async () => {
    const me = await newClient("company-delete");
    const firm = companySchema.parse((await call({ method: "POST", url: "/api/client-account/company", token: me.token, payload: { name: "ООО «На удаление»", inn: freshInn() } })).json());
    await call({ method: "POST", url: "/api/client-account/select-company", token: me.token, payload: { companyId: firm.id } });
    expect((await profileOf(me.token)).selectedCompanyId).toBe(firm.id);
    expectProblem(await call({ method: "DELETE", url: `/api/client-account/company/${firm.id}`, token: otherToken }), 404);
    const deleted = await call({ method: "DELETE", url: `/api/client-account/company/${firm.id}`, token: me.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(accountProfileSchema.parse(deleted.json())).toMatchObject({ selectedCompanyId: null, companies: [] });
    expectProblem(await call({ method: "DELETE", url: `/api/client-account/company/${firm.id}`, token: me.token }), 404);

    const ordered = companySchema.parse((await call({ method: "POST", url: "/api/client-account/company", token: me.token, payload: { name: "ООО «С заказами»", inn: freshInn() } })).json());
    await unpaidOrder(me.id, ordered.id);
    expectProblem(await call({ method: "DELETE", url: `/api/client-account/company/${ordered.id}`, token: me.token }), 409, /есть заказы/);
    const funded = companySchema.parse((await call({ method: "POST", url: "/api/client-account/company", token: me.token, payload: { name: "ООО «С деньгами»", inn: freshInn() } })).json());
    await testApp.database.db.insert(balanceEntry).values({ accountId: me.id, companyId: funded.id, amountKopecks: 10_000, reason: "Пополнение" });
    expectProblem(await call({ method: "DELETE", url: `/api/client-account/company/${funded.id}`, token: me.token }), 409, /балансу/);
    const [still] = await testApp.database.db.select({ id: company.id }).from(company).where(eq(company.id, funded.id));
    expect(still).toBeDefined();
  });

  it("edits and deletes recipients and addresses, never another client's", async () => {
    const me = await newClient("recipients");
    const recipient = recipientSchema.parse((await call({ method: "POST", url: "/api/client-account/recipient", token: me.token, payload: { name: "Анна", phone: "+7 918 111-22-33" } })).json());
    const edited = await call({ method: "PUT", url: `/api/client-account/recipient/${recipient.id}`, token: me.token, payload: { name: "Анна Смирнова", phone: "8 918 111-22-44", email: "anna@example.com" } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(recipientSchema.parse(edited.json())).toEqual({ id: recipient.id, name: "Анна Смирнова", phone: "+79181112244", email: "anna@example.com", companyId: null });
    expectProblem(await call({ method: "PUT", url: `/api/client-account/recipient/${recipient.id}`, token: me.token, payload: { name: "", phone: "+7 918 111-22-33" } }), 400, "Укажите имя получателя");
    expectProblem(await call({ method: "PUT", url: `/api/client-account/recipient/${recipient.id}`, token: otherToken, payload: { name: "Чужой", phone: "+7 918 111-22-33" } }), 404, "Получатель не найден.");
    expectProblem(await call({ method: "DELETE", url: `/api/client-account/recipient/${recipient.id}`, token: otherToken }), 404);
    expect((await call({ method: "DELETE", url: `/api/client-account/recipient/${recipient.id}`, token: me.token })).json()).toEqual({ ok: true });
    expectProblem(await call({ method: "DELETE", url: `/api/client-account/recipient/${recipient.id}`, token: me.token }), 404);

    const saved = addressSchema.parse((await call({ method: "POST", url: "/api/client-account/address", token: me.token, payload: { cityKladrId: "2300000100000", address: "ул. Красная, 10" } })).json());
    const moved = await call({ method: "PUT", url: `/api/client-account/address/${saved.id}`, token: me.token, payload: { cityKladrId: "7700000000000", address: "ул. Тверская, 1", comment: "Офис 5" } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(addressSchema.parse(moved.json())).toEqual({ id: saved.id, cityKladrId: "7700000000000", address: "ул. Тверская, 1", comment: "Офис 5" });
    expectProblem(await call({ method: "PUT", url: `/api/client-account/address/${saved.id}`, token: me.token, payload: { cityKladrId: "77", address: "ул. Тверская, 1" } }), 400, "Код КЛАДР города — это 13 или 17 цифр");
    expectProblem(await call({ method: "PUT", url: `/api/client-account/address/${saved.id}`, token: otherToken, payload: { cityKladrId: "7700000000000", address: "ул. Чужая, 1" } }), 404, "Адрес не найден.");
    expect((await call({ method: "DELETE", url: `/api/client-account/address/${saved.id}`, token: me.token })).statusCode).toBe(200);
    const left = await call({ method: "GET", url: "/api/client-account/address", token: me.token });
    expect(left.json()).toEqual([]);
  });

  it("lets an employee in client mode edit the client's data, and refuses staff outside it", async () => {
    const added = await call({ method: "POST", url: "/api/client-account/recipient", token: clientToken, payload: { name: "Сергей", phone: "+7 918 000-11-22" } });
    const recipient = recipientSchema.parse(added.json());
    const edited = await call({ method: "PUT", url: `/api/client-account/recipient/${recipient.id}`, token: employeeAsClientToken, payload: { name: "Сергей Петров", phone: "+7 918 000-11-22" } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(recipientSchema.parse(edited.json()).name).toBe("Сергей Петров");
    expectProblem(await call({ method: "DELETE", url: `/api/client-account/recipient/${recipient.id}`, token: employeeToken }), 403);
    expect((await call({ method: "DELETE", url: `/api/client-account/recipient/${recipient.id}`, token: employeeAsClientToken })).statusCode).toBe(200);
  });

  it("origin-checks cookie calls", async () => {
    const me = await newClient("origin");
    const saved = addressSchema.parse((await call({ method: "POST", url: "/api/client-account/address", token: me.token, payload: { cityKladrId: "2300000100000", address: "ул. Красная, 12" } })).json());
    const cookie = `ottisk_session=${me.token}`;
    const foreign = await call({ method: "DELETE", url: `/api/client-account/address/${saved.id}`, headers: { cookie, origin: "https://evil.example" } });
    expect(foreign.statusCode).toBe(403);
    const own = await call({ method: "DELETE", url: `/api/client-account/address/${saved.id}`, headers: { cookie, origin: TEST_APP_ORIGIN } });
    expect(own.statusCode, own.body).toBe(200);
  });
});
