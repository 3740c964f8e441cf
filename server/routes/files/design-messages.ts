import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  designIdParamsSchema,
  designMessageCreateSchema,
  designMessageListSchema,
  designMessageSchema,
  designOrderSchema,
  designStatusUpdateSchema,
} from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { routeLimit } from "../../plugins/rate-limits";
import { requireEmployee, requireViewer } from "../../plugins/session";
import { accessCheckedErrors, conflictResponse, tooManyRequestsResponse } from "../responses";

/**
 * A design order's messages between the customer and the designer, and the designer's status
 * changes (issue 15). The customer (or an employee in client mode for them) reaches their own
 * design orders; any employee reaches every one, in client mode or not.
 */
export const designMessageRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = [openApiTags.design];

  api.get(
    "/client-order/design/:designId/message",
    {
      config: { access: "viewer" },
      schema: {
        tags,
        operationId: "getDesignMessages",
        summary: "Сообщения по заказу дизайна / A design order's messages",
        description:
          "По порядку написания. Клиенту — только его заказы дизайна (чужой — 404); сотруднику — любой. / In the order written; a client reaches their own design orders (another's: 404), staff any.",
        params: designIdParamsSchema,
        response: { 200: designMessageListSchema, ...accessCheckedErrors },
      },
    },
    async (request) => api.designMessages.list(requireViewer(request), request.params.designId),
  );

  api.post(
    "/client-order/design/:designId/message",
    {
      config: { access: "viewer", rateLimit: routeLimit("design-message") },
      schema: {
        tags,
        operationId: "postDesignMessage",
        summary: "Написать по заказу дизайна / Write on a design order",
        description:
          "Сообщение клиента дизайнеру или ответ сотрудника; ответ сотрудника попадает клиенту в «Уведомления» и письмом и записывается в журнал изменений. Не больше 2000 знаков; не больше 60 сообщений с адреса за 10 минут (429). / The customer's message or staff's answer; staff's answer is a notification and a letter for the client and is audited. At most 2000 characters; 60 messages per address per 10 minutes.",
        params: designIdParamsSchema,
        body: designMessageCreateSchema,
        response: { 200: designMessageSchema, ...accessCheckedErrors, 429: tooManyRequestsResponse },
      },
    },
    async (request) => {
      const message = await api.designMessages.post(requireViewer(request), request.params.designId, request.body.text, request.publicOrigin);
      api.mail.wake();
      return message;
    },
  );

  api.put(
    "/client-order/design/:designId/status",
    {
      config: { access: ["designer", "manager"] },
      schema: {
        tags,
        operationId: "setDesignStatus",
        summary: "Статус заказа дизайна (сотрудник) / Set a design order's status (staff)",
        description:
          "in_work — дизайнер взял в работу, done — готово, cancelled — отменён типографией; клиенту приходит уведомление, изменение — в журнал изменений. Закрытый заказ (done, cancelled) — 409; тот же статус ничего не меняет. / Staff move a design order; the client is notified and the change is audited. A closed one is a 409; the same status changes nothing.",
        params: designIdParamsSchema,
        body: designStatusUpdateSchema,
        response: { 200: designOrderSchema, ...accessCheckedErrors, 409: conflictResponse },
      },
    },
    async (request) => {
      return api.designs.setStatus(requireEmployee(request), request.params.designId, request.body.status, request.publicOrigin);
    },
  );
};
