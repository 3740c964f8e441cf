import { createHash, randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { eq, inArray, sum } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartSchema, layoutSchema, orderSchema, SESSION_TOKEN_HEADER } from "../../../shared/contracts/index";
import type { Cart, Layout } from "../../../shared/contracts/index";
import { storedFile } from "../../../server/db/schema";
import { DEFAULT_QUOTAS } from "../../../server/limits";
import type { QuotaConfig } from "../../../server/limits";
import { DEMO_ACCOUNTS } from "../../../server/seed/demo-data";
import { createVisitorSweep } from "../../../server/services/accounts/visitor-sweep";
import { createLocalFileStorage } from "../../../server/storage/file-storage";
import { FACE, accountIdOf, cartLine, multipartBody, productWithDetails } from "../support/files-fixtures";
import { callerOf, loginToken, problemOf } from "../support/api-calls";
import { freshClient, FRESH_CLIENT_PASSWORD } from "../support/fresh-client";
import { demoBusinessCardsId, listenOnLoopback, startTestApp } from "../support/test-app";
import type { TestApp } from "../support/test-app";

/*
 * Issue 28, finding 3 (anonymous disk fill): from one address, visitors' temporary accounts
 * together upload at most OTTISK_VISITOR_MB_PER_HOUR, counted while the file streams (an upload
 * that would pass it stops there, nothing kept); every account has a budget of bytes per day
 * (OTTISK_QUOTA_MB_PER_DAY, staff none); and a visitor's layout not in a placed order is kept at
 * most a day, while a layout that reached a placed order stays byte for byte. Real multipart
 * uploads of real PDFs (pdf-lib) of exact sizes; every test app comes from one address, 127.0.0.1.
 */

const KIB = 1024;
const MB = 1024 * KIB;
const HOUR_MS = 60 * 60 * 1000;

const noise = randomBytes(4 * MB);

/** A real PDF (one page and an embedded file of noise, made by pdf-lib) of exactly `size` bytes. */
async function pdfOfSize(size: number): Promise<Uint8Array> {
  const build = async (fill: number) => {
    const doc = await PDFDocument.create();
    doc.addPage([255.12, 141.73]);
    await doc.attach(noise.subarray(0, fill), "filler.bin", { mimeType: "application/octet-stream", creationDate: new Date(0), modificationDate: new Date(0) });
    return doc.save({ useObjectStreams: false });
  };
  let fill = size - 1000;
  let bytes = await build(fill);
  for (let attempt = 0; attempt < 10 && bytes.length !== size; attempt += 1) {
    fill += size - bytes.length;
    bytes = await build(fill);
  }
  if (bytes.length !== size) throw new Error(`no PDF of exactly ${size} bytes`);
  return bytes;
}

const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");
const fileIdOf = (layout: { fileUrl: string | null }): number => Number(/\/api\/file\/(\d+)$/.exec(layout.fileUrl ?? "")?.[1]);

interface Shop {
  testApp: TestApp;
  call: ReturnType<typeof callerOf>;
  productId: number;
}

async function openShop(quotas: QuotaConfig): Promise<Shop> {
  const testApp = await startTestApp({ quotas });
  await testApp.app.ready();
  // No worker takes checks here: nothing below starts one.
  await testApp.app.checks.stop();
  return { testApp, call: callerOf(() => testApp.app), productId: await productWithDetails(testApp.database.db) };
}

/** A visitor with a line in the cart: a temporary account with its session, as the first cart call opens one. */
async function visitorWithLine(shop: Shop): Promise<{ id: number; token: string; orderProductId: number }> {
  const { viewer, opened } = await shop.testApp.app.sessions.openTemporary();
  const line = await cartLine(shop.testApp.database.db, viewer.account.id, shop.productId);
  return { id: viewer.account.id, token: opened.token, orderProductId: line.orderProductId };
}

