import { join } from "node:path";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { z } from "zod/mini";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSchema, checkStartedSchema, layoutSchema, preflightCodeMessages, preflightFindingSchema, serverErrorSchema, sessionGrantSchema } from "../../shared/contracts/index";
import type { Check } from "../../shared/contracts/index";
import { layout, layoutCheck, productOption } from "../../server/db/schema";
import type { LayoutCheckRow } from "../../server/db/files.schema";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { PreflightError, preflightErrorMessages } from "../../preflight/core/errors";
import { testEngineFile } from "../../preflight/runtime/testing-engine";
import { runPreflightEngine } from "../../server/jobs/check-engine";
import { createCheckRunner, CHECK_CRASHED_UI, CHECK_QUEUE, CHECK_OUT_OF_MEMORY_UI, CHECK_TIMEOUT_UI } from "../../server/jobs/check-runner";
import type { CheckRunner, CheckRunnerOptions } from "../../server/jobs/check-runner";
import { createLocalFileStorage } from "../../server/storage/file-storage";
import { BACK, FACE, TEST_PROFILE, accountIdOf, cartLine, minimalPdf, multipartBody, printReadyPdf, productWithDetails } from "./support/files-fixtures";
import { startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * The print-readiness checks: through the API with a test engine (the done path, findings on
 * the layout, access), then the runner itself with engines that loop, eat memory, throw and exit,
 * the real engine (preflight/), the time limit handed to the engine as its deadline, and checks left
 * running by a stopped process.
 */

const engine = (name: string) => new URL(`./support/check-engine-${name}.ts`, import.meta.url);
/** Does what the file says (`%test-engine sleep 6000` …) and honours the deadline it is given, as the real engine does. */
const TESTING_ENGINE = new URL("../../preflight/runtime/testing-engine.ts", import.meta.url);

let testApp: TestApp;
let productId: number;
let clientId: number;
let clientToken: string;
let secondToken: string;
let line: { cartId: number; orderProductId: number };
let backLine: { cartId: number; orderProductId: number };
const runners: CheckRunner[] = [];

function call(options: InjectOptions & { token?: string | undefined }): Promise<LightMyRequestResponse> {
  const { token, headers, ...rest } = options;
  return testApp.app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

async function login(email: string, password: string): Promise<string> {
  const response = await call({ method: "POST", url: "/api/auth/login", payload: { email, password, rememberMe: false } });
  expect(response.statusCode, response.body).toBe(200);
  return sessionGrantSchema.parse(response.json()).token;
}

async function upload(orderProductId: number, detailName: string, bytes: Uint8Array): Promise<number> {
  const body = multipartBody({ orderProductId: String(orderProductId), detailName }, { name: "layout.pdf", contentType: "application/pdf", bytes });
  const response = await call({ method: "POST", url: "/api/file/upload/layout", token: clientToken, payload: body.payload, headers: body.headers });
  expect(response.statusCode, response.body).toBe(200);
  return layoutSchema.parse(response.json()).id;
}

async function pollCheck(id: number, token: string): Promise<Check> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const response = await call({ method: "GET", url: `/api/client-order/autocheck/${id}`, token });
    expect(response.statusCode, response.body).toBe(200);
    const check = checkSchema.parse(response.json());
    if (check.state === "done" || check.state === "failed") return check;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Check ${id} did not finish`);
}

async function finishedCheck(id: number): Promise<LayoutCheckRow> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const [row] = await testApp.database.db.select().from(layoutCheck).where(eq(layoutCheck.id, id));
    if (row && (row.state === "done" || row.state === "failed")) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Check ${id} did not finish`);
}

/** A runner of its own on the test database, with the given engine and limits; the earlier tests' runners stop first (idle runners poll the queue too). */
async function runnerWith(options: CheckRunnerOptions): Promise<CheckRunner> {
  await Promise.all(runners.map((earlier) => earlier.stop()));
  const runner = createCheckRunner({ db: testApp.database.db, sql: testApp.database.sql, underSetupLock: (work) => work() }, createLocalFileStorage(join(testApp.database.filesDir, "private")), options);
  runners.push(runner);
  await runner.start();
  return runner;
}

beforeAll(async () => {
  testApp = await startTestApp({ checks: { engineModule: engine("findings"), workers: 2 } });
  const db = testApp.database.db;
  productId = await productWithDetails(db);
  clientId = await accountIdOf(db, DEMO_ACCOUNTS.client.email);
  line = await cartLine(db, clientId, productId);
  backLine = await cartLine(db, clientId, productId, { colors: "4+4" });
  clientToken = await login(DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password);
  secondToken = await login(DEMO_ACCOUNTS.secondClient.email, DEMO_ACCOUNTS.secondClient.password);
});
afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  await testApp.close();
});

