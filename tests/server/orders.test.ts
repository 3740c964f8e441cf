import { and, count, eq, gt, isNull } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { createServer } from "node:http";
import type { IncomingMessage, Server } from "node:http";
import { randomUUID } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceSchema, cartSchema, contactsContentSchema, footerContentSchema, INVOICE_NEEDS_COMPANY_MESSAGE, orderListPageSchema, orderSchema, pageSchema, serverErrorSchema, sessionGrantSchema } from "../../shared/contracts/index";
import type { Cart, Order, ServerError } from "../../shared/contracts/index";
import { kopecksInWords, SHOP_REQUISITES, VAT_PERCENT } from "../../shared/domain/index";
import { createApi, isApiError } from "../../shared/http/index";
import { createYookassaClient } from "../../server/adapters/yookassa";
import { balanceEntry, cart, clientOrder, company, orderProduct, orderStatusCount, payment, product } from "../../server/db/schema";
import { closeServer, serveOnLoopback } from "./support/fake-http";
import { passMissingLayouts } from "./support/files-fixtures";
import { DEMO_ACCOUNTS, DEMO_BALANCE, DEMO_PROMOCODES } from "../../server/seed/demo-data";
import { seedDemoBalance } from "../../server/seed/seed";
import { formatKopecks } from "../../server/services/orders/invoice-pdf";
import { isShopError } from "../../server/services/shop-error";
import { pdfTextLines } from "./support/pdf-text";
import { freshClient } from "./support/fresh-client";
import { demoBusinessCardsId, listenOnLoopback, startSecondNode, startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * Placing orders and paying through Fastify's inject: each payment type end to end (invoice PDF,
 * the offline YooKassa test page, YooKassa's API faked at its HTTP boundary with its webhook, the
 * internal balance), idempotent placing under concurrency, the balance that never goes below zero,
 * and who may see which order.
 */

const ORIGIN = "https://shop.example";
const KRASNODAR = "2300000100000";
const courier = { deliveryType: "Door", cityKladrId: KRASNODAR, deliveryMethod: "Courier", address: "ул. Красная, д. 1, оф. 5" };

type Call = (options: InjectOptions & { token?: string | undefined }) => Promise<LightMyRequestResponse>;

/** What every part of this file needs from one running app. */
interface Shop {
  testApp: TestApp;
  call: Call;
  cardsId: number;
}

function makeCall(testApp: TestApp): Call {
  return (options) => {
    const { token, headers, ...rest } = options;
    return testApp.app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  };
}

async function openShop(options: Parameters<typeof startTestApp>[0] = {}): Promise<Shop> {
  const testApp = await startTestApp({ publicUrl: ORIGIN, ...options });
  return { testApp, call: makeCall(testApp), cardsId: await demoBusinessCardsId(testApp) };
}

function problemOf(response: LightMyRequestResponse): ServerError {
  return serverErrorSchema.parse(response.json());
}

async function login(shop: Shop, email: string, password: string): Promise<{ token: string; id: number }> {
  const response = await shop.call({ method: "POST", url: "/api/auth/login", payload: { email, password } });
  expect(response.statusCode, response.body).toBe(200);
  const grant = sessionGrantSchema.parse(response.json());
  return { token: grant.token, id: grant.profile.id };
}

async function cartCall(shop: Shop, options: InjectOptions & { token?: string | undefined }): Promise<Cart> {
  const response = await shop.call(options);
  expect(response.statusCode, response.body).toBe(200);
  return cartSchema.parse(response.json());
}

/**
 * A cart the shop accepts: the business cards (and, when asked, a second line left out of the
 * order), their layouts checked (written as the files area would), a courier delivery.
 */
async function readyCart(shop: Shop, token: string, companyId: number | null, options: { quantity?: number; extraLineOutOfOrder?: boolean; promocode?: string } = {}): Promise<Cart> {
  const target = companyId === null ? {} : { companyId };
  const added = await cartCall(shop, { method: "POST", url: "/api/client-cart/product", token, payload: { productId: shop.cardsId, quantity: options.quantity ?? 100, ...target } });
  if (options.extraLineOutOfOrder) {
    const extra = await cartCall(shop, { method: "POST", url: "/api/client-cart/product", token, payload: { productId: shop.cardsId, quantity: 500, ...target } });
    const extraLine = extra.orderProduct.find((line) => !added.orderProduct.some((existing) => existing.id === line.id));
    await cartCall(shop, { method: "POST", url: "/api/client-cart/product/change-in-order", token, payload: { orderProductIds: [extraLine?.id], inOrder: false } });
  }
  const db = shop.testApp.database.db;
  const current = await cartCall(shop, { method: "GET", url: `/api/client-cart${companyId === null ? "" : `?companyId=${companyId}`}`, token });
  await passMissingLayouts(db, current);
  if (options.promocode) {
    await cartCall(shop, { method: "PUT", url: "/api/client-cart/promocode", token, payload: { code: options.promocode, ...target } });
  }
  const ready = await cartCall(shop, { method: "POST", url: "/api/client-cart/delivery", token, payload: { ...courier, ...target } });
  expect(ready.problems, "the test's cart is ready to order").toEqual([]);
  return ready;
}

async function place(shop: Shop, token: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return shop.call({ method: "POST", url: "/api/client-cart/place-order", token, payload: body, headers });
}

async function placeOk(shop: Shop, token: string, body: Record<string, unknown>): Promise<Order> {
  const response = await place(shop, token, body);
  expect(response.statusCode, response.body).toBe(200);
  return orderSchema.parse(response.json());
}

