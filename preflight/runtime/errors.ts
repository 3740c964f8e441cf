import { PreflightError, preflightErrorMessages, ShopperFacingError } from "../core/errors";
import type { PreflightErrorCode } from "../core/errors";

/*
 * How a runtime (Node worker thread, browser Web Worker) tells its caller that a check could not
 * finish. The engine's own reasons (PreflightError) keep their codes and Russian texts; a runtime
 * adds one of its own: the worker died without answering (a crash, or an engine bug).
 */

export type CheckErrorCode = PreflightErrorCode | "CRASHED";

export const CRASHED_MESSAGE_UI = "Автоматическая проверка не удалась: файл проверит специалист";

/** What crosses the worker boundary: plain data, since an Error's class does not survive structured cloning. */
export interface CheckErrorData {
  code: CheckErrorCode;
  /** Russian, for the shopper. */
  message: string;
  /** English, for the log. */
  detail?: string;
}

/** A check that could not finish: `code` and `messageUI` like PreflightError's, plus CRASHED. */
export class LayoutCheckError extends ShopperFacingError<CheckErrorCode> {
  override readonly name = "LayoutCheckError";

  constructor(code: CheckErrorCode, detail: string) {
    super(code, code === "CRASHED" ? CRASHED_MESSAGE_UI : preflightErrorMessages[code], detail);
  }
}

/** Turns whatever the engine threw into data that can be posted: its code, or CRASHED for a bug. */
export function toCheckErrorData(error: unknown): CheckErrorData {
  if (isPreflightError(error)) return { code: error.code, message: preflightErrorMessages[error.code], detail: error.message };
  // A RangeError is the platform refusing a hostile file (a stack overflow on deep nesting, an
  // allocation too big), not an engine bug: the shopper reads why, as for the engine's own limits.
  if (error instanceof RangeError) {
    const code = /call stack/i.test(error.message) ? "TOO_COMPLEX" : "TOO_LARGE";
    return { code, message: preflightErrorMessages[code], detail: error.message };
  }
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { code: "CRASHED", message: CRASHED_MESSAGE_UI, detail };
}

/**
 * The engine's PreflightError, also one thrown by another copy of the engine's module (an engine
 * module a worker loaded by URL next to its own bundled engine): known by its name and code.
 */
export function isPreflightError(error: unknown): error is PreflightError {
  if (error instanceof PreflightError) return true;
  return error instanceof Error && error.name === "PreflightError" && "code" in error && typeof error.code === "string" && Object.hasOwn(preflightErrorMessages, error.code);
}

export function fromCheckErrorData(data: CheckErrorData): LayoutCheckError {
  return new LayoutCheckError(data.code, data.detail ?? data.message);
}
