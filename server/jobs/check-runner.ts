import { and, desc, eq, inArray, sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import { z } from "zod/mini";
import { preflightErrorMessages } from "../../preflight/index";
import { createNodeCheckPool, CRASHED_MESSAGE_UI, LayoutCheckError } from "../../preflight/runtime/node";
import type { NodeCheckPool } from "../../preflight/runtime/node";
import { preflightFindingSchema } from "../../shared/contracts/files";
import type { PreflightFinding } from "../../shared/contracts/files";
import type { PreflightProfile } from "../../shared/contracts/preflight-profile";
import type { Database, OpenDatabase, SqlExecutor } from "../db/client";
import { layout, layoutCheck } from "../db/files.schema";
import { storedFile } from "../db/stored-file.schema";
import type { LayoutCheckRow } from "../db/files.schema";
import type { FileStorage } from "../storage/file-storage";
/*
 * The print-readiness checks of layouts ("the check" everywhere in the server; `pitstopDesignId`
 * and `/autocheck/` only on the wire), on pg-boss (a PostgreSQL-backed queue with leases, retries and
 * dead letters) — on PostgreSQL and on the embedded PGlite alike, through the database's plain-SQL
 * executor.
 *
 * - `layout_check` (db/files.schema.ts) is the check as the shop sees it: queued → running → done |
 *   failed, with the findings. pg-boss carries it to a worker: one job of the `preflight-check`
 *   queue, its carrier (singleton key = the check's
 *   id, so a check never waits twice) per check that waits.
 * - Any process with `workers` > 0 takes checks: the API nodes (OTTISK_PREFLIGHT_WORKERS, default 1)
 *   and `npm run worker` (server/worker.ts). A node with 0 only queues them.
 * - A worker claims the check in a transaction: `attempts` goes up by one and is the attempt's
 *   lease token; only that attempt may finish the check, so a check is finished exactly once even
 *   when a worker that was thought dead comes back.
 * - Lease: pg-boss gives a carrier back when its worker has not finished it within the time limit and a
 *   margin (a process killed mid-check, a machine gone); after `retries` such returns the check fails
 *   with the crash message (the dead-letter queue). Checks a stopped process hands back go out again
 *   at once, and so does a check whose file could not be read or whose result could not be written
 *   (the storage or the database failed, not the engine): each such return counts as an attempt.
 * - Per account: at most `accountConcurrency` checks of one account run at once (an advisory lock per
 *   account makes the count exact across nodes); a further one goes back for a moment. An account's
 *   n-th waiting check gets priority −n, so ten checks of one visitor take turns with another
 *   client's one instead of all going first.
 * - The sweep (on start, then every half minute as the task `check-sweep` of the scheduler,
 *   jobs/scheduler.ts, in processes that take checks) sends a carrier for any waiting check that has
 *   none: a row queued by a process that died before sending, or left running by one that died
 *   before pg-boss knew of it.
 *
 * The engine runs in the warm worker pool (preflight/runtime/node-pool.ts: one thread per slot,
 * memory and time limits, a thread that runs out of either or crashes is replaced), so a hostile or
 * huge PDF costs one failed check, never the process.
 */

/** The pool's failures, in the engine's words (one error format: runtime/errors.ts). */
export const CHECK_TIMEOUT_UI = preflightErrorMessages.TIMEOUT;
export const CHECK_OUT_OF_MEMORY_UI = preflightErrorMessages.TOO_LARGE;
export const CHECK_CRASHED_UI = CRASHED_MESSAGE_UI;
export const CHECK_FILE_MISSING_UI = "Файл макета не найден: загрузите его ещё раз";

/** pg-boss's names: its schema, the check queue and where a check's carrier goes after its last retry. */
export const QUEUE_SCHEMA = "pgboss";
export const CHECK_QUEUE = "preflight-check";
export const CHECK_DEAD_LETTERS = "preflight-check-failed";

export interface CheckRunnerOptions {
  /** Checks this process runs at once, each in a warm worker thread; 0 → it only queues checks (DATABASE_URL with `npm run worker`); default 1. */
  workers?: number;
  /** How long one check may take once a worker takes it; default 60 000 ms. The engine's own deadline is a little under it. */
  timeoutMs?: number;
  /** The worker's old-generation heap limit; default 512 MB. */
  memoryMb?: number;
  /** Checks of one account that run at once, across all processes; default 2. */
  accountConcurrency?: number;
  /** How many times a check whose worker vanished is given to another; default 2. */
  retries?: number;
  /** Time beyond the limit for reading the file and writing the report before a running check counts as abandoned; default 10 000 ms. */
  graceMs?: number;
  /** How often an idle worker asks for work, in ms (at least 500); default 1000. Checks queued in the same process start at once. */
  pollMs?: number;
  /** The module exporting `runPreflightEngine`; default ./check-engine.ts (tests pass their own). */
  engineModule?: URL;
  /** Told about a check that failed for an unexpected reason (logging). */
  onError?: (error: unknown, checkId: number) => void;
}

export interface CheckRunner {
  /** Prepares the queue (its tables on first use), sends carriers for waiting checks that have none and, with workers, starts taking checks. */
  start(): Promise<void>;
  /**
   * Queues a check of the layout against the profile for the account (the layout's client). A
   * layout has at most one check queued or running (a unique index): when one is open already —
   * another request started it a moment before, on this node or another — that one is answered
   * with `created: false`.
   */
  enqueue(layoutId: number, profile: PreflightProfile, accountId: number | null): Promise<QueuedCheck>;
  /**
   * Sends carriers for waiting checks that have none; how many. Does nothing (0) before start(),
   * after stop() or in a process that takes no checks. The scheduler runs it every SWEEP_EVERY_MS.
   */
  sweep(): Promise<number>;
  /** Stops taking checks; the checks being run go back to the queue for another worker or the next start. */
  stop(): Promise<void>;
}

/** How often a process that takes checks sweeps for waiting checks without a carrier (the scheduler's `check-sweep`). */
export const SWEEP_EVERY_MS = 30_000;

/** A check as `enqueue` answers it: the row, and whether this call queued it. */
export type QueuedCheck = LayoutCheckRow & { created: boolean };

/** What the runner needs of the open database: Drizzle, plain SQL for pg-boss and the set-up lock. */
export type RunnerDatabase = Pick<OpenDatabase, "db" | "sql" | "underSetupLock">;

/**
 * `unprintable`: the engine judged the file itself (empty, not a PDF, encrypted, damaged): the layout
 * fails like one with findings and holds the order until replaced or approved. Any other failure
 * (out of time or memory, too complex, a crash) is the check's, not the file's: the layout goes to
 * the prepress specialist (status `error`) and the order goes on.
 */
type Outcome = { state: "done"; findings: PreflightFinding[] } | { state: "failed"; error: string; unprintable?: boolean; cause?: unknown } | { state: "stopped" };

/** The engine's error codes that are a verdict on the file (preflight/core/errors.ts). */
const UNPRINTABLE_FILE_CODES = new Set(["EMPTY_FILE", "NOT_A_PDF", "ENCRYPTED", "DAMAGED"]);

const findingsSchema = z.array(preflightFindingSchema);
const carrierSchema = z.object({ checkId: z.number().check(z.int()) });
const DEFAULT_ENGINE = new URL("./check-engine.ts", import.meta.url);
/** The first number of the per-account advisory lock (the second is the account's id). */
const ACCOUNT_LOCK_CLASS = 731_900;
/** How long a check that found its account busy waits before asking again. */
const BUSY_RETRY_S = 1;

/** The check is running under the attempt `attempt`: only that attempt may write its outcome or hand it back. */
function heldBy(checkId: number, attempt: number) {
  return and(eq(layoutCheck.id, checkId), eq(layoutCheck.state, "running"), eq(layoutCheck.attempts, attempt));
}

type Claim = { kind: "run"; attempt: number; row: LayoutCheckRow } | { kind: "busy"; priority: number } | { kind: "gone" };

export function createCheckRunner(database: RunnerDatabase, storage: FileStorage, options: CheckRunnerOptions = {}): CheckRunner {
  const { db } = database;
  const slots = Math.max(0, options.workers ?? 1);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const memoryMb = options.memoryMb ?? 512;
  const engineModule = options.engineModule ?? DEFAULT_ENGINE;
  const accountConcurrency = Math.max(1, options.accountConcurrency ?? 2);
  const retries = Math.max(0, options.retries ?? 2);
  const graceSeconds = Math.max(1, Math.ceil((options.graceMs ?? 10_000) / 1000));
  /** A running check older than this has lost its worker: the engine's limit plus the time to read the file and write the result. */
  const staleSeconds = Math.ceil(timeoutMs / 1000) + graceSeconds;
  /** pg-boss gives a carrier back after this long without an answer: after the row has gone stale, so the next attempt may take it. */
  const leaseSeconds = staleSeconds + graceSeconds;
  const pollSeconds = Math.max(0.5, (options.pollMs ?? 1000) / 1000);
  const onError = (error: unknown, checkId: number) => options.onError?.(error, checkId);

  let boss: PgBoss | null = null;
  let pool: NodeCheckPool | null = null;
  let stopped = true;
  const workerIds: string[] = [];
  const running = new Set<Promise<void>>();

  const requireBoss = (): PgBoss => {
    if (!boss) throw new Error("the check queue is not started");
    return boss;
  };

  /** How far back an account's next check goes: −(its checks waiting or running before this one). */
  async function priorityOf(checkId: number, accountId: number | null, executor: Database = db): Promise<number> {
    const [row] = await executor
      .select({ count: sql<number>`count(*)::int` })
      .from(layoutCheck)
      .where(and(sql`${layoutCheck.accountId} IS NOT DISTINCT FROM ${accountId}`, inArray(layoutCheck.state, ["queued", "running"]), sql`${layoutCheck.id} < ${checkId}`));
    return -(row?.count ?? 0);
  }

  /** Sends the check's carrier; none is sent while one already waits (the singleton key). */
  async function sendCarrier(checkId: number, priority: number, startAfterSeconds = 0): Promise<void> {
    await requireBoss().send(CHECK_QUEUE, { checkId }, { singletonKey: String(checkId), priority, ...(startAfterSeconds > 0 ? { startAfter: startAfterSeconds } : {}) });
  }

  const wakeWorkers = () => {
    if (!boss || stopped) return;
    for (const id of workerIds) boss.notifyWorker(id);
  };

  /** The check's row locked for this transaction, and whether a live worker holds it (running and younger than the stale time). */
  async function lockCheck(tx: Database, checkId: number): Promise<{ check: LayoutCheckRow; live: boolean } | undefined> {
    const [row] = await tx
      .select({ check: layoutCheck, live: sql<boolean>`coalesce(${layoutCheck.startedAt} > now() - make_interval(secs => ${staleSeconds}), false)` })
      .from(layoutCheck)
      .where(eq(layoutCheck.id, checkId))
      .for("update");
    return row;
  }

  /** Takes the check for this attempt, or says why not (finished, taken by a live worker, its account busy). */
  async function claim(checkId: number): Promise<Claim> {
    return db.transaction(async (tx) => {
      const row = await lockCheck(tx, checkId);
      if (!row || row.check.state === "done" || row.check.state === "failed") return { kind: "gone" };
      // Another worker has it and is within its time: its own carrier answers for it.
      if (row.check.state === "running" && row.live) return { kind: "gone" };
      if (row.check.attempts > retries) {
        await finishFailed(tx, row.check.id, row.check.layoutId, row.check.attempts, CHECK_CRASHED_UI, false);
        return { kind: "gone" };
      }
      if (row.check.accountId !== null) {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${ACCOUNT_LOCK_CLASS}, ${row.check.accountId})`);
        const [busy] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(layoutCheck)
          .where(
            and(
              eq(layoutCheck.accountId, row.check.accountId),
              eq(layoutCheck.state, "running"),
              sql`${layoutCheck.id} <> ${checkId}`,
              sql`${layoutCheck.startedAt} > now() - make_interval(secs => ${staleSeconds})`,
            ),
          );
        if ((busy?.count ?? 0) >= accountConcurrency) return { kind: "busy", priority: await priorityOf(checkId, row.check.accountId, tx) };
      }
      const attempt = row.check.attempts + 1;
      const [claimed] = await tx
        .update(layoutCheck)
        .set({ state: "running", startedAt: sql`now()`, attempts: attempt })
        .where(eq(layoutCheck.id, checkId))
        .returning();
      return claimed ? { kind: "run", attempt, row: claimed } : { kind: "gone" };
    });
  }

  /** Ends the check as failed if this attempt still holds it; the layout goes to `failed` (the file's fault) or `error` (the check's). */
  async function finishFailed(executor: Database, checkId: number, layoutId: number, attempt: number, error: string, unprintable: boolean, durationMs?: number): Promise<boolean> {
    const ended = await executor
      .update(layoutCheck)
      .set({ state: "failed", error, finishedAt: new Date(), ...(durationMs === undefined ? {} : { durationMs }) })
      .where(and(eq(layoutCheck.id, checkId), inArray(layoutCheck.state, ["queued", "running"]), eq(layoutCheck.attempts, attempt)))
      .returning({ id: layoutCheck.id });
    if (ended.length === 0) return false;
    await executor.update(layout).set({ status: unprintable ? "failed" : "error" }).where(eq(layout.id, layoutId));
    return true;
  }

  async function handle(checkId: number): Promise<void> {
    const claimed = await claim(checkId);
    if (claimed.kind === "gone") return;
    if (claimed.kind === "busy") {
      await sendCarrier(checkId, claimed.priority, BUSY_RETRY_S);
      return;
    }
    const { attempt, row: check } = claimed;
    try {
      await runClaimed(check, attempt);
    } catch (error) {
      // Not the engine's verdict (runInPool turns those into outcomes): the storage or the database
      // failed around the check. The next attempt takes it at once instead of after the lease;
      // `claim` fails it with the crash message once the retries are used up.
      onError(error, check.id);
      await handBack(check, attempt).catch((handBackError: unknown) => onError(handBackError, check.id));
    }
  }

  /**
   * Makes the check wait again and sends it a new carrier, if this attempt still holds it (its
   * `attempts` token): a stopping process, or a file or database that failed mid-check.
   */
  async function handBack(check: LayoutCheckRow, attempt: number): Promise<void> {
    const handedBack = await db
      .update(layoutCheck)
      .set({ state: "queued", startedAt: null })
      .where(heldBy(check.id, attempt))
      .returning({ id: layoutCheck.id });
    if (handedBack.length > 0 && boss) await sendCarrier(check.id, await priorityOf(check.id, check.accountId));
  }

  /** Reads the layout's file, runs the engine and writes the outcome, as the attempt `attempt` that claimed the check. */
  async function runClaimed(check: LayoutCheckRow, attempt: number): Promise<void> {
    const [source] = await db
      .select({ storageKey: storedFile.storageKey })
      .from(layout)
      .innerJoin(storedFile, eq(storedFile.id, layout.fileId))
      .where(eq(layout.id, check.layoutId));
    const bytes = source ? await storage.get(source.storageKey) : null;
    const startedAt = Date.now();
    let outcome: Outcome;
    if (!bytes) {
      outcome = { state: "failed", error: CHECK_FILE_MISSING_UI };
    } else {
      await db.update(layout).set({ status: "checking" }).where(eq(layout.id, check.layoutId));
      outcome = await runInPool(bytes, check.profile);
    }
    const durationMs = Date.now() - startedAt;

    if (outcome.state === "stopped") {
      // Handed back: another worker (or this process's next start) takes it at once.
      await handBack(check, attempt).catch((error: unknown) => onError(error, check.id));
      return;
    }
    if (outcome.state === "done") {
      const findings = outcome.findings;
      await db.transaction(async (tx) => {
        const ended = await tx
          .update(layoutCheck)
          .set({ state: "done", findings, error: null, durationMs, finishedAt: new Date() })
          .where(heldBy(check.id, attempt))
          .returning({ id: layoutCheck.id });
        if (ended.length > 0) await tx.update(layout).set({ findings, status: findings.length === 0 ? "passed" : "failed" }).where(eq(layout.id, check.layoutId));
      });
      return;
    }
    if (outcome.cause !== undefined) onError(outcome.cause, check.id);
    const failure = outcome;
    await db.transaction((tx) => finishFailed(tx, check.id, check.layoutId, attempt, failure.error, failure.unprintable ?? false, durationMs));
  }

  async function runInPool(bytes: Uint8Array, profile: PreflightProfile): Promise<Outcome> {
    if (stopped || !pool) return { state: "stopped" };
    try {
      const report = await pool.check(bytes, profile);
      const parsed = findingsSchema.safeParse(report.findings);
      return parsed.success ? { state: "done", findings: parsed.data } : { state: "failed", error: CHECK_CRASHED_UI, cause: parsed.error };
    } catch (error) {
      if (stopped) return { state: "stopped" };
      const failure = error instanceof LayoutCheckError ? error : new LayoutCheckError("CRASHED", String(error));
      return {
        state: "failed",
        // The engine's Russian reason (damaged, encrypted, too complex, out of time …), or the pool's in the same words.
        error: failure.messageUI,
        unprintable: UNPRINTABLE_FILE_CODES.has(failure.code),
        // A crash is logged: an engine bug, or a thread that died.
        ...(failure.code === "CRASHED" ? { cause: failure } : {}),
      };
    }
  }

  /** A carrier that used up its retries: its workers kept vanishing, so the check fails (unless a live attempt holds it). */
  async function handleDeadLetter(checkId: number): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await lockCheck(tx, checkId);
      if (!row || (row.check.state === "running" && row.live)) return;
      await finishFailed(tx, row.check.id, row.check.layoutId, row.check.attempts, CHECK_CRASHED_UI, false);
    });
  }

  /** Sends carriers for waiting checks that have none (see the top of the file); returns how many. */
  async function sweep(): Promise<number> {
    const result = await db.execute(sql`
      SELECT check_row.id, check_row.account_id,
        (SELECT count(*) FROM ${layoutCheck} AS earlier
          WHERE earlier.account_id IS NOT DISTINCT FROM check_row.account_id AND earlier.state IN ('queued', 'running') AND earlier.id < check_row.id)::int AS ahead
      FROM ${layoutCheck} AS check_row
      WHERE (check_row.state = 'queued'
          OR (check_row.state = 'running' AND (check_row.started_at IS NULL OR check_row.started_at < now() - make_interval(secs => ${staleSeconds}))))
        AND NOT EXISTS (
        SELECT 1 FROM ${sql.identifier(QUEUE_SCHEMA)}.job AS carrier
        WHERE carrier.name = ${CHECK_QUEUE} AND carrier.state < 'completed' AND carrier.singleton_key = check_row.id::text
      )
      ORDER BY check_row.id
      LIMIT 1000
    `);
    const orphans = orphanRowsSchema.parse(result).rows;
    for (const orphan of orphans) await sendCarrier(orphan.id, -orphan.ahead);
    if (orphans.length > 0) wakeWorkers();
    return orphans.length;
  }

  /*
   * The queue's statements, counted while on their way: pg-boss does not wait for the completion it
   * sends after a handler ends, so a stop that closed the pool at once could strand it ("Cannot use a
   * pool after calling end"). stop() waits for them.
   */
  const queueCalls = new Set<Promise<unknown>>();
  const queueDatabase: SqlExecutor = {
    executeSql(text, values) {
      const call = database.sql.executeSql(text, values);
      queueCalls.add(call);
      call.then(
        () => queueCalls.delete(call),
        () => queueCalls.delete(call),
      );
      return call;
    },
  };

  const runner: CheckRunner = {
    async start() {
      if (!stopped) return;
      const queue = new PgBoss({
        db: queueDatabase,
        schema: QUEUE_SCHEMA,
        // Expired leases are found by the maintenance pass: often enough that a vanished worker's check moves on soon.
        maintenanceIntervalSeconds: Math.min(60, Math.max(1, Math.floor(leaseSeconds / 4))),
        schedule: false,
      });
      queue.on("error", (error: unknown) => onError(error, 0));
      // The queue's tables are made on first use; two processes starting at once must not both make them.
      await database.underSetupLock(async () => {
        await queue.start();
        const settings = { retryLimit: retries, retryDelay: 0, expireInSeconds: leaseSeconds, retentionMinutes: 60 * 24 };
        await queue.createQueue(CHECK_DEAD_LETTERS, { name: CHECK_DEAD_LETTERS, policy: "standard" });
        await queue.createQueue(CHECK_QUEUE, { name: CHECK_QUEUE, policy: "short", deadLetter: CHECK_DEAD_LETTERS, ...settings });
        await queue.updateQueue(CHECK_QUEUE, { name: CHECK_QUEUE, policy: "short", deadLetter: CHECK_DEAD_LETTERS, ...settings });
      });
      boss = queue;
      stopped = false;
      if (slots === 0) return;
      // The workers start now and load the engine once, so the first check does not wait for them.
      pool = createNodeCheckPool({ workers: slots, timeoutMs, memoryMb, engineModule });
      const work = (name: string, handler: (checkId: number) => Promise<void>) =>
        queue.work(name, { batchSize: 1, pollingIntervalSeconds: pollSeconds }, async ([carrier]) => {
          const parsed = carrierSchema.safeParse(carrier?.data);
          if (!parsed.success) return;
          const done = handler(parsed.data.checkId);
          running.add(done);
          try {
            await done;
          } finally {
            running.delete(done);
            // More may be waiting: ask again now instead of after the polling interval.
            wakeWorkers();
          }
        });
      for (let slot = 0; slot < slots; slot += 1) workerIds.push(await work(CHECK_QUEUE, handle));
      await work(CHECK_DEAD_LETTERS, handleDeadLetter);
      await sweep();
    },

    async sweep() {
      if (stopped || !boss || slots === 0) return 0;
      return sweep();
    },

    async enqueue(layoutId, profile, accountId) {
      const [check] = await db.insert(layoutCheck).values({ layoutId, profile, accountId, state: "queued" }).onConflictDoNothing().returning();
      if (!check) {
        const open = await pendingCheckOf(db, layoutId);
        // Finished between the conflict and this read: queue it afresh.
        return open ? { ...open, created: false } : runner.enqueue(layoutId, profile, accountId);
      }
      // Should this fail (or the process end right here, or the runner be stopped), a sweep sends the carrier later.
      if (boss) {
        await sendCarrier(check.id, await priorityOf(check.id, accountId));
        wakeWorkers();
      }
      return { ...check, created: true };
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      // Closing the pool ends the checks being run; their handlers hand them back (state queued, a new carrier).
      const closing = pool?.close();
      pool = null;
      await closing;
      await Promise.all([...running]);
      const queue = boss;
      boss = null;
      workerIds.length = 0;
      await queue?.stop({ graceful: true, wait: true, close: false, timeout: 5_000 });
      // A completion sent just as the workers stopped still finishes before the pool may close.
      await new Promise((resolve) => setImmediate(resolve));
      while (queueCalls.size > 0) await Promise.allSettled([...queueCalls]);
    },
  };
  return runner;
}

const orphanRowsSchema = z.object({ rows: z.array(z.object({ id: z.coerce.number(), ahead: z.coerce.number() })) });

/** The layout's check still waiting or running, if any: a second start request reuses it. */
export async function pendingCheckOf(db: Database, layoutId: number): Promise<LayoutCheckRow | null> {
  const [check] = await db
    .select()
    .from(layoutCheck)
    .where(and(eq(layoutCheck.layoutId, layoutId), inArray(layoutCheck.state, ["queued", "running"])))
    .orderBy(desc(layoutCheck.id))
    .limit(1);
  return check ?? null;
}
