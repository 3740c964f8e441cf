import { renameSync, rmSync } from "node:fs";
import { rename, symlink } from "node:fs/promises";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import PgBoss from "pg-boss";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkStartedSchema, layoutSchema } from "../../shared/contracts/index";
import { layout, layoutCheck, storedFile } from "../../server/db/schema";
import type { LayoutCheckRow } from "../../server/db/files.schema";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { testEngineFile } from "../../preflight/runtime/testing-engine";
import { CHECK_QUEUE, createCheckRunner, CHECK_CRASHED_UI, QUEUE_SCHEMA } from "../../server/jobs/check-runner";
import type { CheckRunner, CheckRunnerOptions } from "../../server/jobs/check-runner";
import { createLocalFileStorage } from "../../server/storage/file-storage";
import { FACE, TEST_PROFILE, accountIdOf, cartLine, multipartBody, productWithDetails } from "./support/files-fixtures";
import { callerOf, loginToken } from "./support/api-calls";
import { startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * The check queue as several processes share it (pg-boss on the same database): a node that only
 * queues, workers elsewhere that find the checks without being told, one account's checks limited
 * across workers, and a worker that vanishes mid-check — its check is taken again after the lease,
 * once, and fails with the crash message when its retries are used up; a check whose file cannot be
 * read is handed back at once. The real processes (two API nodes, a worker killed with SIGKILL) are
 * in tests/scale/.
 */

/** Does what the file says (`%test-engine sleep 1200` …) and honours the deadline it is given, as the real engine does. */
const TESTING_ENGINE = new URL("../../preflight/runtime/testing-engine.ts", import.meta.url);

let testApp: TestApp;
let productId: number;
let clientId: number;
let secondId: number;
const tokens = new Map<number, string>();
const runners: CheckRunner[] = [];

const call = callerOf(() => testApp.app);

/** A new cart line of the account with a layout of `bytes`; gives the layout's id. */
async function layoutOf(accountId: number, bytes: Uint8Array): Promise<number> {
  const line = await cartLine(testApp.database.db, accountId, productId);
  const body = multipartBody({ orderProductId: String(line.orderProductId), detailName: FACE }, { name: "layout.pdf", contentType: "application/pdf", bytes });
  const response = await call({ method: "POST", url: "/api/file/upload/layout", token: tokens.get(accountId), payload: body.payload, headers: body.headers });
  expect(response.statusCode, response.body).toBe(200);
  return layoutSchema.parse(response.json()).id;
}

async function rowOf(id: number): Promise<LayoutCheckRow | undefined> {
  const [row] = await testApp.database.db.select().from(layoutCheck).where(eq(layoutCheck.id, id));
  return row;
}

async function finished(id: number): Promise<LayoutCheckRow> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const row = await rowOf(id);
    if (row && (row.state === "done" || row.state === "failed")) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Check ${id} did not finish`);
}

/** Another process's runner on the same database (its own pg-boss, its own engine threads). */
async function processWith(options: CheckRunnerOptions): Promise<CheckRunner> {
  const runner = createCheckRunner(
    { db: testApp.database.db, sql: testApp.database.sql, underSetupLock: (work) => work() },
    createLocalFileStorage(join(testApp.database.filesDir, "private")),
    { engineModule: TESTING_ENGINE, ...options },
  );
  runners.push(runner);
  await runner.start();
  return runner;
}

/**
 * Makes the layout's stored file unreadable with an error that is not "no such file": the path
 * becomes a link to itself (ELOOP), as a broken disk or mount would answer. Gives back the repair,
 * which puts the real file back (at once: it runs inside the runner's error report, before the check
 * is handed back).
 */
/** The pg-boss jobs still carrying the check `checkId` (waiting, active or retrying). */
async function openCarriers(checkId: number): Promise<unknown[]> {
  const carriers = await testApp.database.sql.executeSql(
    `SELECT state FROM ${QUEUE_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state < 'completed'`,
    [CHECK_QUEUE, String(checkId)],
  );
  return carriers.rows;
}

async function breakLayoutFile(layoutId: number): Promise<() => void> {
  const [source] = await testApp.database.db
    .select({ storageKey: storedFile.storageKey })
    .from(layout)
    .innerJoin(storedFile, eq(storedFile.id, layout.fileId))
    .where(eq(layout.id, layoutId));
  if (!source) throw new Error(`Layout ${layoutId} has no file`);
  const path = join(testApp.database.filesDir, "private", source.storageKey);
  await rename(path, `${path}.aside`);
  await symlink(path, path);
  return () => {
    rmSync(path);
    renameSync(`${path}.aside`, path);
  };
}

/**
 * A worker that takes a check and then vanishes (a machine switched off): it takes the carrier from
 * pg-boss and claims the row as the runner does, and is never heard of again.
 */
async function vanishingWorkerTakes(checkId: number): Promise<void> {
  const boss = new PgBoss({ db: testApp.database.sql, schema: QUEUE_SCHEMA, supervise: false, schedule: false });
  await boss.start();
  const carriers = await boss.fetch<{ checkId: number }>(CHECK_QUEUE, { batchSize: 10 });
  expect(carriers.map((carrier) => carrier.data.checkId)).toContain(checkId);
  await testApp.database.db.update(layoutCheck).set({ state: "running", startedAt: new Date(), attempts: 1 }).where(eq(layoutCheck.id, checkId));
  await boss.stop({ graceful: false, close: false, wait: true });
}

beforeAll(async () => {
  // This node only queues checks (OTTISK_PREFLIGHT_WORKERS=0 beside `npm run worker`).
  testApp = await startTestApp({ checks: { workers: 0 } });
  const db = testApp.database.db;
  productId = await productWithDetails(db);
  clientId = await accountIdOf(db, DEMO_ACCOUNTS.client.email);
  secondId = await accountIdOf(db, DEMO_ACCOUNTS.secondClient.email);
  tokens.set(clientId, await loginToken(testApp.app, DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password));
  tokens.set(secondId, await loginToken(testApp.app, DEMO_ACCOUNTS.secondClient.email, DEMO_ACCOUNTS.secondClient.password));
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});
afterAll(async () => {
  await testApp.close();
});

describe("the check queue across processes", () => {
  it("a node that only queues leaves the check waiting; a worker started later finds it without being told", async () => {
    const layoutId = await layoutOf(clientId, testEngineFile("deadline"));
    const queued = await testApp.app.checks.enqueue(layoutId, TEST_PROFILE, clientId);
    // Nobody in this process takes checks.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await rowOf(queued.id)).toMatchObject({ state: "queued", attempts: 0 });

    await processWith({ workers: 1 });
    const done = await finished(queued.id);
    expect(done).toMatchObject({ state: "done", attempts: 1 });
    expect(done.findings).toHaveLength(1);
  });

  it("runs one account's checks one at a time (account concurrency 1) while another account's check runs beside them", async () => {
    const worker = { workers: 3, accountConcurrency: 1 };
    const slow = testEngineFile("sleep 1200");
    const own = await Promise.all([0, 1, 2].map(async () => testApp.app.checks.enqueue(await layoutOf(clientId, slow), TEST_PROFILE, clientId)));
    const other = await testApp.app.checks.enqueue(await layoutOf(secondId, slow), TEST_PROFILE, secondId);
    await processWith(worker);
    const ownRows = await Promise.all(own.map((queued) => finished(queued.id)));
    const otherRow = await finished(other.id);
    for (const row of [...ownRows, otherRow]) expect(row.state).toBe("done");

    const spans = ownRows.map((row) => ({ from: row.startedAt?.getTime() ?? 0, to: row.finishedAt?.getTime() ?? 0 })).sort((a, b) => a.from - b.from);
    for (let index = 1; index < spans.length; index += 1) {
      const [before, after] = [spans[index - 1], spans[index]];
      // The next of the account's checks starts only once the one before has ended.
      expect(after?.from).toBeGreaterThanOrEqual(before?.to ?? Number.POSITIVE_INFINITY);
    }
    // The other account did not wait for the first account's three.
    expect(otherRow.startedAt?.getTime()).toBeLessThan(spans.at(-1)?.from ?? 0);
  }, 30_000);

  it("takes a check again once the worker that took it has vanished, and finishes it once", async () => {
    // A short limit and grace: the lease (limit + 2 × grace) is over in 3 s. The lease travels with the
    // carrier, so the queuing process sets it (nodes and workers share the OTTISK_PREFLIGHT_* settings).
    const limits = { timeoutMs: 1000, graceMs: 1000 };
    const queuing = await processWith({ workers: 0, ...limits });
    const layoutId = await layoutOf(clientId, testEngineFile("deadline"));
    const queued = await queuing.enqueue(layoutId, TEST_PROFILE, clientId);
    await vanishingWorkerTakes(queued.id);

    await processWith({ workers: 1, ...limits });
    const done = await finished(queued.id);
    expect(done).toMatchObject({ state: "done", attempts: 2 });
    expect(done.findings).toHaveLength(1);

    // One carrier finished it; none is left waiting or running.
    expect(await openCarriers(queued.id)).toEqual([]);
  }, 30_000);

  it("fails a check with the crash message when its workers keep vanishing and the retries are used up", async () => {
    const limits = { timeoutMs: 1000, graceMs: 1000, retries: 0 };
    // The queuing process and the worker agree on the retries (the queue's setting travels with each carrier).
    const queuing = await processWith({ workers: 0, ...limits });
    const layoutId = await layoutOf(clientId, testEngineFile("deadline"));
    const queued = await queuing.enqueue(layoutId, TEST_PROFILE, clientId);
    await vanishingWorkerTakes(queued.id);

    await processWith({ workers: 1, ...limits });
    expect(await finished(queued.id)).toMatchObject({ state: "failed", error: CHECK_CRASHED_UI, attempts: 1 });
  }, 30_000);

  it("gives one check for a layout started several times at once (a double click, two nodes)", async () => {
    const line = await cartLine(testApp.database.db, clientId, productId);
    const body = multipartBody({ orderProductId: String(line.orderProductId), detailName: FACE }, { name: "layout.pdf", contentType: "application/pdf", bytes: testEngineFile("deadline") });
    const uploaded = await call({ method: "POST", url: "/api/file/upload/layout", token: tokens.get(clientId), payload: body.payload, headers: body.headers });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const starts = await Promise.all(
      [0, 1, 2, 3].map(() => call({ method: "POST", url: `/api/client-order/${line.cartId}/product/${line.orderProductId}/autocheck/${encodeURIComponent(FACE)}`, token: tokens.get(clientId) })),
    );
    // One start queued it (202), the others were answered with that same check (200).
    expect(starts.map((start) => start.statusCode).sort()).toEqual([200, 200, 200, 202]);
    const ids = new Set(starts.map((start) => checkStartedSchema.parse(start.json()).pitstopDesignId));
    expect(ids.size).toBe(1);
    const layoutId = layoutSchema.parse(uploaded.json()).id;
    expect(await testApp.database.db.select({ id: layoutCheck.id }).from(layoutCheck).where(eq(layoutCheck.layoutId, layoutId))).toHaveLength(1);

    await processWith({ workers: 1 });
    expect(await finished([...ids][0] ?? 0)).toMatchObject({ state: "done", attempts: 1 });
  });

  it("hands a check back at once when its file cannot be read, and the next attempt finishes it once", async () => {
    const layoutId = await layoutOf(clientId, testEngineFile("deadline"));
    const repair = await breakLayoutFile(layoutId);
    const queued = await testApp.app.checks.enqueue(layoutId, TEST_PROFILE, clientId);
    const errors: unknown[] = [];
    // The default limit (60 s): a check left running would wait 70 s before the sweep or the lease gave
    // it out again, far past this test's 30 s. The file is repaired when the first attempt reports the fault.
    await processWith({
      workers: 1,
      onError: (error, checkId) => {
        if (checkId !== queued.id) return;
        errors.push(error);
        repair();
      },
    });
    const done = await finished(queued.id);
    expect(done).toMatchObject({ state: "done", attempts: 2, error: null });
    expect(done.findings).toHaveLength(1);
    expect(errors).toEqual([expect.objectContaining({ code: "ELOOP" })]);
    const [checked] = await testApp.database.db.select({ status: layout.status }).from(layout).where(eq(layout.id, layoutId));
    expect(checked?.status).toBe("failed");
    expect(await openCarriers(queued.id)).toEqual([]);
  }, 30_000);

  it("fails a check once with the crash message when its file keeps failing to read past the retries", async () => {
    const layoutId = await layoutOf(clientId, testEngineFile("deadline"));
    const repair = await breakLayoutFile(layoutId);
    const queued = await testApp.app.checks.enqueue(layoutId, TEST_PROFILE, clientId);
    const errors: unknown[] = [];
    await processWith({ workers: 1, retries: 1, onError: (error, checkId) => (checkId === queued.id ? errors.push(error) : undefined) });
    try {
      // Two attempts (the first and its one retry) each hand it back; the third claim fails it.
      expect(await finished(queued.id)).toMatchObject({ state: "failed", error: CHECK_CRASHED_UI, attempts: 2 });
      expect(errors).toEqual([expect.objectContaining({ code: "ELOOP" }), expect.objectContaining({ code: "ELOOP" })]);
      const [checked] = await testApp.database.db.select({ status: layout.status }).from(layout).where(eq(layout.id, layoutId));
      expect(checked?.status).toBe("error");
    } finally {
      repair();
    }
  }, 30_000);

  it("leaves nothing waiting: every check these tests queued has ended", async () => {
    const open = await testApp.database.db.select({ id: layoutCheck.id }).from(layoutCheck).where(inArray(layoutCheck.state, ["queued", "running"]));
    expect(open).toEqual([]);
  });
});
