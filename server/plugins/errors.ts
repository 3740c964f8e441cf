import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from "fastify-type-provider-zod";
import { config, locales } from "zod/mini";
import type { FieldIssue, ServerError } from "../../shared/contracts/index";
import { isStorageFault } from "../db/storage-fault";
import { isShopError } from "../services/shop-error";

/*
 * Every error the server answers with has the body of `serverErrorSchema`, so the client's one
 * ApiError can show `messageUI` whatever went wrong. A request the shopper's browser got wrong is
 * a 4xx with words that help; only our own bugs are a 500, and those are logged.
 */

const CYRILLIC = /[А-Яа-яЁё]/;

// zod/mini brings no messages of its own: a rule without a Russian one would say only "Invalid
// input". The server keeps zod's English ones for `message` and the log (the browser does without).
config(locales.en());

/** Used when the contract gave no Russian message of its own (e.g. a body that is not an object). */
const INVALID_REQUEST_UI = "Запрос заполнен неверно. Проверьте данные и попробуйте ещё раз.";
const INTERNAL_ERROR_UI = "Что-то пошло не так. Попробуйте ещё раз чуть позже.";
const STORAGE_UNAVAILABLE_UI = "Магазин временно не может сохранить данные. Попробуйте ещё раз через несколько минут — то, что уже сохранено, не потеряется.";

/** What the shopper reads for a 4xx that no service or contract explained. */
const STATUS_UI: Readonly<Record<number, string>> = {
  400: "Запрос составлен неверно. Обновите страницу и попробуйте ещё раз.",
  401: "Войдите в систему, чтобы продолжить.",
  403: "Недостаточно прав для этого действия.",
  404: "Ничего не найдено.",
  405: "Такое действие здесь не поддерживается.",
  406: "Сервер не может ответить в запрошенном формате.",
  408: "Сервер не дождался запроса. Попробуйте ещё раз.",
  413: "Запрос слишком большой.",
  414: "Адрес запроса слишком длинный.",
  415: "Такой формат данных не поддерживается.",
  429: "Слишком много запросов. Подождите немного и попробуйте снова.",
};
const OTHER_CLIENT_ERROR_UI = "Не удалось выполнить запрос. Проверьте данные и попробуйте ещё раз.";

function serverError(statusCode: number, code: string, messageUI: string, message: string, issues?: FieldIssue[]): ServerError {
  return issues === undefined ? { statusCode, code, messageUI, message } : { statusCode, code, messageUI, message, issues };
}

/** `/minPrice` → `minPrice`; an issue about the whole query or body is named after that part. */
function issueField(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, "").replaceAll("/", ".");
  return path || context || "request";
}

/** 403 → FORBIDDEN: a code for errors that came without one. */
function statusCodeName(statusCode: number): string {
  return (STATUS_CODES[statusCode] ?? "Client error").toUpperCase().replace(/[^A-Z0-9]+/g, "_");
}

function russianOr(message: string | undefined, fallback: string): string {
  return message !== undefined && CYRILLIC.test(message) ? message : fallback;
}

/** Turns anything thrown while handling a request into the API's error body. Exported for the tests. */
export function toServerError(error: unknown): ServerError {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      field: issueField(issue.instancePath, error.validationContext),
      messageUI: russianOr(issue.message, INVALID_REQUEST_UI),
    }));
    return serverError(400, "VALIDATION_ERROR", issues[0]?.messageUI ?? INVALID_REQUEST_UI, `Invalid ${error.validationContext ?? "request"}: ${error.message}`, issues);
  }
  if (isShopError(error)) return serverError(error.statusCode, error.code, error.messageUI, error.message, error.issues);
  if (error instanceof ResponseSerializationError) {
    return serverError(500, "INTERNAL_ERROR", INTERNAL_ERROR_UI, "The response does not match its contract");
  }
  const fastifyError = error as Partial<FastifyError> | null;
  const statusCode = typeof fastifyError?.statusCode === "number" ? fastifyError.statusCode : 500;
  if (statusCode >= 400 && statusCode < 500) {
    return serverError(statusCode, fastifyError?.code ?? statusCodeName(statusCode), STATUS_UI[statusCode] ?? OTHER_CLIENT_ERROR_UI, fastifyError?.message ?? `HTTP ${statusCode}`);
  }
  // The disk said no (permission lost, full): not a bug of ours, and it passes; the health check reports it.
  if (isStorageFault(error)) return serverError(503, "STORAGE_UNAVAILABLE", STORAGE_UNAVAILABLE_UI, "Storage refused a write");
  // The details of our own failures stay in the log, not in the answer.
  return serverError(500, "INTERNAL_ERROR", INTERNAL_ERROR_UI, "Internal server error");
}

