import { performance } from "node:perf_hooks";
import { runPreflight } from "../../preflight/engine";
import type { PreflightFinding } from "../../shared/contracts/files";
import type { PreflightProfile } from "../../shared/contracts/preflight-profile";

/*
 * THE one place the PDF print-readiness engine (preflight/) plugs into the server. The job runner
 * loads this module inside a worker thread and calls `runPreflightEngine` with the layout's bytes
 * and its detail's profile; whatever it returns becomes the check's findings. A file the engine
 * cannot check (damaged, encrypted, too complex …) throws the engine's PreflightError, which the
 * runner recognises by its name and turns into a failed job with the engine's Russian message.
 */

/** What an engine module exports; test engines in tests/server/support/ export the same. */
export type PreflightEngine = (bytes: Uint8Array, profile: PreflightProfile) => Promise<PreflightFinding[]>;

/** The name the runner recognises across the worker boundary; the message shown is the error's `messageUI`. */
export const PREFLIGHT_ERROR_NAME = "PreflightError";

export const runPreflightEngine: PreflightEngine = async (bytes, profile) => {
  const report = runPreflight(bytes, profile, { now: () => performance.now() });
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
