import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employeeOrderSchema, orderSchema, prepressLayoutSchema, prepressQueuePageSchema } from "../../shared/contracts/index";
import type { PrepressLayout, PrepressQueuePage } from "../../shared/contracts/index";
import { auditEntry, layout, layoutCheck, mailOutbox, notification } from "../../server/db/schema";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { callerOf, loginToken, problemOf } from "./support/api-calls";
import { accountIdOf, cartLine, FACE, minimalPdf, multipartBody, productWithDetails } from "./support/files-fixtures";
import { startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";
import { placedOrderWithLayout } from "./back-office/prepress-fixtures";

/*
 * The prepress queue (issue 29) through Fastify's inject: what the queue holds, the report, and
 * the three decisions — accept with a note (shown in the client's and the employee's order),
 * replace with a corrected file (a new layout, checked again, the old one kept), return to the
 * client (notification and letter; the order waits; the client's new upload clears the wait) —
 * each with its audit entry; and who may call it.
 */

let testApp: TestApp;
const call = callerOf(() => testApp.app);
const ORIGIN = "https://shop.example";

let prepress: string;
let manager: string;
let content: string;
let client: string;
let clientId: number;
let productId: number;

beforeAll(async () => {
  testApp = await startTestApp({ publicUrl: ORIGIN });
  const db = testApp.database.db;
  productId = await productWithDetails(db);
  clientId = await accountIdOf(db, DEMO_ACCOUNTS.client.email);
  prepress = await loginToken(testApp.app, DEMO_ACCOUNTS.prepress.email, DEMO_ACCOUNTS.prepress.password);
  manager = await loginToken(testApp.app, DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
  content = await loginToken(testApp.app, DEMO_ACCOUNTS.content.email, DEMO_ACCOUNTS.content.password);
  client = await loginToken(testApp.app, DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password);
});
afterAll(async () => {
  await testApp.close();
});

async function queue(state: string): Promise<PrepressQueuePage> {
  const response = await call({ method: "GET", url: `/api/employee/prepress?state=${state}&limit=100`, token: prepress });
  expect(response.statusCode, response.body).toBe(200);
  return prepressQueuePageSchema.parse(response.json());
}

async function decide(layoutId: number, action: "accept" | "return", payload: Record<string, string>): Promise<PrepressLayout> {
  const response = await call({ method: "POST", url: `/api/employee/prepress/${layoutId}/${action}`, token: prepress, payload });
  expect(response.statusCode, response.body).toBe(200);
  return prepressLayoutSchema.parse(response.json());
}

async function auditOf(layoutId: number) {
  return testApp.database.db
    .select()
    .from(auditEntry)
    .where(and(eq(auditEntry.objectType, "layout"), eq(auditEntry.objectId, String(layoutId))))
    .orderBy(desc(auditEntry.id));
}

describe("the prepress queue", () => {
  it("holds the current layouts of placed orders with findings or a failed check, oldest first, and nothing else", async () => {
    const db = testApp.database.db;
    const withFindings = await placedOrderWithLayout(db, { clientId, productId, detailName: FACE });
    const approved = await placedOrderWithLayout(db, { clientId, productId, detailName: FACE, approved: true });
    const unchecked = await placedOrderWithLayout(db, { clientId, productId, detailName: FACE, layoutStatus: "error", findings: [] });
    const clean = await placedOrderWithLayout(db, { clientId, productId, detailName: FACE, findings: [] });
    const cancelled = await placedOrderWithLayout(db, { clientId, productId, detailName: FACE, status: "cancelled" });
    const inProduction = await placedOrderWithLayout(db, { clientId, productId, detailName: FACE, status: "in_production" });
    const inCart = await cartLine(db, clientId, productId);
    const [cartFile] = await db.select({ fileId: layout.fileId }).from(layout).where(eq(layout.id, clean.layoutId));
    await db.insert(layout).values({ orderProductId: inCart.orderProductId, detailName: FACE, fileId: cartFile?.fileId ?? 0, status: "failed", findings: [] });

    const waiting = await queue("waiting");
    const ids = waiting.items.map((item) => item.layoutId);
    expect(ids).toEqual(expect.arrayContaining([withFindings.layoutId, approved.layoutId, unchecked.layoutId]));
    for (const absent of [clean.layoutId, cancelled.layoutId, inProduction.layoutId]) expect(ids).not.toContain(absent);
    expect(waiting.items.every((item) => item.orderId > 0)).toBe(true);
    expect(ids.indexOf(withFindings.layoutId)).toBeLessThan(ids.indexOf(unchecked.layoutId));
    const item = waiting.items.find((candidate) => candidate.layoutId === withFindings.layoutId);
    expect(item).toMatchObject({ orderNumber: withFindings.orderNumber, detailName: FACE, reason: "findings", findingCount: 1, findingCodes: [1198], decision: null });
    expect(waiting.items.find((candidate) => candidate.layoutId === approved.layoutId)?.reason).toBe("approved_with_findings");
    expect(waiting.items.find((candidate) => candidate.layoutId === unchecked.layoutId)?.reason).toBe("check_failed");
    expect(waiting.total).toBe(waiting.stateCounts.waiting);

    const report = await call({ method: "GET", url: `/api/employee/prepress/${withFindings.layoutId}`, token: prepress });
    expect(report.statusCode, report.body).toBe(200);
    const shown = prepressLayoutSchema.parse(report.json());
    expect(shown.layout.findings?.map((finding) => finding.code)).toEqual([1198]);
    expect(shown.layout.fileUrl).toBe(`${ORIGIN}/api/file/${shown.layout.fileUrl.split("/").pop() ?? ""}`);
    expect(shown).toMatchObject({ current: true, editable: true, order: { id: withFindings.orderId }, client: { id: clientId, email: DEMO_ACCOUNTS.client.email } });
  });

  it("accepts a layout with a note that the client's and the employee's order show, with an audit entry", async () => {
    const placed = await placedOrderWithLayout(testApp.database.db, { clientId, productId, detailName: FACE });
    const accepted = await decide(placed.layoutId, "accept", { note: "Фон без вылетов допустим: печатаем как есть" });
    expect(accepted.layout.prepress).toMatchObject({ decision: "accepted", note: "Фон без вылетов допустим: печатаем как есть" });
    expect(accepted.decidedBy).not.toBeNull();

    const order = await call({ method: "GET", url: `/api/client-order/${placed.orderId}`, token: client });
    expect(order.statusCode, order.body).toBe(200);
    const clientLayout = orderSchema.parse(order.json()).lines[0]?.layouts[0];
    expect(clientLayout?.prepress).toMatchObject({ decision: "accepted", note: "Фон без вылетов допустим: печатаем как есть" });
    const employeeView = await call({ method: "GET", url: `/api/employee/order/${placed.orderId}`, token: manager });
    expect(employeeOrderSchema.parse(employeeView.json()).lines[0]?.layouts[0]?.prepress?.decision).toBe("accepted");

    expect((await queue("waiting")).items.map((item) => item.layoutId)).not.toContain(placed.layoutId);
    expect((await queue("accepted")).items.map((item) => item.layoutId)).toContain(placed.layoutId);
    const [entry] = await auditOf(placed.layoutId);
    expect(entry?.action).toBe("accept");
    expect(entry?.changes).toEqual(
      expect.arrayContaining([
        { field: "prepressDecision", before: null, after: "accepted" },
        { field: "prepressNote", before: "", after: "Фон без вылетов допустим: печатаем как есть" },
      ]),
    );
  });

  it("replaces a layout with a corrected file: a new current layout by the operator, checked again, the old one kept", async () => {
    const db = testApp.database.db;
    const placed = await placedOrderWithLayout(db, { clientId, productId, detailName: FACE });
    const body = multipartBody({}, { name: "визитка исправлено.pdf", contentType: "application/pdf", bytes: minimalPdf() });
    const response = await call({ method: "POST", url: `/api/employee/prepress/${placed.layoutId}/file`, token: prepress, payload: body.payload, headers: body.headers });
    expect(response.statusCode, response.body).toBe(200);
    const replaced = prepressLayoutSchema.parse(response.json());
    expect(replaced.layout.id).not.toBe(placed.layoutId);
    expect(replaced.layout.fileName).toBe("визитка исправлено.pdf");
    expect(replaced.uploadedBy).not.toBeNull();
    expect(replaced.history.map((item) => item.layoutId)).toEqual([placed.layoutId]);
    expect(replaced.pitstopDesignId).not.toBeNull();

    const rows = await db.select().from(layout).where(eq(layout.orderProductId, placed.lineId));
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual([placed.layoutId, replaced.layout.id]);
    expect(rows.find((row) => row.id === replaced.layout.id)?.uploadedById).toBe(await accountIdOf(db, DEMO_ACCOUNTS.prepress.email));
    const checks = await db.select().from(layoutCheck).where(eq(layoutCheck.layoutId, replaced.layout.id));
    expect(checks).toHaveLength(1);
    // The old layout is history: no decisions on it.
    const again = await call({ method: "POST", url: `/api/employee/prepress/${placed.layoutId}/accept`, token: prepress, payload: { note: "" } });
    expect(again.statusCode).toBe(409);
    expect(problemOf(again).code).toBe("LAYOUT_REPLACED");
    expect((await auditOf(placed.layoutId))[0]?.action).toBe("replace");
    // The client's order shows the corrected file as the line's layout.
    const order = orderSchema.parse((await call({ method: "GET", url: `/api/client-order/${placed.orderId}`, token: client })).json());
    expect(order.lines[0]?.layouts.map((item) => item.id)).toEqual([replaced.layout.id]);

    const notPdf = multipartBody({}, { name: "a.pdf", contentType: "application/pdf", bytes: new TextEncoder().encode("hello") });
    const refused = await call({ method: "POST", url: `/api/employee/prepress/${replaced.layout.id}/file`, token: prepress, payload: notPdf.payload, headers: notPdf.headers });
    expect(refused.statusCode).toBe(400);
    expect(problemOf(refused).messageUI).toBe("Загрузите макет в формате PDF");
  });

  it("returns a layout to the client: notification and letter, the order waits, and the client's new upload clears the wait", async () => {
    const db = testApp.database.db;
    const placed = await placedOrderWithLayout(db, { clientId, productId, detailName: FACE });
    const empty = await call({ method: "POST", url: `/api/employee/prepress/${placed.layoutId}/return`, token: prepress, payload: { message: "  " } });
    expect(empty.statusCode).toBe(400);
    expect(problemOf(empty).messageUI).toBe("Напишите клиенту, что исправить в макете");
    const unknownField = await call({ method: "POST", url: `/api/employee/prepress/${placed.layoutId}/return`, token: prepress, payload: { message: "Да", extra: 1 } });
    expect(unknownField.statusCode).toBe(400);

    const returned = await decide(placed.layoutId, "return", { message: "Добавьте вылеты по 2 мм с каждой стороны" });
    expect(returned.layout.prepress).toMatchObject({ decision: "returned", note: "Добавьте вылеты по 2 мм с каждой стороны" });
    const [news] = await db.select().from(notification).where(eq(notification.orderId, placed.orderId));
    expect(news?.title).toContain(placed.orderNumber);
    expect(news?.body).toContain("Добавьте вылеты по 2 мм с каждой стороны");
    const letters = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, DEMO_ACCOUNTS.client.email));
    expect(letters.some((letter) => letter.subject.includes(placed.orderNumber) && letter.textBody.includes("Добавьте вылеты по 2 мм"))).toBe(true);
    expect((await queue("returned")).items.map((item) => item.layoutId)).toContain(placed.layoutId);
    expect((await auditOf(placed.layoutId))[0]?.action).toBe("return");

    const blocked = await call({ method: "PATCH", url: `/api/employee/order/${placed.orderId}/status`, token: manager, payload: { status: "in_production" } });
    expect(blocked.statusCode).toBe(409);
    expect(problemOf(blocked)).toMatchObject({ code: "LAYOUT_RETURNED" });
    expect(problemOf(blocked).messageUI).toContain("ждёт от клиента новый макет");

    const order = orderSchema.parse((await call({ method: "GET", url: `/api/client-order/${placed.orderId}`, token: client })).json());
    expect(order.lines[0]?.layouts[0]?.prepress?.note).toBe("Добавьте вылеты по 2 мм с каждой стороны");

    const upload = multipartBody({ orderProductId: String(placed.lineId), detailName: FACE }, { name: "новый.pdf", contentType: "application/pdf", bytes: minimalPdf() });
    const uploaded = await call({ method: "POST", url: "/api/file/upload/layout", token: client, payload: upload.payload, headers: upload.headers });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((uploaded.json() as { prepress: unknown }).prepress).toBeNull();
    expect((await queue("returned")).items.map((item) => item.layoutId)).not.toContain(placed.layoutId);
    const moved = await call({ method: "PATCH", url: `/api/employee/order/${placed.orderId}/status`, token: manager, payload: { status: "in_production" } });
    expect(moved.statusCode, moved.body).toBe(200);
    // In production: decisions are closed.
    const late = await call({ method: "POST", url: `/api/employee/prepress/${(uploaded.json() as { id: number }).id}/accept`, token: prepress, payload: {} });
    expect(late.statusCode).toBe(409);
    expect(problemOf(late).code).toBe("LAYOUT_LOCKED");
  });

  it("is for prepress and admins only", async () => {
    const placed = await placedOrderWithLayout(testApp.database.db, { clientId, productId, detailName: FACE });
    for (const [token, status] of [
      [undefined, 401],
      [client, 403],
      [content, 403],
    ] as const) {
      const response = await call({ method: "POST", url: `/api/employee/prepress/${placed.layoutId}/accept`, token, payload: { note: "" } });
      expect(response.statusCode).toBe(status);
    }
    const missing = await call({ method: "GET", url: "/api/employee/prepress/999999", token: prepress });
    expect(missing.statusCode).toBe(404);
    expect(problemOf(missing).messageUI).toBe("Макет не найден");
    const byAdmin = await call({ method: "GET", url: `/api/employee/prepress/${placed.layoutId}`, token: manager });
    expect(byAdmin.statusCode).toBe(200);
  });
});
