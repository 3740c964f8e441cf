import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { designOrderSchema, designQuoteSchema, employeeDesignOrderListSchema, employeeDesignOrderSchema, orderSchema } from "../../shared/contracts/index";
import type { Cart, DesignOrder } from "../../shared/contracts/index";
import { deliveryDate } from "../../shared/domain/delivery-rates";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { auditEntry } from "../../server/db/backoffice.schema";
import { designMessage, designOrder, layout, layoutCheck, mailOutbox, notification, productService } from "../../server/db/schema";
import { callerOf, cartCallerOf, loginToken, problemOf } from "./support/api-calls";
import { multipartBody, printReadyPdf } from "./support/files-fixtures";
import { freshClient } from "./support/fresh-client";
import { demoBusinessCardsId, startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * The designers' queue end to end (issue 29): the client sees the design's price and due date
 * before ordering and the order keeps them (and the cart's total holds the price); a designer takes
 * the order (a second designer gets 409), uploads the finished layout (a layout of the line's detail,
 * its check queued, the client told); until the client approves it the line cannot be ordered
 * (DESIGN_NOT_APPROVED, 400 at place-order); approved, it is the line's layout and the order is
 * placed with it; or the client asks for changes (back to in_work, the designer told). Every staff
 * write is audited (take, upload, message, status). Another client cannot
 * reach someone else's design order; a designer cannot reach the managers' operations.
 */

const ORIGIN = "https://shop.example";
const courier = { deliveryType: "Door", cityKladrId: "2300000100000", deliveryMethod: "Courier", address: "ул. Красная, д. 7" };

let testApp: TestApp;
let cardsId: number;
let designerToken: string;
let secondDesignerToken: string;
const call = callerOf(() => testApp.app);
const cartCall = cartCallerOf(call);

beforeAll(async () => {
  testApp = await startTestApp({ publicUrl: ORIGIN });
  cardsId = await demoBusinessCardsId(testApp);
  designerToken = await loginToken(testApp.app, DEMO_ACCOUNTS.designer.email, DEMO_ACCOUNTS.designer.password);
  // The demo admin may do everything, a designer's work too: the second designer.
  secondDesignerToken = await loginToken(testApp.app, DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
});
afterAll(async () => {
  await testApp.close();
});

/** A fresh client with business cards in the cart, a delivery, and a design order for the face; the cart before the design order. */
async function clientWithDesign(email: string): Promise<{ token: string; lineId: number; design: DesignOrder; before: Cart; quote: ReturnType<typeof designQuoteSchema.parse> }> {
  const { token } = await freshClient(testApp, email);
  const added = await cartCall({ method: "POST", url: "/api/client-cart/product", token, payload: { productId: cardsId, quantity: 100 } });
  const lineId = added.orderProduct[0]?.id ?? 0;
  await cartCall({ method: "POST", url: "/api/client-cart/delivery", token, payload: courier });
  const before = await cartCall({ method: "GET", url: "/api/client-cart", token });
  const quoted = await call({ method: "GET", url: `/api/client-order/design/quote?orderProductId=${lineId}`, token });
  expect(quoted.statusCode, quoted.body).toBe(200);
  const quote = designQuoteSchema.parse(quoted.json());
  const detailName = before.orderProduct[0]?.layouts[0]?.detailName ?? "";
  const created = await call({ method: "POST", url: "/api/client-order/design", token, payload: { orderProductId: lineId, detailName, comment: "Визитка для кофейни" } });
  expect(created.statusCode, created.body).toBe(200);
  return { token, lineId, design: designOrderSchema.parse(created.json()), before, quote };
}

async function take(token: string, id: number) {
  return call({ method: "POST", url: `/api/employee/design-order/${id}/take`, token });
}

async function uploadLayout(token: string, id: number) {
  const body = multipartBody({}, { name: "designer.pdf", contentType: "application/pdf", bytes: printReadyPdf() });
  return call({ method: "POST", url: `/api/employee/design-order/${id}/layout`, token, payload: body.payload, headers: body.headers });
}

describe("the design order queue", () => {
  it("quotes the business cards' design service, keeps that price and date, and puts the price in the cart total", async () => {
    const { token, design, before, quote } = await clientWithDesign("design-quote@example.com");
    const [service] = await testApp.database.db.select().from(productService).where(eq(productService.slug, "dizayn-vizitki"));
    expect(service?.categoryId, "the demo business cards' design service has its category").not.toBeNull();
    expect(quote).toEqual({ serviceName: "Дизайн визитки", price: 1500, productionDays: service?.productionDays, dueDate: deliveryDate(new Date(), service?.productionDays ?? 0, 0) });
    expect({ price: design.price, dueDate: design.dueDate }).toEqual({ price: quote.price, dueDate: quote.dueDate });

    // The catalogue's price changes later: the design order keeps what the client was shown.
    await testApp.database.db.update(productService).set({ priceKopecks: 999_900 }).where(eq(productService.slug, "dizayn-vizitki"));
    try {
      const cart = await cartCall({ method: "GET", url: "/api/client-cart", token });
      expect(cart.totals.design).toBe(1500);
      expect(cart.totals.total).toBeCloseTo(before.totals.total + 1500, 2);
      expect(cart.orderProduct[0]?.layouts[0]?.design?.price).toBe(1500);
    } finally {
      await testApp.database.db.update(productService).set({ priceKopecks: 150_000 }).where(eq(productService.slug, "dizayn-vizitki"));
    }
  });

  it("lets one designer take an order, refuses a second with 409, and lists it as taken", async () => {
    const { design } = await clientWithDesign("design-take@example.com");
    const taken = await take(designerToken, design.designId);
    expect(taken.statusCode, taken.body).toBe(200);
    const order = employeeDesignOrderSchema.parse(taken.json());
    expect(order.status).toBe("in_work");
    expect(order.designer?.name).toBeTruthy();
    expect((await take(designerToken, design.designId)).statusCode, "the same designer again changes nothing").toBe(200);

    const second = await take(secondDesignerToken, design.designId);
    expect(second.statusCode).toBe(409);
    expect(problemOf(second).code).toBe("DESIGN_TAKEN");

    const mine = await call({ method: "GET", url: "/api/employee/design-order?mine=1&status=in_work", token: designerToken });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(employeeDesignOrderListSchema.parse(mine.json()).items.map((item) => item.id)).toContain(design.designId);

    const audit = await testApp.database.db.select().from(auditEntry).where(and(eq(auditEntry.objectType, "design-order"), eq(auditEntry.objectId, String(design.designId))));
    expect(audit.map((entry) => entry.action)).toEqual(["take"]);
    const news = await testApp.database.db.select().from(notification).where(eq(notification.designOrderId, design.designId));
    expect(news.map((item) => item.title)).toEqual([`Дизайнер взял в работу заказ дизайна № ${design.designId}`]);
  });

  it("takes the designer's layout as the line's, checks it, and lets the client approve it and order the line", async () => {
    const { token, lineId, design } = await clientWithDesign("design-approve@example.com");
    const untaken = await uploadLayout(designerToken, design.designId);
    expect(untaken.statusCode, "a new order must be taken first").toBe(409);
    expect((await call({ method: "POST", url: `/api/client-order/design/${design.designId}/approve`, token })).statusCode, "nothing to approve yet").toBe(409);

    await take(designerToken, design.designId);
    const uploaded = await uploadLayout(designerToken, design.designId);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const order = employeeDesignOrderSchema.parse(uploaded.json());
    expect(order.status).toBe("waiting_client");
    const layoutId = order.resultLayout?.layoutId ?? 0;
    const [row] = await testApp.database.db.select().from(layout).where(eq(layout.id, layoutId));
    expect({ line: row?.orderProductId, detail: row?.detailName, byDesigner: row?.uploadedById !== null }).toEqual({ line: lineId, detail: design.detailName, byDesigner: true });
    const checks = await testApp.database.db.select().from(layoutCheck).where(eq(layoutCheck.layoutId, layoutId));
    expect(checks.length, "the designer's layout is checked like any upload").toBe(1);
    const letters = await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "design-approve@example.com"));
    expect(letters.map((item) => item.subject).filter((subject) => subject.includes("прислал макет"))).toHaveLength(1);

    // The client sees it as the detail's layout in the cart; until it is approved the line cannot be ordered.
    const inCart = await cartCall({ method: "GET", url: "/api/client-cart", token });
    expect(inCart.orderProduct[0]?.layouts[0]).toMatchObject({ layoutId, design: { status: "waiting_client" } });
    const productName = inCart.orderProduct[0]?.product.name ?? "";
    const waiting = `Дизайнер прислал макет «${design.detailName}» для «${productName}» — посмотрите и утвердите его`;
    expect(inCart.readyToOrder).toBe(false);
    expect(inCart.problems).toEqual([{ code: "DESIGN_NOT_APPROVED", messageUI: waiting }]);
    const early = await call({ method: "POST", url: "/api/client-cart/place-order", token, payload: { companyId: null, paymentType: "Yookassa", idempotencyKey: "design-approve-0000" } });
    expect(early.statusCode, early.body).toBe(400);
    expect(problemOf(early)).toMatchObject({ code: "CART_NOT_READY", messageUI: waiting });
    const approved = await call({ method: "POST", url: `/api/client-order/design/${design.designId}/approve`, token });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(designOrderSchema.parse(approved.json())).toMatchObject({ status: "done", resultLayoutId: layoutId });
    const cart = await cartCall({ method: "GET", url: "/api/client-cart", token });
    expect(cart.orderProduct[0]?.layouts[0]?.approvedAt).not.toBeNull();
    expect(cart.readyToOrder).toBe(true);
    const placed = await call({ method: "POST", url: "/api/client-cart/place-order", token, payload: { companyId: null, paymentType: "Yookassa", idempotencyKey: "design-approve-0001" } });
    expect(placed.statusCode, placed.body).toBe(200);
    const placedOrder = orderSchema.parse(placed.json());
    expect(placedOrder.lines[0]?.designOrders[0]).toMatchObject({ status: "done", price: 1500 });
    expect(placedOrder.total).toBeCloseTo(cart.totals.total, 2);
    expect(placedOrder.lines[0]?.layouts[0], "the placed line's layout is the designer's, approved").toMatchObject({ id: layoutId, fileName: "designer.pdf" });
    expect(placedOrder.lines[0]?.layouts[0]?.approvedAt).not.toBeNull();
    const [moved] = await testApp.database.db.select({ orderId: designOrder.orderId }).from(designOrder).where(eq(designOrder.id, design.designId));
    expect(moved?.orderId, "the design order goes with the order").toBe(placedOrder.id);

    // Each of the designer's writes is in the audit, in order (the client's approval is the client's own, not the back office's).
    const audit = await testApp.database.db
      .select()
      .from(auditEntry)
      .where(and(eq(auditEntry.objectType, "design-order"), eq(auditEntry.objectId, String(design.designId))))
      .orderBy(auditEntry.id);
    expect(audit.map((entry) => ({ action: entry.action, employee: entry.employeeName, changes: entry.changes.map((change) => change.field) }))).toEqual([
      { action: "take", employee: expect.any(String), changes: ["status", "designerId"] },
      { action: "upload-layout", employee: expect.any(String), changes: ["status", "resultLayoutId"] },
    ]);
  });

  it("sends the layout back to work when the client asks for changes, and tells the designer", async () => {
    const { token, design } = await clientWithDesign("design-changes@example.com");
    await take(designerToken, design.designId);
    expect((await uploadLayout(designerToken, design.designId)).statusCode).toBe(200);
    const asked = await call({ method: "POST", url: `/api/client-order/design/${design.designId}/changes`, token, payload: { text: "Сделайте логотип крупнее" } });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(designOrderSchema.parse(asked.json()).status).toBe("in_work");
    const messages = await testApp.database.db.select().from(designMessage).where(eq(designMessage.designOrderId, design.designId));
    expect(messages.map((item) => item.text)).toEqual(["Сделайте логотип крупнее"]);
    const letters = await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, DEMO_ACCOUNTS.designer.email));
    expect(letters.some((item) => item.subject.includes(`правки по заказу дизайна № ${design.designId}`))).toBe(true);

    // The designer answers: the client gets a notification and a letter.
    const answered = await call({ method: "POST", url: `/api/client-order/design/${design.designId}/message`, token: designerToken, payload: { text: "Хорошо, пришлю сегодня" } });
    expect(answered.statusCode, answered.body).toBe(200);
    const clientLetters = await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "design-changes@example.com"));
    expect(clientLetters.some((item) => item.subject.includes("Новое сообщение дизайнера"))).toBe(true);
    const audit = await testApp.database.db
      .select()
      .from(auditEntry)
      .where(and(eq(auditEntry.objectType, "design-order"), eq(auditEntry.objectId, String(design.designId))))
      .orderBy(auditEntry.id);
    expect(audit.map((entry) => entry.action), "the designer's message is audited; the client's request is not a back-office write").toEqual(["take", "upload-layout", "message"]);
    expect(audit.at(-1)?.changes).toEqual([
      { field: "messageId", before: null, after: expect.any(Number) },
      { field: "text", before: null, after: "Хорошо, пришлю сегодня" },
    ]);
  });

  it("audits the older staff status operation (setDesignStatus) like the queue's own", async () => {
    const { design } = await clientWithDesign("design-legacy-status@example.com");
    const moved = await call({ method: "PUT", url: `/api/client-order/design/${design.designId}/status`, token: designerToken, payload: { status: "in_work" } });
    expect(moved.statusCode, moved.body).toBe(200);
    const audit = await testApp.database.db.select().from(auditEntry).where(and(eq(auditEntry.objectType, "design-order"), eq(auditEntry.objectId, String(design.designId))));
    expect(audit.map((entry) => ({ action: entry.action, changes: entry.changes }))).toEqual([
      { action: "status:in_work", changes: [{ field: "status", before: "new", after: "in_work" }] },
    ]);
  });

  it("keeps a design order from another client and the managers' operations from a designer", async () => {
    const { design } = await clientWithDesign("design-owner@example.com");
    const stranger = await freshClient(testApp, "design-stranger@example.com");
    expect((await call({ method: "POST", url: `/api/client-order/design/${design.designId}/approve`, token: stranger.token })).statusCode).toBe(404);
    expect((await call({ method: "GET", url: `/api/employee/design-order/${design.designId}`, token: stranger.token })).statusCode).toBe(403);
    const managers = await call({ method: "GET", url: "/api/employee/order", token: designerToken });
    expect(managers.statusCode).toBe(403);
    expect(problemOf(managers).code).toBe("EMPLOYEE_ROLE_MISSING");

    const cancelled = await call({ method: "PUT", url: `/api/employee/design-order/${design.designId}/status`, token: designerToken, payload: { status: "cancelled" } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [row] = await testApp.database.db.select({ status: designOrder.status }).from(designOrder).where(eq(designOrder.id, design.designId));
    expect(row?.status).toBe("cancelled");
  });
});
