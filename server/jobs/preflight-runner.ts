import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod/mini";
import { CRASHED_MESSAGE_UI, LayoutCheckError } from "../../preflight/runtime/errors";
import { preflightErrorMessages } from "../../preflight/core/errors";
import { createNodeCheckPool } from "../../preflight/runtime/node-pool";
import type { NodeCheckPool } from "../../preflight/runtime/node-pool";
import { preflightFindingSchema } from "../../shared/contracts/files";
import type { PreflightFinding } from "../../shared/contracts/files";
import type { PreflightProfile } from "../../shared/contracts/preflight-profile";
import type { Database } from "../db/client";
import { layout } from "../db/cart.schema";
import { preflightJob, storedFile } from "../db/files.schema";
import type { PreflightJobRow } from "../db/files.schema";
import type { FileStorage } from "../services/file-storage";

/*
 * The print-readiness check jobs. The queue is the `preflight_job` table: a job is `queued`, a
 * free slot claims the oldest one (`running`), runs it in the preflight engine's warm worker pool
 * (preflight/runtime/node-pool.ts: one thread per slot, loaded once, reused job after job, with a
 * memory limit and a time limit; a thread that runs out of either, or crashes, is replaced) and
 * records `done` (findings, also stored on the layout) or `failed` (a Russian error). So a hostile
 * or huge PDF costs one failed job, never the API. On start, jobs left `running` by a stopped
 * process go back to `queued`; on stop, the jobs being run go back to `queued` too.
 */

/** The pool's failures, in the engine's words (one error format: runtime/errors.ts). */
export const PREFLIGHT_TIMEOUT_UI = preflightErrorMessages.TIMEOUT;
export const PREFLIGHT_OUT_OF_MEMORY_UI = preflightErrorMessages.TOO_LARGE;
export const PREFLIGHT_CRASHED_UI = CRASHED_MESSAGE_UI;
export const PREFLIGHT_FILE_MISSING_UI = "Файл макета не найден: загрузите его ещё раз";

export interface PreflightRunnerOptions {
  /** Checks run at once, each in a warm worker thread of the pool; default 1. */
  workers?: number;
  /** How long one check may take once a worker takes it; default 60 000 ms. The engine's own deadline is a little under it. */
  timeoutMs?: number;
  /** The worker's old-generation heap limit; default 512 MB. */
  memoryMb?: number;
  /** The module exporting `runPreflightEngine`; default ./preflight-engine.ts (tests pass their own). */
  engineModule?: URL;
  /** Told about a job that failed for an unexpected reason (logging). */
  onError?: (error: unknown, jobId: number) => void;
}

export interface PreflightRunner {
  /** Puts jobs a stopped process left `running` back in the queue, starts the warm workers and works the queue. */
  start(): Promise<void>;
  /** Queues a check of the layout against the profile for the account (the layout's client) and wakes a free worker. */
  enqueue(layoutId: number, profile: PreflightProfile, accountId: number | null): Promise<PreflightJobRow>;
  /** Ends the workers; the jobs being run go back to `queued` for the next start. */
  stop(): Promise<void>;
}

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
const DEFAULT_ENGINE = new URL("./preflight-engine.ts", import.meta.url);

