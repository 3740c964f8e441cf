import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { PreflightProfile, Report } from "../report";
import { fromCheckErrorData, LayoutCheckError } from "./errors";
import type { NodeWorkerReply, NodeWorkerRequest } from "./node-worker";

/*
 * Checks one file in a fresh worker thread with a time limit (terminate()) and a memory limit
 * (resourceLimits), so a hostile file never hangs or crashes the caller (the CLI). The engine's
 * own deadline (DEFAULT_LIMITS.deadlineMs, 4.5 s) normally answers TIMEOUT first; the thread's
 * limit is the backstop for anything the engine does not count.
 */

export interface WorkerCheckOptions {
  /** From the thread's start to the answer; default 5 000 ms. */
  timeoutMs?: number;
  /** The thread's old-generation heap; default 512 MB. */
  memoryMb?: number;
}

export const DEFAULT_WORKER_TIMEOUT_MS = 5_000;
export const DEFAULT_WORKER_MEMORY_MB = 512;

/**
 * The worker's entry. Built (dist/preflight/, esbuild flattens the entries) this module is inside
 * cli.js and the worker is the sibling node-worker.js; from source (vitest, tsx) it is
 * node-worker.ts next to this file, which a thread can only load through tsx's loader.
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

/** Resolves with the engine's report, or rejects with a LayoutCheckError (code and Russian messageUI). */
export function checkInWorker(bytes: Uint8Array, profile: PreflightProfile, options: WorkerCheckOptions = {}): Promise<Report> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_WORKER_TIMEOUT_MS;
  const memoryMb = options.memoryMb ?? DEFAULT_WORKER_MEMORY_MB;
  const { source, eval: isEval } = workerSource();
  return new Promise<Report>((resolve, reject) => {
    const worker = new Worker(source, {
      eval: isEval,
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
      // The thread's output is not the CLI's: an engine's stray log line must not mix into --json.
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (outcome: { report: Report } | { error: LayoutCheckError }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.removeAllListeners();
      // A late error of the thread being ended is of no interest: the outcome is decided.
      worker.on("error", () => undefined);
      void worker.terminate().finally(() => ("report" in outcome ? resolve(outcome.report) : reject(outcome.error)));
    };
    const timer = setTimeout(() => finish({ error: new LayoutCheckError("TIMEOUT", `No answer within ${timeoutMs} ms`) }), timeoutMs);
    worker.on("message", (reply: NodeWorkerReply) => {
      finish("report" in reply ? { report: reply.report } : { error: fromCheckErrorData(reply.error) });
    });
    worker.on("error", (error: Error & { code?: string }) => {
      finish({
        error:
          error.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? new LayoutCheckError("TOO_LARGE", `The worker ran out of its ${memoryMb} MB`)
            : new LayoutCheckError("CRASHED", `${error.name}: ${error.message}`),
      });
    });
    worker.on("exit", (code) => finish({ error: new LayoutCheckError("CRASHED", `The worker exited with code ${code}`) }));
    // A copy is transferred: the caller keeps its bytes, the thread gets them without a second copy.
    const copy = bytes.slice();
    worker.postMessage({ bytes: copy, profile } satisfies NodeWorkerRequest, [copy.buffer]);
  });
}
