/**
 * A failure the shopper should hear about: services throw it, the error handler answers with its
 * status, code and Russian `messageUI` (see plugins/errors.ts). Anything else thrown is a bug and
 * becomes a 500.
 */
import type { FieldIssue } from "../../shared/contracts/index";

export class ShopError extends Error {
  override readonly name = "ShopError";
  readonly statusCode: number;
  /** Stable machine-readable name, e.g. PRODUCT_NOT_FOUND. */
  readonly code: string;
  /** Russian text that may be shown to the shopper as it is. */
  readonly messageUI: string;
  /** Per-field problems, for a form the service checks itself. */
  readonly issues: FieldIssue[] | undefined;
  /** For a 429 or 503: when to try again, sent as the Retry-After header. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: { statusCode: number; code: string; messageUI: string; message: string; issues?: FieldIssue[]; retryAfterSeconds?: number }) {
    super(init.message);
    this.statusCode = init.statusCode;
    this.code = init.code;
    this.messageUI = init.messageUI;
    this.issues = init.issues;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export function isShopError(error: unknown): error is ShopError {
  return error instanceof ShopError;
}
