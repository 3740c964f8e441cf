/*
 * Why a file could not be checked: each reason has a stable code and the Russian text the shopper
 * reads. The engine throws PreflightError; runtimes turn it into `{ error: { code, message } }`.
 */

export const preflightErrorMessages = {
  EMPTY_FILE: "Файл пустой: загрузите макет ещё раз",
  NOT_A_PDF: "Это не PDF-файл: сохраните макет в формате PDF",
  ENCRYPTED: "Файл защищён паролем или зашифрован: сохраните макет без защиты",
  DAMAGED: "Файл PDF повреждён и не читается: сохраните макет заново",
  TOO_COMPLEX: "Файл слишком сложный для автоматической проверки: его проверит специалист",
  TOO_LARGE: "В файле слишком много данных для автоматической проверки: его проверит специалист",
  TIMEOUT: "Проверка заняла слишком много времени: файл проверит специалист",
} as const;

export type PreflightErrorCode = keyof typeof preflightErrorMessages;

/**
 * An error the shopper is shown: a stable `code`, its Russian `messageUI`, and `message`, the
 * English detail for the log. The engine's PreflightError, the runtimes' LayoutCheckError and the
 * fix-ups' FixupError; each names itself and its codes.
 */
export abstract class ShopperFacingError<Code extends string> extends Error {
  readonly code: Code;
  /** Russian, for the shopper. */
  readonly messageUI: string;

  protected constructor(code: Code, messageUI: string, detail: string) {
    super(detail);
    this.code = code;
    this.messageUI = messageUI;
  }
}

export class PreflightError extends ShopperFacingError<PreflightErrorCode> {
  override readonly name = "PreflightError";

  constructor(code: PreflightErrorCode, detail: string) {
    super(code, preflightErrorMessages[code], detail);
  }
}

/**
 * The budget of one check: hostile files (a stream that inflates to gigabytes, 100 000 nested
 * arrays, endless content) end in TOO_COMPLEX / TOO_LARGE / TIMEOUT instead of a hang; a form that
 * draws itself is skipped where it calls itself, so such a file gets a correct report.
 * `now` is passed in (the core knows no clock of its own platform).
 */
export interface Limits {
  /** Bytes one stream may decode to (an image: a 3 × 1 m banner at 150 ppi in CMYK is ~420 MB). */
  maxStreamBytes: number;
  /**
   * Bytes one content stream (a page's, a form's, a pattern's) may decode to: drawing operators,
   * which even heavy vector art keeps far below this, so a content bomb stops sooner than an image.
   */
  maxContentStreamBytes: number;
  /** Bytes all decoded streams together may reach. */
  maxTotalDecodedBytes: number;
  /** Nesting of arrays and dictionaries. */
  maxDepth: number;
  /** Content-stream operators interpreted over the whole document. */
  maxOperators: number;
  /** Forms drawn inside forms. */
  maxFormDepth: number;
  /** Milliseconds from `startedAt` after which the check stops with TIMEOUT. */
  deadlineMs: number;
  now: () => number;
}

export const DEFAULT_LIMITS: Omit<Limits, "now"> = {
  maxStreamBytes: 256 * 1024 * 1024,
  maxContentStreamBytes: 64 * 1024 * 1024,
  maxTotalDecodedBytes: 768 * 1024 * 1024,
  maxDepth: 256,
  maxOperators: 20_000_000,
  maxFormDepth: 32,
  deadlineMs: 4_500,
};
