import { serverErrorSchema } from "../../shared/contracts/index";

/*
 * Error answers a route declares next to its 200, so the OpenAPI document shows them; their bodies
 * are made by plugins/errors.ts. Describe() gives each the response description in the document.
 */

export const validationErrorResponse = serverErrorSchema.describe(
  "Неверные параметры запроса: messageUI — первая проблема, issues — все по полям / Invalid request parameters",
);
export const notFoundResponse = serverErrorSchema.describe("Не найдено / Not found");
export const unauthorizedResponse = serverErrorSchema.describe("Нужно войти в систему / No session, or a visitor's temporary one");
export const forbiddenResponse = serverErrorSchema.describe("Недостаточно прав / Not yours, or not for your role");
export const conflictResponse = serverErrorSchema.describe("Уже существует / Already exists");
export const payloadTooLargeResponse = serverErrorSchema.describe("Файл больше допустимого размера / The file is over the limit");
export const tooManyRequestsResponse = serverErrorSchema.describe("Слишком много попыток / Too many attempts");