describe("POST /api/client-order/{orderId}/product/{productId}/autocheck/{detailName}", () => {
  it("checks the current layout in a worker and stores the findings on the layout", async () => {
    const layoutId = await upload(line.orderProductId, FACE, minimalPdf("1.7"));
    const started = await call({ method: "POST", url: `/api/client-order/${line.cartId}/product/${line.orderProductId}/autocheck/${encodeURIComponent(FACE)}`, token: clientToken });
    expect(started.statusCode, started.body).toBe(202);
    const queued = checkStartedSchema.parse(started.json());
    expect(queued.state).toBe("queued");

    const check = await pollCheck(queued.pitstopDesignId, clientToken);
    expect(check).toMatchObject({ pitstopDesignId: queued.pitstopDesignId, layoutId, state: "done", error: null });
    expect(check.findings).toEqual([{ code: 1120, message: preflightCodeMessages[1120], page: null, bbox: null, measured: "1.7" }]);
    expect(check.durationMs).toBeGreaterThanOrEqual(0);

    const [row] = await testApp.database.db.select().from(layout).where(eq(layout.id, layoutId));
    expect(row?.status).toBe("failed");
    expect(row?.findings).toEqual(check.findings);
  });

  it("passes a layout with no findings, using the detail's own profile", async () => {
    const layoutId = await upload(backLine.orderProductId, FACE, minimalPdf("1.3"));
    const started = checkStartedSchema.parse(
      (await call({ method: "POST", url: `/api/client-order/${backLine.cartId}/product/${backLine.orderProductId}/autocheck/${encodeURIComponent(FACE)}`, token: clientToken })).json(),
    );
    const check = await pollCheck(started.pitstopDesignId, clientToken);
    expect(check.findings).toEqual([]);
    const [row] = await testApp.database.db.select().from(layout).where(eq(layout.id, layoutId));
    expect(row?.status).toBe("passed");

    // The back side's profile wants two pages: the test engine reports 1163 with a page and a box.
    await upload(backLine.orderProductId, BACK, minimalPdf("1.3"));
    const back = checkStartedSchema.parse(
      (await call({ method: "POST", url: `/api/client-order/${backLine.cartId}/product/${backLine.orderProductId}/autocheck/${encodeURIComponent(BACK)}`, token: clientToken })).json(),
    );
    const backCheck = await pollCheck(back.pitstopDesignId, clientToken);
    expect(backCheck.findings?.map((finding) => [finding.code, finding.page, finding.bbox])).toEqual([[1163, 1, [0, 0, 255.12, 141.73]]]);
  });

  it("checks a line with a non-default format at that format's size, not the profile's default trim", async () => {
    const db = testApp.database.db;
    await db.insert(productOption).values([
      { productId, group: "format", code: "test-90x50", label: "90×50 мм", isDefault: true, widthMm: 90, heightMm: 50 },
      { productId, group: "format", code: "test-100x70", label: "100×70 мм", widthMm: 100, heightMm: 70 },
    ]);
    const profileChecked = async (format: string): Promise<unknown> => {
      const formatLine = await cartLine(db, clientId, productId, { format });
      await upload(formatLine.orderProductId, FACE, minimalPdf("1.3"));
      const url = `/api/client-order/${formatLine.cartId}/product/${formatLine.orderProductId}/autocheck/${encodeURIComponent(FACE)}`;
      const started = checkStartedSchema.parse((await call({ method: "POST", url, token: clientToken })).json());
      await pollCheck(started.pitstopDesignId, clientToken);
      const [row] = await db.select({ profile: layoutCheck.profile }).from(layoutCheck).where(eq(layoutCheck.id, started.pitstopDesignId));
      return row?.profile;
    };
    expect(await profileChecked("test-100x70")).toEqual({ ...TEST_PROFILE, trimMm: [100, 70] });
    expect(await profileChecked("test-90x50")).toEqual(TEST_PROFILE);
  });

  it("answers the queued check again instead of starting a second one", async () => {
    // The engine takes 1.5 s over this file, so the first check is still queued or running when the
    // second call comes (on PostgreSQL a quick check could be done by then, and a new one would start).
    const slow = new Uint8Array([...minimalPdf("1.3"), ...new TextEncoder().encode("\n%test-engine sleep 1500\n")]);
    await upload(line.orderProductId, FACE, slow);
    const url = `/api/client-order/${line.cartId}/product/${line.orderProductId}/autocheck/${encodeURIComponent(FACE)}`;
    const first = checkStartedSchema.parse((await call({ method: "POST", url, token: clientToken })).json());
    const second = await call({ method: "POST", url, token: clientToken });
    expect(second.statusCode).toBe(200);
    expect(checkStartedSchema.parse(second.json()).pitstopDesignId).toBe(first.pitstopDesignId);
    expect((await pollCheck(first.pitstopDesignId, clientToken)).state).toBe("done");
  });

  it("is only for the line's client; a detail without a layout is a 409", async () => {
    const url = `/api/client-order/${line.cartId}/product/${line.orderProductId}/autocheck/${encodeURIComponent(FACE)}`;
    expect((await call({ method: "POST", url, token: secondToken })).statusCode).toBe(404);
    expect((await call({ method: "POST", url })).statusCode).toBe(401);
    const wrongCart = await call({ method: "POST", url: `/api/client-order/999999/product/${line.orderProductId}/autocheck/${encodeURIComponent(FACE)}`, token: clientToken });
    expect(wrongCart.statusCode).toBe(404);
    const [row] = await testApp.database.db.select({ id: layoutCheck.id }).from(layoutCheck).limit(1);
    expect((await call({ method: "GET", url: `/api/client-order/autocheck/${row?.id ?? 0}`, token: secondToken })).statusCode).toBe(404);

    const fresh = await cartLine(testApp.database.db, clientId, productId);
    const missing = await call({ method: "POST", url: `/api/client-order/${fresh.cartId}/product/${fresh.orderProductId}/autocheck/${encodeURIComponent(FACE)}`, token: clientToken });
    expect(missing.statusCode).toBe(409);
    expect(serverErrorSchema.parse(missing.json()).messageUI).toBe("Сначала загрузите макет этой детали");
  });
});

