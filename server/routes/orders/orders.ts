import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  balanceQuerySchema,
  balanceSchema,
  cartSchema,
  IDEMPOTENCY_KEY_HEADER,
  orderIdParamsSchema,
  orderListPageSchema,
  orderListQuerySchema,
  orderSchema,
  placeOrderHeadersSchema,
  placeOrderRequestSchema,
  serverErrorSchema,
} from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { routeLimit } from "../../plugins/rate-limits";
import { requireSignedIn } from "../../plugins/session";
import { resolveIdempotencyKey } from "../../services/orders/order-placing";
import { contentDisposition } from "../files/files";
import { accessCheckedErrors, conflictResponse, tooManyRequestsResponse } from "../responses";
import { signedInClientId } from "../signed-in-client";

export const paymentRequiredResponse = serverErrorSchema.check(z.describe("Недостаточно средств на балансе / The internal balance is too low"));
export const badGatewayResponse = serverErrorSchema.check(z.describe("Платёжный сервис не ответил / The payment provider did not answer"));
export const promocodeUsedUpResponse = serverErrorSchema.check(
  z.describe("Промокод израсходован, пока оформлялся заказ (лимит использований): заказ не оформлен / The promocode's usage limit was reached meanwhile"),
);

/** Bytes sent as they are (never serialised); the OpenAPI document shows a binary string. */
export function binaryResponse(description: string) {
  return z.custom<Buffer>((value) => Buffer.isBuffer(value)).check(z.meta({ type: "string", format: "binary", description }));
}

/** A generated document of the client's (the invoice, the act): a PDF download, never kept in a shared cache. */
export function sendPrivatePdf(reply: FastifyReply, document: { fileName: string; bytes: Uint8Array }): FastifyReply {
  return reply
    .code(200)
    .type("application/pdf")
    .header("content-disposition", contentDisposition(document.fileName))
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-cache")
    .send(Buffer.from(document.bytes.buffer, document.bytes.byteOffset, document.bytes.length));
}

/**
 * Placing an order (spec §7 POST /client-cart/place-order), the client's orders, the invoice PDF
 * and the internal balance. An employee in client mode works for the client here.
 */
export const orderRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = [openApiTags.orders];

  api.post(
    "/client-cart/place-order",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "placeOrder",
        summary: "Оформить заказ / Place the order",
        description:
          "Оформляет отмеченные товары корзины компании (companyId) или личного профиля (null). Ключ идемпотентности обязателен (idempotencyKey или заголовок Idempotency-Key): повтор с тем же ключом отвечает тем же заказом. payment: для Invoice — invoiceUrl (PDF), для Yookassa — confirmationUrl, для InternalBalance — остаток. / Places the cart's in-order lines; the same idempotency key always answers the same order.",
        headers: placeOrderHeadersSchema,
        body: placeOrderRequestSchema,
        response: { 200: orderSchema, ...accessCheckedErrors, 402: paymentRequiredResponse, 409: promocodeUsedUpResponse, 502: badGatewayResponse },
      },
    },
    async (request) => {
      const idempotencyKey = resolveIdempotencyKey(request.body.idempotencyKey, request.headers[IDEMPOTENCY_KEY_HEADER]);
      return api.orders.placeOrder(requireSignedIn(request), { ...request.body, idempotencyKey }, request.publicOrigin);
    },
  );

  api.get(
    "/client-order",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "getOrders",
        summary: "Заказы клиента / The client's orders",
        description: "Новые сверху; companyId — только заказы этой компании. / Newest first; companyId narrows to one company.",
        querystring: orderListQuerySchema,
        response: { 200: orderListPageSchema, ...accessCheckedErrors },
      },
    },
    async (request) => api.orders.listOrders(requireSignedIn(request), request.query),
  );

  api.get(
    "/client-order/:id",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "getOrder",
        summary: "Заказ / An order",
        description: "Чужой заказ — 404. / Another client's order is 404.",
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...accessCheckedErrors },
      },
    },
    async (request) => api.orders.getOrder(requireSignedIn(request), request.params.id, request.publicOrigin),
  );

  api.post(
    "/client-order/:id/repeat",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "repeatOrder",
        summary: "Повторить заказ / Repeat an order",
        description:
          "Все позиции заказа копируются в корзину аккаунта заказа (его компании или личного профиля) по сегодняшней цене, с макетами; все или ни одной. Отвечает этой корзиной. Чужой заказ — 404. / Every line of the order is copied into the cart of the order's account at today's price, with its layouts; answers that cart.",
        params: orderIdParamsSchema,
        response: { 200: cartSchema, ...accessCheckedErrors, 409: conflictResponse.check(z.describe("В заказе нет позиций / The order has no lines")) },
      },
    },
    async (request) => api.orders.repeatOrder(requireSignedIn(request), request.params.id, request.publicOrigin),
  );

  api.post(
    "/client-order/:id/payment",
    {
      config: { access: "signedIn", rateLimit: routeLimit("payment") },
      schema: {
        tags,
        operationId: "payOrderAgain",
        summary: "Оплатить заказ снова / Pay an unpaid order again",
        description:
          "Для неоплаченного заказа с оплатой картой (Yookassa): ссылка ещё ожидающего платежа или новый платёж (новый ключ идемпотентности), если прошлый отменён; отвечает заказом с payment.confirmationUrl. Оплаченный, отменённый заказ или другой способ оплаты — 409. / For an unpaid Yookassa order: the pending payment's confirmation URL, or a new payment when the last was cancelled; 409 for a paid or cancelled order or another payment type.",
        params: orderIdParamsSchema,
        response: {
          200: orderSchema,
          ...accessCheckedErrors,
          409: conflictResponse.check(z.describe("Заказ нельзя оплатить картой сейчас / The order cannot be paid by card now")),
          429: tooManyRequestsResponse,
          502: badGatewayResponse,
        },
      },
    },
    async (request) => api.orders.payAgain(requireSignedIn(request), request.params.id, request.publicOrigin),
  );

  api.get(
    "/client-order/:id/invoice",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "getOrderInvoice",
        summary: "Счёт на оплату в PDF / The invoice PDF",
        description: "application/pdf; только для заказов с оплатой по счёту. / application/pdf; for orders paid by invoice only.",
        params: orderIdParamsSchema,
        response: { 200: binaryResponse("Счёт на оплату, application/pdf / The invoice, application/pdf"), ...accessCheckedErrors },
      },
    },
    async (request, reply) => {
      return sendPrivatePdf(reply, await api.orders.invoicePdf(requireSignedIn(request), request.params.id));
    },
  );

  api.get(
    "/client-account/balance",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "getBalance",
        summary: "Внутренний баланс / The internal balance",
        description: "Остаток и последние операции компании (companyId) или личного профиля. / The balance and latest entries of a company or the personal profile.",
        querystring: balanceQuerySchema,
        response: { 200: balanceSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      const clientId = signedInClientId(request);
      const companyId = request.query.companyId ?? null;
      if (companyId !== null) await api.companies.getCompany(clientId, companyId);
      return api.balance.statement({ clientId, companyId });
    },
  );
};
