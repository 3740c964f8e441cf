import type { FieldIssue, ServerError } from "../contracts/index";

/** The one error type of the API client: whatever went wrong, it carries Russian text for the shopper. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  /** HTTP status, or 0 when the server could not be reached. */
  readonly status: number;
  readonly code: string;
  readonly messageUI: string;
  readonly issues: readonly FieldIssue[];

  constructor(init: { status: number; code: string; messageUI: string; message: string; issues?: readonly FieldIssue[]; cause?: unknown }) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.messageUI = init.messageUI;
    this.issues = init.issues ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

const isFieldIssue = (value: unknown): value is FieldIssue => isRecord(value) && typeof value.field === "string" && typeof value.messageUI === "string";

/**
 * The check of serverErrorSchema (shared/contracts/error.ts) written out: every failed call runs it,
 * and the error path is in the first download of every element, which should not pull in zod.
 * shared/http/error.test.ts holds it to the schema.
 */
export function isServerError(body: unknown): body is ServerError {
  if (!isRecord(body)) return false;
  const { statusCode, code, messageUI, message, issues } = body;
  return (
    typeof statusCode === "number" &&
    Number.isInteger(statusCode) &&
    statusCode >= 400 &&
    statusCode <= 599 &&
    typeof code === "string" &&
    typeof messageUI === "string" &&
    typeof message === "string" &&
    (issues === undefined || (Array.isArray(issues) && issues.every(isFieldIssue)))
  );
}

/** Turns whatever a failed request gave (an answer with a body, no answer at all) into an ApiError. */
export function toApiError(error: unknown, status: number | undefined, body: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isServerError(body)) {
    const { statusCode, code, messageUI, message, issues } = body;
    const fieldIssues = issues?.map(({ field, messageUI: text }) => ({ field, messageUI: text }));
    return new ApiError({ status: statusCode, code, messageUI, message, ...(fieldIssues ? { issues: fieldIssues } : {}), cause: error });
  }
  if (!status) {
    return new ApiError({
      status: 0,
      code: "NETWORK",
      messageUI: "Нет связи с сервером. Проверьте подключение к интернету и попробуйте ещё раз.",
      message: error instanceof Error ? error.message : String(error),
      cause: error,
    });
  }
  return new ApiError({
    status,
    code: status >= 500 ? "SERVER_UNAVAILABLE" : "UNEXPECTED_ERROR",
    messageUI:
      status >= 500
        ? "Сервер временно недоступен. Попробуйте ещё раз через минуту."
        : "Не удалось выполнить запрос. Обновите страницу и попробуйте ещё раз.",
    message: error instanceof Error ? error.message : `HTTP ${status}`,
    cause: error,
  });
}

/** An answer that does not match its contract: the client and the server disagree about the API. */
export function badResponseError(path: string, cause: unknown): ApiError {
  return new ApiError({
    status: 200,
    code: "BAD_RESPONSE",
    messageUI: "Сервер ответил неожиданно. Обновите страницу и попробуйте ещё раз.",
    message: `The answer of ${path} does not match its contract`,
    cause,
  });
}
