import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { PreflightProfile, Report } from "../report";
import { fromCheckErrorData, LayoutCheckError } from "./errors";
import type { NodeWorkerData, NodeWorkerMessage, NodeWorkerReply } from "./node-worker";

/*
 * THE Node check pool, shared by the CLI and the server's check jobs: N warm worker threads
 * (node-worker.ts) that load the engine once and answer check after check. A worker is reused
 * after a clean answer (a report, or the engine's own PreflightError); it is terminated and
 * replaced after the time limit (TIMEOUT), running out of its heap (ERR_WORKER_OUT_OF_MEMORY →
 * TOO_LARGE), a crash or an engine bug (CRASHED). Every failure is a LayoutCheckError
 * (runtime/errors.ts): one error format whatever ended the check.
 *
 * The time limit runs from the moment a ready worker takes the check (a worker's start-up, which
 * loads the engine — from source through tsx, hundreds of ms — has its own allowance). The engine
 * gets a deadline a little under it (engineDeadlineMs), so a long layout normally ends in the
 * engine's TIMEOUT and the thread is kept; terminate() is the backstop.
 *
 * A worker that is idle and sound is never terminated: it is dismissed (a "close" message), closes
 * its port, and its thread ends on its own once V8's background work for it (concurrent compiles)
 * has drained. terminate() tears the isolate down without that wait, and a background compile
 * finishing against the torn-down isolate aborts the WHOLE process (Node's `Assertion failed:
 * (data.first) != nullptr`, exit code 134: issue 31 saw it in ~1 % of single-file CLI runs). Only a
 * worker past its time limit, out of memory, or not ending within DISMISS_MS is terminated.
 */

export interface NodePoolOptions {
  /** Warm workers; default the machine's CPUs. */
  workers?: number;
  /** Hard limit of one check, from the moment a worker takes it; default 60 000 ms. */
  timeoutMs?: number;
  /** Each worker's old-generation heap (resourceLimits); default 512 MB. */
  memoryMb?: number;
  /**
   * An engine module the workers load instead of the bundled engine: exporting `runPreflight`
   * (preflight/engine.ts's signature) or `runPreflightEngine` (the server's, returning findings).
   */
  engineModule?: URL;
  /** How long a worker may take to start and load the engine; default 30 000 ms. */
  startupMs?: number;
}

export interface PoolCheckOptions {
  /** This check's hard limit instead of the pool's. */
  timeoutMs?: number;
}

export interface NodeCheckPool {
  /** Resolves with the engine's report, or rejects with a LayoutCheckError (code and Russian messageUI). */
  check(bytes: Uint8Array, profile: PreflightProfile, options?: PoolCheckOptions): Promise<Report>;
  /**
   * Ends every worker: running ones are terminated (their checks, and those waiting, reject with
   * CRASHED) and it resolves when they have ended; idle ones are dismissed and end on their own
   * right after, the process waiting for them (not this promise: a caller stopping does not wait).
   */
  close(): Promise<void>;
  /** Workers started so far (the first ones and every replacement). */
  readonly started: number;
}

export const DEFAULT_CHECK_TIMEOUT_MS = 60_000;
export const DEFAULT_CHECK_MEMORY_MB = 512;
const DEFAULT_STARTUP_MS = 30_000;
/** How long a dismissed worker may take to end on its own before it is terminated. */
const DISMISS_MS = 5_000;

/**
 * The engine's own deadline for a hard limit: 10 % under it, at most 1 s (5 s → 4.5 s, 20 s → 19 s,
 * 60 s → 59 s), leaving the engine time to answer TIMEOUT itself before the thread is ended.
 */
export function engineDeadlineMs(timeoutMs: number): number {
  return Math.max(0, timeoutMs - Math.min(1_000, timeoutMs / 10));
}

/**
 * The worker's entry. Built (dist/preflight/, esbuild flattens the entries) this module is inside
 * cli.js and the worker is the sibling node-worker.js; from source (vitest, tsx) it is
 * node-worker.ts next to this file, which a thread can only load through tsx's loader
 * (`new Worker(<file>.ts)` fails on Node 20, and `--import tsx` is not applied to threads).
 */