async function getOrder(shop: Shop, token: string, id: number): Promise<Order> {
  const response = await shop.call({ method: "GET", url: `/api/client-order/${id}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return orderSchema.parse(response.json());
}

const kopecks = (roubles: number) => Math.round(roubles * 100);

/* ============================================================================================== */

describe("orders and payments (offline: no YooKassa keys)", () => {
  let shop: Shop;
  let client: { token: string; id: number };
  let petrova: { token: string; id: number };
  let romashkaId: number;

  beforeAll(async () => {
    shop = await openShop();
    client = await login(shop, DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password);
    petrova = await login(shop, DEMO_ACCOUNTS.secondClient.email, DEMO_ACCOUNTS.secondClient.password);
    const [romashka] = await shop.testApp.database.db.select({ id: company.id }).from(company).where(eq(company.name, DEMO_BALANCE.companyName));
    romashkaId = romashka?.id ?? 0;
  });
  afterAll(async () => {
    await shop.testApp.close();
  });

  describe("Invoice", () => {
    it("places the company cart's in-order lines, keeps the others in the cart and makes a real invoice PDF", async () => {
      const db = shop.testApp.database.db;
      const [before] = await db.select({ timesOrdered: product.timesOrdered }).from(product).where(eq(product.id, shop.cardsId));
      const cartBefore = await readyCart(shop, client.token, romashkaId, { extraLineOutOfOrder: true, promocode: DEMO_PROMOCODES.percent.code });
      const inOrder = cartBefore.orderProduct.filter((line) => line.inOrder);
      expect(inOrder).toHaveLength(1);

      const order = await placeOk(shop, client.token, { companyId: romashkaId, paymentType: "Invoice", comment: "Позвоните перед доставкой", idempotencyKey: "invoice-order-1" });
      expect(order.number).toMatch(/^\d{4}-\d{6}$/);
      expect(order.number.endsWith(String(order.id).padStart(6, "0"))).toBe(true);
      expect(order).toMatchObject({
        status: "new",
        paymentType: "Invoice",
        paymentStatus: "pending",
        companyId: romashkaId,
        promocode: DEMO_PROMOCODES.percent.code,
        comment: "Позвоните перед доставкой",
        placedById: null,
        itemsSum: cartBefore.totals.items,
        discount: cartBefore.totals.discount,
        deliverySum: cartBefore.totals.delivery,
        total: cartBefore.totals.total,
        vat: cartBefore.totals.vat,
        paidAt: null,
      });
      expect(order.discount).toBeGreaterThan(0);
      expect(order.lines.map((line) => line.id)).toEqual(inOrder.map((line) => line.id));
      expect(order.lines[0]).toMatchObject({ productId: shop.cardsId, productName: "Визитки стандартные 90×50", quantity: 100 });
      // The line's layouts go with it: the file, the server's findings and the status, as checked in the cart.
      expect(order.lines[0]?.layouts).toEqual(
        inOrder[0]?.layouts.map((item) => ({
          id: item.layoutId,
          orderProductId: inOrder[0]?.id,
          detailName: item.detailName,
          fileUrl: item.fileUrl,
          fileName: "layout.pdf",
          sizeBytes: 10,
          status: "passed",
          findings: [],
          approvedAt: null,
          // No prepress decision yet (issue 29's prepress queue).
          prepress: null,
        })),
      );
      expect(order.deliveries).toHaveLength(1);
      expect(order.deliveries[0]).toMatchObject({ deliveryMethod: "Courier", cityKladrId: KRASNODAR, address: courier.address });
      if (order.payment.type !== "Invoice") throw new Error("Expected an invoice payment");
      expect(order.payment.invoiceUrl).toMatch(new RegExp(`^${ORIGIN}/api/file/\\d+$`));

      // The cart keeps the line left out of the order; the promocode and the comment are gone.
      const cartAfter = await cartCall(shop, { method: "GET", url: `/api/client-cart?companyId=${romashkaId}`, token: client.token });
      expect(cartAfter.orderProduct.map((line) => line.inOrder)).toEqual([false]);
      expect(cartAfter.deliveries).toEqual([]);
      expect(cartAfter.promocode).toBeNull();
      const [after] = await db.select({ timesOrdered: product.timesOrdered }).from(product).where(eq(product.id, shop.cardsId));
      expect(after?.timesOrdered).toBe((before?.timesOrdered ?? 0) + 1);

      // The invoice: a one-page A4 PDF with the shop's and the buyer's details, the total, the VAT and the sum in words.
      const fileResponse = await shop.call({ method: "GET", url: order.payment.invoiceUrl?.slice(ORIGIN.length) ?? "", token: client.token });
      expect(fileResponse.statusCode, fileResponse.body).toBe(200);
      expect(fileResponse.headers["content-type"]).toBe("application/pdf");
      const bytes = new Uint8Array(fileResponse.rawPayload);
      const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
      expect(pdf.getPageCount()).toBe(1);
      const size = pdf.getPage(0).getSize();
      expect([Math.round(size.width), Math.round(size.height)]).toEqual([595, 842]);
      expect(pdf.getTitle()).toBe(`Счёт на оплату № ${order.number} от ${pdf.getTitle()?.split(" от ")[1]}`);
      expect(pdf.getTitle()).toMatch(/^Счёт на оплату № \d{4}-\d{6} от \d{1,2} [а-я]+ \d{4} г\.$/);
      expect(pdf.getAuthor()).toBe("ООО «Оттиск»");
      expect(pdf.getSubject()).toContain(formatKopecks(kopecks(order.total)));

      const [text = []] = await pdfTextLines(bytes);
      const totalText = formatKopecks(kopecks(order.total));
      expect(text).toContain("Итого:");
      expect(text[text.indexOf("Итого:") + 1]).toBe(totalText);
      expect(text).toContain(`В том числе НДС ${VAT_PERCENT} %:`);
      expect(text[text.indexOf(`В том числе НДС ${VAT_PERCENT} %:`) + 1]).toBe(formatKopecks(kopecks(order.vat)));
      expect(text).toContain(kopecksInWords(kopecks(order.total)));
      expect(text).toContain(`Скидка по промокоду ${DEMO_PROMOCODES.percent.code}:`);
      expect(text.join("\n")).toContain("Покупатель (заказчик): ООО «Ромашка», ИНН 2308123457, КПП 230801001");
      // The shop's requisites are the ones the footer and the contacts page give (shared/domain/shop-requisites.ts).
      const requisites = [SHOP_REQUISITES.inn, SHOP_REQUISITES.bankName, SHOP_REQUISITES.bik, SHOP_REQUISITES.settlementAccount, SHOP_REQUISITES.address];
      // A long paragraph wraps: its lines are read as one text.
      const flat = text.join(" ");
      expect(flat).toContain(`Поставщик (исполнитель): ООО «Оттиск», ИНН ${SHOP_REQUISITES.inn}, КПП ${SHOP_REQUISITES.kpp}, ${SHOP_REQUISITES.address}`);
      for (const value of requisites) expect(flat, value).toContain(value);
      const footer = footerContentSchema.parse((await shop.call({ method: "GET", url: "/api/public/website/footer" })).json());
      const contactsPage = pageSchema.parse((await shop.call({ method: "GET", url: "/api/public/website/page/kontakty" })).json());
      const contacts = contactsContentSchema.parse(contactsPage.components.find((component) => component.key === "Contacts")?.content);
      expect(footer.infoCompany).toContain(`ИНН ${SHOP_REQUISITES.inn}`);
      expect(footer.infoCompany).toContain(SHOP_REQUISITES.address);
      for (const value of requisites) expect(contacts.requisites, value).toContain(value);
      expect(text.some((line) => line.startsWith("Визитки стандартные 90×50"))).toBe(true);
      expect(text.some((line) => line.startsWith("Доставка: Курьер"))).toBe(true);

      // The same PDF from the order's own address.
      const invoice = await shop.call({ method: "GET", url: `/api/client-order/${order.id}/invoice`, token: client.token });
      expect(invoice.statusCode).toBe(200);
      expect(invoice.headers["content-type"]).toBe("application/pdf");
      expect(invoice.headers["content-disposition"]).toContain("filename*=UTF-8''");
      expect(Buffer.compare(invoice.rawPayload, fileResponse.rawPayload)).toBe(0);
    });

    it("is refused for the personal profile: an invoice names a company as the buyer", async () => {
      const me = await freshClient(shop.testApp, "invoice-person@example.com");
      await readyCart(shop, me.token, null);
      const refused = await place(shop, me.token, { companyId: null, paymentType: "Invoice", idempotencyKey: "person-invoice-1" });
      expect(refused.statusCode).toBe(400);
      expect(problemOf(refused)).toMatchObject({ code: "INVOICE_NEEDS_COMPANY", messageUI: INVOICE_NEEDS_COMPANY_MESSAGE });
      expect(await shop.testApp.database.db.select().from(clientOrder).where(eq(clientOrder.accountId, me.id))).toEqual([]);
      // The cart is kept: the same lines go by card.
      const byCard = await placeOk(shop, me.token, { companyId: null, paymentType: "Yookassa", idempotencyKey: "person-card-1" });
      expect(byCard).toMatchObject({ companyId: null, paymentType: "Yookassa" });
    });
  });

  describe("idempotency", () => {
    it("makes one order for two parallel requests with the same key and answers it to both", async () => {
      const me = await freshClient(shop.testApp, "parallel@example.com");
      await readyCart(shop, me.token, null);
      const body = { companyId: null, paymentType: "Yookassa", idempotencyKey: "same-key-12345" };
      const [first, second] = await Promise.all([place(shop, me.token, body), place(shop, me.token, body)]);
      expect(first?.statusCode, first?.body).toBe(200);
      expect(second?.statusCode, second?.body).toBe(200);
      const a = orderSchema.parse(first?.json());
      const b = orderSchema.parse(second?.json());
      expect(b.id).toBe(a.id);
      expect(b.number).toBe(a.number);
      expect(b.payment).toEqual(a.payment);
      const rows = await shop.testApp.database.db.select({ id: clientOrder.id }).from(clientOrder).where(eq(clientOrder.accountId, me.id));
      expect(rows).toHaveLength(1);
      const payments = await shop.testApp.database.db.select({ id: payment.id }).from(payment).where(eq(payment.orderId, a.id));
      expect(payments, "one payment for the one order").toHaveLength(1);

      // Later, the same key still answers the same order; another key finds the cart empty.
      const again = await placeOk(shop, me.token, body);
      expect(again.id).toBe(a.id);
      const other = await place(shop, me.token, { ...body, idempotencyKey: "another-key-1" });
      expect(other.statusCode).toBe(400);
      expect(problemOf(other).messageUI).toBe("В корзине нет товаров для заказа");
    });

    it("takes the key from the Idempotency-Key header, and requires one", async () => {
      const me = await freshClient(shop.testApp, "header-key@example.com");
      await readyCart(shop, me.token, null);
      const missing = await place(shop, me.token, { companyId: null, paymentType: "Yookassa" });
      expect(missing.statusCode).toBe(400);
      expect(problemOf(missing).messageUI).toBe("Не передан ключ идемпотентности заказа");
      const short = await place(shop, me.token, { companyId: null, paymentType: "Yookassa", idempotencyKey: "short" });
      expect(short.statusCode).toBe(400);
      expect(problemOf(short).messageUI).toBe("Ключ идемпотентности — от 8 до 100 знаков");
      const mismatch = await place(shop, me.token, { companyId: null, paymentType: "Yookassa", idempotencyKey: "body-key-123" }, { "Idempotency-Key": "header-key-123" });
      expect(mismatch.statusCode).toBe(400);
      expect(problemOf(mismatch).code).toBe("IDEMPOTENCY_KEY_MISMATCH");

      const viaHeader = await place(shop, me.token, { companyId: null, paymentType: "Yookassa" }, { "Idempotency-Key": "header-key-123" });
      expect(viaHeader.statusCode, viaHeader.body).toBe(200);
      const order = orderSchema.parse(viaHeader.json());
      const [row] = await shop.testApp.database.db.select({ key: clientOrder.idempotencyKey }).from(clientOrder).where(eq(clientOrder.id, order.id));
      expect(row?.key).toBe("header-key-123");
      const viaBody = await placeOk(shop, me.token, { companyId: null, paymentType: "Yookassa", idempotencyKey: "header-key-123" });
      expect(viaBody.id).toBe(order.id);
    });

    it("refuses a cart that is not ready, an unknown payment type and another client's company", async () => {
      const me = await freshClient(shop.testApp, "not-ready@example.com");
      const none = await place(shop, me.token, { companyId: null, paymentType: "Yookassa", idempotencyKey: "no-cart-12345" });
      expect(none.statusCode).toBe(400);
      expect(problemOf(none).messageUI).toBe("В корзине нет товаров для заказа");
      await cartCall(shop, { method: "POST", url: "/api/client-cart/product", token: me.token, payload: { productId: shop.cardsId, quantity: 100 } });
      const notReady = await place(shop, me.token, { companyId: null, paymentType: "Yookassa", idempotencyKey: "not-ready-12345" });
      expect(notReady.statusCode).toBe(400);
      expect(problemOf(notReady).messageUI).toMatch(/^Загрузите макет/);
      const badType = await place(shop, me.token, { companyId: null, paymentType: "Cash", idempotencyKey: "bad-type-12345" });
      expect(badType.statusCode).toBe(400);
      expect(problemOf(badType).messageUI).toBe("Выберите способ оплаты: счёт, ЮKassa или внутренний баланс");
      const foreign = await place(shop, me.token, { companyId: romashkaId, paymentType: "Invoice", idempotencyKey: "foreign-12345" });
      expect(foreign.statusCode).toBe(404);
      expect(await shop.testApp.database.db.select().from(clientOrder).where(eq(clientOrder.accountId, me.id))).toEqual([]);
    });
  });

  describe("InternalBalance", () => {
    it("shows the demo company's top-up and pays an order from it in the same transaction", async () => {
      const start = await shop.call({ method: "GET", url: `/api/client-account/balance?companyId=${romashkaId}`, token: client.token });
      expect(start.statusCode, start.body).toBe(200);
      const before = balanceSchema.parse(start.json());
      expect(before.entries.at(-1)).toMatchObject({ amount: DEMO_BALANCE.amountKopecks / 100, reason: DEMO_BALANCE.reason, orderId: null });

      await readyCart(shop, client.token, romashkaId);
      const order = await placeOk(shop, client.token, { companyId: romashkaId, paymentType: "InternalBalance", idempotencyKey: "balance-order-1" });
      expect(order).toMatchObject({ status: "paid", paymentStatus: "paid", payment: { type: "InternalBalance" } });
      expect(order.paidAt).not.toBeNull();
      if (order.payment.type !== "InternalBalance") throw new Error("Expected a balance payment");
      expect(kopecks(order.payment.balance)).toBe(kopecks(before.balance) - kopecks(order.total));
      // Placed as «new» and paid in the same transaction: the counts per status the database keeps (issue 31) agree with a scan.
      const db = shop.testApp.database.db;
      const scanned = await db.select({ status: clientOrder.status, orders: count() }).from(clientOrder).groupBy(clientOrder.status);
      const kept = await db.select().from(orderStatusCount).where(gt(orderStatusCount.orders, 0));
      expect(Object.fromEntries(kept.map((row) => [row.status, row.orders]))).toEqual(Object.fromEntries(scanned.map((row) => [row.status, row.orders])));

      const after = balanceSchema.parse((await shop.call({ method: "GET", url: `/api/client-account/balance?companyId=${romashkaId}`, token: client.token })).json());
      expect(after.balance).toBe(order.payment.balance);
      expect(after.entries[0]).toMatchObject({ amount: -order.total, orderId: order.id, orderNumber: order.number, reason: `Оплата заказа № ${order.number}` });
      // The personal profile has a ledger of its own.
      const personal = balanceSchema.parse((await shop.call({ method: "GET", url: "/api/client-account/balance", token: client.token })).json());
      expect(personal).toEqual({ companyId: null, balance: 0, entries: [] });
      const foreign = await shop.call({ method: "GET", url: `/api/client-account/balance?companyId=${romashkaId}`, token: petrova.token });
      expect(foreign.statusCode).toBe(404);
    });

    it("refuses with 402 when the balance is short and leaves the cart as it was", async () => {
      const me = await freshClient(shop.testApp, "short-balance@example.com");
      await shop.testApp.app.balance.topUp({ clientId: me.id, companyId: null }, 10_000, "Тестовое пополнение");
      const ready = await readyCart(shop, me.token, null);
      expect(ready.totals.total).toBeGreaterThan(100);
      const response = await place(shop, me.token, { companyId: null, paymentType: "InternalBalance", idempotencyKey: "short-balance-1" });
      expect(response.statusCode, response.body).toBe(402);
      expect(problemOf(response)).toMatchObject({ code: "INSUFFICIENT_BALANCE", messageUI: "Недостаточно средств на балансе: доступно 100 ₽" });
      const still = await cartCall(shop, { method: "GET", url: "/api/client-cart", token: me.token });
      expect(still.orderProduct.map((line) => line.id)).toEqual(ready.orderProduct.map((line) => line.id));
      expect(still.readyToOrder).toBe(true);
      expect(await shop.testApp.database.db.select().from(clientOrder).where(eq(clientOrder.accountId, me.id))).toEqual([]);
      expect(await shop.testApp.app.balance.balanceKopecks({ clientId: me.id, companyId: null })).toBe(10_000);
    });

    it("never goes below zero: of two debits that each fit alone but not together, one is refused", async () => {
      const me = await freshClient(shop.testApp, "two-debits@example.com");
      const ledger = { clientId: me.id, companyId: null };
      const db = shop.testApp.database.db;
      await readyCart(shop, me.token, null);
      const anOrder = await placeOk(shop, me.token, { companyId: null, paymentType: "Yookassa", idempotencyKey: "debit-target-1" });
      await shop.testApp.app.balance.topUp(ledger, 100_000, "Тестовое пополнение");

      const debit = () => db.transaction((tx) => shop.testApp.app.balance.debitForOrder(tx, ledger, { amountKopecks: 60_000, orderId: anOrder.id, orderNumber: anOrder.number }));
      const outcomes = await Promise.allSettled([debit(), debit()]);
      const paid = outcomes.filter((outcome) => outcome.status === "fulfilled");
      const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
      expect(paid).toHaveLength(1);
      expect(refused).toHaveLength(1);
      const reason: unknown = refused[0]?.reason;
      expect(isShopError(reason) && reason.statusCode === 402 && reason.messageUI === "Недостаточно средств на балансе: доступно 400 ₽").toBe(true);
      expect(await shop.testApp.app.balance.balanceKopecks(ledger)).toBe(40_000);
    });

    it("places two parallel balance orders of one cart once: the second finds the cart empty", async () => {
      const me = await freshClient(shop.testApp, "parallel-balance@example.com");
      const ledger = { clientId: me.id, companyId: null };
      const ready = await readyCart(shop, me.token, null);
      const total = kopecks(ready.totals.total);
      await shop.testApp.app.balance.topUp(ledger, total + total / 2, "Тестовое пополнение");
      const [a, b] = await Promise.all([
        place(shop, me.token, { companyId: null, paymentType: "InternalBalance", idempotencyKey: "parallel-a-123" }),
        place(shop, me.token, { companyId: null, paymentType: "InternalBalance", idempotencyKey: "parallel-b-123" }),
      ]);
      expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 400]);
      const loser = [a, b].find((response) => response?.statusCode === 400);
      expect(loser && problemOf(loser).messageUI).toBe("В корзине нет товаров для заказа");
      expect(await shop.testApp.app.balance.balanceKopecks(ledger)).toBe(total / 2);
      const entries = await shop.testApp.database.db.select().from(balanceEntry).where(and(eq(balanceEntry.accountId, me.id), isNull(balanceEntry.companyId)));
      expect(entries.map((entry) => entry.amountKopecks).sort((x, y) => x - y)).toEqual([-total, total + total / 2]);
    });

    it("seeds the demo top-up once", async () => {
      expect(await seedDemoBalance(shop.testApp.database.db)).toBe(false);
      const entries = await shop.testApp.database.db
        .select()
        .from(balanceEntry)
        .where(and(eq(balanceEntry.companyId, romashkaId), eq(balanceEntry.reason, DEMO_BALANCE.reason)));
      expect(entries).toHaveLength(1);
    });
  });

  describe("Yookassa offline: the built-in test payment page", () => {
    it("pays on the test page and sends the shopper to the success page", async () => {
      const me = await freshClient(shop.testApp, "test-pay@example.com");
      await readyCart(shop, me.token, null);
      const order = await placeOk(shop, me.token, { companyId: null, paymentType: "Yookassa", idempotencyKey: "test-pay-12345" });
      if (order.payment.type !== "Yookassa") throw new Error("Expected a YooKassa payment");
      expect(order.payment.status).toBe("pending");
      expect(order.payment.confirmationUrl).toMatch(new RegExp(`^${ORIGIN}/api/payment/test/test-[0-9a-f-]{36}$`));
      const path = order.payment.confirmationUrl?.slice(ORIGIN.length) ?? "";

      const page = await shop.call({ method: "GET", url: path, token: me.token });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(page.headers["content-security-policy"]).toContain("default-src 'none'");
      expect(page.body).toContain(`Оплата заказа № ${order.number}`);
      expect(page.body).toContain(">Оплатить");
      expect(page.body).toContain(">Отменить<");
      expect(page.body).toContain('<form method="post"');
      expect(page.body).not.toContain("<script");

      const paid = await shop.call({ method: "POST", url: path, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "action=pay", token: me.token });
      expect(paid.statusCode, paid.body).toBe(303);
      expect(paid.headers.location).toBe(`${ORIGIN}/success-payment?orderId=${order.id}`);
      const after = await getOrder(shop, me.token, order.id);
      expect(after).toMatchObject({ status: "paid", paymentStatus: "paid", payment: { type: "Yookassa", status: "succeeded" } });
      expect(after.paidAt).not.toBeNull();

      // Pressing «Отменить» on a paid payment changes nothing.
      const late = await shop.call({ method: "POST", url: path, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "action=cancel", token: me.token });
      expect(late.statusCode).toBe(303);
      expect(late.headers.location).toBe(`${ORIGIN}/success-payment?orderId=${order.id}`);
      expect((await getOrder(shop, me.token, order.id)).paymentStatus).toBe("paid");
      const shown = await shop.call({ method: "GET", url: path, token: me.token });
      expect(shown.body).toContain("Этот платёж уже оплачен.");
      expect(shown.body).not.toContain("<form");
    });

    it("cancels on the test page and sends the shopper back to the order's success page (which offers paying again)", async () => {
      const me = await freshClient(shop.testApp, "test-cancel@example.com");
      await readyCart(shop, me.token, null);
      const order = await placeOk(shop, me.token, { companyId: null, paymentType: "Yookassa", idempotencyKey: "test-cancel-123" });
      const path = order.payment.type === "Yookassa" ? (order.payment.confirmationUrl?.slice(ORIGIN.length) ?? "") : "";
      const canceled = await shop.call({ method: "POST", url: path, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "action=cancel", token: me.token });
      expect(canceled.statusCode).toBe(303);
      expect(canceled.headers.location).toBe(`${ORIGIN}/success-payment?orderId=${order.id}`);
      expect(await getOrder(shop, me.token, order.id)).toMatchObject({ status: "new", paymentStatus: "cancelled", payment: { status: "canceled" } });
      const bad = await shop.call({ method: "POST", url: path, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "action=steal", token: me.token });
      expect(bad.statusCode).toBe(400);
      expect(problemOf(bad).messageUI).toBe("Выберите: оплатить или отменить");
      const unknown = await shop.call({ method: "GET", url: `/api/payment/test/test-${randomUUID()}`, token: me.token });
      expect(unknown.statusCode).toBe(404);
      expect(problemOf(unknown).messageUI).toBe("Платёж не найден");
    });

    it("shows and completes the test payment only for the order's own session or an employee (issue 28, finding 1)", async () => {
      const me = await freshClient(shop.testApp, "test-owner@example.com");
      await readyCart(shop, me.token, null);
      const order = await placeOk(shop, me.token, { companyId: null, paymentType: "Yookassa", idempotencyKey: "test-owner-123" });
      const path = order.payment.type === "Yookassa" ? (order.payment.confirmationUrl?.slice(ORIGIN.length) ?? "") : "";
      const form = { "content-type": "application/x-www-form-urlencoded" };
      // Anyone holding the link: no session, another client's.
      for (const token of [undefined, petrova.token]) {
        const shown = await shop.call({ method: "GET", url: path, token });
        expect(shown.statusCode, shown.body).toBe(403);
        expect(problemOf(shown)).toMatchObject({ code: "PAYMENT_NOT_YOURS", messageUI: expect.stringMatching(/другого покупателя/) });
        for (const action of ["pay", "cancel"]) {
          const pressed = await shop.call({ method: "POST", url: path, headers: form, payload: `action=${action}`, token });
          expect(pressed.statusCode, pressed.body).toBe(403);
          expect(problemOf(pressed).messageUI).toMatch(/Войдите в аккаунт/);
        }
      }
      expect(await getOrder(shop, me.token, order.id)).toMatchObject({ status: "new", paymentStatus: "pending", payment: { status: "pending" } });
      // An employee sees it (the shop's staff help a shopper); the owner pays.
      const employee = await login(shop, DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
      expect((await shop.call({ method: "GET", url: path, token: employee.token })).statusCode).toBe(200);
      const paid = await shop.call({ method: "POST", url: path, headers: form, payload: "action=pay", token: me.token });
      expect(paid.statusCode, paid.body).toBe(303);
      expect((await getOrder(shop, me.token, order.id)).paymentStatus).toBe("paid");
    });

    it("ignores YooKassa notifications while the shop has no YooKassa keys", async () => {
      const [row] = await shop.testApp.database.db.select().from(payment).where(eq(payment.provider, "test")).limit(1);
      const response = await shop.call({
        method: "POST",
        url: "/api/payment/yookassa/webhook",
        payload: { type: "notification", event: "payment.succeeded", object: { id: row?.externalId, status: "succeeded" } },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    });
  });

  describe("reading orders, and who may", () => {
    it("lists the client's orders newest first, by company and by page", async () => {
      const all = orderListPageSchema.parse((await shop.call({ method: "GET", url: "/api/client-order", token: client.token })).json());
      expect(all.total).toBe(2);
      expect(all.items.map((item) => item.paymentType)).toEqual(["InternalBalance", "Invoice"]);
      expect(all.items.every((item) => item.lineCount === 1)).toBe(true);
      const page = orderListPageSchema.parse((await shop.call({ method: "GET", url: "/api/client-order?limit=1&offset=1", token: client.token })).json());
      expect(page).toMatchObject({ total: 2, offset: 1, limit: 1 });
      expect(page.items.map((item) => item.id)).toEqual([all.items[1]?.id]);
      const ofRomashka = orderListPageSchema.parse((await shop.call({ method: "GET", url: `/api/client-order?companyId=${romashkaId}`, token: client.token })).json());
      expect(ofRomashka.total).toBe(2);
      const bad = await shop.call({ method: "GET", url: "/api/client-order?limit=1000", token: client.token });
      expect(bad.statusCode).toBe(400);
    });

    it("shows an order and its invoice only to its client; 404 for another client, 401 without a session", async () => {
      const [first] = orderListPageSchema.parse((await shop.call({ method: "GET", url: "/api/client-order", token: client.token })).json()).items.filter((item) => item.paymentType === "Invoice");
      const id = first?.id ?? 0;
      const mine = await getOrder(shop, client.token, id);
      const invoiceUrl = mine.payment.type === "Invoice" ? (mine.payment.invoiceUrl ?? "") : "";
      expect(invoiceUrl).not.toBe("");

      for (const url of [`/api/client-order/${id}`, `/api/client-order/${id}/invoice`, invoiceUrl.slice(ORIGIN.length)]) {
        const foreign = await shop.call({ method: "GET", url, token: petrova.token });
        expect(foreign.statusCode, url).toBe(404);
        const anonymous = await shop.call({ method: "GET", url });
        expect([401, 404], url).toContain(anonymous.statusCode);
      }
      expect((await shop.call({ method: "GET", url: `/api/client-order/${id}` })).statusCode).toBe(401);
      const theirs = orderListPageSchema.parse((await shop.call({ method: "GET", url: "/api/client-order", token: petrova.token })).json());
      expect(theirs).toMatchObject({ total: 0, items: [] });
      expect((await shop.call({ method: "GET", url: "/api/client-order/999999", token: client.token })).statusCode).toBe(404);
      expect((await shop.call({ method: "GET", url: "/api/client-order/abc", token: client.token })).statusCode).toBe(400);
    });

    it("has no invoice for an order paid otherwise", async () => {
      const [balanceOrder] = orderListPageSchema.parse((await shop.call({ method: "GET", url: "/api/client-order", token: client.token })).json()).items.filter((item) => item.paymentType === "InternalBalance");
      const response = await shop.call({ method: "GET", url: `/api/client-order/${balanceOrder?.id}/invoice`, token: client.token });
      expect(response.statusCode).toBe(404);
      expect(problemOf(response).code).toBe("INVOICE_NOT_FOUND");
    });

    it("lets an employee in client mode place the client's order, and no one outside it", async () => {
      const employee = await login(shop, DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
      const outside = await place(shop, employee.token, { companyId: null, paymentType: "Yookassa", idempotencyKey: "employee-key-1" });
      expect(outside.statusCode).toBe(403);
      const entered = await shop.call({ method: "POST", url: `/api/client/${client.id}/impersonalization`, token: employee.token, payload: { companyId: null } });
      expect(entered.statusCode, entered.body).toBe(200);
      await readyCart(shop, employee.token, null);
      const order = await placeOk(shop, employee.token, { companyId: null, paymentType: "Yookassa", idempotencyKey: "employee-key-1" });
      expect(order.placedById).toBe(employee.id);
      const [row] = await shop.testApp.database.db.select().from(clientOrder).where(eq(clientOrder.id, order.id));
      expect(row).toMatchObject({ accountId: client.id, placedById: employee.id });
      // The client sees the order the manager placed for them.
      expect((await getOrder(shop, client.token, order.id)).id).toBe(order.id);
      const anonymous = await place(shop, "", { companyId: null, paymentType: "Yookassa", idempotencyKey: "anonymous-key-1" });
      expect(anonymous.statusCode).toBe(401);
      const [personalCart] = await shop.testApp.database.db.select().from(cart).where(and(eq(cart.accountId, client.id), isNull(cart.companyId)));
      const leftovers = await shop.testApp.database.db.select().from(orderProduct).where(eq(orderProduct.cartId, personalCart?.id ?? 0));
      expect(leftovers).toEqual([]);
    });

    it("is what the storefront's API client (shared/http) places and reads, over a real socket", async () => {
      const me = await freshClient(shop.testApp, "api-client@example.com");
      await readyCart(shop, me.token, null);
      const origin = await listenOnLoopback(shop.testApp.app);
      const api = createApi({ baseURL: `${origin}/api`, sessionToken: { get: () => me.token, set: () => undefined } });
      const order = await api.placeOrder({ companyId: null, paymentType: "Yookassa", idempotencyKey: "api-client-order-1" });
      expect(order.payment).toMatchObject({ type: "Yookassa", confirmationUrl: expect.stringMatching(/^http/) });
      expect(await api.getOrder(order.id)).toEqual(order);
      const list = await api.getOrders({ limit: 5 });
      expect(list.items.map((item) => item.id)).toEqual([order.id]);
      expect(await api.getBalance()).toEqual({ companyId: null, balance: 0, entries: [] });
      const again = await api.placeOrder({ companyId: null, paymentType: "Yookassa", idempotencyKey: "api-client-order-1" });
      expect(again.id).toBe(order.id);
      const refused = await api.placeOrder({ companyId: null, paymentType: "Yookassa", idempotencyKey: "api-client-order-2" }).catch((error: unknown) => error);
      expect(isApiError(refused) && refused.messageUI).toBe("В корзине нет товаров для заказа");
    });
  });
});

/* ============================================================================================== */

interface FakePayment {
  id: string;
  status: "pending" | "waiting_for_capture" | "succeeded" | "canceled";
  paid: boolean;
  amount: { value: string; currency: string };
  confirmation: { type: "redirect"; confirmation_url: string; return_url: string };
  description: string;
  metadata: Record<string, string>;
  created_at: string;
  test: boolean;
}

interface SeenCreate {
  authorization: string | undefined;
  idempotenceKey: string | undefined;
  body: unknown;
}

/**
 * YooKassa's API v3 as its documentation describes it, on 127.0.0.1: Basic auth shopId:secretKey,
 * an Idempotence-Key on every POST (a repeated key answers the first payment), payments read back
 * by id.
 */
class FakeYookassa {
  readonly payments = new Map<string, FakePayment>();
  readonly creates: SeenCreate[] = [];
  readonly reads: string[] = [];
  private readonly byKey = new Map<string, string>();
  failCreates = 0;
  private server: Server | undefined;
  baseUrl = "";

  constructor(
    private readonly shopId: string,
    private readonly secretKey: string,
  ) {}

  async start(): Promise<void> {
    this.server = createServer((request, response) => void this.handle(request, response.writeHead.bind(response), (body) => response.end(body)));
    this.baseUrl = await serveOnLoopback(this.server);
  }

  async stop(): Promise<void> {
    if (this.server) await closeServer(this.server);
  }

  private async handle(request: IncomingMessage, writeHead: (status: number, headers: Record<string, string>) => unknown, end: (body: string) => void): Promise<void> {
    const reply = (status: number, body: unknown) => {
      writeHead(status, { "content-type": "application/json" });
      end(JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    if (request.headers.authorization !== `Basic ${Buffer.from(`${this.shopId}:${this.secretKey}`).toString("base64")}`) {
      reply(401, { type: "error", code: "invalid_credentials", description: "Authentication by given credentials failed" });
      return;
    }
    if (request.method === "POST" && request.url === "/v3/payments") {
      const idempotenceKey = request.headers["idempotence-key"];
      const key = typeof idempotenceKey === "string" ? idempotenceKey : undefined;
      const body = JSON.parse(text) as { amount: { value: string; currency: string }; confirmation: { return_url: string }; description: string; metadata: Record<string, string> };
      this.creates.push({ authorization: request.headers.authorization, idempotenceKey: key, body });
      if (!key) {
        reply(400, { type: "error", code: "invalid_request", description: "Idempotence key is missing" });
        return;
      }
      if (this.failCreates > 0) {
        this.failCreates -= 1;
        reply(500, { type: "error", code: "internal_server_error" });
        return;
      }
      const known = this.byKey.get(key);
      const existing = known === undefined ? undefined : this.payments.get(known);
      if (existing) {
        reply(200, existing);
        return;
      }
      const id = randomUUID();
      const created: FakePayment = {
        id,
        status: "pending",
        paid: false,
        amount: body.amount,
        confirmation: { type: "redirect", confirmation_url: `https://yoomoney.ru/checkout/payments/v2/contract?orderId=${id}`, return_url: body.confirmation.return_url },
        description: body.description,
        metadata: body.metadata,
        created_at: new Date().toISOString(),
        test: true,
      };
      this.payments.set(id, created);
      this.byKey.set(key, id);
      reply(200, created);
      return;
    }
    const read = request.method === "GET" ? /^\/v3\/payments\/([^/]+)$/.exec(request.url ?? "") : null;
    if (read?.[1]) {
      const id = decodeURIComponent(read[1]);
      this.reads.push(id);
      const found = this.payments.get(id);
      if (found) reply(200, found);
      else reply(404, { type: "error", code: "not_found", description: "Payment not found" });
      return;
    }
    reply(404, { type: "error", code: "not_found" });
  }
}