export function createPreflightRunner(db: Database, storage: FileStorage, options: PreflightRunnerOptions = {}): PreflightRunner {
  const slots = Math.max(1, options.workers ?? 1);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const memoryMb = options.memoryMb ?? 512;
  const engineModule = options.engineModule ?? DEFAULT_ENGINE;

  let active = 0;
  let started = false;
  let stopped = false;
  let pool: NodeCheckPool | null = null;
  const running = new Set<{ finished: Promise<void> }>();

  /** Takes the next queued job in the fair order (see nextFairJob), or null; the slot is reserved by the caller. */
  async function claimNext(): Promise<PreflightJobRow | null> {
    const next = await nextFairJob(db);
    if (!next) return null;
    // Claimed only if still queued: another slot (or process) may have taken it meanwhile.
    const [claimed] = await db
      .update(preflightJob)
      .set({ state: "running", startedAt: new Date() })
      .where(and(eq(preflightJob.id, next.id), eq(preflightJob.state, "queued")))
      .returning();
    return claimed ?? (await claimNext());
  }

  async function pump(): Promise<void> {
    while (started && !stopped && active < slots) {
      active += 1;
      let job: PreflightJobRow | null;
      try {
        job = await claimNext();
      } catch (error) {
        active -= 1;
        throw error;
      }
      if (!job) {
        active -= 1;
        return;
      }
      const entry: { finished: Promise<void> } = { finished: Promise.resolve() };
      const claimed = job;
      entry.finished = runJob(claimed)
        .catch((error: unknown) => options.onError?.(error, claimed.id))
        .finally(() => {
          running.delete(entry);
          active -= 1;
          if (!stopped) pump().catch((error: unknown) => options.onError?.(error, 0));
        });
      running.add(entry);
    }
  }

  async function runJob(job: PreflightJobRow): Promise<void> {
    const [source] = await db
      .select({ storageKey: storedFile.storageKey })
      .from(layout)
      .innerJoin(storedFile, eq(storedFile.id, layout.fileId))
      .where(eq(layout.id, job.layoutId));
    const bytes = source ? await storage.get(source.storageKey) : null;
    const startedAt = Date.now();
    let outcome: Outcome;
    if (!bytes) {
      outcome = { state: "failed", error: PREFLIGHT_FILE_MISSING_UI };
    } else {
      await db.update(layout).set({ status: "checking" }).where(eq(layout.id, job.layoutId));
      outcome = await runInPool(bytes, job.profile);
    }
    const durationMs = Date.now() - startedAt;

    if (outcome.state === "stopped") {
      await db.update(preflightJob).set({ state: "queued", startedAt: null }).where(eq(preflightJob.id, job.id));
      return;
    }
    const finishedAt = new Date();
    if (outcome.state === "done") {
      await db.update(preflightJob).set({ state: "done", findings: outcome.findings, error: null, durationMs, finishedAt }).where(eq(preflightJob.id, job.id));
      await db
        .update(layout)
        .set({ findings: outcome.findings, status: outcome.findings.length === 0 ? "passed" : "failed" })
        .where(eq(layout.id, job.layoutId));
      return;
    }
    if (outcome.cause !== undefined) options.onError?.(outcome.cause, job.id);
    await db.update(preflightJob).set({ state: "failed", error: outcome.error, durationMs, finishedAt }).where(eq(preflightJob.id, job.id));
    await db.update(layout).set({ status: outcome.unprintable ? "failed" : "error" }).where(eq(layout.id, job.layoutId));
  }

  async function runInPool(bytes: Uint8Array, profile: PreflightProfile): Promise<Outcome> {
    if (stopped || !pool) return { state: "stopped" };
    try {
      const report = await pool.check(bytes, profile);
      const parsed = findingsSchema.safeParse(report.findings);
      return parsed.success ? { state: "done", findings: parsed.data } : { state: "failed", error: PREFLIGHT_CRASHED_UI, cause: parsed.error };
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

  return {
    async start() {
      if (started) return;
      await db
        .update(preflightJob)
        .set({ state: "queued", startedAt: null })
        .where(eq(preflightJob.state, "running"));
      // The workers start now and load the engine once, so the first job does not wait for them.
      pool = createNodeCheckPool({ workers: slots, timeoutMs, memoryMb, engineModule });
      started = true;
      stopped = false;
      await pump();
    },

    async enqueue(layoutId, profile, accountId) {
      const [job] = await db.insert(preflightJob).values({ layoutId, profile, accountId, state: "queued" }).returning();
      if (!job) throw new Error("preflight_job insert returned nothing");
      pump().catch((error: unknown) => options.onError?.(error, job.id));
      return job;
    },

    async stop() {
      stopped = true;
      started = false;
      const closing = pool?.close();
      pool = null;
      await closing;
      await Promise.all([...running].map((entry) => entry.finished));
    },
  };
}

/**
 * The job a free slot takes next, fair across accounts: each account with queued jobs offers its
 * oldest one (DISTINCT ON), and of those the account with the fewest jobs running goes first,
 * then the one served longest ago (or never), then the oldest job. So ten checks one visitor
 * queued take turns with another client's one instead of all going before it. Jobs without an
 * account (queued before the column existed) count as one account.
 */
export async function nextFairJob(db: Database): Promise<{ id: number } | null> {
  const result = await db.execute(sql`
    WITH candidate AS (
      SELECT DISTINCT ON (COALESCE(${preflightJob.accountId}, 0)) ${preflightJob.id} AS id, ${preflightJob.accountId} AS account_id, ${preflightJob.createdAt} AS created_at
      FROM ${preflightJob}
      WHERE ${preflightJob.state} = 'queued'
      ORDER BY COALESCE(${preflightJob.accountId}, 0), ${preflightJob.createdAt}, ${preflightJob.id}
    )
    SELECT candidate.id
    FROM candidate
    ORDER BY
      (SELECT count(*) FROM ${preflightJob} AS mine WHERE mine.account_id IS NOT DISTINCT FROM candidate.account_id AND mine.state = 'running'),
      (SELECT max(mine.started_at) FROM ${preflightJob} AS mine WHERE mine.account_id IS NOT DISTINCT FROM candidate.account_id) NULLS FIRST,
      candidate.created_at,
      candidate.id
    LIMIT 1
  `);
  // Both drivers answer execute() with { rows }, but the shared Database type cannot say so.
  const [row] = fairJobRowsSchema.parse(result).rows;
  return row ? { id: row.id } : null;
}

const fairJobRowsSchema = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) });

/** The layout's job still waiting or running, if any: a second start request reuses it. */
export async function pendingJobOf(db: Database, layoutId: number): Promise<PreflightJobRow | null> {
  const [job] = await db
    .select()
    .from(preflightJob)
    .where(and(eq(preflightJob.layoutId, layoutId), inArray(preflightJob.state, ["queued", "running"])))
    .orderBy(desc(preflightJob.id))
    .limit(1);
  return job ?? null;
}
