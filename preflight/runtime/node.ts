import type { PreflightProfile, Report } from "../report";
import { createNodeCheckPool, DEFAULT_CHECK_MEMORY_MB } from "./node-pool";

/* The Node runtime's entry: the warm pool, one-off checks in a thread, and the one error type. */
export { createNodeCheckPool, DEFAULT_CHECK_MEMORY_MB, DEFAULT_CHECK_TIMEOUT_MS, engineDeadlineMs } from "./node-pool";
export type { NodeCheckPool, NodePoolOptions, PoolCheckOptions } from "./node-pool";
export { CRASHED_MESSAGE_UI, LayoutCheckError } from "./errors";
export { createNativeJpegDecoder } from "./native-jpeg";
export type { NativeJpegDecoder } from "./native-jpeg";

/*
 * One check in a worker thread of its own: a pool of one worker (node-pool.ts) started for this
 * file and closed after it. For more than one file keep a pool (createNodeCheckPool): its warm
 * workers skip the thread's start and the engine's loading (~200 ms, cold JIT) on every file.
 */

export interface WorkerCheckOptions {
  /** From the moment the started worker takes the file to the answer; default 5 000 ms. */
  timeoutMs?: number;
  /** The thread's old-generation heap; default 512 MB. */
  memoryMb?: number;
}

export const DEFAULT_WORKER_TIMEOUT_MS = 5_000;
export const DEFAULT_WORKER_MEMORY_MB = DEFAULT_CHECK_MEMORY_MB;

/** Resolves with the engine's report, or rejects with a LayoutCheckError (code and Russian messageUI). */
export async function checkInWorker(bytes: Uint8Array, profile: PreflightProfile, options: WorkerCheckOptions = {}): Promise<Report> {
  const pool = createNodeCheckPool({ workers: 1, timeoutMs: options.timeoutMs ?? DEFAULT_WORKER_TIMEOUT_MS, memoryMb: options.memoryMb ?? DEFAULT_WORKER_MEMORY_MB });
  try {
    return await pool.check(bytes, profile);
  } finally {
    await pool.close();
  }
}
