import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  designChangesRequestSchema,
  designIdParamsSchema,
  designOrderCreateSchema,
  designOrderPatchSchema,
  designOrderSchema,
  designQuoteQuerySchema,
  designQuoteSchema,
} from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { requireViewer } from "../../plugins/session";
import { actingClientId } from "../../services/accounts/acting-client";
import { accessCheckedErrors, conflictResponse } from "../responses";

const clientErrors = { ...accessCheckedErrors, 409: conflictResponse };

/**
 * Spec §7 "Design orders": ordering design for a detail of an order line (the checks of a detail's
 * layout are in checks.ts). Only the client (or the employee in client mode acting for him) reaches
 * his lines and design orders; anyone else's are "not found".
 */
export const designOrderRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = [openApiTags.design];

  api.get(
    "/client-order/design/quote",
    {
      config: { access: "viewer" },
      schema: {
        tags,
        operationId: "getDesignQuote",
        summary: "Цена и срок дизайна / What a design costs and when it is ready",
        description:
          "До заказа дизайна: услуга дизайна вида товара строки (категории товара), иначе общая услуга дизайна; цена в рублях и срок — сегодня плюс рабочие дни услуги по производственному календарю. Заказ дизайна, сделанный после, сохраняет эти цену и срок. / Before ordering: the design service of the line's product category (or the general one); the price and the due date (working days from today) the design order made now keeps.",
        querystring: designQuoteQuerySchema,
        response: { 200: designQuoteSchema, ...accessCheckedErrors },
      },
    },
    async (request) => api.designs.quote(actingClientId(requireViewer(request)), request.query.orderProductId),
  );

  api.post(
    "/client-order/design/:designId/approve",
    {
      config: { access: "viewer" },
      schema: {
        tags,
        operationId: "approveDesignLayout",
        summary: "Утвердить макет дизайнера / Approve the designer's layout",
        description:
          "Только когда дизайнер прислал макет (waiting_client): макет становится утверждённым макетом детали, заказ дизайна — done, дизайнеру уходит письмо. Иначе 409 DESIGN_NOT_WAITING. / Only in waiting_client: the layout becomes the detail's approved layout, the design order is done, the designer gets a letter; otherwise 409.",
        params: designIdParamsSchema,
        response: { 200: designOrderSchema, ...clientErrors },
      },
    },
    async (request) => {
      const design = await api.designs.approve(actingClientId(requireViewer(request)), request.params.designId, request.publicOrigin);
      api.mail.wake();
      return design;
    },
  );

  api.post(
    "/client-order/design/:designId/changes",
    {
      config: { access: "viewer" },
      schema: {
        tags,
        operationId: "requestDesignChanges",
        summary: "Попросить правки макета дизайнера / Ask for changes to the designer's layout",
        description:
          "Только когда дизайнер прислал макет (waiting_client): текст становится сообщением по заказу дизайна, заказ возвращается в работу (in_work), дизайнеру уходит письмо. Иначе 409 DESIGN_NOT_WAITING. / Only in waiting_client: the text becomes a message, the order goes back to in_work, the designer gets a letter; otherwise 409.",
        params: designIdParamsSchema,
        body: designChangesRequestSchema,
        response: { 200: designOrderSchema, ...clientErrors },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const design = await api.designs.requestChanges(actingClientId(viewer), viewer.account.id, request.params.designId, request.body.text, request.publicOrigin);
      api.mail.wake();
      return design;
    },
  );

  api.post(
    "/client-order/design",
    {
      config: { access: "viewer" },
      schema: {
        tags,
        operationId: "createDesignOrder",
        summary: "Заказать дизайн детали / Order design for a detail",
        description:
          "Строка — orderProductId, либо orderId (корзина или заказ) и productId (строка заказа), как в пути autocheck. / The line: orderProductId, or orderId (cart or order) and productId (the line) as in the autocheck path.",
        body: designOrderCreateSchema,
        response: { 200: designOrderSchema, ...clientErrors },
      },
    },
    async (request) => api.designs.create(actingClientId(requireViewer(request)), request.body, request.publicOrigin),
  );

  api.patch(
    "/client-order/design/:designId",
    {
      config: { access: "viewer" },
      schema: {
        tags,
        operationId: "updateDesignOrder",
        summary: "Изменить заказ дизайна / Update a design order",
        description:
          "comment и/или annotatedFileId (файл из POST /file/upload/annotation; null — убрать; заменённый файл удаляется, если больше нигде не нужен). Закрытый заказ — 409. / Comment and the annotated PDF (a replaced one is deleted unless something else refers to it); 409 once done or cancelled.",
        params: designIdParamsSchema,
        body: designOrderPatchSchema,
        response: { 200: designOrderSchema, ...clientErrors },
      },
    },
    async (request) => api.designs.update(actingClientId(requireViewer(request)), request.params.designId, request.body, request.publicOrigin),
  );

  api.delete(
    "/client-order/design/:designId",
    {
      config: { access: "viewer" },
      schema: {
        tags,
        operationId: "cancelDesignOrder",
        summary: "Отменить заказ дизайна / Cancel a design order",
        description: "Только пока дизайнер не взял заказ в работу; иначе 409. / Only while still new; 409 when in work or done.",
        params: designIdParamsSchema,
        response: { 200: designOrderSchema, ...clientErrors },
      },
    },
    async (request) => api.designs.cancel(actingClientId(requireViewer(request)), request.params.designId, request.publicOrigin),
  );
};
