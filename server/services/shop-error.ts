/**
 * A failure the shopper should hear about: services throw it, the error handler answers with its
 * status, code and Russian `messageUI` (see plugins/errors.ts). Anything else thrown is a bug and
 * becomes a 500.
 */
export class ShopError extends Error {
  override readonly name = "ShopError";
  readonly statusCode: number;
  /** Stable machine-readable name, e.g. PRODUCT_NOT_FOUND. */
  readonly code: string;
  /** Russian text that may be shown to the shopper as it is. */
  readonly messageUI: string;

  constructor(init: { statusCode: number; code: string; messageUI: string; message: string }) {
    super(init.message);
    this.statusCode = init.statusCode;
    this.code = init.code;
    this.messageUI = init.messageUI;
  }
}

export function isShopError(error: unknown): error is ShopError {
  return error instanceof ShopError;
}
