import { serverErrorSchema } from "../../shared/contracts/index";

/*
 * Error answers a route declares next to its 200, so the OpenAPI document shows them; their bodies
 * are made by plugins/errors.ts. Describe() gives each the response description in the document.
 */

export const validationErrorResponse = serverErrorSchema.describe(
  "Неверные параметры запроса: messageUI — первая проблема, issues — все по полям / Invalid request parameters",
);
export const notFoundResponse = serverErrorSchema.describe("Не найдено / Not found");
