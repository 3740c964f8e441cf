import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cartDeliveryCreateSchema, cartDeliveryUpdateSchema, cartItemParamsSchema, cartSchema } from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { ensureViewer, requireViewer } from "../../plugins/session";
import { accessCheckedErrors } from "../responses";
import { cartWhoseDescription, visitorCartErrors } from "./cart";

const pricing =
  "Цена и дата считаются по весу и самому долгому сроку изготовления отмеченных позиций; при изменении позиций доставки пересчитываются. 400 — способ недоступен или нечего доставлять. " +
  "/ Priced by the weight and the longest production time of the in-order lines; re-priced when lines change. 400 when the method is unavailable or nothing is marked for the order.";

/** The cart's deliveries (spec §7 POST and PUT /client-cart/delivery; DELETE is ours). */
export const cartDeliveryRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = [openApiTags.cart];

  api.post(
    "/client-cart/delivery",
    {
      schema: {
        tags,
        operationId: "addCartDelivery",
        summary: "Добавить доставку / Add a delivery",
        description: `${pricing} ${cartWhoseDescription}`,
        body: cartDeliveryCreateSchema,
        response: { 200: cartSchema, ...visitorCartErrors },
      },
    },
    async (request, reply) =>
      api.carts.addDelivery(await ensureViewer(request, reply, api.sessions), request.body, request.body, request.publicOrigin),
  );

  api.put(
    "/client-cart/delivery",
    {
      config: { access: "viewer" },
      schema: {
        tags,
        operationId: "updateCartDelivery",
        summary: "Изменить доставку / Change a delivery",
        description: `${pricing} 404 — доставки нет в корзинах клиента. / 404 when the delivery is not in the client's carts.`,
        body: cartDeliveryUpdateSchema,
        response: { 200: cartSchema, ...accessCheckedErrors },
      },
    },
    async (request) => api.carts.updateDelivery(requireViewer(request), request.body, request.publicOrigin),
  );

  api.delete(
    "/client-cart/delivery/:id",
    {
      config: { access: "viewer" },
      schema: {
        tags,
        operationId: "removeCartDelivery",
        summary: "Удалить доставку / Remove a delivery",
        params: cartItemParamsSchema,
        response: { 200: cartSchema, ...accessCheckedErrors },
      },
    },
    async (request) => api.carts.removeDelivery(requireViewer(request), request.params.id, request.publicOrigin),
  );
};