function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const body = toServerError(error);
  if (body.statusCode >= 500) request.log.error({ err: error }, "request failed");
  if (body.code === "STORAGE_UNAVAILABLE") reply.header("retry-after", "30");
  else request.log.info({ code: body.code, statusCode: body.statusCode }, body.message);
  if (isShopError(error) && error.retryAfterSeconds !== undefined) reply.header("retry-after", String(error.retryAfterSeconds));
  return reply.code(body.statusCode).type("application/json; charset=utf-8").send(body);
}

/** The Fastify constructor's `frameworkErrors`: a malformed URL (`/api/%E0`) gets our body instead of Fastify's. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  sendError(error, request, reply);
}

/** The socket errors Node's HTTP parser answers itself, before any request exists: status and Russian words. */
const CLIENT_ERRORS: Readonly<Record<string, { statusCode: number; code: string; messageUI: string }>> = {
  HPE_HEADER_OVERFLOW: { statusCode: 431, code: "REQUEST_HEADER_FIELDS_TOO_LARGE", messageUI: "Заголовки запроса слишком большие. Очистите cookie этого сайта и попробуйте ещё раз." },
  ERR_HTTP_REQUEST_TIMEOUT: { statusCode: 408, code: "REQUEST_TIMEOUT", messageUI: STATUS_UI[408] ?? OTHER_CLIENT_ERROR_UI },
  ERR_HTTP_HEADERS_TIMEOUT: { statusCode: 408, code: "REQUEST_TIMEOUT", messageUI: STATUS_UI[408] ?? OTHER_CLIENT_ERROR_UI },
};
const MALFORMED_REQUEST = { statusCode: 400, code: "BAD_REQUEST", messageUI: STATUS_UI[400] ?? OTHER_CLIENT_ERROR_UI };

/**
 * The Fastify constructor's `clientErrorHandler`: a request Node's parser refuses (headers over
 * the limit → 431, too slow → 408, not HTTP → 400) gets the API's error body too, written on the
 * socket, which is then closed. Fastify's own would say only "Client Error" in English.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const known = (error.code && CLIENT_ERRORS[error.code]) || MALFORMED_REQUEST;
  const body = JSON.stringify(serverError(known.statusCode, known.code, known.messageUI, `Client error: ${error.code ?? error.message}`));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.statusCode} ${STATUS_CODES[known.statusCode] ?? "Client Error"}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function notFoundError(url: string): ServerError {
  const path = url.split("?", 1)[0] ?? "";
  if (path === "/api" || path.startsWith("/api/")) {
    return serverError(404, "ROUTE_NOT_FOUND", "Такого адреса в API нет", `No API route ${path}`);
  }
  if (path.startsWith("/files/")) return serverError(404, "FILE_NOT_FOUND", "Файл не найден", `No file ${path}`);
  return serverError(404, "NOT_FOUND", "Страница не найдена", `Nothing at ${path}`);
}

/** Answers a request that matched no route, in whatever context it was registered. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).type("application/json; charset=utf-8").send(notFoundError(request.url));
}

/** The one error handler and the root 404 handler; call on the root instance before anything else. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  app.setNotFoundHandler(sendNotFound);
}
