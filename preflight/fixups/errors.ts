import { ShopperFacingError } from "../core/errors";

/*
 * Why a fix-up could not change a file: a stable code and the Russian text the shopper reads.
 */

export type FixupErrorCode = "UNREADABLE" | "ENCRYPTED" | "BLOCKED" | "FAILED";

export const fixupErrorMessages: Record<FixupErrorCode, string> = {
  UNREADABLE: "Файл PDF не удалось прочитать для исправления: сохраните макет заново",
  ENCRYPTED: "Файл защищён паролем или зашифрован: сохраните макет без защиты",
  BLOCKED: "Это исправление к файлу применить нельзя",
  FAILED: "Не удалось исправить файл автоматически: исправьте макет в программе вёрстки",
};

export class FixupError extends ShopperFacingError<FixupErrorCode> {
  override readonly name = "FixupError";

  /** `messageUI` defaults to the code's text; BLOCKED passes the reason the fix-up is blocked. */
  constructor(code: FixupErrorCode, detail: string, messageUI?: string) {
    super(code, messageUI ?? fixupErrorMessages[code], detail);
  }
}
