import { parentPort, workerData } from "node:worker_threads";
import type { PreflightProfile } from "../../shared/contracts/preflight-profile";
import type { PreflightEngine } from "./preflight-engine";

/*
 * One check in a worker thread (see preflight-runner.ts): loads the engine module named by
 * `workerData.engineUrl`, says "ready", takes one job {bytes, profile}, answers its findings or
 * why it failed (with the engine's Russian `messageUI` when it has one). The runner ends the thread afterwards, or sooner when time or memory run out.
 */

export type WorkerRequest = { bytes: Uint8Array; profile: PreflightProfile };
export type WorkerReply =
  | { type: "ready" }
  | { type: "done"; findings: unknown }
  | { type: "failed"; errorName: string; message: string; messageUI?: string; errorCode?: string };

interface WorkerInput {
  engineUrl: string;
}

const port = parentPort;
if (!port) throw new Error("preflight.worker.ts runs only as a worker thread");
const { engineUrl } = workerData as WorkerInput;
const engine = (await import(engineUrl)) as { runPreflightEngine?: PreflightEngine };
const run = engine.runPreflightEngine;
if (typeof run !== "function") throw new Error(`${engineUrl} does not export runPreflightEngine`);

port.once("message", (request: WorkerRequest) => {
  run(request.bytes, request.profile).then(
    (findings) => port.postMessage({ type: "done", findings } satisfies WorkerReply),
    (error: unknown) =>
      port.postMessage({
        type: "failed",
        errorName: error instanceof Error ? error.name : "Error",
        message: error instanceof Error ? error.message : String(error),
        // The engine's PreflightError carries the shopper's Russian text; it outlives cloning as data only.
        ...(error instanceof Error && "messageUI" in error && typeof error.messageUI === "string" ? { messageUI: error.messageUI } : {}),
        ...(error instanceof Error && "code" in error && typeof error.code === "string" ? { errorCode: error.code } : {}),
      } satisfies WorkerReply),
  );
});
port.postMessage({ type: "ready" } satisfies WorkerReply);