function uploadLayout(shop: Shop, token: string, orderProductId: number, bytes: Uint8Array): Promise<LightMyRequestResponse> {
  const body = multipartBody({ orderProductId: String(orderProductId), detailName: FACE }, { name: "layout.pdf", contentType: "application/pdf", bytes });
  return shop.call({ method: "POST", url: "/api/file/upload/layout", token, payload: body.payload, headers: body.headers });
}

function uploaded(response: LightMyRequestResponse): Layout {
  expect(response.statusCode, response.body).toBe(200);
  return layoutSchema.parse(response.json());
}

async function incomingFiles(shop: Shop): Promise<string[]> {
  return readdir(join(shop.testApp.database.filesDir, "private", ".incoming")).catch(() => []);
}

async function storedBytesOf(shop: Shop, accountIds: number[]): Promise<number> {
  const [row] = await shop.testApp.database.db.select({ bytes: sum(storedFile.sizeBytes) }).from(storedFile).where(inArray(storedFile.ownerAccountId, accountIds));
  return Number(row?.bytes ?? 0);
}

describe("visitors' bytes per hour from one address (finding 3)", () => {
  const BUDGET = 2 * MB;
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ ...DEFAULT_QUOTAS, visitorBytesPerHourPerAddress: BUDGET });
  });
  afterAll(() => shop.testApp.close());

  it("stops an upload over the budget while it streams: the answer comes before the rest of the file is sent", async () => {
    const guest = await visitorWithLine(shop);
    const address = await listenOnLoopback(shop.testApp.app);
    const body = multipartBody({ orderProductId: String(guest.orderProductId), detailName: FACE }, { name: "big.pdf", contentType: "application/pdf", bytes: await pdfOfSize(3 * MB) });
    const sent = httpRequest(`${address}/api/file/upload/layout`, {
      method: "POST",
      headers: { ...body.headers, "content-length": String(body.payload.length), authorization: `Bearer ${guest.token}` },
    });
    const answer = new Promise<{ status: number; text: string; retryAfter: string | undefined; connection: string | undefined }>((resolve, reject) => {
      sent.on("response", (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8"), retryAfter: response.headers["retry-after"], connection: response.headers.connection }));
      });
      // The server may close the connection on the unsent rest once it has answered.
      sent.on("error", (error) => (error.message.includes("EPIPE") || error.message.includes("ECONNRESET") ? undefined : reject(error)));
    });
    // Only the first 2.5 MB of the 3 MB file go out: the budget (2 MB) must stop it before the end.
    sent.write(body.payload.subarray(0, 2.5 * MB));
    const response = await answer;
    // The rest of the body is never sent: the server closed the connection with its answer.
    expect(response.connection).toBe("close");
    sent.destroy();
    expect(response.status, response.text).toBe(413);
    const problem = JSON.parse(response.text) as { code: string; messageUI: string };
    expect(problem.code).toBe("ADDRESS_UPLOAD_BUDGET_EXCEEDED");
    expect(problem.messageUI).toMatch(/^Файл больше, чем ещё можно загрузить с вашего адреса за этот час без входа \(осталось 2 МБ из 2 МБ\): попробуйте снова через \d+ мин\. или войдите в личный кабинет$/);
    expect(Number(response.retryAfter)).toBeGreaterThan(0);
    expect(await incomingFiles(shop)).toEqual([]);
    expect(await storedBytesOf(shop, [guest.id])).toBe(0);
  });
});

