import { and, asc, eq } from "drizzle-orm";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartSchema, employeeOrderSchema, notificationSettingsSchema, orderSchema } from "../../shared/contracts/index";
import type { Cart, EmployeeOrder, Order } from "../../shared/contracts/index";
import { formatDayMonth, SHOP_REQUISITES } from "../../shared/domain/index";
import { mailFileName } from "../../server/adapters/mailer";
import { account, auditEntry, clientOrder, delivery, mailOutbox, notification, orderProduct, selfPickupPoint } from "../../server/db/schema";
import type { MailOutboxRow } from "../../server/db/schema";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { orderNumber } from "../../server/services/orders/order-placing";
import { callerOf, loginToken, problemOf } from "./support/api-calls";
import type { CallOptions } from "./support/api-calls";
import { passMissingLayouts } from "./support/files-fixtures";
import { freshClient, freshCompanyClient } from "./support/fresh-client";
import { demoBusinessCardsId, startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * The order letters, the timeline and the tracking (issue 30) through Fastify's inject: each letter's
 * HTML and plain-text parts as the outbox holds them, the client's opt-out of non-essential letters,
 * the invoice PDF the order-placed letter of an invoice order carries into its .eml file, and the
 * order's timeline (oldest first, the creation included; who made each change for employees).
 */

const ORIGIN = "https://shop.example";
const KRASNODAR = "2300000100000";
const courier = { deliveryType: "Door", cityKladrId: KRASNODAR, deliveryMethod: "Courier", address: "ул. Красная, д. 1, оф. 5" };

let testApp: TestApp;
let mailDir: string;
let employee: string;
let employeeId: number;
let cardsId: number;
const call = callerOf(() => testApp.app);

beforeAll(async () => {
  mailDir = await mkdtemp(join(tmpdir(), "ottisk-order-mail-"));
  testApp = await startTestApp({ publicUrl: ORIGIN, mail: { dir: mailDir } });
  employee = await loginToken(testApp.app, DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
  const [staff] = await testApp.database.db.select({ id: account.id }).from(account).where(eq(account.email, DEMO_ACCOUNTS.employee.email));
  employeeId = staff?.id ?? 0;
  cardsId = await demoBusinessCardsId(testApp);
});
afterAll(async () => {
  await testApp.close();
  await rm(mailDir, { recursive: true, force: true });
});

async function ok(options: CallOptions): Promise<unknown> {
  const response = await call(options);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function readyCart(token: string, companyId: number | null): Promise<Cart> {
  const target = companyId === null ? {} : { companyId };
  cartSchema.parse(await ok({ method: "POST", url: "/api/client-cart/product", token, payload: { productId: cardsId, quantity: 100, ...target } }));
  const current = cartSchema.parse(await ok({ method: "GET", url: `/api/client-cart${companyId === null ? "" : `?companyId=${companyId}`}`, token }));
  await passMissingLayouts(testApp.database.db, current);
  return cartSchema.parse(await ok({ method: "POST", url: "/api/client-cart/delivery", token, payload: { ...courier, ...target } }));
}

async function placeOrder(token: string, companyId: number | null, paymentType: string): Promise<Order> {
  await readyCart(token, companyId);
  return orderSchema.parse(await ok({ method: "POST", url: "/api/client-cart/place-order", token, payload: { companyId, paymentType, idempotencyKey: `letters-${Date.now()}-${Math.random()}` } }));
}

async function lettersTo(email: string): Promise<MailOutboxRow[]> {
  return testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(asc(mailOutbox.id));
}

async function changeStatus(orderId: number, body: Record<string, unknown>) {
  return call({ method: "PATCH", url: `/api/employee/order/${orderId}/status`, token: employee, payload: body });
}

async function moveOk(orderId: number, body: Record<string, unknown>): Promise<EmployeeOrder> {
  const response = await changeStatus(orderId, body);
  expect(response.statusCode, response.body).toBe(200);
  return employeeOrderSchema.parse(response.json());
}

async function payOnTestPage(order: Order, token: string): Promise<void> {
  const url = order.payment.type === "Yookassa" ? (order.payment.confirmationUrl ?? "") : "";
  expect(url.startsWith(`${ORIGIN}/api/payment/test/`)).toBe(true);
  const response = await call({ method: "POST", url: url.slice(ORIGIN.length), token, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "action=pay" });
  expect(response.statusCode, response.body).toBeLessThan(400);
}

describe("the order's letters", () => {
  it("tells a card order's client: placed (lines, totals, delivery, payment, link), paid, in production, handed to CDEK with the tracking link", async () => {
    const client = await freshClient(testApp, `letters-card-${Date.now()}@example.ru`);
    const order = await placeOrder(client.token, null, "Yookassa");

    const [placed, ...rest] = await lettersTo(client.email);
    expect(rest).toEqual([]);
    expect(placed?.subject).toBe(`Заказ № ${order.number} принят — «Оттиск»`);
    const link = `${ORIGIN}/admin/client/orders/${order.id}`;
    const line = order.lines[0];
    for (const body of [placed?.textBody ?? "", placed?.htmlBody ?? ""]) {
      expect(body).toContain("Здравствуйте, Пётр!");
      expect(body).toContain(line?.productName ?? "—");
      expect(body).toContain("100 шт");
      expect(body).toContain("Курьер типографии");
      expect(body).toContain("ул. Красная, д. 1, оф. 5");
      expect(body).toContain("Картой онлайн (ЮKassa)");
      expect(body).toContain(link);
      expect(body).toContain(`ИНН ${SHOP_REQUISITES.inn}`);
      expect(body, "the day the order is ready, as the order keeps it").toContain(formatDayMonth(order.readyDate ?? "—"));
    }
    expect(placed?.textBody).toContain(`Итого: ${order.total.toLocaleString("ru-RU").replace(/\u00a0/g, " ")} ₽`);
    expect(placed?.htmlBody).toMatch(/^<!doctype html>/);

    await payOnTestPage(order, client.token);
    const paidLetter = (await lettersTo(client.email))[1];
    expect(paidLetter?.subject).toBe(`Заказ № ${order.number} оплачен — «Оттиск»`);
    expect(paidLetter?.textBody).toContain("Оплата картой прошла");
    expect(paidLetter?.htmlBody).toContain(link);

    await moveOk(order.id, { status: "in_production" });
    const shipped = await moveOk(order.id, { status: "shipped", tracking: { carrier: "cdek", number: "1234567890" } });
    expect(shipped.tracking).toEqual({ carrier: "cdek", carrierLabel: "СДЭК", number: "1234567890", url: "https://www.cdek.ru/ru/tracking?order_id=1234567890" });

    const letters = await lettersTo(client.email);
    expect(letters.map((letter) => letter.subject)).toEqual([
      `Заказ № ${order.number} принят — «Оттиск»`,
      `Заказ № ${order.number} оплачен — «Оттиск»`,
      `Заказ № ${order.number}: передан в производство — «Оттиск»`,
      `Заказ № ${order.number} передан в доставку — «Оттиск»`,
    ]);
    const handed = letters[3];
    for (const body of [handed?.textBody ?? "", handed?.htmlBody ?? ""]) {
      expect(body).toContain("СДЭК");
      expect(body).toContain("1234567890");
      expect(body).toContain("https://www.cdek.ru/ru/tracking?order_id=1234567890");
    }

    // The notifications say the same, from the same events.
    const news = await testApp.database.db.select().from(notification).where(eq(notification.orderId, order.id)).orderBy(asc(notification.id));
    expect(news.map((item) => item.title)).toEqual([
      `Заказ № ${order.number} принят`,
      `Заказ № ${order.number} оплачен`,
      `Заказ № ${order.number}: передан в производство`,
      `Заказ № ${order.number} передан в доставку`,
    ]);

    // The client's order: the timeline oldest first from the creation, and the tracking.
    const mine = orderSchema.parse(await ok({ method: "GET", url: `/api/client-order/${order.id}`, token: client.token }));
    expect(mine.timeline.map((entry) => entry.status)).toEqual(["new", "paid", "in_production", "shipped"]);
    expect(mine.timeline[0]?.at).toBe(order.createdAt);
    expect(mine.timeline.map((entry) => entry.statusLabel)).toEqual(["Новый", "Оплачен", "В производстве", "Отгружен"]);
    expect([...mine.timeline.map((entry) => entry.at)].sort()).toEqual(mine.timeline.map((entry) => entry.at));
    expect(mine.timeline[0]).not.toHaveProperty("employee");
    expect(mine.tracking?.url).toBe("https://www.cdek.ru/ru/tracking?order_id=1234567890");
    // The employee's view names who made each change.
    expect(shipped.timeline.map((entry) => entry.employee?.id ?? null)).toEqual([null, null, employeeId, employeeId]);

    const audit = await testApp.database.db.select().from(auditEntry).where(and(eq(auditEntry.objectType, "order"), eq(auditEntry.objectId, String(order.id)))).orderBy(asc(auditEntry.id));
    expect(audit.map((entry) => entry.action)).toEqual(["status", "status"]);
    expect(audit[1]?.changes).toEqual(
      expect.arrayContaining([
        { field: "status", before: "in_production", after: "shipped" },
        { field: "trackingNumber", before: null, after: "1234567890" },
      ]),
    );
  });

  it("refuses a tracking number with another status than shipped (400, Russian) and a malformed one", async () => {
    const client = await freshClient(testApp, `letters-track-${Date.now()}@example.ru`);
    const order = await placeOrder(client.token, null, "Yookassa");
    const wrongStatus = await changeStatus(order.id, { status: "in_production", tracking: { carrier: "cdek", number: "1234567890" } });
    expect(wrongStatus.statusCode).toBe(400);
    expect(problemOf(wrongStatus).messageUI).toContain("Трек-номер указывают, когда заказ передают в доставку");
    const malformed = await changeStatus(order.id, { status: "shipped", tracking: { carrier: "cdek", number: "№ 12" } });
    expect(malformed.statusCode).toBe(400);
    expect(problemOf(malformed).messageUI).toContain("Трек-номер — от 4 до 40 латинских букв, цифр или дефисов");
  });

  it("leaves out non-essential letters for a client who turned them off; transactional ones and every notification stay", async () => {
    const client = await freshClient(testApp, `letters-optout-${Date.now()}@example.ru`);
    expect(notificationSettingsSchema.parse(await ok({ method: "GET", url: "/api/client-account/notification/settings", token: client.token }))).toEqual({ orderNewsByMail: true });
    const saved = await ok({ method: "PUT", url: "/api/client-account/notification/settings", token: client.token, payload: { orderNewsByMail: false } });
    expect(saved).toEqual({ orderNewsByMail: false });
    expect(await ok({ method: "GET", url: "/api/client-account/notification/settings", token: client.token })).toEqual({ orderNewsByMail: false });

    const order = await placeOrder(client.token, null, "Yookassa");
    await payOnTestPage(order, client.token);
    await moveOk(order.id, { status: "in_production" });
    await moveOk(order.id, { status: "shipped", tracking: { carrier: "boxberry", number: "ABC12345" } });
    await moveOk(order.id, { status: "done" });

    expect((await lettersTo(client.email)).map((letter) => letter.subject)).toEqual([
      `Заказ № ${order.number} принят — «Оттиск»`,
      `Заказ № ${order.number} оплачен — «Оттиск»`,
      `Заказ № ${order.number} передан в доставку — «Оттиск»`,
    ]);
    const news = await testApp.database.db.select({ title: notification.title }).from(notification).where(eq(notification.orderId, order.id)).orderBy(asc(notification.id));
    expect(news.map((item) => item.title)).toEqual([
      `Заказ № ${order.number} принят`,
      `Заказ № ${order.number} оплачен`,
      `Заказ № ${order.number}: передан в производство`,
      `Заказ № ${order.number} передан в доставку`,
      `Заказ № ${order.number}: выполнен`,
    ]);
    const bad = await call({ method: "PUT", url: "/api/client-account/notification/settings", token: client.token, payload: { orderNewsByMail: "нет" } });
    expect(bad.statusCode).toBe(400);
    expect(problemOf(bad).messageUI).toContain("Укажите, присылать ли письма о ходе заказа");
  });

  it("attaches the invoice PDF to the order-placed letter of «Счёт для юрлица», in the .eml file", async () => {
    const client = await freshCompanyClient(testApp, `letters-invoice-${Date.now()}@example.ru`, "ООО «Письма»");
    const order = await placeOrder(client.token, client.companyId, "Invoice");
    const [letter] = await lettersTo(client.email);
    expect(letter?.textBody).toContain("Счёт на оплату — во вложении к этому письму");
    await testApp.app.mail.deliverDue();
    const [sent] = await lettersTo(client.email);
    expect(sent?.sentAt, sent?.lastError ?? "").not.toBeNull();
    const eml = await readFile(join(mailDir, mailFileName(sent!)), "utf8");
    expect(eml).toContain("Content-Type: application/pdf");
    expect(eml).toMatch(/Content-Disposition: attachment/);
    // The MIME part of the PDF: its headers, a blank line, the base64 body up to the next boundary.
    const part = eml.split(/\r?\n--/).find((chunk) => chunk.includes("Content-Type: application/pdf")) ?? "";
    const body = part.split(/\r?\n\r?\n/)[1]?.replace(/\s+/g, "") ?? "";
    const pdf = Buffer.from(body, "base64");
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(part).toContain("filename");
    expect((await readdir(mailDir)).some((name) => name === mailFileName(sent!))).toBe(true);
    expect(order.paymentType).toBe("Invoice");
  });

  it("tells a self-pickup order's client that it is ready, with the point's address and hours", async () => {
    const client = await freshClient(testApp, `letters-pickup-${Date.now()}@example.ru`);
    const db = testApp.database.db;
    const [point] = await db
      .insert(selfPickupPoint)
      .values({ name: "Оттиск на Красной", address: "г. Краснодар, ул. Красная, 122", cityKladrId: KRASNODAR, operatingMode: "Пн–Пт 9:00–19:00", phone: "+7 861 200-00-00" })
      .returning();
    const at = new Date("2026-06-01T10:00:00Z");
    const [created] = await db
      .insert(clientOrder)
      .values({ number: `tmp-pickup-${Date.now()}`, accountId: client.id, status: "in_production", paymentType: "Yookassa", paymentStatus: "paid", itemsKopecks: 100_000, totalKopecks: 100_000, vatKopecks: 18_033, idempotencyKey: `pickup-${Date.now()}`, createdAt: at, paidAt: at })
      .returning();
    if (!created || !point) throw new Error("No order");
    await db.update(clientOrder).set({ number: orderNumber(at, created.id) }).where(eq(clientOrder.id, created.id));
    await db.insert(orderProduct).values({ orderId: created.id, productId: cardsId, quantity: 100, unitPriceKopecks: 1_000, priceKopecks: 100_000, productionTimeDay: 3 });
    await db.insert(delivery).values({ orderId: created.id, deliveryType: "SelfPickup", cityKladrId: KRASNODAR, deliveryMethod: "SelfPickup", pickupPointCode: String(point.id) });

    const moved = await moveOk(created.id, { status: "shipped" });
    const [letter] = await lettersTo(client.email);
    expect(letter?.subject).toBe(`Заказ № ${orderNumber(at, created.id)} готов к выдаче — «Оттиск»`);
    for (const body of [letter?.textBody ?? "", letter?.htmlBody ?? ""]) {
      expect(body).toContain("г. Краснодар, ул. Красная, 122");
      expect(body).toContain("Пн–Пт 9:00–19:00");
    }
    // The order names the point where to come, not its id.
    const seen = orderSchema.parse(await ok({ method: "GET", url: `/api/client-order/${created.id}`, token: client.token }));
    expect(seen.deliveries.map((item) => item.address)).toEqual(["Оттиск на Красной, г. Краснодар, ул. Красная, 122"]);
    // An order from before the timeline: its creation and payment from its own dates, then the change.
    expect(moved.timeline.map((entry) => [entry.status, entry.at, entry.employee?.id ?? null])).toEqual([
      ["new", at.toISOString(), null],
      ["paid", at.toISOString(), null],
      ["shipped", moved.timeline[2]?.at, employeeId],
    ]);
  });

  it("gives an order placed before the timeline existed its creation (and payment) as its timeline", async () => {
    const client = await freshClient(testApp, `letters-old-${Date.now()}@example.ru`);
    const at = new Date("2026-01-10T08:00:00Z");
    const paidAt = new Date("2026-01-10T09:30:00Z");
    const [created] = await testApp.database.db
      .insert(clientOrder)
      .values({ number: `tmp-old-${Date.now()}`, accountId: client.id, status: "paid", paymentType: "InternalBalance", paymentStatus: "paid", itemsKopecks: 1_000, totalKopecks: 1_000, vatKopecks: 180, idempotencyKey: `old-${Date.now()}`, createdAt: at, paidAt })
      .returning();
    const mine = orderSchema.parse(await ok({ method: "GET", url: `/api/client-order/${created?.id ?? 0}`, token: client.token }));
    expect(mine.timeline).toEqual([
      { status: "new", statusLabel: "Новый", at: at.toISOString() },
      { status: "paid", statusLabel: "Оплачен", at: paidAt.toISOString() },
    ]);
    expect(mine.tracking).toBeNull();
  });
});
