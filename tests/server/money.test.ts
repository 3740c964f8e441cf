import { and, asc, eq, inArray } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartSchema, documentListPageSchema, orderSchema, paymentRecordListSchema, serverErrorSchema } from "../../shared/contracts/index";
import type { FiscalReceipt, Order, YookassaSettlementReceiptRequest } from "../../shared/contracts/index";
import { kopecksInWords, SHOP_REQUISITES, VAT_PERCENT } from "../../shared/domain/index";
import { createYookassaClient } from "../../server/adapters/yookassa";
import { balanceEntry, notification, payment, paymentRefund, paymentSettlement } from "../../server/db/schema";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { receiptTotalKopecks } from "../../server/services/orders/fiscal-receipt";
import { formatKopecks } from "../../server/services/orders/invoice-pdf";
import { loginToken } from "./support/api-calls";
import { startFakeService } from "./support/fake-http";
import type { FakeService, SeenRequest } from "./support/fake-http";
import { passMissingLayouts } from "./support/files-fixtures";
import { freshClient, freshCompanyClient } from "./support/fresh-client";
import { decodePdfQr, parseSt00012, pdfText } from "./support/pdf-qr";
import { demoBusinessCardsId, startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * Money after «Оформить заказ» (issue 30): the 54-ФЗ receipt the card payment sends (recorded by the
 * offline test payment, sent to a ЮKassa faked at its HTTP boundary), the refund with its receipt
 * when an employee cancels a paid order (a balance order's money back on the balance), the
 * invoice's ГОСТ Р 56042 QR code read back from the rendered page, the УПД's text and the receipt's page.
 */

const ORIGIN = "https://shop.example";
const courier = { deliveryType: "Door", cityKladrId: "2300000100000", deliveryMethod: "Courier", address: "ул. Красная, д. 1, оф. 5" };
const form = { "content-type": "application/x-www-form-urlencoded" };

type Call = (options: InjectOptions & { token?: string | undefined }) => Promise<LightMyRequestResponse>;

interface Shop {
  testApp: TestApp;
  call: Call;
  cardsId: number;
  manager: string;
}

async function openShop(options: Parameters<typeof startTestApp>[0] = {}): Promise<Shop> {
  const testApp = await startTestApp({ publicUrl: ORIGIN, ...options });
  const call: Call = (request) => {
    const { token, headers, ...rest } = request;
    return testApp.app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  };
  return { testApp, call, cardsId: await demoBusinessCardsId(testApp), manager: await loginToken(testApp.app, DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password) };
}

async function ok(response: LightMyRequestResponse): Promise<unknown> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Two lines (one with a promocode-free discount never needed) and a courier delivery, ready to order. */
async function placeCardOrder(shop: Shop, token: string, paymentType: "Yookassa" | "InternalBalance" | "Invoice", companyId: number | null = null): Promise<Order> {
  const target = companyId === null ? {} : { companyId };
  await ok(await shop.call({ method: "POST", url: "/api/client-cart/product", token, payload: { productId: shop.cardsId, quantity: 100, ...target } }));
  await ok(await shop.call({ method: "POST", url: "/api/client-cart/product", token, payload: { productId: shop.cardsId, quantity: 500, ...target } }));
  const current = cartSchema.parse(await ok(await shop.call({ method: "GET", url: `/api/client-cart${companyId === null ? "" : `?companyId=${companyId}`}`, token })));
  await passMissingLayouts(shop.testApp.database.db, current);
  const ready = cartSchema.parse(await ok(await shop.call({ method: "POST", url: "/api/client-cart/delivery", token, payload: { ...courier, ...target } })));
  expect(ready.problems).toEqual([]);
  return orderSchema.parse(await ok(await shop.call({ method: "POST", url: "/api/client-cart/place-order", token, payload: { companyId, paymentType, idempotencyKey: randomUUID() } })));
}

function expectReceiptOf(receipt: FiscalReceipt, order: Order, email: string): void {
  expect(receipt.customer).toEqual({ email });
  expect(receipt.tax_system_code).toBe(1);
  // One item per order line (commodity) and one per paid delivery (service), summing to the payment to the kopeck.
  expect(receipt.items.map((item) => item.payment_subject)).toEqual([...order.lines.map(() => "commodity"), ...order.deliveries.filter((item) => item.price > 0).map(() => "service")]);
  expect(receiptTotalKopecks(receipt)).toBe(Math.round(order.total * 100));
  for (const item of receipt.items) {
    expect(item).toMatchObject({ quantity: 1, vat_code: 12, payment_mode: "full_prepayment", measure: "piece", amount: { currency: "RUB" } });
    expect(item.description.length).toBeLessThanOrEqual(128);
  }
  expect(receipt.items[0]?.description).toMatch(/, 100 шт$/);
}

/** The settlement receipt of `payment`: its items settled in full at 22 %, the whole advance offset. */
function expectSettlementOf(request: YookassaSettlementReceiptRequest, paymentReceipt: FiscalReceipt, externalId: string, order: Order): void {
  const totalKopecks = Math.round(order.total * 100);
  expect(request).toMatchObject({ type: "payment", payment_id: externalId, send: true, customer: paymentReceipt.customer, tax_system_code: 1 });
  expect(request.settlements).toEqual([{ type: "prepayment", amount: { value: order.total.toFixed(2), currency: "RUB" } }]);
  expect(receiptTotalKopecks({ customer: request.customer, items: request.items, tax_system_code: request.tax_system_code })).toBe(totalKopecks);
  // The same items as the prepayment receipt, now «полный расчёт» at vat_code 11 (22 %).
  expect(request.items).toEqual(paymentReceipt.items.map((item) => ({ ...item, payment_mode: "full_payment", vat_code: 11 })));
}

async function changeStatus(shop: Shop, orderId: number, status: string): Promise<void> {
  await ok(await shop.call({ method: "PATCH", url: `/api/employee/order/${orderId}/status`, token: shop.manager, payload: { status } }));
}

async function paymentsOf(shop: Shop, orderId: number) {
  return paymentRecordListSchema.parse(await ok(await shop.call({ method: "GET", url: `/api/employee/order/${orderId}/payments`, token: shop.manager }))).items;
}

describe("receipts and refunds offline (the test payment records what it would send)", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop();
  });
  afterAll(async () => {
    await shop.testApp.close();
  });

  it("records the payment's request with its 54-ФЗ receipt, shows it to employees, and the paid order's receipt page and document", async () => {
    const me = await freshClient(shop.testApp, "receipt-offline@example.com");
    const order = await placeCardOrder(shop, me.token, "Yookassa");
    const [record] = await paymentsOf(shop, order.id);
    if (!record?.request) throw new Error("The test payment recorded no request");
    expect(record.request).toMatchObject({ amount: { value: (Math.round(order.total * 100) / 100).toFixed(2), currency: "RUB" }, capture: true, metadata: { orderId: String(order.id) } });
    expectReceiptOf(record.request.receipt, order, me.email);
    // Only staff read the records.
    expect((await shop.call({ method: "GET", url: `/api/employee/order/${order.id}/payments`, token: me.token })).statusCode).toBe(403);

    // Before payment there is no receipt to show.
    expect(serverErrorSchema.parse((await shop.call({ method: "GET", url: `/api/client-order/${order.id}/receipt`, token: me.token })).json()).messageUI).toBe("Чека нет: заказ не оплачен картой");
    const paid = await shop.call({ method: "POST", url: `/api/payment/test/${record.externalId}`, headers: form, payload: "action=pay", token: me.token });
    expect(paid.statusCode, paid.body).toBe(303);
    const page = await shop.call({ method: "GET", url: `/api/client-order/${order.id}/receipt`, token: me.token });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain(`Заказ № ${order.number}`);
    expect(page.body).toContain(`Итого: ${formatKopecks(Math.round(order.total * 100))} ₽`);
    expect(page.body).toContain("Предоплата 100%");
    const documents = documentListPageSchema.parse(await ok(await shop.call({ method: "GET", url: "/api/client-account/documents", token: me.token })));
    expect(documents.items).toEqual([expect.objectContaining({ kind: "receipt", orderId: order.id, url: `${ORIGIN}/api/client-order/${order.id}/receipt` })]);
  });

  it("refunds a paid card order an employee cancels, with the payment's receipt, and the client's order shows it", async () => {
    const me = await freshClient(shop.testApp, "refund-offline@example.com");
    const order = await placeCardOrder(shop, me.token, "Yookassa");
    const [record] = await paymentsOf(shop, order.id);
    await shop.call({ method: "POST", url: `/api/payment/test/${record?.externalId}`, headers: form, payload: "action=pay", token: me.token });
    await changeStatus(shop, order.id, "cancelled");
    await changeStatus(shop, order.id, "cancelled");

    const [after] = await paymentsOf(shop, order.id);
    expect(after?.refunds).toHaveLength(1);
    const [refund] = after?.refunds ?? [];
    expect(refund).toMatchObject({ amount: order.total, status: "succeeded", request: { payment_id: record?.externalId, amount: record?.request?.amount } });
    expect(refund?.externalId).toMatch(/^test-refund-/);
    expect(refund?.request.receipt).toEqual(record?.request?.receipt);

    const seen = orderSchema.parse(await ok(await shop.call({ method: "GET", url: `/api/client-order/${order.id}`, token: me.token })));
    expect(seen.status).toBe("cancelled");
    expect(seen.refunds).toEqual([{ id: refund?.id, amount: order.total, status: "succeeded", createdAt: refund?.createdAt }]);
    // The order's news, oldest first: placed, paid, cancelled — the last says where the money goes.
    const news = await shop.testApp.database.db
      .select()
      .from(notification)
      .where(and(eq(notification.orderId, order.id), eq(notification.kind, "order_status")))
      .orderBy(asc(notification.id));
    expect(news.at(-1)?.body).toContain("возвращаются на карту");
    const page = await shop.call({ method: "GET", url: `/api/client-order/${order.id}/receipt`, token: me.token });
    expect(page.body).toContain("Возврат прихода");
  });

  it("records the settlement receipt once when a paid card order is handed over, and the receipt page shows both receipts", async () => {
    const me = await freshClient(shop.testApp, "settle-offline@example.com");
    const order = await placeCardOrder(shop, me.token, "Yookassa");
    const [record] = await paymentsOf(shop, order.id);
    await shop.call({ method: "POST", url: `/api/payment/test/${record?.externalId}`, headers: form, payload: "action=pay", token: me.token });
    await changeStatus(shop, order.id, "in_production");
    expect((await paymentsOf(shop, order.id))[0]?.settlement).toBeNull();

    await changeStatus(shop, order.id, "shipped");
    const [shipped] = await paymentsOf(shop, order.id);
    if (!shipped?.settlement || !record?.request || !record.externalId) throw new Error("No settlement receipt recorded at hand-over");
    expect(shipped.settlement).toMatchObject({ amount: order.total, status: "succeeded" });
    expect(shipped.settlement.externalId).toMatch(/^test-receipt-/);
    expectSettlementOf(shipped.settlement.request, record.request.receipt, record.externalId, order);

    // Done after shipped: the goods were handed over once, so is the receipt.
    await changeStatus(shop, order.id, "done");
    const rows = await shop.testApp.database.db.select().from(paymentSettlement).where(eq(paymentSettlement.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect((await paymentsOf(shop, order.id))[0]?.settlement).toEqual(shipped.settlement);

    const page = await shop.call({ method: "GET", url: `/api/client-order/${order.id}/receipt`, token: me.token });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Предоплата 100%");
    expect(page.body).toContain("Кассовый чек — приход, полный расчёт");
    expect(page.body).toContain(`Зачёт предоплаты: ${formatKopecks(Math.round(order.total * 100))} ₽`);
    expect(page.body).toContain(`НДС ${VAT_PERCENT}%`);
  });

  it("sends no settlement receipt for a cancelled card order, a balance order or an invoice order; a refund after hand-over returns the settled items", async () => {
    const me = await freshClient(shop.testApp, "settle-none@example.com");
    const cancelled = await placeCardOrder(shop, me.token, "Yookassa");
    const [record] = await paymentsOf(shop, cancelled.id);
    await shop.call({ method: "POST", url: `/api/payment/test/${record?.externalId}`, headers: form, payload: "action=pay", token: me.token });
    await changeStatus(shop, cancelled.id, "cancelled");
    expect((await paymentsOf(shop, cancelled.id))[0]?.settlement).toBeNull();

    await shop.testApp.app.balance.topUp({ clientId: me.id, companyId: null }, 10_000_000, "Тестовое пополнение");
    const fromBalance = await placeCardOrder(shop, me.token, "InternalBalance");
    const company = await freshCompanyClient(shop.testApp, "settle-invoice@example.com", "ООО «Зачёт»");
    const byInvoice = await placeCardOrder(shop, company.token, "Invoice", company.companyId);
    await changeStatus(shop, byInvoice.id, "paid");
    for (const order of [fromBalance, byInvoice]) {
      for (const status of ["in_production", "shipped", "done"]) await changeStatus(shop, order.id, status);
    }
    const none = await shop.testApp.database.db.select().from(paymentSettlement).where(inArray(paymentSettlement.orderId, [cancelled.id, fromBalance.id, byInvoice.id]));
    expect(none).toEqual([]);

    // Cancelled after hand-over: the refund's receipt returns what the settlement receipt settled.
    const handed = await placeCardOrder(shop, me.token, "Yookassa");
    const [handedPayment] = await paymentsOf(shop, handed.id);
    await shop.call({ method: "POST", url: `/api/payment/test/${handedPayment?.externalId}`, headers: form, payload: "action=pay", token: me.token });
    for (const status of ["in_production", "shipped", "cancelled"]) await changeStatus(shop, handed.id, status);
    const [after] = await paymentsOf(shop, handed.id);
    expect(after?.refunds[0]?.request.receipt.items).toEqual(after?.settlement?.request.items);
  });

  it("returns a cancelled balance order's money to the balance", async () => {
    const me = await freshClient(shop.testApp, "refund-balance@example.com");
    await shop.testApp.app.balance.topUp({ clientId: me.id, companyId: null }, 10_000_000, "Тестовое пополнение");
    const order = await placeCardOrder(shop, me.token, "InternalBalance");
    const before = await shop.testApp.app.balance.balanceKopecks({ clientId: me.id, companyId: null });
    await changeStatus(shop, order.id, "cancelled");
    expect(await shop.testApp.app.balance.balanceKopecks({ clientId: me.id, companyId: null })).toBe(before + Math.round(order.total * 100));
    const entries = await shop.testApp.database.db.select().from(balanceEntry).where(eq(balanceEntry.orderId, order.id));
    expect(entries.map((entry) => entry.reason)).toContain(`Возврат за отменённый заказ № ${order.number}`);
    expect(await shop.testApp.database.db.select().from(paymentRefund).where(eq(paymentRefund.orderId, order.id))).toEqual([]);
  });

  it("prints the ГОСТ Р 56042 payment QR on a company's invoice, and makes its УПД once the order is shipped", async () => {
    const me = await freshCompanyClient(shop.testApp, "upd@example.com", "ООО «Ромашка-Тест»");
    const order = await placeCardOrder(shop, me.token, "Invoice", me.companyId);
    const invoice = await shop.call({ method: "GET", url: `/api/client-order/${order.id}/invoice`, token: me.token });
    expect(invoice.statusCode).toBe(200);
    const qr = await decodePdfQr(invoice.rawPayload);
    if (qr === null) throw new Error("No QR code found on the invoice");
    const fields = parseSt00012(qr);
    const totalKopecks = Math.round(order.total * 100);
    expect(fields).toEqual({
      Name: SHOP_REQUISITES.name,
      PersonalAcc: SHOP_REQUISITES.settlementAccount,
      BankName: `${SHOP_REQUISITES.bankName}, ${SHOP_REQUISITES.bankCity}`,
      BIC: SHOP_REQUISITES.bik,
      CorrespAcc: SHOP_REQUISITES.correspondentAccount,
      PayeeINN: SHOP_REQUISITES.inn,
      KPP: SHOP_REQUISITES.kpp,
      Sum: String(totalKopecks),
      Purpose: expect.stringMatching(new RegExp(`^Оплата по счёту № ${order.number} от \\d+ [а-я]+ \\d{4} г\\., в т\\.ч\\. НДС ${VAT_PERCENT}% ${formatKopecks(Math.round(order.vat * 100))} руб\\.$`)),
    });

    // The УПД waits for the work to be done.
    expect((await shop.call({ method: "GET", url: `/api/client-order/${order.id}/upd`, token: me.token })).statusCode).toBe(409);
    for (const status of ["paid", "in_production", "shipped"]) await changeStatus(shop, order.id, status);
    const upd = await shop.call({ method: "GET", url: `/api/client-order/${order.id}/upd`, token: me.token });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.headers["content-type"]).toBe("application/pdf");
    const text = (await pdfText(upd.rawPayload)).replace(/\s+/g, " ");
    expect(text).toContain("Универсальный передаточный документ");
    expect(text).toContain("Статус: 1");
    expect(text).toContain(`Счёт-фактура № ${order.number}`);
    expect(text).toContain(`ИНН/КПП продавца: ${SHOP_REQUISITES.inn}/${SHOP_REQUISITES.kpp}`);
    expect(text).toContain(SHOP_REQUISITES.address);
    expect(text).toContain("ИНН/КПП покупателя: 7707083893/770701001");
    expect(text).toContain("ООО «Ромашка-Тест»");
    expect(text).toContain("796 шт");
    expect(text).toContain(`${VAT_PERCENT}%`);
    expect(text).toContain(formatKopecks(totalKopecks));
    expect(text).toContain(kopecksInWords(totalKopecks));
    expect(text).toContain(SHOP_REQUISITES.director);
    expect(text).toContain(SHOP_REQUISITES.accountant);
    const documents = documentListPageSchema.parse(await ok(await shop.call({ method: "GET", url: `/api/client-account/documents?companyId=${me.companyId}`, token: me.token })));
    expect(documents.items.map((item) => item.kind).sort()).toEqual(["act", "invoice", "upd"]);

    // A personal order has no УПД.
    const person = await freshClient(shop.testApp, "no-upd@example.com");
    const personal = await placeCardOrder(shop, person.token, "Yookassa");
    expect((await shop.call({ method: "GET", url: `/api/client-order/${personal.id}/upd`, token: person.token })).statusCode).toBe(404);
  });
});

