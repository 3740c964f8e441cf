import { asc, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employeeOrderListPageSchema, employeeOrderSchema } from "../../shared/contracts/index";
import type { EmployeeOrder, EmployeeOrderListPage, PaymentType } from "../../shared/contracts/index";
import { account, clientOrder, company, designOrder, notification, orderProduct, orderStatusCount, product } from "../../server/db/schema";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { orderNumber } from "../../server/services/orders/order-placing";
import { callerOf, loginToken, problemOf } from "./support/api-calls";
import { startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * The employee's panel over every client's orders (issue 15) through Fastify's inject: who may call
 * it, the list's filters, search and counts, one order with its client, company and design orders,
 * and the status rules with the client's notification written alongside.
 */

let testApp: TestApp;
const call = callerOf(() => testApp.app);
const ORIGIN = "https://shop.example";

let employee: string;
let ivan: { id: number; token: string; romashkaId: number };
let olga: { id: number; token: string };
let productId: number;

beforeAll(async () => {
  testApp = await startTestApp({ publicUrl: ORIGIN });
  employee = await loginToken(testApp.app, DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
  const db = testApp.database.db;
  const [ivanRow] = await db.select({ id: account.id }).from(account).where(eq(account.email, DEMO_ACCOUNTS.client.email));
  const [olgaRow] = await db.select({ id: account.id }).from(account).where(eq(account.email, DEMO_ACCOUNTS.secondClient.email));
  const [romashka] = await db.select({ id: company.id }).from(company).where(eq(company.name, "ООО «Ромашка»"));
  const [anyProduct] = await db.select({ id: product.id }).from(product).orderBy(asc(product.id)).limit(1);
  if (!ivanRow || !olgaRow || !romashka || !anyProduct) throw new Error("The demo data is missing");
  ivan = { id: ivanRow.id, token: await loginToken(testApp.app, DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password), romashkaId: romashka.id };
  olga = { id: olgaRow.id, token: await loginToken(testApp.app, DEMO_ACCOUNTS.secondClient.email, DEMO_ACCOUNTS.secondClient.password) };
  productId = anyProduct.id;
});
afterAll(async () => {
  await testApp.close();
});

let keys = 0;

/** An order written as placing writes it, at a given moment (the list is newest first), with one line. */
async function orderOf(clientId: number, options: { companyId?: number | null; paymentType?: PaymentType; status?: string; paymentStatus?: string; at: Date }) {
  const db = testApp.database.db;
  keys += 1;
  const [created] = await db
    .insert(clientOrder)
    .values({
      number: `tmp-${keys}-${Date.now()}`,
      accountId: clientId,
      companyId: options.companyId ?? null,
      status: options.status ?? "new",
      paymentType: options.paymentType ?? "Invoice",
      paymentStatus: options.paymentStatus ?? "pending",
      itemsKopecks: 150_000,
      totalKopecks: 150_000,
      vatKopecks: 27_049,
      idempotencyKey: `employee-test-${keys}`,
      createdAt: options.at,
    })
    .returning();
  if (!created) throw new Error("No order");
  const number = orderNumber(options.at, created.id);
  await db.update(clientOrder).set({ number }).where(eq(clientOrder.id, created.id));
  const [line] = await db
    .insert(orderProduct)
    .values({ orderId: created.id, productId, quantity: 100, unitPriceKopecks: 1_500, priceKopecks: 150_000, productionTimeDay: 3 })
    .returning({ id: orderProduct.id });
  return { id: created.id, number, lineId: line?.id ?? 0 };
}

async function list(query: string, token = employee): Promise<EmployeeOrderListPage> {
  const response = await call({ method: "GET", url: `/api/employee/order${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return employeeOrderListPageSchema.parse(response.json());
}

async function changeStatus(orderId: number, status: string, token = employee) {
  return call({ method: "PATCH", url: `/api/employee/order/${orderId}/status`, token, payload: { status } });
}

async function notificationsOf(orderId: number) {
  return testApp.database.db.select().from(notification).where(eq(notification.orderId, orderId)).orderBy(asc(notification.id));
}

describe("who may use the panel", () => {
  it("is for staff outside client mode: 401 anonymous, 403 a client, 403 CLIENT_MODE_ACTIVE in client mode", async () => {
    const placed = await orderOf(ivan.id, { at: new Date("2026-03-01T10:00:00Z") });
    expect((await call({ method: "GET", url: "/api/employee/order" })).statusCode).toBe(401);
    for (const url of ["/api/employee/order", `/api/employee/order/${placed.id}`]) {
      const client = await call({ method: "GET", url, token: ivan.token });
      expect(client.statusCode).toBe(403);
      expect(problemOf(client).code).toBe("EMPLOYEES_ONLY");
    }
    const patched = await changeStatus(placed.id, "in_production", ivan.token);
    expect(patched.statusCode).toBe(403);

    const acting = await loginToken(testApp.app, DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
    const entered = await call({ method: "POST", url: `/api/client/${ivan.id}/impersonalization`, token: acting, payload: { companyId: null } });
    expect(entered.statusCode, entered.body).toBe(200);
    const inClientMode = await call({ method: "GET", url: "/api/employee/order", token: acting });
    expect(inClientMode.statusCode).toBe(403);
    expect(problemOf(inClientMode)).toMatchObject({ code: "CLIENT_MODE_ACTIVE", messageUI: expect.stringContaining("Выйдите из него") });
    expect((await changeStatus(placed.id, "in_production", acting)).statusCode).toBe(403);
    // Nothing changed for the client.
    const [row] = await testApp.database.db.select().from(clientOrder).where(eq(clientOrder.id, placed.id));
    expect(row?.status).toBe("new");
    expect(await notificationsOf(placed.id)).toEqual([]);

    expect((await call({ method: "POST", url: "/api/client/exit-impersonalization", token: acting })).statusCode).toBe(200);
    expect((await call({ method: "GET", url: "/api/employee/order", token: acting })).statusCode).toBe(200);
  });
});

describe("GET /employee/order", () => {
  let ivanPersonal: { id: number; number: string };
  let ivanRomashka: { id: number; number: string };
  let olgaShipped: { id: number; number: string };

  beforeAll(async () => {
    ivanPersonal = await orderOf(ivan.id, { at: new Date("2026-04-01T10:00:00Z") });
    ivanRomashka = await orderOf(ivan.id, { companyId: ivan.romashkaId, status: "in_production", paymentStatus: "paid", at: new Date("2026-04-02T10:00:00Z") });
    olgaShipped = await orderOf(olga.id, { paymentType: "Yookassa", status: "shipped", paymentStatus: "paid", at: new Date("2026-04-03T10:00:00Z") });
  });

  it("lists every client's orders newest first, with the client, the company and the counts per status", async () => {
    const page = await list("?limit=100");
    const ids = page.items.map((item) => item.id);
    expect(ids.indexOf(olgaShipped.id)).toBeLessThan(ids.indexOf(ivanRomashka.id));
    expect(ids.indexOf(ivanRomashka.id)).toBeLessThan(ids.indexOf(ivanPersonal.id));
    const created = page.items.map((item) => item.createdAt);
    expect([...created].sort().reverse()).toEqual(created);

    const romashka = page.items.find((item) => item.id === ivanRomashka.id);
    expect(romashka).toMatchObject({
      number: ivanRomashka.number,
      status: "in_production",
      paymentStatus: "paid",
      total: 1500,
      lineCount: 1,
      client: { id: ivan.id, name: "Иван", surname: "Иванов", email: DEMO_ACCOUNTS.client.email },
      company: { id: ivan.romashkaId, name: "ООО «Ромашка»", inn: "2308123457" },
    });
    expect(page.items.find((item) => item.id === ivanPersonal.id)?.company).toBeNull();

    const counts = page.statusCounts;
    expect(Object.values(counts).reduce((sum, value) => sum + value, 0)).toBe(page.total);
    expect(counts.shipped).toBeGreaterThanOrEqual(1);
    expect(counts.in_production).toBeGreaterThanOrEqual(1);
  });

  it("filters by status and by client; the counts follow the client, not the status", async () => {
    const shipped = await list("?status=shipped");
    expect(shipped.items.every((item) => item.status === "shipped")).toBe(true);
    expect(shipped.items.map((item) => item.id)).toContain(olgaShipped.id);
    expect(shipped.total).toBe(shipped.statusCounts.shipped);

    const olgas = await list(`?clientId=${olga.id}`);
    expect(olgas.items.every((item) => item.client.id === olga.id)).toBe(true);
    expect(olgas.items.map((item) => item.id)).toContain(olgaShipped.id);
    const olgasNew = await list(`?clientId=${olga.id}&status=new`);
    expect(olgasNew.items).toEqual([]);
    expect(olgasNew.total).toBe(0);
    expect(olgasNew.statusCounts).toEqual(olgas.statusCounts);

    // Empty filters are no filters, as the panel's GET form sends them.
    const all = await list("?status=&clientId=&search=");
    expect(all.total).toBe((await list("")).total);
  });

  it("searches by order number, name, e-mail, company name and ИНН (ё = е, any case)", async () => {
    const idsFor = async (search: string) => (await list(`?limit=100&search=${encodeURIComponent(search)}`)).items.map((item) => item.id);
    expect(await idsFor(olgaShipped.number)).toEqual([olgaShipped.id]);
    expect(await idsFor("петрова")).toContain(olgaShipped.id);
    expect(await idsFor("петрова")).not.toContain(ivanPersonal.id);
    expect(await idsFor("Иван Иванов")).toEqual(expect.arrayContaining([ivanPersonal.id, ivanRomashka.id]));
    expect(await idsFor("CLIENT@EXAMPLE")).toContain(ivanPersonal.id);
    const byCompany = await idsFor("ромашка");
    expect(byCompany).toContain(ivanRomashka.id);
    expect(byCompany).not.toContain(ivanPersonal.id);
    expect(await idsFor("2308123457")).toContain(ivanRomashka.id);
    expect(await idsFor("нет-такого-заказа")).toEqual([]);
    // LIKE's own characters are plain text.
    expect(await idsFor("%")).toEqual([]);
  });

  it("pages with offset and limit", async () => {
    const first = await list("?limit=2");
    const second = await list("?limit=2&offset=2");
    expect(first.items).toHaveLength(2);
    expect(first.limit).toBe(2);
    expect(second.offset).toBe(2);
    expect(second.items.map((item) => item.id).some((id) => first.items.some((item) => item.id === id))).toBe(false);
  });

  it("answers 400 with a Russian message for a bad filter", async () => {
    for (const query of ["?status=lost", "?clientId=abc", "?limit=1000", `?search=${"я".repeat(101)}`]) {
      const response = await call({ method: "GET", url: `/api/employee/order${query}`, token: employee });
      expect(response.statusCode, query).toBe(400);
      expect(problemOf(response).messageUI).toMatch(/[а-яё]/i);
    }
  });
});

describe("GET /employee/order/{id}", () => {
  it("gives any client's order with the client's contacts, the company, the design orders and the next statuses", async () => {
    const placed = await orderOf(ivan.id, { companyId: ivan.romashkaId, at: new Date("2026-05-01T10:00:00Z") });
    const [design] = await testApp.database.db
      .insert(designOrder)
      .values({ accountId: ivan.id, companyId: ivan.romashkaId, orderProductId: placed.lineId, orderId: placed.id, productId, detailName: "Лицевая сторона", comment: "Логотип крупнее" })
      .returning({ id: designOrder.id });

    const response = await call({ method: "GET", url: `/api/employee/order/${placed.id}`, token: employee });
    expect(response.statusCode, response.body).toBe(200);
    const order: EmployeeOrder = employeeOrderSchema.parse(response.json());
    expect(order).toMatchObject({
      id: placed.id,
      number: placed.number,
      status: "new",
      client: { id: ivan.id, name: "Иван", surname: "Иванов", email: DEMO_ACCOUNTS.client.email, phone: "+7 (918) 123-45-67" },
      company: { id: ivan.romashkaId, name: "ООО «Ромашка»", inn: "2308123457", kpp: "230801001" },
      placedBy: null,
      nextStatuses: ["paid", "in_production", "cancelled"],
    });
    expect(order.lines).toHaveLength(1);
    expect(order.designOrders).toEqual([
      expect.objectContaining({ designId: design?.id, orderId: placed.id, orderProductId: placed.lineId, detailName: "Лицевая сторона", comment: "Логотип крупнее", status: "new" }),
    ]);
    // Paid by invoice: the invoice is made on reading, as for the client.
    expect(order.payment).toMatchObject({ type: "Invoice", invoiceUrl: expect.stringContaining(`${ORIGIN}/api/file/`) });
  });

  it("answers 404 for an order that does not exist", async () => {
    const response = await call({ method: "GET", url: "/api/employee/order/2147483000", token: employee });
    expect(response.statusCode).toBe(404);
    expect(problemOf(response).messageUI).toBe("Заказ не найден");
  });
});

describe("PATCH /employee/order/{id}/status", () => {
  it("moves an order along new → paid → in_production → shipped → done and tells the client each time", async () => {
    const placed = await orderOf(ivan.id, { companyId: ivan.romashkaId, at: new Date("2026-06-01T10:00:00Z") });
    const paid = await changeStatus(placed.id, "paid");
    expect(paid.statusCode, paid.body).toBe(200);
    const paidOrder = employeeOrderSchema.parse(paid.json());
    expect(paidOrder).toMatchObject({ status: "paid", paymentStatus: "paid", nextStatuses: ["in_production", "cancelled"] });
    expect(paidOrder.paidAt).not.toBeNull();

    for (const [status, next] of [
      ["in_production", ["shipped", "cancelled"]],
      ["shipped", ["done", "cancelled"]],
      ["done", []],
    ] as const) {
      const response = await changeStatus(placed.id, status);
      expect(response.statusCode, response.body).toBe(200);
      expect(employeeOrderSchema.parse(response.json())).toMatchObject({ status, nextStatuses: next });
    }

    const news = await notificationsOf(placed.id);
    expect(news.map((item) => item.title)).toEqual([
      // The notifications say what the letters say (issue 30: order-mail.ts): payment received, handed to delivery.
      `Заказ № ${placed.number} оплачен`,
      `Заказ № ${placed.number}: передан в производство`,
      `Заказ № ${placed.number} передан в доставку`,
      `Заказ № ${placed.number}: выполнен`,
    ]);
    expect(news.every((item) => item.kind === "order_status" && item.accountId === ivan.id && item.companyId === ivan.romashkaId)).toBe(true);
  });

  it("refuses a forbidden move with 409 and a Russian message, and writes nothing", async () => {
    const done = await orderOf(olga.id, { status: "done", paymentStatus: "paid", at: new Date("2026-06-02T10:00:00Z") });
    for (const status of ["cancelled", "new", "in_production"]) {
      const response = await changeStatus(done.id, status);
      expect(response.statusCode, status).toBe(409);
      expect(problemOf(response)).toMatchObject({ code: "ORDER_STATUS_FORBIDDEN", messageUI: expect.stringContaining(`Заказ № ${done.number} сейчас «Выполнен»`) });
    }
    const shipped = await orderOf(olga.id, { status: "shipped", paymentStatus: "paid", at: new Date("2026-06-02T11:00:00Z") });
    const back = await changeStatus(shipped.id, "in_production");
    expect(back.statusCode).toBe(409);
    expect(problemOf(back).messageUI).toBe(`Заказ № ${shipped.number} сейчас «Отгружен»: перевести его в «В производстве» нельзя.`);

    // A card payment marks itself paid: staff cannot.
    const card = await orderOf(olga.id, { paymentType: "Yookassa", at: new Date("2026-06-02T12:00:00Z") });
    const byHand = await changeStatus(card.id, "paid");
    expect(byHand.statusCode).toBe(409);
    expect(problemOf(byHand).messageUI).toContain("только у заказа по счёту");
    const cardOrder = employeeOrderSchema.parse((await call({ method: "GET", url: `/api/employee/order/${card.id}`, token: employee })).json());
    expect(cardOrder.nextStatuses).toEqual(["in_production", "cancelled"]);

    for (const id of [done.id, shipped.id, card.id]) expect(await notificationsOf(id)).toEqual([]);
    const [row] = await testApp.database.db.select().from(clientOrder).where(eq(clientOrder.id, done.id));
    expect(row?.status).toBe("done");
  });

  it("cancels an unpaid order with its payment; the same status again changes nothing", async () => {
    const placed = await orderOf(olga.id, { at: new Date("2026-06-03T10:00:00Z") });
    const cancelled = await changeStatus(placed.id, "cancelled");
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(employeeOrderSchema.parse(cancelled.json())).toMatchObject({ status: "cancelled", paymentStatus: "cancelled", nextStatuses: [] });
    const again = await changeStatus(placed.id, "cancelled");
    expect(again.statusCode).toBe(200);
    const news = await notificationsOf(placed.id);
    expect(news.map((item) => item.title)).toEqual([`Заказ № ${placed.number}: отменён`]);
    expect(news[0]).toMatchObject({ accountId: olga.id, companyId: null, kind: "order_status" });
  });

  it("keeps a paid order's payment when it is cancelled and says the money comes back", async () => {
    const placed = await orderOf(ivan.id, { status: "in_production", paymentStatus: "paid", at: new Date("2026-06-04T10:00:00Z") });
    const cancelled = employeeOrderSchema.parse((await changeStatus(placed.id, "cancelled")).json());
    expect(cancelled).toMatchObject({ status: "cancelled", paymentStatus: "paid" });
    const [news] = await notificationsOf(placed.id);
    expect(news?.body).toContain("вернуть деньги");
  });

  it("answers 400 for an unknown status and 404 for an unknown order", async () => {
    const placed = await orderOf(ivan.id, { at: new Date("2026-06-05T10:00:00Z") });
    const unknown = await changeStatus(placed.id, "lost");
    expect(unknown.statusCode).toBe(400);
    expect(problemOf(unknown).messageUI).toBe("Выберите новый статус заказа");
    expect((await changeStatus(2_147_483_000, "done")).statusCode).toBe(404);
  });

  it("lets two employees move one order at once: the row lock puts them one after the other", async () => {
    const placed = await orderOf(ivan.id, { at: new Date("2026-06-06T10:00:00Z") });
    const second = await loginToken(testApp.app, DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
    const [cancel, produce] = await Promise.all([changeStatus(placed.id, "cancelled"), changeStatus(placed.id, "in_production", second)]);
    const [row] = await testApp.database.db.select().from(clientOrder).where(eq(clientOrder.id, placed.id));
    // Either order ends cancelled: cancelled first refuses in_production (409), or in_production then cancelled.
    expect(row?.status).toBe("cancelled");
    expect(cancel.statusCode).toBe(200);
    const titles = (await notificationsOf(placed.id)).map((item) => item.title);
    if (produce.statusCode === 409) expect(titles).toEqual([`Заказ № ${placed.number}: отменён`]);
    else expect(titles).toEqual([`Заказ № ${placed.number}: передан в производство`, `Заказ № ${placed.number}: отменён`]);
  });
});

describe("the counts per status (kept by the writes, issue 31)", () => {
  /** What a scan of every order counts, per status. */
  async function countedByScan(): Promise<Record<string, number>> {
    const rows = await testApp.database.db.select({ status: clientOrder.status, orders: count() }).from(clientOrder).groupBy(clientOrder.status);
    const counts: Record<string, number> = { new: 0, paid: 0, in_production: 0, shipped: 0, done: 0, cancelled: 0 };
    for (const row of rows) counts[row.status] = row.orders;
    return counts;
  }

  async function expectCountsRight() {
    const page = await list("?limit=1");
    expect(page.statusCounts).toEqual(await countedByScan());
    expect(page.total).toBe(Object.values(await countedByScan()).reduce((sum, value) => sum + value, 0));
  }

  it("match a count of every order after orders are written, moved, cancelled, updated without a move and deleted", async () => {
    await expectCountsRight();
    const placed = await orderOf(ivan.id, { at: new Date("2026-07-01T10:00:00Z") });
    const other = await orderOf(olga.id, { status: "paid", paymentStatus: "paid", at: new Date("2026-07-01T11:00:00Z") });
    await expectCountsRight();
    for (const status of ["paid", "in_production", "shipped"]) {
      expect((await changeStatus(placed.id, status)).statusCode).toBe(200);
      await expectCountsRight();
    }
    expect((await changeStatus(other.id, "cancelled")).statusCode).toBe(200);
    await expectCountsRight();
    // A write that changes no status, and one statement moving several orders.
    await testApp.database.db.update(clientOrder).set({ comment: "без смены статуса" }).where(eq(clientOrder.id, placed.id));
    const third = await orderOf(olga.id, { at: new Date("2026-07-01T12:00:00Z") });
    await testApp.database.db.update(clientOrder).set({ status: "done" }).where(inArray(clientOrder.id, [placed.id, third.id]));
    await expectCountsRight();
    // A rolled-back write leaves the counts as they were.
    await expect(
      testApp.database.db.transaction(async (tx) => {
        await tx.update(clientOrder).set({ status: "new" }).where(eq(clientOrder.id, third.id));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await expectCountsRight();
    await testApp.database.db.delete(orderProduct).where(inArray(orderProduct.orderId, [third.id]));
    await testApp.database.db.delete(clientOrder).where(eq(clientOrder.id, third.id));
    await expectCountsRight();
    const [kept] = await testApp.database.db.select().from(orderStatusCount).where(eq(orderStatusCount.status, "done"));
    expect(kept?.orders).toBe((await countedByScan()).done);
  });
});
