import { eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { randomUUID } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartSchema, documentListPageSchema, orderListPageSchema, orderSchema, serverErrorSchema } from "../../shared/contracts/index";
import type { Cart, Order } from "../../shared/contracts/index";
import { kopecksInWords } from "../../shared/domain/index";
import { account, clientOrder, designOrder, layout, payment, storedFile } from "../../server/db/schema";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { recordStatusEvent } from "../../server/services/orders/order-timeline";
import { formatKopecks } from "../../server/services/orders/pdf-document";
import { loginToken } from "./support/api-calls";
import { pdfTextLines } from "./support/pdf-text";
import { freshCompanyClient } from "./support/fresh-client";
import { demoBusinessCardsId, startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * The client's orders in the account area (issue 15): repeating an order into the cart, paying an
 * unpaid card order again (offline: the built-in test payment), the documents of an account and the
 * act of a finished order as a PDF — through Fastify's inject on a private copy of the demo database.
 */

const ORIGIN = "https://shop.example";
const courier = { deliveryType: "Door", cityKladrId: "2300000100000", deliveryMethod: "Courier", address: "ул. Красная, д. 1, оф. 5" };

let testApp: TestApp;
let cardsId: number;

type Call = InjectOptions & { token?: string | undefined };

function call(options: Call): Promise<LightMyRequestResponse> {
  const { token, headers, ...rest } = options;
  return testApp.app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

async function ok<T>(options: Call, schema: { parse(value: unknown): T }): Promise<T> {
  const response = await call(options);
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(response.json());
}

function problem(response: LightMyRequestResponse) {
  return serverErrorSchema.parse(response.json());
}

interface Client {
  id: number;
  token: string;
  companyId: number;
}

/** A client of the test's own with one company, so its carts, orders and documents start empty. */
function newClient(label: string): Promise<Client> {
  return freshCompanyClient(testApp, `client-${randomUUID().slice(0, 12)}@example.com`, `ООО «${label}»`);
}

/** Business cards in the cart of the company (or the personal profile), their layouts checked, a courier delivery. */
async function readyCart(client: Client, companyId: number | null, quantities: number[] = [100]): Promise<Cart> {
  const target = companyId === null ? {} : { companyId };
  for (const quantity of quantities) {
    await ok({ method: "POST", url: "/api/client-cart/product", token: client.token, payload: { productId: cardsId, quantity, ...target } }, cartSchema);
  }
  const db = testApp.database.db;
  const current = await ok({ method: "GET", url: `/api/client-cart${companyId === null ? "" : `?companyId=${companyId}`}`, token: client.token }, cartSchema);
  for (const line of current.orderProduct) {
    for (const detail of line.layouts.filter((item) => item.status === "missing")) {
      const [file] = await db
        .insert(storedFile)
        .values({ ownerAccountId: client.id, kind: "layout", storageKey: `layout/test/${randomUUID()}.pdf`, originalName: "layout.pdf", contentType: "application/pdf", sizeBytes: 10, sha256: "0".repeat(64) })
        .returning({ id: storedFile.id });
      await db.insert(layout).values({ orderProductId: line.id, detailName: detail.detailName, fileId: file?.id ?? 0, status: "passed", findings: [], approvedAt: new Date() });
    }
  }
  return ok({ method: "POST", url: "/api/client-cart/delivery", token: client.token, payload: { ...courier, ...target } }, cartSchema);
}

async function place(client: Client, companyId: number | null, paymentType: "Invoice" | "Yookassa", quantities?: number[]): Promise<Order> {
  await readyCart(client, companyId, quantities);
  return ok(
    { method: "POST", url: "/api/client-cart/place-order", token: client.token, payload: { companyId, paymentType, idempotencyKey: `key-${randomUUID()}` } },
    orderSchema,
  );
}

function payAgain(token: string, orderId: number): Promise<LightMyRequestResponse> {
  return call({ method: "POST", url: `/api/client-order/${orderId}/payment`, token });
}

/** Presses a button of the built-in test payment page, as the order's own client (`token`). */
async function pressTestPage(confirmationUrl: string, action: "pay" | "cancel", token: string): Promise<LightMyRequestResponse> {
  const path = new URL(confirmationUrl).pathname;
  return call({ method: "POST", url: path, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: `action=${action}`, token });
}

beforeAll(async () => {
  testApp = await startTestApp({ publicUrl: ORIGIN });
  cardsId = await demoBusinessCardsId(testApp);
});

afterAll(async () => {
  await testApp.close();
});

describe("POST /client-order/{id}/repeat", () => {
  it("copies every line of the order into the cart of the order's company, with the layouts and design orders shown on the order", async () => {
    const me = await newClient("Повтор");
    const order = await place(me, me.companyId, "Invoice", [100, 500]);
    expect(order.lines).toHaveLength(2);
    // A design order of the first line shows on the order's line.
    const [line] = order.lines;
    await testApp.database.db.insert(designOrder).values({ accountId: me.id, companyId: me.companyId, orderProductId: line?.id ?? 0, orderId: order.id, productId: cardsId, detailName: "Лицевая сторона", comment: "Логотип крупнее" });
    const shown = await ok({ method: "GET", url: `/api/client-order/${order.id}`, token: me.token }, orderSchema);
    expect(shown.lines[0]?.designOrders).toMatchObject([{ detailName: "Лицевая сторона", status: "new", comment: "Логотип крупнее" }]);
    expect(shown.lines[1]?.designOrders).toEqual([]);

    const cart = await ok({ method: "POST", url: `/api/client-order/${order.id}/repeat`, token: me.token }, cartSchema);
    expect(cart.companyId).toBe(me.companyId);
    expect(cart.orderProduct.map((item) => [item.repeatOfId, item.quantity])).toEqual(order.lines.map((item) => [item.id, item.quantity]));
    // The same artwork: every repeated line has its layouts and needs nothing uploaded.
    for (const item of cart.orderProduct) expect(item.layouts.every((detail) => detail.status === "passed")).toBe(true);
    // The personal cart stays as it was.
    const personal = await ok({ method: "GET", url: "/api/client-cart", token: me.token }, cartSchema);
    expect(personal.orderProduct).toEqual([]);
  });

  it("answers 404 for another client's order and adds nothing", async () => {
    const owner = await newClient("Владелец");
    const stranger = await newClient("Чужой");
    const order = await place(owner, null, "Yookassa");
    const response = await call({ method: "POST", url: `/api/client-order/${order.id}/repeat`, token: stranger.token });
    expect(response.statusCode).toBe(404);
    expect(problem(response).messageUI).toBe("Заказ не найден");
    expect((await ok({ method: "GET", url: "/api/client-cart", token: stranger.token }, cartSchema)).orderProduct).toEqual([]);
    expect((await call({ method: "POST", url: `/api/client-order/${order.id}/repeat` })).statusCode).toBe(401);
  });
});

describe("POST /client-order/{id}/payment (offline: the built-in test payment)", () => {
  it("reuses a pending payment, makes a new one after a cancel, and pays with it", async () => {
    const me = await newClient("Оплата");
    const order = await place(me, null, "Yookassa");
    if (order.payment.type !== "Yookassa") throw new Error("Expected a card payment");
    const first = order.payment.confirmationUrl;
    expect(first).toMatch(new RegExp(`^${ORIGIN}/api/payment/test/test-`));

    // Still pending: the same payment, the same address.
    const again = await ok({ method: "POST", url: `/api/client-order/${order.id}/payment`, token: me.token }, orderSchema);
    expect(again.payment).toEqual({ type: "Yookassa", confirmationUrl: first, status: "pending" });

    // Cancelled on the payment page: back on the order's success page, the order still unpaid.
    const cancelled = await pressTestPage(first ?? "", "cancel", me.token);
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`${ORIGIN}/success-payment?orderId=${order.id}`);
    expect(await ok({ method: "GET", url: `/api/client-order/${order.id}`, token: me.token }, orderSchema)).toMatchObject({ paymentStatus: "cancelled", payment: { status: "canceled" } });

    // Paying again: a new payment with its own idempotence key and address; the order waits for it.
    const renewed = await ok({ method: "POST", url: `/api/client-order/${order.id}/payment`, token: me.token }, orderSchema);
    if (renewed.payment.type !== "Yookassa") throw new Error("Expected a card payment");
    expect(renewed).toMatchObject({ status: "new", paymentStatus: "pending", payment: { status: "pending" } });
    expect(renewed.payment.confirmationUrl).toMatch(new RegExp(`^${ORIGIN}/api/payment/test/test-`));
    expect(renewed.payment.confirmationUrl).not.toBe(first);
    const payments = await testApp.database.db.select().from(payment).where(eq(payment.orderId, order.id));
    expect(payments.map((item) => item.status).sort()).toEqual(["canceled", "pending"]);
    expect(new Set(payments.map((item) => item.idempotenceKey)).size).toBe(2);
    expect(payments.every((item) => item.amountKopecks === Math.round(order.total * 100))).toBe(true);

    const paid = await pressTestPage(renewed.payment.confirmationUrl ?? "", "pay", me.token);
    expect(paid.headers.location).toBe(`${ORIGIN}/success-payment?orderId=${order.id}`);
    expect(await ok({ method: "GET", url: `/api/client-order/${order.id}`, token: me.token }, orderSchema)).toMatchObject({ status: "paid", paymentStatus: "paid", payment: { status: "succeeded" } });

    // Paid: nothing more to pay.
    const late = await payAgain(me.token, order.id);
    expect(late.statusCode).toBe(409);
    expect(problem(late)).toMatchObject({ code: "ORDER_ALREADY_PAID", messageUI: `Заказ № ${order.number} уже оплачен` });
  });

  it("makes one new payment when two requests pay a cancelled order at once", async () => {
    const me = await newClient("Дважды");
    const order = await place(me, null, "Yookassa");
    if (order.payment.type !== "Yookassa") throw new Error("Expected a card payment");
    await pressTestPage(order.payment.confirmationUrl ?? "", "cancel", me.token);
    const [a, b] = await Promise.all([payAgain(me.token, order.id), payAgain(me.token, order.id)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const urls = [a, b].map((response) => {
      const answer = orderSchema.parse(response.json());
      return answer.payment.type === "Yookassa" ? answer.payment.confirmationUrl : null;
    });
    expect(urls[0]).toBe(urls[1]);
    expect(await testApp.database.db.select().from(payment).where(eq(payment.orderId, order.id))).toHaveLength(2);
  });

  it("refuses an invoice order, a cancelled order and another client's order", async () => {
    const me = await newClient("Отказ");
    const invoice = await place(me, me.companyId, "Invoice");
    const byInvoice = await payAgain(me.token, invoice.id);
    expect(byInvoice.statusCode).toBe(409);
    expect(problem(byInvoice)).toMatchObject({ code: "PAYMENT_NOT_BY_CARD", messageUI: "Этот заказ оплачивается не картой: оплатить его онлайн нельзя" });

    const card = await place(me, null, "Yookassa");
    await testApp.database.db.update(clientOrder).set({ status: "cancelled" }).where(eq(clientOrder.id, card.id));
    const cancelled = await payAgain(me.token, card.id);
    expect(cancelled.statusCode).toBe(409);
    expect(problem(cancelled).code).toBe("ORDER_CANCELLED");

    const stranger = await newClient("Посторонний");
    const foreign = await payAgain(stranger.token, card.id);
    expect(foreign.statusCode).toBe(404);
    expect(problem(foreign).messageUI).toBe("Заказ не найден");
  });

  it("lets the employee in client mode pay the client's order again", async () => {
    const client = { token: await loginToken(testApp.app, DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password) };
    const [demo] = await testApp.database.db.select({ id: account.id }).from(account).where(eq(account.email, DEMO_ACCOUNTS.client.email));
    const me: Client = { id: demo?.id ?? 0, token: client.token, companyId: 0 };
    const order = await place(me, null, "Yookassa");
    const employee = await loginToken(testApp.app, DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
    expect((await payAgain(employee, order.id)).statusCode).toBe(403);
    const entered = await call({ method: "POST", url: `/api/client/${me.id}/impersonalization`, token: employee, payload: { companyId: null } });
    expect(entered.statusCode, entered.body).toBe(200);
    const answer = await ok({ method: "POST", url: `/api/client-order/${order.id}/payment`, token: employee }, orderSchema);
    expect(answer.payment).toMatchObject({ type: "Yookassa", status: "pending" });
    await call({ method: "POST", url: "/api/client/exit-impersonalization", token: employee });
  });
});

describe("GET /client-order?personal=true", () => {
  it("narrows the list to the personal profile's orders", async () => {
    const me = await newClient("Список");
    const personal = await place(me, null, "Yookassa");
    const companys = await place(me, me.companyId, "Invoice");
    const all = await ok({ method: "GET", url: "/api/client-order", token: me.token }, orderListPageSchema);
    expect(all.items.map((item) => item.id)).toEqual([companys.id, personal.id]);
    const own = await ok({ method: "GET", url: "/api/client-order?personal=true", token: me.token }, orderListPageSchema);
    expect(own).toMatchObject({ total: 1, items: [{ id: personal.id, companyId: null, lineCount: 1 }] });
    const ofCompany = await ok({ method: "GET", url: `/api/client-order?companyId=${me.companyId}`, token: me.token }, orderListPageSchema);
    expect(ofCompany.items.map((item) => item.id)).toEqual([companys.id]);
  });
});

describe("documents and the act", () => {
  it("lists each account's invoices and the acts of its finished orders, newest first", async () => {
    const me = await newClient("Документы");
    const db = testApp.database.db;
    const invoiceNew = await place(me, me.companyId, "Invoice");
    const invoiceDone = await place(me, me.companyId, "Invoice");
    const cardDone = await place(me, me.companyId, "Yookassa");
    const cardOpen = await place(me, me.companyId, "Yookassa");
    // The personal profile pays by card (an invoice is for a company): its finished order has an act.
    const personal = await place(me, null, "Yookassa");
    const finishedAt = new Date("2026-05-20T10:00:00Z");
    await db.update(clientOrder).set({ status: "done" }).where(eq(clientOrder.id, invoiceDone.id));
    await db.update(clientOrder).set({ status: "shipped" }).where(eq(clientOrder.id, cardDone.id));
    await db.update(clientOrder).set({ status: "done" }).where(eq(clientOrder.id, personal.id));
    // The act is dated when the order became done by its timeline (issue 30: order_status_event).
    await recordStatusEvent(db, { orderId: invoiceDone.id, status: "done", at: finishedAt });

    const list = await ok({ method: "GET", url: `/api/client-account/documents?companyId=${me.companyId}`, token: me.token }, documentListPageSchema);
    expect(list.total).toBe(3);
    // A company's finished order has its УПД beside the act (issue 30).
    expect(list.items.map((item) => [item.kind, item.orderId])).toEqual([
      ["act", cardDone.id],
      ["upd", cardDone.id],
      ["act", invoiceDone.id],
      ["upd", invoiceDone.id],
      ["invoice", invoiceDone.id],
      ["invoice", invoiceNew.id],
    ]);
    expect(list.items.map((item) => item.orderId)).not.toContain(cardOpen.id);
    expect(list.items[2]).toEqual({
      kind: "act",
      orderId: invoiceDone.id,
      orderNumber: invoiceDone.number,
      number: invoiceDone.number,
      date: finishedAt.toISOString(),
      total: invoiceDone.total,
      url: `${ORIGIN}/api/client-order/${invoiceDone.id}/act`,
    });
    expect(list.items[4]).toMatchObject({ kind: "invoice", date: invoiceDone.createdAt, url: `${ORIGIN}/api/client-order/${invoiceDone.id}/invoice` });

    const own = await ok({ method: "GET", url: "/api/client-account/documents", token: me.token }, documentListPageSchema);
    expect(own.items.map((item) => [item.kind, item.orderId])).toEqual([["act", personal.id]]);
    const paged = await ok({ method: "GET", url: `/api/client-account/documents?companyId=${me.companyId}&limit=1&offset=1`, token: me.token }, documentListPageSchema);
    expect(paged).toMatchObject({ total: 3, offset: 1, limit: 1 });
    expect(paged.items.map((item) => item.orderId)).toEqual([invoiceDone.id, invoiceDone.id, invoiceDone.id]);

    const stranger = await newClient("Не свои");
    expect((await call({ method: "GET", url: `/api/client-account/documents?companyId=${me.companyId}`, token: stranger.token })).statusCode).toBe(404);
    expect((await ok({ method: "GET", url: "/api/client-account/documents", token: stranger.token }, documentListPageSchema)).items).toEqual([]);
  });

  it("makes the act of a finished order as a PDF with the order's figures, and refuses it before", async () => {
    const me = await newClient("Акт");
    const db = testApp.database.db;
    const order = await place(me, me.companyId, "Invoice", [100, 500]);
    const early = await call({ method: "GET", url: `/api/client-order/${order.id}/act`, token: me.token });
    expect(early.statusCode).toBe(409);
    expect(problem(early)).toMatchObject({ code: "ORDER_NOT_FINISHED", messageUI: `Акт появится, когда заказ № ${order.number} будет выполнен` });

    await db.update(clientOrder).set({ status: "done", paidAt: new Date("2026-05-14T09:00:00Z") }).where(eq(clientOrder.id, order.id));
    const response = await call({ method: "GET", url: `/api/client-order/${order.id}/act`, token: me.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toContain(".pdf");
    const bytes = new Uint8Array(response.rawPayload);
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    // No status news: the act is dated the day of payment.
    expect(pdf.getTitle()).toBe(`Акт выполненных работ № ${order.number} от 14 мая 2026 г.`);
    const text = (await pdfTextLines(bytes)).flat();
    const kopecks = Math.round(order.total * 100);
    expect(text).toEqual(
      expect.arrayContaining([
        `Акт выполненных работ № ${order.number} от 14 мая 2026 г.`,
        "Итого:",
        formatKopecks(kopecks),
        `Всего оказано услуг 3, на сумму ${formatKopecks(kopecks)} руб.`,
        kopecksInWords(kopecks),
        formatKopecks(Math.round(order.vat * 100)),
        "Исполнитель",
        "Заказчик",
        "ООО «Акт»",
      ]),
    );
    expect(text.some((item) => item.includes(`Основание: заказ № ${order.number}`))).toBe(true);

    const stranger = await newClient("Чужой акт");
    expect((await call({ method: "GET", url: `/api/client-order/${order.id}/act`, token: stranger.token })).statusCode).toBe(404);
  });
});