/** ЮKassa's payments and refunds as its API v3 documents them, with a switch to fail the next refunds. */
function fakeYookassa() {
  const payments = new Map<string, { id: string; status: string; paid: boolean; amount: { value: string; currency: string }; metadata: Record<string, string> }>();
  const refundsByKey = new Map<string, unknown>();
  const receiptsByKey = new Map<string, unknown>();
  let failRefunds = 0;
  let failReceipts = 0;
  const handle = (request: SeenRequest) => {
    const key = String(request.headers["idempotence-key"] ?? "");
    if (request.method === "POST" && request.path === "/v3/payments") {
      const body = JSON.parse(request.body) as { amount: { value: string; currency: string }; metadata: Record<string, string> };
      const id = `pay-${payments.size + 1}`;
      const created = { id, status: "pending", paid: false, amount: body.amount, metadata: body.metadata, confirmation: { type: "redirect", confirmation_url: `https://yoomoney.ru/checkout/${id}` } };
      payments.set(id, created);
      return { body: created };
    }
    const read = /^\/v3\/payments\/(.+)$/.exec(request.path);
    if (request.method === "GET" && read?.[1]) {
      const found = payments.get(decodeURIComponent(read[1]));
      return found ? { body: found } : { status: 404, body: { type: "error", code: "not_found" } };
    }
    if (request.method === "POST" && request.path === "/v3/refunds") {
      if (failRefunds > 0) {
        failRefunds -= 1;
        return { status: 500, body: { type: "error", code: "internal_server_error" } };
      }
      const body = JSON.parse(request.body) as { payment_id: string; amount: { value: string; currency: string } };
      const known = refundsByKey.get(key);
      if (known) return { body: known };
      const refund = { id: `refund-${refundsByKey.size + 1}`, payment_id: body.payment_id, status: "succeeded", amount: body.amount, created_at: new Date().toISOString() };
      refundsByKey.set(key, refund);
      return { body: refund };
    }
    if (request.method === "POST" && request.path === "/v3/receipts") {
      if (failReceipts > 0) {
        failReceipts -= 1;
        return { status: 500, body: { type: "error", code: "internal_server_error" } };
      }
      const body = JSON.parse(request.body) as { type: string; payment_id: string };
      const known = receiptsByKey.get(key);
      if (known) return { body: known };
      const receipt = { id: `receipt-${receiptsByKey.size + 1}`, type: body.type, payment_id: body.payment_id, status: "pending" };
      receiptsByKey.set(key, receipt);
      return { body: receipt };
    }
    return { status: 404, body: { type: "error", code: "not_found" } };
  };
  return { payments, handle, failNextRefunds: (count: number) => (failRefunds = count), failNextReceipts: (count: number) => (failReceipts = count) };
}

