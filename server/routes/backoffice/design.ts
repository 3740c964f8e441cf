import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  designOrderIdParamsSchema,
  employeeDesignOrderListQuerySchema,
  employeeDesignOrderListSchema,
  employeeDesignOrderSchema,
  employeeDesignStatusSchema,
} from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { requireEmployeeRole } from "../../plugins/session";
import { createBackOfficeDesignService } from "../../services/backoffice/design.service";
import { accessCheckedErrors, conflictResponse, payloadTooLargeResponse, storageUnavailableResponse } from "../responses";
import { requireFile, withUploadForm } from "../files/multipart";
import type { BackOfficeRouteOptions } from "./options";

/** The design plugin also receives the finished layouts: the files area's limit and incoming folder (app.ts). */
export interface BackOfficeDesignRouteOptions extends BackOfficeRouteOptions {
  upload: { maxLayoutBytes: number; incomingDir: string };
}

const DESIGNERS = ["designer"] as const;

/**
 * The back office's designers' queue of design orders (issue 29): /api/employee/design-order…,
 * for designers (and the admin). Rules: services/backoffice/design.service.ts and
 * server/docs/back-office-design.md; the client's side is routes/files/design-orders.ts.
 */
export const backOfficeDesignRoutes: FastifyPluginAsyncZod<BackOfficeDesignRouteOptions> = async (api, options) => {
  const tags = [openApiTags.backOffice];
  const service = createBackOfficeDesignService(options.database, { layouts: api.layouts });
  await api.register(fastifyMultipart);

  api.get(
    "/employee/design-order",
    {
      config: { access: [...DESIGNERS] },
      schema: {
        tags,
        operationId: "employeeListDesignOrders",
        summary: "Очередь заказов дизайна / The design order queue",
        description:
          "Сначала новые, затем в работе, ждущие клиента, готовые, отменённые; внутри — по сроку. status — только этот статус, mine=1 — только взятые мной, page — страница по 20. overdue — срок прошёл, а заказ не закрыт. / New first, then in work, waiting for the client, done, cancelled; by due date within. Filters: status, mine=1, page (20 per page).",
        querystring: employeeDesignOrderListQuerySchema,
        response: { 200: employeeDesignOrderListSchema, ...accessCheckedErrors },
      },
    },
    async (request) => service.list(requireEmployeeRole(request, DESIGNERS), request.query),
  );

  api.get(
    "/employee/design-order/:id",
    {
      config: { access: [...DESIGNERS] },
      schema: {
        tags,
        operationId: "employeeGetDesignOrder",
        summary: "Заказ дизайна / A design order",
        description:
          "Клиент, товар, деталь, комментарий и пометки клиента, цена и срок, дизайнер, макет дизайнера с результатом проверки. Сообщения — GET /client-order/design/{designId}/message. / The whole design order with the designer's layout and its check; messages are at GET /client-order/design/{designId}/message.",
        params: designOrderIdParamsSchema,
        response: { 200: employeeDesignOrderSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      requireEmployeeRole(request, DESIGNERS);
      return service.get(request.params.id, request.publicOrigin);
    },
  );

  api.post(
    "/employee/design-order/:id/take",
    {
      config: { access: [...DESIGNERS] },
      schema: {
        tags,
        operationId: "employeeTakeDesignOrder",
        summary: "Взять заказ дизайна в работу / Take a design order",
        description:
          "Новый заказ становится заказом вызывающего (in_work); клиенту — уведомление и письмо. Уже взят другим — 409 DESIGN_TAKEN; своим — без изменений; закрытый — 409. / A new design order becomes the caller's (in_work), the client is told; taken by someone else: 409 DESIGN_TAKEN.",
        params: designOrderIdParamsSchema,
        response: { 200: employeeDesignOrderSchema, ...accessCheckedErrors, 409: conflictResponse },
      },
    },
    async (request) => {
      const order = await service.take(requireEmployeeRole(request, DESIGNERS), request.params.id, request.publicOrigin);
      api.mail.wake();
      return order;
    },
  );

  api.post(
    "/employee/design-order/:id/layout",
    {
      config: { access: [...DESIGNERS] },
      schema: {
        tags,
        operationId: "employeeUploadDesignLayout",
        summary: "Загрузить готовый макет / Upload the finished layout",
        description:
          "multipart/form-data, поле file (PDF по содержимому). Макет становится макетом детали строки (файл клиента, uploaded_by — дизайнер), сразу ставится в очередь проверки, как любая загрузка; заказ дизайна — waiting_client, клиенту — уведомление и письмо. Только дизайнер заказа (или администратор), только после «Взять в работу» — иначе 409. / The layout becomes the line's detail layout, its check is queued, the order waits for the client, who is told. Only the order's designer, after taking it.",
        params: designOrderIdParamsSchema,
        consumes: ["multipart/form-data"],
        response: { 200: employeeDesignOrderSchema, ...accessCheckedErrors, 409: conflictResponse, 413: payloadTooLargeResponse, 503: storageUnavailableResponse },
      },
    },
    async (request) => {
      const viewer = requireEmployeeRole(request, DESIGNERS);
      const order = await withUploadForm(request, { maxFileBytes: options.upload.maxLayoutBytes, roomBytes: null, quotaBytes: null }, options.upload.incomingDir, async (form) =>
        service.uploadLayout(viewer, request.params.id, requireFile(form), request.publicOrigin),
      );
      api.mail.wake();
      return order;
    },
  );

  api.put(
    "/employee/design-order/:id/status",
    {
      config: { access: [...DESIGNERS] },
      schema: {
        tags,
        operationId: "employeeSetDesignOrderStatus",
        summary: "Статус заказа дизайна / Set a design order's status",
        description:
          "in_work — вернуть в работу заказ, ждущий клиента; cancelled — отменить открытый заказ. Клиенту — уведомление и письмо. Закрытый заказ или запрещённый переход — 409. / in_work: back to work from waiting_client; cancelled: cancel an open order. The client is told; a closed order or a forbidden move is a 409.",
        params: designOrderIdParamsSchema,
        body: employeeDesignStatusSchema,
        response: { 200: employeeDesignOrderSchema, ...accessCheckedErrors, 409: conflictResponse },
      },
    },
    async (request) => {
      const order = await service.setStatus(requireEmployeeRole(request, DESIGNERS), request.params.id, request.body.status, request.publicOrigin);
      api.mail.wake();
      return order;
    },
  );
};
