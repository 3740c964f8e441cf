import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { designIdParamsSchema, designOrderCreateSchema, designOrderPatchSchema, designOrderSchema } from "../../../shared/contracts/index";
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
