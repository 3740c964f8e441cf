import { runPreflight } from "../engine";
import type { PreflightProfile, ProgressEvent, Report } from "../report";
import { toCheckErrorData } from "./errors";
import type { CheckErrorData } from "./errors";

/*
 * The engine in a module Web Worker (browser.ts starts it on the first check): takes
 * `{ bytes, profile }` (the bytes transferred, not copied), relays the engine's progress, answers
 * the report or why the file could not be checked. One check at a time; browser.ts may reuse the
 * worker for the next file.
 */

export interface BrowserWorkerRequest {
  bytes: Uint8Array;
  profile: PreflightProfile;
}

export type BrowserWorkerReply =
  | { type: "progress"; event: ProgressEvent }
  | { type: "report"; report: Report }
  | { type: "error"; error: CheckErrorData };

/** The part of DedicatedWorkerGlobalScope used here (the project's lib is DOM, not WebWorker). */
interface WorkerScope {
  postMessage(message: BrowserWorkerReply): void;
  addEventListener(type: "message", listener: (event: MessageEvent<BrowserWorkerRequest>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;

scope.addEventListener("message", (event) => {
  const { bytes, profile } = event.data;
  let reply: BrowserWorkerReply;
  try {
    const report = runPreflight(bytes, profile, {
      now: () => performance.now(),
      onProgress: (progress) => scope.postMessage({ type: "progress", event: progress }),
    });
    reply = { type: "report", report };
  } catch (error) {
    reply = { type: "error", error: toCheckErrorData(error) };
  }
  scope.postMessage(reply);
});