describe("visitors' bytes per hour from one address, several accounts (finding 3)", () => {
  const BUDGET = 2 * MB;
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ ...DEFAULT_QUOTAS, visitorBytesPerHourPerAddress: BUDGET });
  });
  afterAll(() => shop.testApp.close());

  it("lets visitors' accounts from one address together store no more than the budget: 413 for a file over what is left, 429 once it is used up", async () => {
    const guests = [];
    for (let index = 0; index < 6; index += 1) guests.push(await visitorWithLine(shop));
    const [a, b, c, d, e, f] = guests;
    if (!a || !b || !c || !d || !e || !f) throw new Error("no visitors");
    for (const guest of [a, b, c]) uploaded(await uploadLayout(shop, guest.token, guest.orderProductId, await pdfOfSize(600 * KIB)));

    // 1800 KiB used: 248 KiB are left, a 600 KiB file does not fit. It is refused with words and a wait, and nothing stays.
    const over = await uploadLayout(shop, d.token, d.orderProductId, await pdfOfSize(600 * KIB));
    expect(over.statusCode).toBe(413);
    expect(problemOf(over)).toMatchObject({ code: "ADDRESS_UPLOAD_BUDGET_EXCEEDED" });
    expect(problemOf(over).messageUI).toMatch(/^Файл больше, чем ещё можно загрузить с вашего адреса за этот час без входа \(осталось 0,2 МБ из 2 МБ\): попробуйте снова через \d+ мин\. или войдите в личный кабинет$/);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect(await storedBytesOf(shop, [d.id])).toBe(0);
    expect(await incomingFiles(shop)).toEqual([]);

    // The refused file gave back what it had taken: exactly what is left still fits.
    uploaded(await uploadLayout(shop, e.token, e.orderProductId, await pdfOfSize(248 * KIB)));
    // Used up: refused before the file is read, with Retry-After.
    const usedUp = await uploadLayout(shop, f.token, f.orderProductId, await pdfOfSize(10 * KIB));
    expect(usedUp.statusCode).toBe(429);
    expect(problemOf(usedUp).code).toBe("ADDRESS_UPLOAD_BUDGET_EXCEEDED");
    expect(problemOf(usedUp).messageUI).toMatch(/^С вашего адреса за час без входа загрузили уже 2 МБ файлов: попробуйте снова через \d+ мин\. или войдите в личный кабинет$/);
    expect(Number(usedUp.headers["retry-after"])).toBeGreaterThan(0);
    // A file replaced by one of the same visitors counts again: the budget is of bytes uploaded, not kept.
    expect((await uploadLayout(shop, a.token, a.orderProductId, await pdfOfSize(10 * KIB))).statusCode).toBe(429);

    expect(await storedBytesOf(shop, guests.map((guest) => guest.id))).toBe(BUDGET);
    expect(await incomingFiles(shop)).toEqual([]);

    // A client from the same address is not a visitor: the address's budget is not theirs.
    const clientId = await accountIdOf(shop.testApp.database.db, DEMO_ACCOUNTS.client.email);
    const clientToken = await loginToken(shop.testApp.app, DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password);
    const clientLine = await cartLine(shop.testApp.database.db, clientId, shop.productId);
    uploaded(await uploadLayout(shop, clientToken, clientLine.orderProductId, await pdfOfSize(600 * KIB)));
  });
});

