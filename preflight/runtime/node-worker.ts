import { performance } from "node:perf_hooks";
import { parentPort } from "node:worker_threads";
import { runPreflight } from "../engine";
import type { PreflightProfile, Report } from "../report";
import { toCheckErrorData } from "./errors";
import type { CheckErrorData } from "./errors";

/*
 * The engine in a worker thread (node.ts starts it; the CLI checks each file in its own one):
 * takes `{ bytes, profile }`, answers `{ report }` or `{ error: { code, message } }`. The caller
 * holds the time and memory limits and ends the thread when they run out, so a hostile file costs
 * this thread only.
 */

export interface NodeWorkerRequest {
  bytes: Uint8Array;
  profile: PreflightProfile;
}

export type NodeWorkerReply = { report: Report } | { error: CheckErrorData };

const port = parentPort;
if (!port) throw new Error("preflight/runtime/node-worker runs only as a worker thread");

port.on("message", (request: NodeWorkerRequest) => {
  let reply: NodeWorkerReply;
  try {
    reply = { report: runPreflight(request.bytes, request.profile, { now: () => performance.now() }) };
  } catch (error) {
    reply = { error: toCheckErrorData(error) };
  }
  port.postMessage(reply);
});
