/*
 * The engine's public surface, named one by one (no `export *`): what the runtimes, the CLI and the
 * server may rely on. Everything else in preflight/ is internal and may change.
 */
export { runPreflight, INK_DPI } from "./engine";
export type { RunOptions } from "./engine";
export { parseProfile, ProfileError } from "./profile";
export { checkCodes, checkMessages } from "./report";
export type { Box, CheckCode, Finding, PageBoxes, PreflightProfile, ProgressEvent, Report } from "./report";
export { PreflightError, preflightErrorMessages, DEFAULT_LIMITS } from "./core/errors";
export type { Limits, PreflightErrorCode } from "./core/errors";
