import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkStartedSchema, designOrderSchema, layoutSchema, uploadedFileSchema } from "../../../shared/contracts/index";
import type { Layout } from "../../../shared/contracts/index";
import { layoutCheck, storedFile } from "../../../server/db/schema";
import { DEMO_ACCOUNTS } from "../../../server/seed/demo-data";
import { createLocalFileStorage } from "../../../server/storage/file-storage";
import type { FileStorage } from "../../../server/storage/file-storage";
import type { QuotaConfig } from "../../../server/limits";
import { FACE, accountIdOf, cartLine, minimalPdf, multipartBody, productWithDetails } from "../support/files-fixtures";
import { callerOf, loginToken, problemOf } from "../support/api-calls";
import { listenOnLoopback, startTestApp } from "../support/test-app";
import type { TestApp } from "../support/test-app";

/*
 * Finding 4 of issue 14 (uploads): an upload streams to a temporary file instead of memory, and
 * leaves none behind whatever the answer; a replaced layout or annotated PDF takes its old file
 * with it; per-account quotas (uploads per hour, stored bytes, queued checks) are smaller for a
 * visitor's temporary account than for a client, and staff have none. The fair check queue is in
 * tests/server/checks.test.ts ("takes accounts in turn").
 */

const MB = 1024 * 1024;
const MAX_LAYOUT_MB = 4;
const QUOTAS: QuotaConfig = {
  visitor: { uploadsPerHour: 3, storedBytes: 2 * MB, bytesPerDay: 1000 * MB, queuedChecks: 1 },
  client: { uploadsPerHour: 20, storedBytes: 64 * MB, bytesPerDay: 10_000 * MB, queuedChecks: 10 },
  visitorBytesPerHourPerAddress: 200 * MB,
};

let testApp: TestApp;
let storage: FileStorage;
let incomingDir: string;
let productId: number;
let clientId: number;
let clientToken: string;
let employeeToken: string;

const call = callerOf(() => testApp.app);
const login = (email: string, password: string) => loginToken(testApp.app, email, password);

/** A visitor: a temporary account with its session, as the first cart call opens one. */
async function visitor(): Promise<{ id: number; token: string }> {
  const { viewer, opened } = await testApp.app.sessions.openTemporary();
  return { id: viewer.account.id, token: opened.token };
}

function uploadLayout(token: string, orderProductId: number, bytes: Uint8Array): Promise<LightMyRequestResponse> {
  const body = multipartBody({ orderProductId: String(orderProductId), detailName: FACE }, { name: "layout.pdf", contentType: "application/pdf", bytes });
  return call({ method: "POST", url: "/api/file/upload/layout", token, payload: body.payload, headers: body.headers });
}

function uploaded(response: LightMyRequestResponse): Layout {
  expect(response.statusCode, response.body).toBe(200);
  return layoutSchema.parse(response.json());
}

const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

const fileIdOf = (layout: Layout): number => Number(/\/api\/file\/(\d+)$/.exec(layout.fileUrl)?.[1]);

async function storageKeyOf(fileId: number): Promise<string> {
  const [row] = await testApp.database.db.select({ key: storedFile.storageKey }).from(storedFile).where(eq(storedFile.id, fileId));
  if (!row) throw new Error(`No stored_file ${fileId}`);
  return row.key;
}

/** What is in the incoming folder, with sizes. */
async function incomingFiles(): Promise<{ name: string; size: number }[]> {
  const names = await readdir(incomingDir).catch(() => []);
  return Promise.all(names.map(async (name) => ({ name, size: (await stat(join(incomingDir, name))).size })));
}

async function storedFileCount(): Promise<number> {
  const [row] = await testApp.database.db.select({ n: count() }).from(storedFile);
  return row?.n ?? 0;
}

