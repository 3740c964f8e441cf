import { performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";
import type { Finding, PreflightProfile, Report } from "../report";
import { isPreflightError, toCheckErrorData } from "./errors";
import type { CheckErrorData } from "./errors";
import { createNativeJpegDecoder } from "./native-jpeg";

/*
 * One warm worker of the Node check pool (node-pool.ts): loads the engine once, says "ready", then
 * answers check after check — `{ bytes, profile, deadlineMs }` in, `{ report }` or `{ error }` out —
 * until the pool dismisses it (`{ type: "close" }`): it closes its port and the thread ends on its
 * own, after V8's background compiles for it have drained (node-pool.ts says why).
 * The pool holds the time and memory limits and ends the thread when they run out, so a hostile
 * file costs this thread only.
 *
 * The engine is the bundled one (preflight/engine.ts) unless `workerData.engineUrl` names a module
 * (the server's jobs/preflight-engine.ts, the tests' engines) exporting either
 * `runPreflight(bytes, profile, RunOptions): Report` or
 * `runPreflightEngine(bytes, profile, { deadlineMs }): Promise<findings>` (the server's contract;
 * its report carries the findings only: no page facts).
 */

export interface NodeWorkerData {
  /** An engine module's URL; none: the engine bundled with this worker. */
  engineUrl?: string;
}

export interface NodeWorkerRequest {
  type: "check";
  bytes: Uint8Array;
  profile: PreflightProfile;
  /** The engine's own deadline (limits.deadlineMs), a little under the pool's hard limit. */
  deadlineMs: number;
}

/** What the pool sends: a check, or "end when you are done". */
export type NodeWorkerMessage = NodeWorkerRequest | { type: "close" };

export type NodeWorkerReply =
  | { type: "ready" }
  | { type: "report"; report: Report }
  /** `reusable`: the engine refused the file (a PreflightError) and the thread is sound; a bug is not. */
  | { type: "error"; error: CheckErrorData; reusable: boolean };

type Check = (bytes: Uint8Array, profile: PreflightProfile, deadlineMs: number) => Promise<Report>;
type RunPreflight = (bytes: Uint8Array, profile: PreflightProfile, options: { now: () => number; limits: { deadlineMs: number } }) => Report | Promise<Report>;
type RunPreflightEngine = (bytes: Uint8Array, profile: PreflightProfile, options: { deadlineMs: number }) => Promise<unknown>;

const now = () => performance.now();

async function loadEngine(engineUrl: string | undefined): Promise<Check> {
  if (engineUrl === undefined) {
    // A literal specifier: esbuild bundles the engine into node-worker.js.
    const { runPreflight } = await import("../engine");
    // Large full-size JPEGs natively (runtime/native-jpeg.ts); its thread starts with the first one.
    const { decode } = createNativeJpegDecoder();
    return async (bytes, profile, deadlineMs) => runPreflight(bytes, profile, { now, limits: { deadlineMs }, decodeJpeg: decode });
  }
  const module = (await import(engineUrl)) as { runPreflight?: unknown; runPreflightEngine?: unknown };
  if (typeof module.runPreflight === "function") {
    const run = module.runPreflight as RunPreflight;
    return async (bytes, profile, deadlineMs) => run(bytes, profile, { now, limits: { deadlineMs } });
  }
  if (typeof module.runPreflightEngine === "function") {
    const run = module.runPreflightEngine as RunPreflightEngine;
    return async (bytes, profile, deadlineMs) => {
      const findings = await run(bytes, profile, { deadlineMs });
      if (!Array.isArray(findings)) throw new TypeError(`${engineUrl} answered ${typeof findings}, not an array of findings`);
      // The caller validates each finding (the server against its contract); here they only pass through.
      const list = findings as Finding[];
      return { ok: list.length === 0, findings: list, pageCount: 0, version: null, pages: [] };
    };
  }
  throw new Error(`${engineUrl} exports neither runPreflight nor runPreflightEngine`);
}

const port = parentPort;
if (!port) throw new Error("preflight/runtime/node-worker runs only as a worker thread");
const check = await loadEngine((workerData as NodeWorkerData | null)?.engineUrl);

port.on("message", (request: NodeWorkerMessage) => {
  if (request.type === "close") {
    port.close();
    return;
  }
  check(request.bytes, request.profile, request.deadlineMs).then(
    (report) => port.postMessage({ type: "report", report } satisfies NodeWorkerReply),
    (error: unknown) => port.postMessage({ type: "error", error: toCheckErrorData(error), reusable: isPreflightError(error) } satisfies NodeWorkerReply),
  );
});
port.postMessage({ type: "ready" } satisfies NodeWorkerReply);
