import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  cartChangeInOrderSchema,
  cartItemParamsSchema,
  cartMoveSchema,
  cartProductAddSchema,
  cartProductUpdateSchema,
  cartQuerySchema,
  cartSchema,
} from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { ensureViewer, requireViewer } from "../../plugins/session";
import { accessCheckedErrors } from "../responses";
import { cartWhoseDescription, visitorCartErrors } from "./cart";

/** The cart's lines: add, change, remove, mark for the order, repeat from an earlier order (spec §7 "Cart"). */
export const cartProductRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = [openApiTags.cart];

  api.post(
    "/client-cart/product",
    {
      schema: {
        tags,
        operationId: "addCartProduct",
        summary: "Добавить товар в корзину / Add a product to the cart",
        description: `Цена считается сервером по опциям, тиражу и срочности. ${cartWhoseDescription} / The server prices the line.`,
        body: cartProductAddSchema,
        response: { 200: cartSchema, ...visitorCartErrors },
      },
    },
    async (request, reply) => api.carts.addLine(await ensureViewer(request, reply, api.sessions, { keep: true }), request.body, request.publicOrigin),
  );

  api.patch(
    "/client-cart/product/:id",
    {
      config: { access: "viewer" },
      schema: {
        tags,
        operationId: "updateCartProduct",
        summary: "Изменить позицию / Change a line",
        description:
          "Опции (заменяются целиком), тираж, срочность; позиция пересчитывается, доставки тоже. 404 — позиции нет в корзинах клиента. / Options (replaced whole), quantity, urgency; the line and the deliveries are re-priced.",
        params: cartItemParamsSchema,
        body: cartProductUpdateSchema,
        response: { 200: cartSchema, ...accessCheckedErrors },
      },
    },
    async (request) => api.carts.updateLine(requireViewer(request), request.params.id, request.body, request.publicOrigin),
  );

  api.delete(
    "/client-cart/product/:id",
    {
      config: { access: "viewer" },
      schema: {
        tags,
        operationId: "removeCartProduct",
        summary: "Удалить позицию / Remove a line",
        params: cartItemParamsSchema,
        response: { 200: cartSchema, ...accessCheckedErrors },
      },
    },
    async (request) => api.carts.removeLine(requireViewer(request), request.params.id, request.publicOrigin),
  );

  api.post(
    "/client-cart/product/change-in-order",
    {
      config: { access: "viewer" },
      schema: {
        tags,
        operationId: "changeCartProductsInOrder",
        summary: "Отметить позиции для заказа / Mark lines in or out of the order",
        description:
          "Все позиции должны быть в одной корзине вызывающего, иначе 404 и ничего не меняется. / All lines must be in one of the caller's carts, else 404 and nothing changes.",
        body: cartChangeInOrderSchema,
        response: { 200: cartSchema, ...accessCheckedErrors },
      },
    },
    async (request) => api.carts.changeInOrder(requireViewer(request), request.body.orderProductIds, request.body.inOrder, request.publicOrigin),
  );

  api.post(
    "/client-cart/product/move",
    {
      config: { access: "viewer" },
      schema: {
        tags,
        operationId: "moveCartProducts",
        summary: "Перенести товары в другую корзину / Move lines to another cart",
        description:
          "Позиции одной корзины клиента (fromCompanyId; null — личный профиль) переходят в другую его корзину (toCompanyId) вместе с макетами и заказами дизайна; без lineIds — все позиции. Цена позиции не меняется (цены не зависят от аккаунта). Доставки остаются с оставшимися позициями; опустевшая корзина отдаёт свои доставки корзине без доставок, иначе они удаляются; доставки пересчитываются. Ответ — корзина, куда перенесли. Чужая компания или позиция — 404; переносить нечего или та же корзина — 400. " +
          "/ Lines of one of the client's carts (fromCompanyId; null: personal) move to another (toCompanyId) with their layouts and design orders; all lines without lineIds. Prices stay (they do not depend on the account). Deliveries stay with the lines left; an emptied cart hands its deliveries to a target without any, else they are dropped; deliveries are re-priced. Answers the target cart. Someone else's company or line: 404; nothing to move or the same cart: 400.",
        body: cartMoveSchema,
        response: { 200: cartSchema, ...accessCheckedErrors },
      },
    },
    async (request) => api.carts.moveLines(requireViewer(request), request.body, request.publicOrigin),
  );

  api.post(
    "/client-cart/product/repeat/:id",
    {
      config: { access: "viewer" },
      schema: {
        tags,
        operationId: "repeatCartProduct",
        summary: "Повторить позицию заказа / Repeat a line of an earlier order",
        description:
          "Позиция одного из прошлых заказов клиента копируется в корзину (companyId в запросе; без него — личный профиль) по сегодняшней цене, с макетами. Чужая позиция — 404. / A line of the client's earlier order is copied at today's price, with its layouts; someone else's answers 404.",
        params: cartItemParamsSchema,
        querystring: cartQuerySchema,
        response: { 200: cartSchema, ...accessCheckedErrors },
      },
    },
    // Only a session can have orders to repeat; a caller without one is told to sign in, not given a visitor's account.
    async (request) => api.carts.repeatLine(requireViewer(request), request.params.id, request.query, request.publicOrigin),
  );
};