beforeAll(async () => {
  testApp = await startTestApp({ maxLayoutMb: MAX_LAYOUT_MB, quotas: QUOTAS });
  const db = testApp.database.db;
  storage = createLocalFileStorage(join(testApp.database.filesDir, "private"));
  incomingDir = join(testApp.database.filesDir, "private", ".incoming");
  productId = await productWithDetails(db);
  clientId = await accountIdOf(db, DEMO_ACCOUNTS.client.email);
  clientToken = await login(DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password);
  employeeToken = await login(DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
  // The checks stay queued: the quota counts waiting checks, and no worker should take them.
  await testApp.app.ready();
  await testApp.app.checks.stop();
});
afterAll(async () => {
  await testApp.close();
});

describe("uploads stream to disk", () => {
  it("writes the file to a temporary file while it arrives, then moves it into storage and leaves nothing behind", async () => {
    const line = await cartLine(testApp.database.db, clientId, productId);
    const address = await listenOnLoopback(testApp.app);
    const bytes = minimalPdf("1.3", 3 * MB);
    const body = multipartBody({ orderProductId: String(line.orderProductId), detailName: FACE }, { name: "big.pdf", contentType: "application/pdf", bytes });
    const held = 512 * 1024;
    const sent = httpRequest(`${address}/api/file/upload/layout`, {
      method: "POST",
      headers: { ...body.headers, "content-length": String(body.payload.length), authorization: `Bearer ${clientToken}` },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      sent.on("response", (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      });
      sent.on("error", reject);
    });
    // All but the last half megabyte: the server cannot have answered, and the file is on disk, growing.
    sent.write(body.payload.subarray(0, body.payload.length - held));
    let largest = 0;
    for (let attempt = 0; attempt < 200 && largest < 2 * MB; attempt += 1) {
      largest = Math.max(0, ...(await incomingFiles()).map((file) => file.size));
      if (largest < 2 * MB) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(largest, "the upload's temporary file in the incoming folder").toBeGreaterThanOrEqual(2 * MB);
    sent.end(body.payload.subarray(body.payload.length - held));
    const response = await answer;
    expect(response.status, response.text).toBe(200);
    const layout = layoutSchema.parse(JSON.parse(response.text));
    expect(layout.sizeBytes).toBe(bytes.length);
    // Compared by hash: the same bytes as sent (an element-wise comparison of megabytes is slow).
    const kept = await storage.get(await storageKeyOf(fileIdOf(layout)));
    expect(kept && sha256(kept)).toBe(sha256(bytes));
    expect(await incomingFiles()).toEqual([]);
  });

  it("answers 413 with a Russian message past the size limit, stores nothing and leaves no temporary file", async () => {
    const line = await cartLine(testApp.database.db, clientId, productId);
    const before = await storedFileCount();
    const response = await uploadLayout(clientToken, line.orderProductId, minimalPdf("1.3", MAX_LAYOUT_MB * MB + 10));
    expect(response.statusCode).toBe(413);
    expect(problemOf(response)).toMatchObject({ code: "FILE_TOO_LARGE", messageUI: `Файл больше ${MAX_LAYOUT_MB} МБ: уменьшите его или пришлите ссылку менеджеру` });
    expect(await storedFileCount()).toBe(before);
    expect(await incomingFiles()).toEqual([]);
  });

  it("leaves no temporary file when the upload is refused after it arrived (not a PDF)", async () => {
    const line = await cartLine(testApp.database.db, clientId, productId);
    const response = await uploadLayout(clientToken, line.orderProductId, new TextEncoder().encode("not a pdf at all"));
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).code).toBe("NOT_A_PDF");
    expect(await incomingFiles()).toEqual([]);
  });
});

