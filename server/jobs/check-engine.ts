import { performance } from "node:perf_hooks";
import { runPreflight } from "../../preflight/index";
import { createNativeJpegDecoder } from "../../preflight/runtime/node";
import type { PreflightFinding } from "../../shared/contracts/files";
import type { PreflightProfile } from "../../shared/contracts/preflight-profile";

/*
 * THE one place the PDF print-readiness engine (preflight/) plugs into the server. The check runner's
 * warm worker pool (preflight/runtime/node-pool.ts) loads this module once in each worker thread
 * and calls `runPreflightEngine` with the layout's bytes, its detail's profile and the engine's
 * deadline (a little under OTTISK_PREFLIGHT_TIMEOUT_S); whatever it returns becomes the check's
 * findings. A file the engine cannot check (damaged, encrypted, too complex, past the deadline …)
 * throws the engine's PreflightError, which the pool passes on with its code and Russian message.
 */

/** What an engine module exports; test engines in tests/server/support/ export the same (they may ignore the options). */
export type PreflightEngine = (bytes: Uint8Array, profile: PreflightProfile, options?: { deadlineMs?: number }) => Promise<PreflightFinding[]>;

/** Large full-size JPEGs decoded natively (preflight/runtime/native-jpeg.ts); its thread starts with the first one. */
const nativeJpeg = createNativeJpegDecoder();

export const runPreflightEngine: PreflightEngine = async (bytes, profile, options = {}) => {
  const report = runPreflight(bytes, profile, {
    now: () => performance.now(),
    decodeJpeg: nativeJpeg.decode,
    ...(options.deadlineMs === undefined ? {} : { limits: { deadlineMs: options.deadlineMs } }),
  });
  // The engine's Finding and the API's PreflightFinding are the same shape; copied field by field
  // so that nothing else the engine may add to a finding leaks into the stored layout.
  return report.findings.map((finding) => ({
    code: finding.code,
    message: finding.message,
    page: finding.page,
    bbox: finding.bbox,
    measured: finding.measured,
  }));
};