describe("the check runner", () => {
  let layoutId: number;

  beforeAll(async () => {
    // From here on the tests' own runners take the checks: the app's runner stops claiming them.
    await testApp.app.checks.stop();
    layoutId = await upload(line.orderProductId, FACE, minimalPdf("1.3"));
  });

  it("ends a check that runs past the time limit", async () => {
    const runner = await runnerWith({ engineModule: engine("forever"), timeoutMs: 1000 });
    const queued = await runner.enqueue(layoutId, TEST_PROFILE, clientId);
    const done = await finishedCheck(queued.id);
    expect(done).toMatchObject({ state: "failed", error: CHECK_TIMEOUT_UI });
    expect(done.durationMs).toBeGreaterThanOrEqual(1000);
    const [row] = await testApp.database.db.select().from(layout).where(eq(layout.id, layoutId));
    expect(row?.status).toBe("error");
  });

  it("ends a check that runs out of memory", async () => {
    const runner = await runnerWith({ engineModule: engine("oom"), memoryMb: 64, timeoutMs: 60_000 });
    const queued = await runner.enqueue(layoutId, TEST_PROFILE, clientId);
    expect(await finishedCheck(queued.id)).toMatchObject({ state: "failed", error: CHECK_OUT_OF_MEMORY_UI });
  });

  it("fails the check when the engine throws or its thread exits, and the API keeps answering", async () => {
    const throwing = await runnerWith({ engineModule: engine("throws") });
    expect(await finishedCheck((await throwing.enqueue(layoutId, TEST_PROFILE, clientId)).id)).toMatchObject({ state: "failed", error: CHECK_CRASHED_UI });
    const exiting = await runnerWith({ engineModule: engine("exits") });
    const crashed = await exiting.enqueue(layoutId, TEST_PROFILE, clientId);
    expect(await finishedCheck(crashed.id)).toMatchObject({ state: "failed", error: CHECK_CRASHED_UI });
    const check = await call({ method: "GET", url: `/api/client-order/autocheck/${crashed.id}`, token: clientToken });
    expect(check.statusCode).toBe(200);
    expect(checkSchema.parse(check.json())).toMatchObject({ state: "failed", error: CHECK_CRASHED_UI, findings: null });
  });

  it("runs the real engine: a print-ready PDF passes, a faulty one has findings, a damaged one fails with the engine's message", async () => {
    const runner = await runnerWith({});
    const layoutOf = async (bytes: Uint8Array) => upload((await cartLine(testApp.database.db, clientId, productId)).orderProductId, FACE, bytes);
    const statusOf = async (id: number) => (await testApp.database.db.select({ status: layout.status }).from(layout).where(eq(layout.id, id)))[0]?.status;

    const clean = await layoutOf(printReadyPdf());
    expect(await finishedCheck((await runner.enqueue(clean, TEST_PROFILE, clientId)).id)).toMatchObject({ state: "done", findings: [], error: null });
    expect(await statusOf(clean)).toBe("passed");

    // PDF 1.7 instead of 1.3, and a 90×50 mm MediaBox without the 2 mm bleed.
    const faulty = await layoutOf(minimalPdf("1.7"));
    const faultyCheck = await finishedCheck((await runner.enqueue(faulty, TEST_PROFILE, clientId)).id);
    expect(faultyCheck.state).toBe("done");
    expect(z.array(preflightFindingSchema).parse(faultyCheck.findings).map((finding) => [finding.code, finding.measured])).toEqual([
      [1120, "1.7"],
      [1198, expect.anything()],
    ]);
    expect(await statusOf(faulty)).toBe("failed");

    // A header, the start of a page object and an end marker: no catalog, no cross-reference, no trailer.
    const damaged = await layoutOf(new TextEncoder().encode("%PDF-1.3\n4 0 obj\n<< /Type /Page /MediaBox [0 0 100 100] /Contents 5 0 R\n%%EOF\n"));
    expect(await finishedCheck((await runner.enqueue(damaged, TEST_PROFILE, clientId)).id)).toMatchObject({ state: "failed", error: preflightErrorMessages.DAMAGED, findings: null });
    // A verdict on the file itself: the layout fails and holds the order, unlike a check that ran out of time (status error).
    expect(await statusOf(damaged)).toBe("failed");
  });

  it("gives the engine the runner's time limit: a 6 s check, past the engine's old fixed 4.5 s, finishes under a 10 s limit; a 2 s limit ends it", async () => {
    const slow = await upload((await cartLine(testApp.database.db, clientId, productId)).orderProductId, FACE, testEngineFile("sleep 6000"));
    const patient = await runnerWith({ engineModule: TESTING_ENGINE, timeoutMs: 10_000 });
    expect(await finishedCheck((await patient.enqueue(slow, TEST_PROFILE, clientId)).id)).toMatchObject({ state: "done", findings: [], error: null });
    await patient.stop();
    const hasty = await runnerWith({ engineModule: TESTING_ENGINE, timeoutMs: 2_000 });
    const late = await finishedCheck((await hasty.enqueue(slow, TEST_PROFILE, clientId)).id);
    await hasty.stop();
    // The engine's own TIMEOUT (at 1.8 s) and the thread's limit (2 s) say the same.
    expect(late).toMatchObject({ state: "failed", error: CHECK_TIMEOUT_UI, findings: null });
    expect(CHECK_TIMEOUT_UI).toBe(preflightErrorMessages.TIMEOUT);
    const [row] = await testApp.database.db.select().from(layout).where(eq(layout.id, slow));
    expect(row?.status).toBe("error");
  }, 30_000);

  it("the real engine takes the deadline it is given (OTTISK_PREFLIGHT_TIMEOUT_S), not its fixed default", async () => {
    expect(await runPreflightEngine(printReadyPdf(), TEST_PROFILE, { deadlineMs: 60_000 })).toEqual([]);
    const late = await runPreflightEngine(printReadyPdf(), TEST_PROFILE, { deadlineMs: -1 }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(late).toBeInstanceOf(PreflightError);
    expect(late).toMatchObject({ code: "TIMEOUT", messageUI: CHECK_TIMEOUT_UI });
  });

  it("runs the checks a process that died left running (once their time is up) or queued without telling the queue", async () => {
    // Ten minutes is past any time limit: its worker is gone (a live one would have finished or failed it).
    const [left] = await testApp.database.db
      .insert(layoutCheck)
      .values({ layoutId, profile: TEST_PROFILE, state: "running", startedAt: new Date(Date.now() - 10 * 60_000), attempts: 1 })
      .returning();
    // A layout has one open check at most: the queued one is another layout's.
    const otherLayoutId = await upload((await cartLine(testApp.database.db, clientId, productId)).orderProductId, FACE, minimalPdf("1.3"));
    const [waiting] = await testApp.database.db.insert(layoutCheck).values({ layoutId: otherLayoutId, profile: TEST_PROFILE, state: "queued" }).returning();
    if (!left || !waiting) throw new Error("insert failed");
    await runnerWith({ engineModule: engine("findings") });
    expect(await finishedCheck(left.id)).toMatchObject({ state: "done", findings: [] });
    expect(await finishedCheck(waiting.id)).toMatchObject({ state: "done", findings: [] });
  });

  it("on stop, hands the check it was running back to the queue", async () => {
    const runner = await runnerWith({ engineModule: engine("forever"), timeoutMs: 60_000 });
    const queued = await runner.enqueue(layoutId, TEST_PROFILE, clientId);
    const rowOf = async () => (await testApp.database.db.select().from(layoutCheck).where(eq(layoutCheck.id, queued.id)))[0];
    // The check must be seen running (claimed by this runner's first attempt) before stop(): else the test proves nothing.
    let running: LayoutCheckRow | undefined;
    for (let attempt = 0; attempt < 200 && running === undefined; attempt += 1) {
      const row = await rowOf();
      if (row?.state === "running") running = row;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(running, "the check never started running").toMatchObject({ state: "running", attempts: 1, finishedAt: null });
    expect(running?.startedAt).toBeInstanceOf(Date);

    await runner.stop();
    // Handed back by the time stop() resolves: waiting again, its attempt counted, no result written …
    expect(await rowOf()).toMatchObject({ state: "queued", startedAt: null, attempts: 1, finishedAt: null, findings: null, error: null });
    // … and a carrier waits for it in the queue, so another worker (or the next start) takes it at once.
    const carriers = z.object({ rows: z.array(z.unknown()) }).parse(
      await testApp.database.db.execute(sql`SELECT state FROM pgboss.job WHERE name = ${CHECK_QUEUE} AND singleton_key = ${String(queued.id)} AND state = 'created'`),
    );
    expect(carriers.rows).toHaveLength(1);
    await testApp.database.db.delete(layoutCheck).where(eq(layoutCheck.id, queued.id));
  });

  it("takes accounts in turn: one account's ten queued checks do not make another's wait behind them", async () => {
    const db = testApp.database.db;
    // Only this test's runner takes checks, one at a time, from a queue holding only this test's checks.
    await Promise.all(runners.map((runner) => runner.stop()));
    await db.delete(layoutCheck).where(inArray(layoutCheck.state, ["queued", "running"]));
    const secondId = await accountIdOf(db, DEMO_ACCOUNTS.secondClient.email);
    const secondLine = await cartLine(db, secondId, productId);
    const body = multipartBody({ orderProductId: String(secondLine.orderProductId), detailName: FACE }, { name: "b.pdf", contentType: "application/pdf", bytes: minimalPdf("1.3") });
    const secondUpload = await call({ method: "POST", url: "/api/file/upload/layout", token: secondToken, payload: body.payload, headers: body.headers });
    const secondLayoutId = layoutSchema.parse(secondUpload.json()).id;

    // Account A queued ten checks (of ten layouts: one open check per layout) before account B queued one.
    const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, second));
    const aLayouts: number[] = [];
    for (let index = 0; index < 10; index += 1) aLayouts.push(await upload((await cartLine(db, clientId, productId)).orderProductId, FACE, minimalPdf("1.3")));
    const aChecks = await db
      .insert(layoutCheck)
      .values(aLayouts.map((aLayoutId, index) => ({ layoutId: aLayoutId, profile: TEST_PROFILE, accountId: clientId, state: "queued" as const, createdAt: at(index) })))
      .returning({ id: layoutCheck.id });
    const [bCheck] = await db.insert(layoutCheck).values({ layoutId: secondLayoutId, profile: TEST_PROFILE, accountId: secondId, state: "queued", createdAt: at(30) }).returning({ id: layoutCheck.id });
    if (!bCheck || aChecks.length !== 10) throw new Error("insert failed");

    const runner = await runnerWith({ engineModule: engine("findings"), workers: 1 });
    const aThird = aChecks[2];
    if (!aThird) throw new Error("no third queued");
    const [b, a3] = [await finishedCheck(bCheck.id), await finishedCheck(aThird.id)];
    await runner.stop();
    // The order of completion, not the time: B's one check came second, before A's third.
    expect(b.finishedAt && a3.finishedAt && b.finishedAt < a3.finishedAt).toBe(true);
    const ours = new Set([bCheck.id, ...aChecks.map((queued) => queued.id)]);
    const done = await db.select({ id: layoutCheck.id, finishedAt: layoutCheck.finishedAt }).from(layoutCheck).where(eq(layoutCheck.state, "done"));
    const order = done
      .filter((queued) => ours.has(queued.id) && queued.finishedAt !== null)
      .sort((x, y) => (x.finishedAt?.getTime() ?? 0) - (y.finishedAt?.getTime() ?? 0) || x.id - y.id)
      .map((queued) => queued.id);
    // First or second (A was served earlier in this file, so B, never served, may even go first); FIFO made it eleventh.
    expect(order.indexOf(bCheck.id)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(bCheck.id)).toBeLessThan(2);
    await db.delete(layoutCheck).where(inArray(layoutCheck.state, ["queued", "running"]));
  });
});