describe("replaced files are deleted", () => {
  it("deletes a replaced layout's file from storage and its row", async () => {
    const line = await cartLine(testApp.database.db, clientId, productId);
    const first = uploaded(await uploadLayout(clientToken, line.orderProductId, minimalPdf("1.3")));
    const firstKey = await storageKeyOf(fileIdOf(first));
    expect(await storage.get(firstKey)).not.toBeNull();

    const second = uploaded(await uploadLayout(clientToken, line.orderProductId, minimalPdf("1.4")));
    expect(await storage.get(firstKey)).toBeNull();
    expect(await testApp.database.db.select().from(storedFile).where(eq(storedFile.id, fileIdOf(first)))).toEqual([]);
    expect(await storage.get(await storageKeyOf(fileIdOf(second)))).not.toBeNull();
  });

  it("deletes a design order's replaced annotated PDF, but keeps a file that something else still uses", async () => {
    const line = await cartLine(testApp.database.db, clientId, productId);
    const created = await call({ method: "POST", url: "/api/client-order/design", token: clientToken, payload: { orderProductId: line.orderProductId, detailName: FACE, comment: "" } });
    expect(created.statusCode, created.body).toBe(200);
    const design = designOrderSchema.parse(created.json());
    const annotation = async (): Promise<number> => {
      const body = multipartBody({}, { name: "notes.pdf", contentType: "application/pdf", bytes: minimalPdf() });
      const response = await call({ method: "POST", url: "/api/file/upload/annotation", token: clientToken, payload: body.payload, headers: body.headers });
      expect(response.statusCode, response.body).toBe(200);
      return uploadedFileSchema.parse(response.json()).fileId;
    };
    const attach = async (annotatedFileId: number | null) => {
      const response = await call({ method: "PATCH", url: `/api/client-order/design/${design.designId}`, token: clientToken, payload: { annotatedFileId } });
      expect(response.statusCode, response.body).toBe(200);
    };
    const first = await annotation();
    const firstKey = await storageKeyOf(first);
    await attach(first);
    const second = await annotation();
    const secondKey = await storageKeyOf(second);
    await attach(second);
    expect(await storage.get(firstKey)).toBeNull();
    expect(await storage.get(secondKey)).not.toBeNull();

    // The line's layout attached as the annotated file: taking it off keeps it, the layout uses it.
    const layout = uploaded(await uploadLayout(clientToken, line.orderProductId, minimalPdf()));
    await attach(fileIdOf(layout));
    expect(await storage.get(secondKey)).toBeNull();
    await attach(null);
    expect(await storage.get(await storageKeyOf(fileIdOf(layout)))).not.toBeNull();
  });
});

