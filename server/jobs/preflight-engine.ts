import type { PreflightFinding } from "../../shared/contracts/files";
import type { PreflightProfile } from "../../shared/contracts/preflight-profile";

/*
 * THE one place the PDF print-readiness engine (preflight/, a later issue) plugs into the server.
 * The job runner loads this module inside a worker thread and calls `runPreflightEngine` with the
 * layout's bytes and its detail's profile; whatever it returns becomes the check's findings.
 * Until the engine exists it says so: the job fails with PREFLIGHT_ENGINE_UNAVAILABLE_UI and a
 * specialist checks the layout by hand. It never pretends a layout passed.
 */

export const PREFLIGHT_ENGINE_UNAVAILABLE_UI = "Автоматическая проверка макетов ещё не подключена: макет проверит специалист";

/** Thrown while no engine is connected; recognised by its name across the worker boundary. */
export class PreflightEngineUnavailable extends Error {
  override readonly name = "PreflightEngineUnavailable";
}

/** What an engine module exports; test engines in tests/server/support/ export the same. */
export type PreflightEngine = (bytes: Uint8Array, profile: PreflightProfile) => Promise<PreflightFinding[]>;

export const runPreflightEngine: PreflightEngine = async () => {
  throw new PreflightEngineUnavailable("The PDF preflight engine (preflight/) is not connected yet");
};
