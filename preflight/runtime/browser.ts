import type { PreflightProfile, ProgressEvent, Report } from "../report";
import { fromCheckErrorData, LayoutCheckError } from "./errors";
import type { BrowserWorkerReply, BrowserWorkerRequest } from "./browser-worker";
import workerUrl from "./browser-worker.ts?worker&url";
import { startModuleWorker } from "./module-worker";

/*
 * The instant check in the browser: the engine runs in a module Web Worker, so a big or hostile
 * file never freezes the page. The worker (and with it the engine's code) is loaded only when the
 * first file is checked; this module itself imports nothing of the engine but types and the error
 * texts. A worker that answered is kept for the next check; on abort, after the time limit or when
 * it dies it is terminated and the next check starts a fresh one.
 */

export interface CheckLayoutOptions {
  onProgress?: (event: ProgressEvent) => void;
  /** Aborting ends the check at once (the worker is terminated); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** The worker is terminated after this long; default 20 000 ms. */
  timeoutMs?: number;
}

export const BROWSER_CHECK_TIMEOUT_MS = 20_000;

export { LayoutCheckError };
export type { CheckErrorCode } from "./errors";

/** A worker that finished its last check and waits for the next. */
let idleWorker: Worker | null = null;

function startWorker(): Worker {
  // `?worker&url`: Vite bundles the worker as its own module and gives its address.
  return startModuleWorker(workerUrl, "ottisk-preflight");
}

/**
 * Checks a PDF against a detail's profile in a Web Worker. The bytes are transferred to the worker
 * (their buffer is detached afterwards unless `bytes` is a view on part of a bigger buffer, which is
 * copied). Rejects with a LayoutCheckError (`code`, Russian `messageUI`) when the file cannot be
 * checked, or with the signal's reason when aborted.
 */
export function checkLayout(bytes: Uint8Array, profile: PreflightProfile, options: CheckLayoutOptions = {}): Promise<Report> {
  const { onProgress, signal } = options;
  const timeoutMs = options.timeoutMs ?? BROWSER_CHECK_TIMEOUT_MS;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const worker = idleWorker ?? startWorker();
  idleWorker = null;

  return new Promise<Report>((resolve, reject) => {
    let settled = false;
    const settle = (keepWorker: boolean) => {
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      worker.onmessage = null;
      worker.onerror = null;
      worker.onmessageerror = null;
      if (keepWorker && idleWorker === null) idleWorker = worker;
      else worker.terminate();
    };
    const onAbort = () => {
      if (settled) return;
      settle(false);
      reject(signal?.reason ?? new DOMException("The check was aborted", "AbortError"));
    };
    const timer = setTimeout(() => {
      if (settled) return;
      settle(false);
      reject(new LayoutCheckError("TIMEOUT", `No answer within ${timeoutMs} ms`));
    }, timeoutMs);

    worker.onmessage = (event: MessageEvent<BrowserWorkerReply>) => {
      if (settled) return;
      const reply = event.data;
      if (reply.type === "progress") {
        onProgress?.(reply.event);
      } else if (reply.type === "report") {
        settle(true);
        resolve(reply.report);
      } else {
        // The engine refused the file and the worker is intact; after a crash it is not reused.
        settle(reply.error.code !== "CRASHED");
        reject(fromCheckErrorData(reply.error));
      }
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      if (settled) return;
      settle(false);
      reject(new LayoutCheckError("CRASHED", event.message || "The preflight worker failed"));
    };
    worker.onmessageerror = () => {
      if (settled) return;
      settle(false);
      reject(new LayoutCheckError("CRASHED", "The preflight worker's answer could not be read"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });

    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
    const owned = whole ? bytes : bytes.slice();
    worker.postMessage({ bytes: owned, profile } satisfies BrowserWorkerRequest, [owned.buffer]);
  });
}