describe("quotas per account", () => {
  it("limits a visitor's uploads per hour with a 429 that says what to do, while a client has more", async () => {
    const guest = await visitor();
    const line = await cartLine(testApp.database.db, guest.id, productId);
    for (let upload = 0; upload < QUOTAS.visitor.uploadsPerHour; upload += 1) uploaded(await uploadLayout(guest.token, line.orderProductId, minimalPdf()));
    const refused = await uploadLayout(guest.token, line.orderProductId, minimalPdf());
    expect(refused.statusCode).toBe(429);
    expect(problemOf(refused).code).toBe("UPLOAD_QUOTA_EXCEEDED");
    expect(problemOf(refused).messageUI).toMatch(/^За час можно загрузить не больше 3 файлов: попробуйте снова через \d+ мин\. или войдите в личный кабинет/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    const annotation = multipartBody({}, { name: "n.pdf", contentType: "application/pdf", bytes: minimalPdf() });
    const alsoRefused = await call({ method: "POST", url: "/api/file/upload/annotation", token: guest.token, payload: annotation.payload, headers: annotation.headers });
    expect(alsoRefused.statusCode).toBe(429);

    // The quota is the account's: the client (and another visitor) upload on.
    const clientLine = await cartLine(testApp.database.db, clientId, productId);
    for (let upload = 0; upload <= QUOTAS.visitor.uploadsPerHour; upload += 1) uploaded(await uploadLayout(clientToken, clientLine.orderProductId, minimalPdf()));
    const other = await visitor();
    uploaded(await uploadLayout(other.token, (await cartLine(testApp.database.db, other.id, productId)).orderProductId, minimalPdf()));
    expect(await incomingFiles()).toEqual([]);
  });

  it("limits the bytes an account keeps: 413 with a Russian message, cut off at the quota, nothing left behind", async () => {
    const guest = await visitor();
    const first = await cartLine(testApp.database.db, guest.id, productId);
    const second = await cartLine(testApp.database.db, guest.id, productId);
    uploaded(await uploadLayout(guest.token, first.orderProductId, minimalPdf("1.3", 1.5 * MB)));
    const before = await storedFileCount();
    const refused = await uploadLayout(guest.token, second.orderProductId, minimalPdf("1.3", 1 * MB));
    expect(refused.statusCode).toBe(413);
    expect(problemOf(refused)).toMatchObject({
      code: "STORAGE_QUOTA_EXCEEDED",
      messageUI: "Ваши файлы заняли всё отведённое место (2 МБ): замените или удалите ненужные макеты либо обратитесь к менеджеру",
    });
    expect(await storedFileCount()).toBe(before);
    expect(await incomingFiles()).toEqual([]);
    // A file that fits in what is left goes in.
    uploaded(await uploadLayout(guest.token, second.orderProductId, minimalPdf("1.3", 0.25 * MB)));
  });

  it("limits a visitor's checks waiting at once; the job carries the account; a check already queued is answered again", async () => {
    const guest = await visitor();
    const lines = [await cartLine(testApp.database.db, guest.id, productId), await cartLine(testApp.database.db, guest.id, productId)];
    for (const line of lines) uploaded(await uploadLayout(guest.token, line.orderProductId, minimalPdf()));
    const start = (line: { cartId: number; orderProductId: number }, token = guest.token) =>
      call({ method: "POST", url: `/api/client-order/${line.cartId}/product/${line.orderProductId}/autocheck/${encodeURIComponent(FACE)}`, token });
    const [firstLine, secondLine] = lines;
    if (!firstLine || !secondLine) throw new Error("no lines");

    const first = await start(firstLine);
    expect(first.statusCode, first.body).toBe(202);
    const job = checkStartedSchema.parse(first.json());
    const [row] = await testApp.database.db.select({ accountId: layoutCheck.accountId }).from(layoutCheck).where(eq(layoutCheck.id, job.pitstopDesignId));
    expect(row?.accountId).toBe(guest.id);

    const refused = await start(secondLine);
    expect(refused.statusCode).toBe(429);
    expect(problemOf(refused)).toMatchObject({
      code: "CHECK_QUOTA_EXCEEDED",
      messageUI: "У вас уже 1 проверка в очереди: дождитесь результата и запустите новую",
    });
    expect((await start(firstLine)).statusCode).toBe(200);
  });

  it("does not hold staff to a quota: an employee in client mode uploads for a client past the client's hourly quota", async () => {
    const secondId = await accountIdOf(testApp.database.db, DEMO_ACCOUNTS.secondClient.email);
    const secondToken = await login(DEMO_ACCOUNTS.secondClient.email, DEMO_ACCOUNTS.secondClient.password);
    const line = await cartLine(testApp.database.db, secondId, productId);
    for (let upload = 0; upload < QUOTAS.client.uploadsPerHour; upload += 1) uploaded(await uploadLayout(secondToken, line.orderProductId, minimalPdf()));
    const refused = await uploadLayout(secondToken, line.orderProductId, minimalPdf());
    expect(refused.statusCode).toBe(429);
    // A client is not told to sign in.
    expect(problemOf(refused).messageUI).toMatch(/^За час можно загрузить не больше 20 файлов: попробуйте снова через \d+ мин\.$/);

    const enter = await call({ method: "POST", url: `/api/client/${secondId}/impersonalization`, token: employeeToken, payload: { companyId: null } });
    expect(enter.statusCode, enter.body).toBe(200);
    try {
      uploaded(await uploadLayout(employeeToken, line.orderProductId, minimalPdf()));
    } finally {
      await call({ method: "POST", url: "/api/client/exit-impersonalization", token: employeeToken });
    }
  });
});
