import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  layoutIdParamsSchema,
  prepressAcceptSchema,
  prepressLayoutSchema,
  prepressQueuePageSchema,
  prepressQueueQuerySchema,
  prepressReturnSchema,
  serverErrorSchema,
} from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { requireEmployeeRole } from "../../plugins/session";
import { createPrepressService } from "../../services/backoffice/prepress.service";
import { accessCheckedErrors, payloadTooLargeResponse, storageUnavailableResponse } from "../responses";
import { requireFile, withUploadForm } from "../files/multipart";
import type { BackOfficeRouteOptions } from "./options";

/** The prepress routes also take uploads: the largest layout and where uploads stream to (as the files' routes). */
export interface PrepressRouteOptions extends BackOfficeRouteOptions {
  maxLayoutBytes: number;
  incomingDir: string;
}

const decisionConflictResponse = serverErrorSchema.check(
  z.describe("Макет уже заменён или заказ уже в производстве / The layout was replaced, or the order is past the point of decisions"),
);

const PREPRESS = ["prepress"] as const;

/**
 * The back office's prepress queue (issue 29; server/docs/back-office-prepress.md): the layouts of
 * placed orders with the server's findings, and the operator's three decisions. Each write is one
 * transaction with its audit entry (objectType "layout").
 */
export const backOfficePrepressRoutes: FastifyPluginAsyncZod<PrepressRouteOptions> = async (api, options) => {
  const tags = [openApiTags.backOffice];
  const prepress = createPrepressService(options.database, { files: api.files, layouts: api.layouts, mail: api.mail, maxLayoutBytes: options.maxLayoutBytes });
  // Only the corrected-file route reads a multipart body; the plugin's parser stays inside this plugin.
  await api.register(fastifyMultipart);
  api.addHook("onSend", async (request, reply) => {
    if (request.raw.complete === false) reply.header("connection", "close");
  });

  api.get(
    "/employee/prepress",
    {
      config: { access: PREPRESS },
      schema: {
        tags,
        operationId: "employeeListPrepressQueue",
        summary: "Очередь допечатной проверки / The prepress queue",
        description:
          "Текущие макеты строк оформленных заказов (не отменённых), у которых серверная проверка нашла замечания (status failed, в том числе подтверждённые клиентом) или не смогла закончиться (status error). state: waiting — без решения, заказ ещё не в производстве (по умолчанию); accepted — приняты; returned — возвращены клиенту. Старые сверху. stateCounts — число макетов в каждом состоянии. / Current layouts of placed orders' lines with server findings or a failed check; oldest first; state filters by the operator's decision.",
        querystring: prepressQueueQuerySchema,
        response: { 200: prepressQueuePageSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      requireEmployeeRole(request, PREPRESS);
      return prepress.list(request.query);
    },
  );

  api.get(
    "/employee/prepress/:id",
    {
      config: { access: PREPRESS },
      schema: {
        tags,
        operationId: "employeeGetPrepressLayout",
        summary: "Макет для допечатной проверки / A layout for the prepress check",
        description:
          "Макет (id — макет) с отчётом серверной проверки, строка, заказ и клиент, ссылка на PDF для пробного оттиска, прежние файлы той же детали (история) и решение допечатной подготовки. editable — можно ли ещё принять решение (текущий макет, заказ до производства). / The layout with the server's report, its line, order and client, the PDF's URL for the proof, the detail's earlier files and the decision.",
        params: layoutIdParamsSchema,
        response: { 200: prepressLayoutSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      requireEmployeeRole(request, PREPRESS);
      return prepress.get(request.params.id, request.publicOrigin);
    },
  );

  api.post(
    "/employee/prepress/:id/accept",
    {
      config: { access: PREPRESS },
      schema: {
        tags,
        operationId: "employeeAcceptLayout",
        summary: "Принять макет с замечаниями / Accept the layout as it is",
        description:
          "Макет печатается как есть; note (до 2000 знаков, можно пусто) сохраняется и видна в заказе клиенту и сотрудникам. Только текущий макет заказа в статусе new или paid, иначе 409. Запись в журнал изменений. / Printed as it is; the note shows in the order. Only the current layout of an order before production (else 409). Audited.",
        params: layoutIdParamsSchema,
        body: prepressAcceptSchema,
        response: { 200: prepressLayoutSchema, ...accessCheckedErrors, 409: decisionConflictResponse },
      },
    },
    async (request) => prepress.accept(requireEmployeeRole(request, PREPRESS), request.params.id, request.body.note, request.publicOrigin),
  );

  api.post(
    "/employee/prepress/:id/return",
    {
      config: { access: PREPRESS },
      schema: {
        tags,
        operationId: "employeeReturnLayout",
        summary: "Вернуть макет клиенту / Send the layout back to the client",
        description:
          "Клиент должен загрузить новый файл; message — что исправить (обязательно, до 2000 знаков). Клиент получает уведомление и письмо; в заказе у строки видно сообщение и кнопка загрузки. Пока макет не заменён, заказ нельзя передать в производство (409 LAYOUT_RETURNED). Только текущий макет заказа в статусе new или paid, иначе 409. Запись в журнал изменений. / The client is notified (notification and letter) and must upload a new file; until then the order cannot go into production. Audited.",
        params: layoutIdParamsSchema,
        body: prepressReturnSchema,
        response: { 200: prepressLayoutSchema, ...accessCheckedErrors, 409: decisionConflictResponse },
      },
    },
    async (request) => prepress.returnToClient(requireEmployeeRole(request, PREPRESS), request.params.id, request.body.message, request.publicOrigin),
  );

  api.post(
    "/employee/prepress/:id/file",
    {
      config: { access: PREPRESS },
      schema: {
        tags,
        operationId: "employeeReplaceLayout",
        summary: "Заменить макет исправленным файлом / Replace the layout with a corrected file",
        description:
          "multipart/form-data: file (PDF — проверяется по содержимому, не больше OTTISK_MAX_LAYOUT_MB). Новый файл становится текущим макетом детали (загрузил — сотрудник), прежний остаётся в истории; новый макет сразу ставится на проверку. Ответ — новый макет. Только текущий макет заказа в статусе new или paid, иначе 409. Запись в журнал изменений. / The corrected PDF becomes the detail's current layout (the old one stays as history) and is queued for the check; answers the new layout. Audited.",
        params: layoutIdParamsSchema,
        consumes: ["multipart/form-data"],
        response: {
          200: prepressLayoutSchema,
          ...accessCheckedErrors,
          409: decisionConflictResponse,
          413: payloadTooLargeResponse,
          503: storageUnavailableResponse,
        },
      },
    },
    async (request) => {
      const viewer = requireEmployeeRole(request, PREPRESS);
      // Staff have no upload quota; the file streams to disk like any upload.
      return withUploadForm(request, { maxFileBytes: options.maxLayoutBytes, roomBytes: null, quotaBytes: null }, options.incomingDir, async (form) =>
        prepress.replace(viewer, request.params.id, requireFile(form), request.publicOrigin),
      );
    },
  );
};
