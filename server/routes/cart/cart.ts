import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { cartPromocodeRequestSchema, cartQuerySchema, cartSchema, cartUpdateSchema } from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { ensureViewer } from "../../plugins/session";
import { accessCheckedErrors, conflictResponse, newVisitorLimitResponse, sendJsonText } from "../responses";

/** The calls that open a visitor's temporary account answer 429 past the limit of new ones per address. */
export const visitorCartErrors = { ...accessCheckedErrors, 429: newVisitorLimitResponse };

/** Whose cart: the same words on every cart call. */
export const cartWhoseDescription =
  "Корзина вызывающего: клиента (companyId — компания, без него — личный профиль), посетителя (временный аккаунт открывается при первом изменении) или клиента, за которого работает сотрудник в режиме клиента (clientId должен совпадать). Сотруднику вне режима клиента — 403. " +
  "/ The caller's cart: a client's (companyId, or none for the personal profile), a visitor's (the first change opens a temporary account), or, for an employee in client mode, the client's (clientId must match); 403 to an employee outside client mode.";

/** GET and PATCH /client-cart, PUT and DELETE /client-cart/promocode (spec §7 "Cart"). */
export const cartRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = [openApiTags.cart];

  api.get(
    "/client-cart",
    {
      schema: {
        tags,
        operationId: "getCart",
        summary: "Корзина / The cart",
        description: `${cartWhoseDescription} Без сессии — пустая корзина, ничего не создаётся. / Without a session: an empty cart, nothing is created.`,
        querystring: cartQuerySchema,
        response: { 200: cartSchema, ...accessCheckedErrors },
      },
    },
    // The cart is made by cart.mapper.ts from typed rows: sent as JSON text, not validated again (server/docs/performance.md).
    async (request, reply) => sendJsonText(reply, JSON.stringify(await api.carts.getCart(request.viewer, request.query, request.publicOrigin))),
  );

  api.patch(
    "/client-cart",
    {
      schema: {
        tags,
        operationId: "updateCart",
        summary: "Комментарий и способ оплаты / Comment and payment type",
        description:
          "Идемпотентно: повтор того же изменения — 200. С version: если корзина с тех пор изменилась и запрос что-то меняет — 409. / Idempotent; with version, a change to a cart changed since answers 409.",
        body: cartUpdateSchema,
        response: { 200: cartSchema, ...visitorCartErrors, 409: conflictResponse.check(z.describe("Корзина изменилась в другой вкладке / Stale version")) },
      },
    },
    async (request, reply) => api.carts.updateCart(await ensureViewer(request, reply, api.sessions), request.body, request.publicOrigin),
  );

  api.put(
    "/client-cart/promocode",
    {
      schema: {
        tags,
        operationId: "applyPromocode",
        summary: "Применить промокод / Apply a promocode",
        description:
          "404 — промокода нет или он выключен; 400 — истёк срок или сумма отмеченных товаров меньше минимальной. Скидка пересчитывается при каждом чтении корзины. / 404 unknown or inactive; 400 expired or below the minimum sum; the discount is recomputed on every read.",
        body: cartPromocodeRequestSchema,
        response: { 200: cartSchema, ...visitorCartErrors },
      },
    },
    async (request, reply) =>
      api.carts.applyPromocode(await ensureViewer(request, reply, api.sessions), request.body.code, request.body, request.publicOrigin),
  );

  api.delete(
    "/client-cart/promocode",
    {
      schema: {
        tags,
        operationId: "removePromocode",
        summary: "Убрать промокод / Remove the promocode",
        querystring: cartQuerySchema,
        response: { 200: cartSchema, ...visitorCartErrors },
      },
    },
    async (request, reply) => api.carts.removePromocode(await ensureViewer(request, reply, api.sessions), request.query, request.publicOrigin),
  );
};