describe("Yookassa with keys: the real API (faked at its HTTP boundary) and its webhook", () => {
  const fake = new FakeYookassa("123456", "test_secret");
  let shop: Shop;

  beforeAll(async () => {
    await fake.start();
    shop = await openShop({ yookassa: createYookassaClient({ shopId: "123456", secretKey: "test_secret", baseUrl: fake.baseUrl }) });
  });
  afterAll(async () => {
    await shop.testApp.close();
    await fake.stop();
  });

  const notify = (id: string, event = "payment.succeeded") =>
    shop.call({
      method: "POST",
      url: "/api/payment/yookassa/webhook",
      payload: { type: "notification", event, object: { id, status: "succeeded", paid: true, amount: { value: "0.01", currency: "RUB" }, metadata: {} } },
    });

  it("creates the payment with Basic auth, an Idempotence-Key and YooKassa's body; the webhook is believed only after a refetch", async () => {
    const me = await freshClient(shop.testApp, "yookassa@example.com");
    await readyCart(shop, me.token, null);
    const order = await placeOk(shop, me.token, { companyId: null, paymentType: "Yookassa", idempotencyKey: "yookassa-order-1" });
    if (order.payment.type !== "Yookassa") throw new Error("Expected a YooKassa payment");
    expect(order.payment.confirmationUrl).toMatch(/^https:\/\/yoomoney\.ru\/checkout\/payments\/v2\/contract\?orderId=/);

    expect(fake.creates).toHaveLength(1);
    const [seen] = fake.creates;
    expect(seen?.idempotenceKey).toMatch(/^[0-9a-f-]{36}$/);
    const totalKopecks = kopecks(order.total);
    expect(seen?.body).toEqual({
      amount: { value: `${Math.floor(totalKopecks / 100)}.${String(totalKopecks % 100).padStart(2, "0")}`, currency: "RUB" },
      capture: true,
      confirmation: { type: "redirect", return_url: `${ORIGIN}/success-payment?orderId=${order.id}` },
      description: `Заказ № ${order.number} в типографии «Оттиск»`,
      metadata: { orderId: String(order.id) },
      // The 54-ФЗ receipt (issue 30): its fields are tested in money.test.ts.
      receipt: expect.objectContaining({ customer: { email: "yookassa@example.com" }, tax_system_code: 1 }),
    });
    const [stored] = await shop.testApp.database.db.select().from(payment).where(eq(payment.orderId, order.id));
    expect(stored).toMatchObject({ provider: "yookassa", status: "pending", amountKopecks: totalKopecks, idempotenceKey: seen?.idempotenceKey });
    const externalId = stored?.externalId ?? "";
    expect(fake.payments.has(externalId)).toBe(true);

    // Placing again with the same key answers the same order without a second payment.
    const again = await placeOk(shop, me.token, { companyId: null, paymentType: "Yookassa", idempotencyKey: "yookassa-order-1" });
    expect(again.payment).toEqual(order.payment);
    expect(fake.creates).toHaveLength(1);

    // A forged notification: YooKassa says the payment is still pending, so nothing changes.
    const forged = await notify(externalId);
    expect(forged.statusCode, forged.body).toBe(200);
    expect(fake.reads).toContain(externalId);
    expect(await getOrder(shop, me.token, order.id)).toMatchObject({ status: "new", paymentStatus: "pending", paidAt: null });

    // YooKassa really has it paid: the order is paid, and a repeated notification changes nothing more.
    const remote = fake.payments.get(externalId);
    if (remote) Object.assign(remote, { status: "succeeded", paid: true });
    expect((await notify(externalId)).statusCode).toBe(200);
    const paid = await getOrder(shop, me.token, order.id);
    expect(paid).toMatchObject({ status: "paid", paymentStatus: "paid", payment: { type: "Yookassa", status: "succeeded" } });
    expect((await notify(externalId)).statusCode).toBe(200);
    expect(await getOrder(shop, me.token, order.id)).toEqual(paid);
  });

  it("does not believe a payment whose amount or order does not match, and ignores unknown payments with 200", async () => {
    const me = await freshClient(shop.testApp, "yookassa-mismatch@example.com");
    await readyCart(shop, me.token, null);
    const order = await placeOk(shop, me.token, { companyId: null, paymentType: "Yookassa", idempotencyKey: "yookassa-mismatch" });
    const [stored] = await shop.testApp.database.db.select().from(payment).where(eq(payment.orderId, order.id));
    const remote = fake.payments.get(stored?.externalId ?? "");
    if (!remote) throw new Error("The fake has no such payment");
    Object.assign(remote, { status: "succeeded", paid: true, amount: { value: "1.00", currency: "RUB" } });
    expect((await notify(remote.id)).statusCode).toBe(200);
    expect((await getOrder(shop, me.token, order.id)).paymentStatus).toBe("pending");
    Object.assign(remote, { amount: { value: (kopecks(order.total) / 100).toFixed(2), currency: "RUB" }, metadata: { orderId: "1" } });
    expect((await notify(remote.id)).statusCode).toBe(200);
    expect((await getOrder(shop, me.token, order.id)).paymentStatus).toBe("pending");

    const unknown = await notify(randomUUID());
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ ok: true });
    const notANotification = await shop.call({ method: "POST", url: "/api/payment/yookassa/webhook", payload: { hello: "world" } });
    expect(notANotification.statusCode).toBe(400);
  });

  it("cancels on YooKassa's word", async () => {
    const me = await freshClient(shop.testApp, "yookassa-cancel@example.com");
    await readyCart(shop, me.token, null);
    const order = await placeOk(shop, me.token, { companyId: null, paymentType: "Yookassa", idempotencyKey: "yookassa-cancel" });
    const [stored] = await shop.testApp.database.db.select().from(payment).where(eq(payment.orderId, order.id));
    const remote = fake.payments.get(stored?.externalId ?? "");
    if (remote) remote.status = "canceled";
    expect((await notify(stored?.externalId ?? "", "payment.canceled")).statusCode).toBe(200);
    expect(await getOrder(shop, me.token, order.id)).toMatchObject({ paymentStatus: "cancelled", payment: { status: "canceled" } });
  });

  it("answers 502 when YooKassa is down, and a retry with the same key sends the same Idempotence-Key", async () => {
    const me = await freshClient(shop.testApp, "yookassa-down@example.com");
    await readyCart(shop, me.token, null);
    const createsBefore = fake.creates.length;
    fake.failCreates = 1;
    const down = await place(shop, me.token, { companyId: null, paymentType: "Yookassa", idempotencyKey: "yookassa-down-1" });
    expect(down.statusCode).toBe(502);
    expect(problemOf(down).messageUI).toMatch(/^Заказ № \d{4}-\d{6} оформлен, но платёжный сервис не ответил/);
    const retried = await placeOk(shop, me.token, { companyId: null, paymentType: "Yookassa", idempotencyKey: "yookassa-down-1" });
    expect(retried.payment).toMatchObject({ type: "Yookassa", status: "pending", confirmationUrl: expect.stringMatching(/^https:\/\/yoomoney\.ru\//) });
    const keys = fake.creates.slice(createsBefore).map((seen) => seen.idempotenceKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await shop.testApp.database.db.select().from(clientOrder).where(eq(clientOrder.accountId, me.id))).toHaveLength(1);
  });

  it("is refused by YooKassa with wrong keys", async () => {
    const wrong = createYookassaClient({ shopId: "123456", secretKey: "wrong", baseUrl: fake.baseUrl });
    await expect(wrong.getPayment("anything")).rejects.toThrow(/401/);
  });
});

/* ============================================================================================== */

describe("a shop without card payments (OTTISK_PAYMENTS=invoice,balance) and without the test page (issue 28, finding 1)", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ payments: ["invoice", "balance"], testPaymentPage: false });
  });
  afterAll(async () => {
    await shop.testApp.close();
  });

  it("answers «Оплатить» on a card order placed before card payments were turned off with 409 and what to do, and makes no payment", async () => {
    // The same database under a node that still offered cards when the order was placed.
    const before = await startSecondNode(shop.testApp, { publicUrl: ORIGIN });
    try {
      const earlier: Shop = { ...shop, call: makeCall({ ...shop.testApp, app: before }) };
      const me = await freshClient(shop.testApp, "card-then-off@example.com");
      await readyCart(earlier, me.token, null);
      const order = await placeOk(earlier, me.token, { companyId: null, paymentType: "Yookassa", idempotencyKey: "card-then-off-1" });
      const payments = async () => shop.testApp.database.db.select({ id: payment.id }).from(payment).where(eq(payment.orderId, order.id));
      const made = (await payments()).length;
      const again = await shop.call({ method: "POST", url: `/api/client-order/${order.id}/payment`, token: me.token });
      expect(again.statusCode, again.body).toBe(409);
      expect(problemOf(again)).toMatchObject({ code: "PAYMENT_TYPE_OFF", messageUI: `Оплата картой сейчас отключена: свяжитесь с нами, и мы поможем оплатить заказ № ${order.number} иначе` });
      expect(await payments()).toHaveLength(made);
    } finally {
      await before.close();
    }
  });

  it("offers no card payment in the cart, refuses choosing one and placing one, and has no test payment page", async () => {
    const me = await freshClient(shop.testApp, "no-card@example.com");
    const ready = await readyCart(shop, me.token, null);
    expect(ready.paymentTypes).toEqual(["InternalBalance"]);
    const chosen = await shop.call({ method: "PATCH", url: "/api/client-cart", token: me.token, payload: { paymentType: "Yookassa" } });
    expect(chosen.statusCode, chosen.body).toBe(400);
    expect(problemOf(chosen)).toMatchObject({ code: "PAYMENT_TYPE_OFF", messageUI: "Этот способ оплаты в магазине отключён: выберите другой" });
    const placed = await place(shop, me.token, { companyId: null, paymentType: "Yookassa", idempotencyKey: "no-card-order-1" });
    expect(placed.statusCode, placed.body).toBe(400);
    expect(problemOf(placed)).toMatchObject({ code: "PAYMENT_TYPE_OFF", messageUI: "Этот способ оплаты в магазине отключён: выберите другой" });
    expect(await shop.testApp.database.db.select().from(clientOrder).where(eq(clientOrder.accountId, me.id))).toEqual([]);

    // A payment row left from before (a test payment) cannot be paid: the page is not there at all.
    const [row] = await shop.testApp.database.db.select({ externalId: payment.externalId }).from(payment).where(eq(payment.provider, "test")).limit(1);
    const id = row?.externalId ?? `test-${randomUUID()}`;
    for (const method of ["GET", "POST"] as const) {
      const response = await shop.call({ method, url: `/api/payment/test/${id}`, token: me.token, ...(method === "POST" ? { headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "action=pay" } : {}) });
      expect(response.statusCode, `${method} ${response.body}`).toBe(404);
      expect(problemOf(response).code).toBe("ROUTE_NOT_FOUND");
    }
  });
});
