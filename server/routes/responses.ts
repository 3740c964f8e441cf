import type { FastifyReply } from "fastify";
import { z } from "zod/mini";
import { serverErrorSchema } from "../../shared/contracts/index";

/*
 * Error answers a route declares next to its 200, so the OpenAPI document shows them; their bodies
 * are made by plugins/errors.ts. z.describe() gives each the response description in the document.
 */

export const validationErrorResponse = serverErrorSchema.check(
  z.describe("Неверные параметры запроса: messageUI — первая проблема, issues — все по полям / Invalid request parameters"),
);
export const notFoundResponse = serverErrorSchema.check(z.describe("Не найдено / Not found"));
export const unauthorizedResponse = serverErrorSchema.check(z.describe("Нужно войти в систему / No session, or a visitor's temporary one"));
export const forbiddenResponse = serverErrorSchema.check(z.describe("Недостаточно прав / Not yours, or not for your role"));
export const productArchivedResponse = serverErrorSchema.check(
  z.describe("Товар в архиве, больше не продаётся: PRODUCT_ARCHIVED / The product is archived, no longer sold"),
);
export const conflictResponse = serverErrorSchema.check(z.describe("Уже существует / Already exists"));
export const payloadTooLargeResponse = serverErrorSchema.check(z.describe("Файл больше допустимого размера / The file is over the limit"));
export const tooManyRequestsResponse = serverErrorSchema.check(z.describe("Слишком много попыток / Too many attempts"));
export const storageUnavailableResponse = serverErrorSchema.check(
  z.describe("Хранилище не принимает запись (диск заполнен, только для чтения, сбой): STORAGE_UNAVAILABLE, Retry-After / A storage fault; nothing was recorded"),
);
export const newVisitorLimitResponse = serverErrorSchema.check(
  z.describe("Слишком много новых посетителей с адреса (временных аккаунтов), Retry-After / Too many new temporary accounts from the address"),
);

/**
 * The error answers of a call that checks who calls and what they reach (`config.access`, the
 * require* guards of plugins/session.ts, the services' ownership checks): bad parameters, no
 * session, not for this role (or an employee outside client mode), not found or not the caller's.
 */
export const accessCheckedErrors = { 400: validationErrorResponse, 401: unauthorizedResponse, 403: forbiddenResponse, 404: notFoundResponse };

/**
 * Sends an answer the server made itself as JSON text, without the response schema's zod pass: for
 * hot routes whose answer is built from typed rows by one mapper (the signed-in listing, the cart;
 * server/docs/performance.md). Their contracts are checked by the tests on every answer they read.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(json);
}