describe("an account's bytes per day (OTTISK_QUOTA_MB_PER_DAY)", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({
      ...DEFAULT_QUOTAS,
      visitor: { ...DEFAULT_QUOTAS.visitor, bytesPerDay: 1 * MB },
      client: { ...DEFAULT_QUOTAS.client, bytesPerDay: 2 * MB },
    });
  });
  afterAll(() => shop.testApp.close());

  it("holds a visitor and a client to their bytes per day (413 over what is left, 429 when used up, with Retry-After); staff have none", async () => {
    const guest = await visitorWithLine(shop);
    uploaded(await uploadLayout(shop, guest.token, guest.orderProductId, await pdfOfSize(600 * KIB)));
    const over = await uploadLayout(shop, guest.token, guest.orderProductId, await pdfOfSize(600 * KIB));
    expect(over.statusCode).toBe(413);
    expect(problemOf(over).code).toBe("DAILY_UPLOAD_BUDGET_EXCEEDED");
    expect(problemOf(over).messageUI).toMatch(
      /^Файл больше, чем ещё можно загрузить за эти сутки \(осталось 0,4 МБ из 1 МБ\): попробуйте снова через \d+ ч\. или войдите в личный кабинет: у клиентов лимит больше$/,
    );
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(HOUR_MS / 1000);
    // Replacing the layout with what is left takes the rest of the day's bytes.
    uploaded(await uploadLayout(shop, guest.token, guest.orderProductId, await pdfOfSize(424 * KIB)));
    const usedUp = await uploadLayout(shop, guest.token, guest.orderProductId, await pdfOfSize(10 * KIB));
    expect(usedUp.statusCode).toBe(429);
    expect(problemOf(usedUp).code).toBe("DAILY_UPLOAD_BUDGET_EXCEEDED");
    expect(problemOf(usedUp).messageUI).toMatch(/^За сутки можно загрузить не больше 1 МБ файлов: попробуйте снова через \d+ ч\. или войдите в личный кабинет: у клиентов лимит больше$/);
    expect(Number(usedUp.headers["retry-after"])).toBeGreaterThan(HOUR_MS / 1000);
    // The budget is the account's: another visitor from the same address uploads on.
    const other = await visitorWithLine(shop);
    uploaded(await uploadLayout(shop, other.token, other.orderProductId, await pdfOfSize(600 * KIB)));

    // A client has a larger one, and is not told to sign in.
    const secondId = await accountIdOf(shop.testApp.database.db, DEMO_ACCOUNTS.secondClient.email);
    const secondToken = await loginToken(shop.testApp.app, DEMO_ACCOUNTS.secondClient.email, DEMO_ACCOUNTS.secondClient.password);
    const line = await cartLine(shop.testApp.database.db, secondId, shop.productId);
    for (let upload = 0; upload < 3; upload += 1) uploaded(await uploadLayout(shop, secondToken, line.orderProductId, await pdfOfSize(600 * KIB)));
    const clientOver = await uploadLayout(shop, secondToken, line.orderProductId, await pdfOfSize(600 * KIB));
    expect(clientOver.statusCode).toBe(413);
    expect(problemOf(clientOver).messageUI).toMatch(/^Файл больше, чем ещё можно загрузить за эти сутки \(осталось 0,2 МБ из 2 МБ\): попробуйте снова через \d+ ч\.$/);

    // Staff have none: an employee in client mode uploads for the client past the client's budget.
    const employeeToken = await loginToken(shop.testApp.app, DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
    const enter = await shop.call({ method: "POST", url: `/api/client/${secondId}/impersonalization`, token: employeeToken, payload: { companyId: null } });
    expect(enter.statusCode, enter.body).toBe(200);
    uploaded(await uploadLayout(shop, employeeToken, line.orderProductId, await pdfOfSize(600 * KIB)));
    expect(await incomingFiles(shop)).toEqual([]);
  });
});

