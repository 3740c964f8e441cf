import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cartSchema,
  designOrderSchema,
  layoutSchema,
  uploadedFileSchema,
  websiteFileSchema,
} from "../../shared/contracts/index";
import type { Layout } from "../../shared/contracts/index";
import { designOrder, layout, layoutCheck, storedFile } from "../../server/db/schema";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { createLocalFileStorage } from "../../server/storage/file-storage";
import { createApi } from "../../shared/http/index";
import { BACK, FACE, PNG_BYTES, TEST_PROFILE, accountIdOf, cartLine, minimalPdf, multipartBody, printReadyPdf, productWithDetails } from "./support/files-fixtures";
import { callerOf, loginToken, problemOf } from "./support/api-calls";
import { listenOnLoopback, startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * Files through Fastify's inject: layout uploads (content checks, size limit, whose line), the
 * private file route's access matrix, the public files folder keeping private files out, website
 * uploads by role, and design orders from creation to cancellation.
 */

const MAX_LAYOUT_MB = 2;
/** What the API logged at warn level and above (one JSON line each). */
const logLines: string[] = [];
let testApp: TestApp;
let productId: number;
let clientId: number;
let clientToken: string;
let secondToken: string;
let employeeToken: string;
let line: { cartId: number; orderProductId: number };
let lineWithBack: { cartId: number; orderProductId: number };

const call = callerOf(() => testApp.app);
const login = (email: string, password: string) => loginToken(testApp.app, email, password);

function uploadLayout(token: string | undefined, fields: Record<string, string>, file?: { name: string; contentType?: string; bytes: Uint8Array }) {
  const body = multipartBody(fields, file ? { name: file.name, contentType: file.contentType ?? "application/pdf", bytes: file.bytes } : undefined);
  return call({ method: "POST", url: "/api/file/upload/layout", token, payload: body.payload, headers: body.headers });
}

async function uploadedLayout(response: LightMyRequestResponse): Promise<Layout> {
  expect(response.statusCode, response.body).toBe(200);
  return layoutSchema.parse(response.json());
}

async function storedFileCount(): Promise<number> {
  const [row] = await testApp.database.db.select({ n: count() }).from(storedFile);
  return row?.n ?? 0;
}

beforeAll(async () => {
  testApp = await startTestApp({ maxLayoutMb: MAX_LAYOUT_MB, logger: { level: "warn", stream: { write: (line: string) => logLines.push(line) } } });
  const db = testApp.database.db;
  productId = await productWithDetails(db);
  clientId = await accountIdOf(db, DEMO_ACCOUNTS.client.email);
  line = await cartLine(db, clientId, productId, { colors: "4+0" });
  lineWithBack = await cartLine(db, clientId, productId, { colors: "4+4" });
  clientToken = await login(DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password);
  secondToken = await login(DEMO_ACCOUNTS.secondClient.email, DEMO_ACCOUNTS.secondClient.password);
  employeeToken = await login(DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
});
afterAll(async () => {
  await testApp.close();
});

describe("PUT /api/file/layout/{id}/approval", () => {
  it("records the customer's approval of a layout as it is, lets the cart order it, and takes it back", async () => {
    const uploaded = await uploadedLayout(await uploadLayout(clientToken, { orderProductId: String(line.orderProductId), detailName: FACE }, { name: "proof.pdf", bytes: minimalPdf() }));
    // The server's check found RGB colours: the cart holds the line back until the customer approves.
    await testApp.database.db.update(layout).set({ status: "failed", findings: [{ code: 2078 }] }).where(eq(layout.id, uploaded.id));
    const problemCodes = async () => {
      const cart = await call({ method: "GET", url: "/api/client-cart", token: clientToken });
      return (cart.json() as { problems: Array<{ code: string }> }).problems.map((problem) => problem.code);
    };
    expect(await problemCodes()).toContain("LAYOUT_FAILED");

    const approved = await call({ method: "PUT", url: `/api/file/layout/${uploaded.id}/approval`, token: clientToken, payload: { approved: true } });
    expect(approved.statusCode, approved.body).toBe(200);
    const approvedLayout = layoutSchema.parse(approved.json());
    expect(approvedLayout).toMatchObject({ id: uploaded.id, status: "failed" });
    expect(Date.parse(approvedLayout.approvedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect(await problemCodes()).not.toContain("LAYOUT_FAILED");

    const withdrawn = await call({ method: "PUT", url: `/api/file/layout/${uploaded.id}/approval`, token: clientToken, payload: { approved: false } });
    expect(layoutSchema.parse(withdrawn.json()).approvedAt).toBeNull();
    expect(await problemCodes()).toContain("LAYOUT_FAILED");
  });

  it("answers 404 for someone else's layout and 400 for a body that is not yes or no", async () => {
    const uploaded = await uploadedLayout(await uploadLayout(clientToken, { orderProductId: String(line.orderProductId), detailName: FACE }, { name: "mine.pdf", bytes: minimalPdf() }));
    const theirs = await call({ method: "PUT", url: `/api/file/layout/${uploaded.id}/approval`, token: secondToken, payload: { approved: true } });
    expect(theirs.statusCode).toBe(404);
    expect(problemOf(theirs)).toMatchObject({ code: "LAYOUT_NOT_FOUND", messageUI: "Макет не найден: загрузите его заново" });
    const bad = await call({ method: "PUT", url: `/api/file/layout/${uploaded.id}/approval`, token: clientToken, payload: { approved: "да" } });
    expect(bad.statusCode).toBe(400);
    expect(problemOf(bad).messageUI).toBe("approved — да или нет");
    const [row] = await testApp.database.db.select().from(layout).where(eq(layout.id, uploaded.id));
    expect(row?.approvedAt).toBeNull();
  });
});

describe("POST /api/file/upload/layout", () => {
  it("stores a PDF as the detail's layout and answers the layout contract", async () => {
    const bytes = minimalPdf();
    const uploaded = await uploadedLayout(await uploadLayout(clientToken, { orderProductId: String(line.orderProductId), detailName: FACE }, { name: "Визитка лицо.pdf", bytes }));
    expect(uploaded).toMatchObject({ orderProductId: line.orderProductId, detailName: FACE, fileName: "Визитка лицо.pdf", sizeBytes: bytes.length, status: "uploaded", findings: null, approvedAt: null });
    const fileId = Number(/\/api\/file\/(\d+)$/.exec(uploaded.fileUrl)?.[1]);
    const [row] = await testApp.database.db.select().from(storedFile).where(eq(storedFile.id, fileId));
    expect(row).toMatchObject({ ownerAccountId: clientId, kind: "layout", contentType: "application/pdf", sizeBytes: bytes.length });
    expect(row?.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));

    const download = await call({ method: "GET", url: `/api/file/${fileId}`, token: clientToken });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(Buffer.from(bytes))).toBe(true);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["x-content-type-options"]).toBe("nosniff");
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="_______ ____.pdf"; filename*=UTF-8''${encodeURIComponent("Визитка лицо.pdf")}`,
    );
  });

  it("replaces the detail's previous layout and deletes the old file", async () => {
    const first = await uploadedLayout(await uploadLayout(clientToken, { orderProductId: String(line.orderProductId), detailName: FACE }, { name: "v1.pdf", bytes: minimalPdf() }));
    const second = await uploadedLayout(await uploadLayout(clientToken, { orderProductId: String(line.orderProductId), detailName: FACE }, { name: "v2.pdf", bytes: minimalPdf("1.4") }));
    expect(second.id).not.toBe(first.id);
    const rows = await testApp.database.db.select().from(layout).where(eq(layout.orderProductId, line.orderProductId));
    expect(rows.map((row) => row.id)).toEqual([second.id]);
    // The replaced file is gone: its row, its bytes (tests/server/security/uploads.test.ts checks storage), its URL.
    expect((await call({ method: "GET", url: first.fileUrl.replace(/^https?:\/\/[^/]+/, ""), token: clientToken })).statusCode).toBe(404);
    expect(await testApp.database.db.select().from(storedFile).where(eq(storedFile.id, Number(first.fileUrl.split("/").pop())))).toEqual([]);
  });

  it("accepts a file of 1.5 MB (multipart is not held to the 1 MB JSON body limit)", async () => {
    const bytes = minimalPdf("1.3", 1_500_000);
    const uploaded = await uploadedLayout(await uploadLayout(clientToken, { orderProductId: String(line.orderProductId), detailName: FACE }, { name: "big.pdf", bytes }));
    expect(uploaded.sizeBytes).toBe(bytes.length);
  });

  it("answers 413 with a Russian message for a file over the limit and stores nothing", async () => {
    const before = await storedFileCount();
    const response = await uploadLayout(clientToken, { orderProductId: String(line.orderProductId), detailName: FACE }, { name: "huge.pdf", bytes: minimalPdf("1.3", MAX_LAYOUT_MB * 1024 * 1024 + 10) });
    expect(response.statusCode).toBe(413);
    expect(problemOf(response)).toMatchObject({ code: "FILE_TOO_LARGE", messageUI: `Файл больше ${MAX_LAYOUT_MB} МБ: уменьшите его или пришлите ссылку менеджеру` });
    expect(await storedFileCount()).toBe(before);
  });

  it("judges PDF by content: a PNG renamed .pdf is refused", async () => {
    const response = await uploadLayout(clientToken, { orderProductId: String(line.orderProductId), detailName: FACE }, { name: "layout.pdf", bytes: PNG_BYTES });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response)).toMatchObject({ code: "NOT_A_PDF", messageUI: "Загрузите макет в формате PDF" });
  });

  it("refuses a PDF cut short (no %%EOF)", async () => {
    const whole = minimalPdf();
    const response = await uploadLayout(clientToken, { orderProductId: String(line.orderProductId), detailName: FACE }, { name: "cut.pdf", bytes: whole.subarray(0, whole.length - 20) });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).code).toBe("PDF_TRUNCATED");
  });

  it("answers 400 for missing fields or file, and for a detail the line's options do not need", async () => {
    const noLine = await uploadLayout(clientToken, { detailName: FACE }, { name: "a.pdf", bytes: minimalPdf() });
    expect(noLine.statusCode).toBe(400);
    expect(problemOf(noLine).issues?.[0]?.field).toBe("orderProductId");
    const noFile = await uploadLayout(clientToken, { orderProductId: String(line.orderProductId), detailName: FACE });
    expect(noFile.statusCode).toBe(400);
    expect(problemOf(noFile).messageUI).toBe("Выберите файл для загрузки");
    const json = await call({ method: "POST", url: "/api/file/upload/layout", token: clientToken, payload: { orderProductId: line.orderProductId } });
    expect(json.statusCode).toBe(400);
    // The back side needs a layout only with colours 4+4.
    const back = await uploadLayout(clientToken, { orderProductId: String(line.orderProductId), detailName: BACK }, { name: "b.pdf", bytes: minimalPdf() });
    expect(back.statusCode).toBe(400);
    expect(problemOf(back)).toMatchObject({ code: "UNKNOWN_DETAIL", messageUI: `У этого товара макет нужен для: «${FACE}»` });
    await uploadedLayout(await uploadLayout(clientToken, { orderProductId: String(lineWithBack.orderProductId), detailName: BACK }, { name: "b.pdf", bytes: minimalPdf() }));
  });

  it("answers 404 for someone else's line and 401 without a session", async () => {
    const response = await uploadLayout(secondToken, { orderProductId: String(line.orderProductId), detailName: FACE }, { name: "x.pdf", bytes: minimalPdf() });
    expect(response.statusCode).toBe(404);
    expect(problemOf(response).code).toBe("ORDER_PRODUCT_NOT_FOUND");
    expect((await uploadLayout(undefined, { orderProductId: String(line.orderProductId), detailName: FACE }, { name: "x.pdf", bytes: minimalPdf() })).statusCode).toBe(401);
  });

  it("lets an employee in client mode upload to the client's line, and not outside client mode", async () => {
    const outside = await uploadLayout(employeeToken, { orderProductId: String(line.orderProductId), detailName: FACE }, { name: "e.pdf", bytes: minimalPdf() });
    expect(outside.statusCode).toBe(403);
    const enter = await call({ method: "POST", url: `/api/client/${clientId}/impersonalization`, token: employeeToken, payload: { companyId: null } });
    expect(enter.statusCode, enter.body).toBe(200);
    try {
      const uploaded = await uploadedLayout(await uploadLayout(employeeToken, { orderProductId: String(line.orderProductId), detailName: FACE }, { name: "by-manager.pdf", bytes: minimalPdf() }));
      const fileId = Number(/\/api\/file\/(\d+)$/.exec(uploaded.fileUrl)?.[1]);
      const [row] = await testApp.database.db.select().from(storedFile).where(eq(storedFile.id, fileId));
      // The file is the client's: he sees it as its owner.
      expect(row?.ownerAccountId).toBe(clientId);
      expect((await call({ method: "GET", url: `/api/file/${fileId}`, token: clientToken })).statusCode).toBe(200);
    } finally {
      await call({ method: "POST", url: "/api/client/exit-impersonalization", token: employeeToken });
    }
  });
});

describe("GET /api/file/{id} and the public files folder", () => {
  it("shows a layout to its client and to staff, and is 404 for other clients and anonymous callers", async () => {
    const uploaded = await uploadedLayout(await uploadLayout(clientToken, { orderProductId: String(lineWithBack.orderProductId), detailName: FACE }, { name: "m.pdf", bytes: minimalPdf() }));
    const url = uploaded.fileUrl.replace(/^https?:\/\/[^/]+/, "");
    expect((await call({ method: "GET", url, token: clientToken })).statusCode).toBe(200);
    expect((await call({ method: "GET", url, token: employeeToken })).statusCode).toBe(200);
    const other = await call({ method: "GET", url, token: secondToken });
    expect(other.statusCode).toBe(404);
    expect(problemOf(other).messageUI).toBe("Файл не найден");
    expect((await call({ method: "GET", url })).statusCode).toBe(404);
    expect((await call({ method: "GET", url: "/api/file/999999", token: employeeToken })).statusCode).toBe(404);
    expect((await call({ method: "GET", url: "/api/file/abc", token: clientToken })).statusCode).toBe(400);
  });

  it("never serves the private files folder at /files/", async () => {
    const storage = createLocalFileStorage(join(testApp.database.filesDir, "private"));
    await storage.put("layout/probe.pdf", minimalPdf(), "application/pdf");
    for (const url of ["/files/private/layout/probe.pdf", "/files/%70rivate/layout/probe.pdf", "/files/./private/layout/probe.pdf", "/files/Private/layout/probe.pdf"]) {
      expect((await call({ method: "GET", url })).statusCode, url).toBe(404);
    }
    // The static route refuses a doubled slash itself (403), as for any folder.
    const doubled = await call({ method: "GET", url: "/files//private/layout/probe.pdf" });
    expect(doubled.statusCode).toBeGreaterThanOrEqual(400);
    expect(doubled.body).not.toContain("%PDF-");
    // The rest of the folder is served as before.
    const photos = await readdir(join(testApp.database.filesDir, "catalog"));
    expect((await call({ method: "GET", url: `/files/catalog/${photos[0] ?? ""}` })).statusCode).toBe(200);
  });
});

describe("POST /api/file/upload/website/file", () => {
  function uploadWebsiteFile(token: string | undefined, name: string, bytes: Uint8Array) {
    const body = multipartBody({}, { name, contentType: "application/octet-stream", bytes });
    return call({ method: "POST", url: "/api/file/upload/website/file", token, payload: body.payload, headers: body.headers });
  }

  it("is for employees only", async () => {
    expect((await uploadWebsiteFile(undefined, "a.png", PNG_BYTES)).statusCode).toBe(401);
    expect((await uploadWebsiteFile(clientToken, "a.png", PNG_BYTES)).statusCode).toBe(403);
  });

  it("publishes an image under /files/site/uploads/ and refuses what is not an image or PDF", async () => {
    const response = await uploadWebsiteFile(employeeToken, "баннер.png", PNG_BYTES);
    expect(response.statusCode, response.body).toBe(200);
    const answer = websiteFileSchema.parse(response.json());
    expect(answer.name).toBe("баннер.png");
    const path = new URL(answer.url).pathname;
    expect(path).toMatch(/^\/files\/site\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]+\.png$/);
    const served = await call({ method: "GET", url: path });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");

    const svg = await uploadWebsiteFile(employeeToken, "logo.svg", new TextEncoder().encode('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(svg.statusCode).toBe(200);
    expect(websiteFileSchema.parse(svg.json()).url).toMatch(/\.svg$/);

    const text = await uploadWebsiteFile(employeeToken, "fake.png", new TextEncoder().encode("just text"));
    expect(text.statusCode).toBe(400);
    expect(problemOf(text).messageUI).toBe("Загрузите изображение (PNG, JPEG, WebP, SVG) или PDF");
  });
});

describe("design orders", () => {
  it("goes from creation through changes to cancellation, for the client only", async () => {
    const created = await call({ method: "POST", url: "/api/client-order/design", token: clientToken, payload: { orderProductId: line.orderProductId, detailName: FACE, comment: "Логотип крупнее" } });
    expect(created.statusCode, created.body).toBe(200);
    const design = designOrderSchema.parse(created.json());
    expect(design).toMatchObject({ orderId: null, cartId: line.cartId, orderProductId: line.orderProductId, productId, detailName: FACE, comment: "Логотип крупнее", status: "new", annotatedFileId: null });

    const again = await call({ method: "POST", url: "/api/client-order/design", token: clientToken, payload: { orderId: line.cartId, productId: line.orderProductId, detailName: FACE } });
    expect(again.statusCode).toBe(409);
    expect(problemOf(again).code).toBe("DESIGN_ALREADY_ORDERED");

    const annotation = multipartBody({}, { name: "пометки.pdf", contentType: "application/pdf", bytes: minimalPdf() });
    const annotated = await call({ method: "POST", url: "/api/file/upload/annotation", token: clientToken, payload: annotation.payload, headers: annotation.headers });
    expect(annotated.statusCode, annotated.body).toBe(200);
    const file = uploadedFileSchema.parse(annotated.json());

    const patched = await call({ method: "PATCH", url: `/api/client-order/design/${design.designId}`, token: clientToken, payload: { comment: "Фон синий", annotatedFileId: file.fileId } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(designOrderSchema.parse(patched.json())).toMatchObject({ comment: "Фон синий", annotatedFileId: file.fileId });

    // Someone else's file cannot be attached; someone else's design order is not found.
    const secondAnnotation = multipartBody({}, { name: "x.pdf", contentType: "application/pdf", bytes: minimalPdf() });
    const foreign = uploadedFileSchema.parse((await call({ method: "POST", url: "/api/file/upload/annotation", token: secondToken, payload: secondAnnotation.payload, headers: secondAnnotation.headers })).json());
    expect((await call({ method: "PATCH", url: `/api/client-order/design/${design.designId}`, token: clientToken, payload: { annotatedFileId: foreign.fileId } })).statusCode).toBe(400);
    expect((await call({ method: "PATCH", url: `/api/client-order/design/${design.designId}`, token: secondToken, payload: { comment: "x" } })).statusCode).toBe(404);
    expect((await call({ method: "DELETE", url: `/api/client-order/design/${design.designId}`, token: secondToken })).statusCode).toBe(404);
    // The second client cannot read the annotated file; staff can.
    expect((await call({ method: "GET", url: `/api/file/${file.fileId}`, token: secondToken })).statusCode).toBe(404);
    expect((await call({ method: "GET", url: `/api/file/${file.fileId}`, token: employeeToken })).statusCode).toBe(200);

    const cancelled = await call({ method: "DELETE", url: `/api/client-order/design/${design.designId}`, token: clientToken });
    expect(cancelled.statusCode).toBe(200);
    expect(designOrderSchema.parse(cancelled.json()).status).toBe("cancelled");
    expect((await call({ method: "DELETE", url: `/api/client-order/design/${design.designId}`, token: clientToken })).statusCode).toBe(200);
    const late = await call({ method: "PATCH", url: `/api/client-order/design/${design.designId}`, token: clientToken, payload: { comment: "ещё" } });
    expect(late.statusCode).toBe(409);
  });

  it("cannot be cancelled once in work or done", async () => {
    const created = designOrderSchema.parse(
      (await call({ method: "POST", url: "/api/client-order/design", token: clientToken, payload: { orderId: lineWithBack.cartId, productId: lineWithBack.orderProductId, detailName: BACK } })).json(),
    );
    await testApp.database.db.update(designOrder).set({ status: "in_work" }).where(eq(designOrder.id, created.designId));
    const response = await call({ method: "DELETE", url: `/api/client-order/design/${created.designId}`, token: clientToken });
    expect(response.statusCode).toBe(409);
    expect(problemOf(response).messageUI).toBe("Дизайнер уже работает над заказом: отменить его нельзя");
    await testApp.database.db.update(designOrder).set({ status: "done" }).where(eq(designOrder.id, created.designId));
    expect((await call({ method: "DELETE", url: `/api/client-order/design/${created.designId}`, token: clientToken })).statusCode).toBe(409);
  });

  it("checks the line and the detail", async () => {
    const wrongCart = await call({ method: "POST", url: "/api/client-order/design", token: clientToken, payload: { orderId: 999_999, productId: line.orderProductId, detailName: FACE } });
    expect(wrongCart.statusCode).toBe(404);
    const foreign = await call({ method: "POST", url: "/api/client-order/design", token: secondToken, payload: { orderProductId: line.orderProductId, detailName: FACE } });
    expect(foreign.statusCode).toBe(404);
    const noLine = await call({ method: "POST", url: "/api/client-order/design", token: clientToken, payload: { detailName: FACE } });
    expect(noLine.statusCode).toBe(400);
    const unknownDetail = await call({ method: "POST", url: "/api/client-order/design", token: clientToken, payload: { orderProductId: line.orderProductId, detailName: "Крышка" } });
    expect(unknownDetail.statusCode).toBe(400);
  });
});

describe("the API client (shared/http files endpoints) against a live server", () => {
  it("uploads a layout as FormData, orders design and runs a check with the real engine, which passes a print-ready layout", async () => {
    const origin = await listenOnLoopback(testApp.app);
    let token: string | null = clientToken;
    const api = createApi({ baseURL: `${origin}/api`, sessionToken: { get: () => token, set: (next) => (token = next) } });

    const uploaded = await api.uploadLayout({ file: new Blob([printReadyPdf().slice()], { type: "application/pdf" }), fileName: "клиент.pdf", orderProductId: line.orderProductId, detailName: FACE });
    expect(uploaded).toMatchObject({ orderProductId: line.orderProductId, detailName: FACE, fileName: "клиент.pdf", status: "uploaded" });
    await expect(api.uploadLayout({ file: new Blob([PNG_BYTES.slice()]), fileName: "x.pdf", orderProductId: line.orderProductId, detailName: FACE })).rejects.toMatchObject({
      messageUI: "Загрузите макет в формате PDF",
    });

    const started = await api.startCheck(line.cartId, line.orderProductId, FACE);
    expect(started.state).toBe("queued");
    let check = await api.getCheck(started.pitstopDesignId);
    for (let attempt = 0; attempt < 200 && (check.state === "queued" || check.state === "running"); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      check = await api.getCheck(started.pitstopDesignId);
    }
    expect(check).toMatchObject({ state: "done", error: null, findings: [] });
    const [stored] = await testApp.database.db.select({ status: layout.status, findings: layout.findings }).from(layout).where(eq(layout.id, uploaded.id));
    expect(stored).toEqual({ status: "passed", findings: [] });

    // The browser found the same (nothing): agreed, nothing logged. Then a browser that saw RGB on page 1.
    expect(await api.reportCheck(started.pitstopDesignId, { findings: [], error: null })).toEqual({ agreed: true });
    expect(logLines.filter((text) => text.includes("disagrees"))).toEqual([]);
    expect(await api.reportCheck(started.pitstopDesignId, { findings: [{ code: 2078, page: 1 }], error: null })).toEqual({ agreed: false });
    const logged = logLines.filter((text) => text.includes("disagrees")).map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 40, checkId: started.pitstopDesignId, layoutId: uploaded.id, server: [], browser: ["2078@1"] });
    const [kept] = await testApp.database.db.select({ browserFindings: layout.browserFindings }).from(layout).where(eq(layout.id, uploaded.id));
    expect(kept?.browserFindings).toEqual([{ code: 2078, page: 1 }]);

    // The cart hands the checker what it needs: the file's name, the profile, the latest check, the design order.
    const layoutOfCart = async () => {
      const cart = cartSchema.parse((await call({ method: "GET", url: "/api/client-cart", token: clientToken })).json());
      return cart.orderProduct.find((item) => item.id === line.orderProductId)?.layouts.find((item) => item.detailName === FACE);
    };
    expect(await layoutOfCart()).toMatchObject({ layoutId: uploaded.id, fileName: "клиент.pdf", status: "passed", findings: [], pitstopDesignId: started.pitstopDesignId, profile: TEST_PROFILE, design: null });

    const design = await api.createDesignOrder({ orderProductId: line.orderProductId, detailName: FACE, comment: "Сделайте в фирменных цветах" });
    expect(design.pitstopDesignId).toBe(started.pitstopDesignId);
    expect((await api.updateDesignOrder(design.designId, { comment: "И логотип" })).comment).toBe("И логотип");
    expect((await layoutOfCart())?.design).toEqual({
      designId: design.designId,
      status: "new",
      comment: "И логотип",
      annotatedFileId: null,
      annotatedFileUrl: null,
      // The price and due date the design was ordered with (issue 29: the design service of the product's category).
      price: design.price,
      dueDate: design.dueDate,
    });
    expect((await api.cancelDesignOrder(design.designId)).status).toBe("cancelled");
    expect((await layoutOfCart())?.design).toBeNull();

    // The bytes of the private file, with the session; without it the file is not found.
    const downloaded = await api.downloadFile(uploaded.fileUrl.replace(/^https?:\/\/[^/]+/, origin));
    expect(Buffer.from(downloaded).equals(Buffer.from(printReadyPdf()))).toBe(true);
    const anonymous = createApi({ baseURL: `${origin}/api` });
    await expect(anonymous.downloadFile(`${origin}/api/file/${uploaded.fileUrl.split("/").pop() ?? ""}`)).rejects.toMatchObject({ status: 404 });
  });
});

describe("POST /api/client-order/autocheck/{id}/browser-check", () => {
  it("waits for the server's check, checks the body, and is the client's only", async () => {
    const uploaded = await uploadedLayout(await uploadLayout(clientToken, { orderProductId: String(lineWithBack.orderProductId), detailName: FACE }, { name: "b.pdf", bytes: minimalPdf() }));
    const started = await call({ method: "POST", url: `/api/client-order/${lineWithBack.cartId}/product/${lineWithBack.orderProductId}/autocheck/${encodeURIComponent(FACE)}`, token: clientToken });
    const { pitstopDesignId } = started.json() as { pitstopDesignId: number };
    // Running under a live attempt of its own (started now, a new attempt token): a worker that claimed it before writes
    // nothing (its token is stale), one that gets the carrier now leaves a live attempt alone.
    await testApp.database.db.update(layoutCheck).set({ state: "running", startedAt: new Date(), attempts: sql`${layoutCheck.attempts} + 1` }).where(eq(layoutCheck.id, pitstopDesignId));
    const url = `/api/client-order/autocheck/${pitstopDesignId}/browser-check`;
    const running = await call({ method: "POST", url, token: clientToken, payload: { findings: [], error: null } });
    expect(running.statusCode).toBe(409);
    expect(problemOf(running).messageUI).toContain("ещё идёт");

    await testApp.database.db.update(layoutCheck).set({ state: "failed", error: "Файл PDF повреждён" }).where(eq(layoutCheck.id, pitstopDesignId));
    const bothFailed = await call({ method: "POST", url, token: clientToken, payload: { findings: null, error: "DAMAGED" } });
    expect(bothFailed.json()).toEqual({ agreed: true });
    const onlyServerFailed = await call({ method: "POST", url, token: clientToken, payload: { findings: [], error: null } });
    expect(onlyServerFailed.json()).toEqual({ agreed: false });

    const badCode = await call({ method: "POST", url, token: clientToken, payload: { findings: [{ code: 9999, page: 1 }], error: null } });
    expect(badCode.statusCode).toBe(400);
    expect(problemOf(badCode).messageUI).toBe("Неизвестный код проверки");
    const theirs = await call({ method: "POST", url, token: secondToken, payload: { findings: [], error: null } });
    expect(theirs.statusCode).toBe(404);
    expect(uploaded.id).toBeGreaterThan(0);
  });
});