describe("receipts and refunds with ЮKassa's keys (its API faked at the HTTP boundary)", () => {
  const yookassa = fakeYookassa();
  let service: FakeService;
  let shop: Shop;
  beforeAll(async () => {
    service = await startFakeService(yookassa.handle);
    shop = await openShop({ yookassa: createYookassaClient({ shopId: "123456", secretKey: "test_secret", baseUrl: service.baseUrl }) });
  });
  afterAll(async () => {
    await shop.testApp.close();
    await service.close();
  });

  async function paidOrder(email: string): Promise<{ order: Order; externalId: string; token: string }> {
    const me = await freshClient(shop.testApp, email);
    const order = await placeCardOrder(shop, me.token, "Yookassa");
    const [row] = await shop.testApp.database.db.select().from(payment).where(eq(payment.orderId, order.id));
    const externalId = row?.externalId ?? "";
    const remote = yookassa.payments.get(externalId);
    if (!remote) throw new Error("ЮKassa has no such payment");
    remote.status = "succeeded";
    remote.paid = true;
    expect((await shop.call({ method: "POST", url: "/api/payment/yookassa/webhook", payload: { type: "notification", event: "payment.succeeded", object: { id: externalId } } })).statusCode).toBe(200);
    return { order, externalId, token: me.token };
  }

  it("sends the receipt with the payment, and the same body is recorded", async () => {
    const { order } = await paidOrder("yk-receipt@example.com");
    const sent = service.seen.filter((request) => request.path === "/v3/payments" && request.method === "POST").at(-1);
    const body = JSON.parse(sent?.body ?? "{}") as { receipt: FiscalReceipt };
    expectReceiptOf(body.receipt, order, "yk-receipt@example.com");
    const [record] = await paymentsOf(shop, order.id);
    expect(record?.request).toEqual(body);
  });

  it("creates a ЮKassa refund with its receipt and Idempotence-Key when an employee cancels the paid order", async () => {
    const { order, externalId, token } = await paidOrder("yk-refund@example.com");
    await changeStatus(shop, order.id, "cancelled");
    const calls = service.seen.filter((request) => request.path === "/v3/refunds");
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.headers["idempotence-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.headers.authorization).toBe(`Basic ${Buffer.from("123456:test_secret").toString("base64")}`);
    const body = JSON.parse(call?.body ?? "{}") as { payment_id: string; amount: { value: string }; receipt: FiscalReceipt };
    expect(body.payment_id).toBe(externalId);
    expect(body.amount.value).toBe(order.total.toFixed(2));
    expectReceiptOf(body.receipt, order, "yk-refund@example.com");
    const [row] = await shop.testApp.database.db.select().from(paymentRefund).where(eq(paymentRefund.orderId, order.id));
    expect(row).toMatchObject({ status: "succeeded", externalId: "refund-1", idempotenceKey: call?.headers["idempotence-key"] });
    const seen = orderSchema.parse(await ok(await shop.call({ method: "GET", url: `/api/client-order/${order.id}`, token })));
    expect(seen.refunds).toMatchObject([{ amount: order.total, status: "succeeded" }]);
  });

  it("keeps a refund ЮKassa did not take pending and sends it again with the same key", async () => {
    const { order } = await paidOrder("yk-refund-retry@example.com");
    yookassa.failNextRefunds(1);
    await changeStatus(shop, order.id, "cancelled");
    const [pending] = await shop.testApp.database.db.select().from(paymentRefund).where(eq(paymentRefund.orderId, order.id));
    expect(pending).toMatchObject({ status: "pending", externalId: null });
    const [record] = await paymentsOf(shop, order.id);
    expect(record?.refunds).toMatchObject([{ status: "succeeded" }]);
    const keys = service.seen.filter((request) => request.path === "/v3/refunds").slice(-2).map((request) => request.headers["idempotence-key"]);
    expect(keys).toEqual([pending?.idempotenceKey, pending?.idempotenceKey]);
  });

  it("sends the settlement receipt to ЮKassa (POST /v3/receipts) with its Idempotence-Key when the paid order is shipped, once", async () => {
    const { order, externalId } = await paidOrder("yk-settle@example.com");
    const [record] = await paymentsOf(shop, order.id);
    if (!record?.request) throw new Error("No payment request recorded");
    for (const status of ["in_production", "shipped", "done"]) await changeStatus(shop, order.id, status);
    const calls = service.seen.filter((request) => request.path === "/v3/receipts");
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.method).toBe("POST");
    expect(call?.headers["idempotence-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.headers.authorization).toBe(`Basic ${Buffer.from("123456:test_secret").toString("base64")}`);
    const body = JSON.parse(call?.body ?? "{}") as YookassaSettlementReceiptRequest;
    expectSettlementOf(body, record.request.receipt, externalId, order);
    const [row] = await shop.testApp.database.db.select().from(paymentSettlement).where(eq(paymentSettlement.orderId, order.id));
    expect(row).toMatchObject({ status: "pending", externalId: "receipt-1", idempotenceKey: call?.headers["idempotence-key"] });
    expect(row?.requestJson).toEqual(body);
  });

  it("keeps a settlement receipt ЮKassa did not take pending and sends it again with the same key", async () => {
    const { order } = await paidOrder("yk-settle-retry@example.com");
    await changeStatus(shop, order.id, "in_production");
    yookassa.failNextReceipts(1);
    await changeStatus(shop, order.id, "shipped");
    const [pending] = await shop.testApp.database.db.select().from(paymentSettlement).where(eq(paymentSettlement.orderId, order.id));
    expect(pending).toMatchObject({ status: "pending", externalId: null });
    const [record] = await paymentsOf(shop, order.id);
    expect(record?.settlement).toMatchObject({ status: "pending", externalId: expect.stringMatching(/^receipt-/) });
    const sent = service.seen.filter((request) => request.path === "/v3/receipts").slice(-2);
    expect(sent.map((request) => request.headers["idempotence-key"])).toEqual([pending?.idempotenceKey, pending?.idempotenceKey]);
    expect(sent[1]?.body).toBe(sent[0]?.body);
  });
});