describe("a visitor's layouts are kept at most a day (finding 3)", () => {
  let testApp: TestApp;
  let call: ReturnType<typeof callerOf>;
  let cardsId: number;
  beforeAll(async () => {
    testApp = await startTestApp();
    await testApp.app.ready();
    await testApp.app.checks.stop();
    call = callerOf(() => testApp.app);
    cardsId = await demoBusinessCardsId(testApp);
  });
  afterAll(() => testApp.close());

  async function cartOf(token: string): Promise<Cart> {
    const response = await call({ method: "GET", url: "/api/client-cart", token });
    expect(response.statusCode, response.body).toBe(200);
    return cartSchema.parse(response.json());
  }

  /** A visitor as the storefront makes one: the first cart line opens the temporary account, a favourite on a later visit keeps it for months. */
  async function visitorWithLayout(bytes: Uint8Array): Promise<{ token: string; layout: Layout }> {
    const first = await call({ method: "POST", url: "/api/client-cart/product", payload: { productId: cardsId, quantity: 100 } });
    expect(first.statusCode, first.body).toBe(200);
    const token = String(first.headers[SESSION_TOKEN_HEADER]);
    const again = await call({ method: "PUT", url: `/api/public/product/to-favorite/${cardsId}`, token });
    expect(again.statusCode, again.body).toBe(200);
    const cart = await cartOf(token);
    const line = cart.orderProduct[0];
    const detail = line?.layouts[0];
    if (!line || !detail) throw new Error("the business cards need no layout");
    const body = multipartBody({ orderProductId: String(line.id), detailName: detail.detailName }, { name: "визитка.pdf", contentType: "application/pdf", bytes });
    const upload = await call({ method: "POST", url: "/api/file/upload/layout", token, payload: body.payload, headers: body.headers });
    return { token, layout: uploaded(upload) };
  }

  it("deletes a visitor's layout and its file a day after the upload, the line asking for it again; a layout in a placed order stays byte for byte", async () => {
    const db = testApp.database.db;
    const storage = createLocalFileStorage(join(testApp.database.filesDir, "private"));
    const keyOf = async (fileId: number): Promise<string> => {
      const [row] = await db.select({ key: storedFile.storageKey }).from(storedFile).where(eq(storedFile.id, fileId));
      if (!row) throw new Error(`no stored_file ${fileId}`);
      return row.key;
    };

    const leftBytes = await pdfOfSize(300 * KIB);
    const left = await visitorWithLayout(leftBytes);
    const leftKey = await keyOf(fileIdOf(left.layout));

    // Another visitor uploads, signs in (the cart and its layouts follow) and places the order.
    const orderedBytes = await pdfOfSize(200 * KIB);
    const ordering = await visitorWithLayout(orderedBytes);
    const client = await freshClient(testApp, "budgets-orderer@example.com");
    const signIn = await call({ method: "POST", url: "/api/auth/login", token: ordering.token, payload: { email: client.email, password: FRESH_CLIENT_PASSWORD } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const delivery = { deliveryType: "Door", cityKladrId: "2300000100000", deliveryMethod: "Courier", address: "ул. Красная, д. 1, оф. 5" };
    const withDelivery = await call({ method: "POST", url: "/api/client-cart/delivery", token: client.token, payload: delivery });
    expect(withDelivery.statusCode, withDelivery.body).toBe(200);
    expect(cartSchema.parse(withDelivery.json()).problems).toEqual([]);
    const placed = await call({ method: "POST", url: "/api/client-cart/place-order", token: client.token, payload: { companyId: null, paymentType: "Yookassa", idempotencyKey: "budgets-order-1" } });
    expect(placed.statusCode, placed.body).toBe(200);
    orderSchema.parse(placed.json());
    const orderedFileId = fileIdOf(ordering.layout);

    // 23 hours on: still there.
    const sweep = createVisitorSweep(db, testApp.app.files);
    await sweep.sweep(new Date(Date.now() + 23 * HOUR_MS));
    expect(sha256((await storage.get(leftKey)) ?? new Uint8Array())).toBe(sha256(leftBytes));

    // 25 hours on: the visitor's layout is gone with its file; the visitor's cart line asks for the layout again.
    await sweep.sweep(new Date(Date.now() + 25 * HOUR_MS));
    expect(await storage.get(leftKey)).toBeNull();
    expect(await db.select({ id: storedFile.id }).from(storedFile).where(eq(storedFile.id, fileIdOf(left.layout)))).toEqual([]);
    const leftCart = await cartOf(left.token);
    expect(leftCart.orderProduct[0]?.layouts[0]).toMatchObject({ status: "missing", layoutId: null, fileUrl: null });
    expect(leftCart.problems.map((problem) => problem.code)).toContain("LAYOUT_MISSING");

    // The layout of the placed order is untouched, byte for byte.
    const download = await call({ method: "GET", url: `/api/file/${orderedFileId}`, token: client.token });
    expect(download.statusCode).toBe(200);
    expect(sha256(download.rawPayload)).toBe(sha256(orderedBytes));
  });
});