function workerSource(): { source: string | URL; eval: boolean } {
  const built = new URL("./node-worker.js", import.meta.url);
  if (!import.meta.url.endsWith(".ts") && existsSync(fileURLToPath(built))) return { source: built, eval: false };
  const script = new URL("./node-worker.ts", import.meta.url);
  const tsxRoot = dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const tsxApi = pathToFileURL(join(tsxRoot, "dist", "esm", "api", "index.mjs")).href;
  return {
    source: `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(script.href)}); });`,
    eval: true,
  };
}

interface Task {
  bytes: Uint8Array;
  profile: PreflightProfile;
  timeoutMs: number;
  resolve: (report: Report) => void;
  reject: (error: LayoutCheckError) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  task: Task | null;
  timer: ReturnType<typeof setTimeout> | null;
}

export function createNodeCheckPool(options: NodePoolOptions = {}): NodeCheckPool {
  const size = Math.max(1, options.workers ?? availableParallelism());
  const timeoutMs = options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  const memoryMb = options.memoryMb ?? DEFAULT_CHECK_MEMORY_MB;
  const startupMs = options.startupMs ?? DEFAULT_STARTUP_MS;
  const workerData: NodeWorkerData = options.engineModule ? { engineUrl: options.engineModule.href } : {};
  const { source, eval: isEval } = workerSource();

  const slots = new Set<Slot>();
  const queue: Task[] = [];
  const endings = new Set<Promise<unknown>>();
  let started = 0;
  let closed = false;
  /** False after a worker failed to start: new ones start only for waiting checks, never in a loop. */
  let warm = true;

  /** Starts a worker; false when the thread cannot be started (the system's thread or memory limits). */
  function spawn(): boolean {
    let worker: Worker;
    try {
      worker = new Worker(source, {
        eval: isEval,
        workerData,
        resourceLimits: { maxOldGenerationSizeMb: memoryMb },
        // The thread's output is not the caller's: an engine's stray log line must not mix into the CLI's --json.
        stdout: true,
        stderr: true,
      });
    } catch (error) {
      // ERR_WORKER_INIT_FAILED and the like: a waiting check fails, as when a worker fails to start, and the pool goes on.
      warm = false;
      queue.shift()?.reject(new LayoutCheckError("CRASHED", `The worker did not start: ${String(error)}`));
      return false;
    }
    started += 1;
    worker.stdout.resume();
    worker.stderr.pipe(process.stderr, { end: false });
    // Idle warm workers do not keep the process alive; a check waiting holds its timer.
    worker.unref();
    const slot: Slot = { worker, ready: false, task: null, timer: null };
    slot.timer = setTimeout(() => fail(slot, new LayoutCheckError("TIMEOUT", `The worker did not start within ${startupMs} ms`)), startupMs);
    slots.add(slot);
    worker.on("message", (reply: NodeWorkerReply) => answer(slot, reply));
    worker.on("error", (error: Error & { code?: string }) =>
      fail(
        slot,
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new LayoutCheckError("TOO_LARGE", `The worker ran out of its ${memoryMb} MB`)
          : new LayoutCheckError("CRASHED", `${error.name}: ${error.message}`),
      ),
    );
    worker.on("exit", (code) => fail(slot, new LayoutCheckError("CRASHED", `The worker exited with code ${code}`)));
    return true;
  }

  function answer(slot: Slot, reply: NodeWorkerReply): void {
    if (!slots.has(slot)) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    if (reply.type === "ready") {
      slot.ready = true;
      warm = true;
      pump();
      return;
    }
    const task = slot.task;
    slot.task = null;
    if (reply.type === "report") task?.resolve(reply.report);
    else task?.reject(fromCheckErrorData(reply.error));
    // A bug may have left the thread in any state: a fresh one takes the next check.
    if (reply.type === "error" && !reply.reusable) {
      retire(slot, "dismiss");
      fill();
    }
    pump();
  }

  /** The worker timed out, ran out of memory, crashed or exited: its check (or, at start-up, a waiting one) fails with `error`. */
  function fail(slot: Slot, error: LayoutCheckError): void {
    if (!slots.has(slot)) return;
    retire(slot, "terminate");
    if (slot.task) {
      slot.task.reject(error);
      slot.task = null;
    } else if (!slot.ready) {
      // The engine module does not load (or the thread cannot start): say so to a waiting check instead of retrying forever.
      warm = false;
      queue.shift()?.reject(error);
    }
    fill();
    pump();
  }

  /**
   * Takes the worker out of the pool and ends its thread: "dismiss" for a sound worker with no
   * check running (it ends on its own, see the top of this file), "terminate" for one that is stuck,
   * out of memory, crashed or running a check.
   */
  function retire(slot: Slot, how: "dismiss" | "terminate"): void {
    slots.delete(slot);
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    const worker = slot.worker;
    worker.removeAllListeners("message");
    worker.removeAllListeners("exit");
    worker.removeAllListeners("error");
    // A late error of the thread being ended is of no interest: the outcome is decided.
    worker.on("error", () => undefined);
    if (how === "dismiss") {
      dismiss(worker);
      return;
    }
    const ended = () => void endings.delete(ending);
    const ending: Promise<void> = worker.terminate().then(ended, ended);
    endings.add(ending);
  }

  /** Asks an idle worker to end on its own; terminates it after DISMISS_MS. */
  function dismiss(worker: Worker): void {
    // The process waits for the thread to end (an idle worker is unref'd): exiting first would terminate it.
    worker.ref();
    const timer = setTimeout(() => void worker.terminate().catch(() => undefined), DISMISS_MS);
    timer.unref();
    worker.once("exit", () => clearTimeout(timer));
    worker.postMessage({ type: "close" } satisfies NodeWorkerMessage);
  }

  /** Starts workers up to the pool's size (after a failed start: only as many as checks need). */
  function fill(): void {
    if (closed) return;
    let busy = 0;
    for (const slot of slots) if (slot.task) busy += 1;
    const wanted = warm ? size : Math.min(size, busy + queue.length);
    while (slots.size < wanted) if (!spawn()) return;
  }

  /** Hands waiting checks to idle ready workers. */
  function pump(): void {
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (!slot.ready || slot.task) continue;
      const task = queue.shift();
      if (!task) return;
      slot.task = task;
      slot.timer = setTimeout(() => fail(slot, new LayoutCheckError("TIMEOUT", `No answer within ${task.timeoutMs} ms`)), task.timeoutMs);
      // A copy is transferred: the caller keeps its bytes, the thread gets them without a second copy.
      const copy = task.bytes.slice();
      slot.worker.postMessage({ type: "check", bytes: copy, profile: task.profile, deadlineMs: engineDeadlineMs(task.timeoutMs) } satisfies NodeWorkerMessage, [copy.buffer]);
    }
  }

  fill();

  return {
    check(bytes, profile, checkOptions = {}) {
      if (closed) return Promise.reject(new LayoutCheckError("CRASHED", "The check pool is closed"));
      return new Promise<Report>((resolve, reject) => {
        queue.push({ bytes, profile, timeoutMs: checkOptions.timeoutMs ?? timeoutMs, resolve, reject });
        fill();
        pump();
      });
    },

    async close() {
      closed = true;
      const gone = new LayoutCheckError("CRASHED", "The check pool was closed");
      for (const task of queue.splice(0)) task.reject(gone);
      for (const slot of [...slots]) {
        // A starting worker is dismissed too: the message waits until it has loaded the engine.
        retire(slot, slot.task ? "terminate" : "dismiss");
        slot.task?.reject(gone);
        slot.task = null;
      }
      await Promise.all([...endings]);
    },

    get started() {
      return started;
    },
  };
}
