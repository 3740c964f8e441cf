import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  checkParamsSchema,
  checkSchema,
  checkStartedSchema,
  checkStartParamsSchema,
  checkReportSchema,
  checkVerdictSchema,
} from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { requireViewer } from "../../plugins/session";
import { routeLimit } from "../../plugins/rate-limits";
import { actingClientId } from "../../services/accounts/acting-client";
import { accessCheckedErrors, conflictResponse, tooManyRequestsResponse } from "../responses";

const clientErrors = { ...accessCheckedErrors, 409: conflictResponse };

/**
 * Spec §7 "Design orders", the check of a detail's layout: start it, read its state, report the
 * browser's result for the same file. The check's id is `pitstopDesignId` and its paths say
 * `autocheck` on the wire (the spec's names, kept for clients); here it is the check. Only the
 * client (or the employee in client mode acting for him) reaches his checks; anyone else's are
 * "not found". Served in the design orders' OpenAPI tag, right after their routes.
 */
export const checkRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = [openApiTags.design];

  api.post(
    "/client-order/:orderId/product/:productId/autocheck/:detailName",
    {
      config: { access: "viewer", rateLimit: routeLimit("check") },
      schema: {
        tags,
        operationId: "startAutocheck",
        summary: "Запустить проверку макета / Start a layout check",
        description:
          "orderId — корзина или заказ, где лежит строка; productId — строка заказа (order product). Проверяется текущий макет детали по её профилю; 202 — проверка поставлена в очередь, 200 — уже идёт. Очередь общая и справедливая: аккаунты обслуживаются по очереди; у аккаунта не больше OTTISK_QUOTA_QUEUED_CHECKS проверок в очереди сразу, иначе 429; с одного адреса не больше 120 запусков и отчётов о проверке за 10 минут — 429. / orderId: the cart or order holding the line; productId: the line. 202 when queued, 200 when one is already queued or running. The queue takes accounts in turn; past the account's quota of queued checks, 429; at most 120 check starts and reports per address per 10 minutes (429).",
        params: checkStartParamsSchema,
        response: { 200: checkStartedSchema, 202: checkStartedSchema, ...clientErrors, 429: tooManyRequestsResponse },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const clientId = actingClientId(viewer);
      const { created, check } = await api.layouts.startCheck(clientId, request.params, () => api.quotas.admitCheck(viewer, clientId));
      return reply.code(created ? 202 : 200).send(check);
    },
  );

  api.get(
    "/client-order/autocheck/:pitstopDesignId",
    {
      config: { access: "viewer" },
      schema: {
        tags,
        operationId: "getAutocheck",
        summary: "Состояние проверки макета / A layout check's state",
        description:
          "state: queued, running, done (findings — коды §5), failed (error — по-русски). / done carries the findings, failed the Russian error.",
        params: checkParamsSchema,
        response: { 200: checkSchema, ...clientErrors },
      },
    },
    async (request) => api.layouts.check(actingClientId(requireViewer(request)), request.params.pitstopDesignId),
  );

  api.post(
    "/client-order/autocheck/:pitstopDesignId/browser-check",
    {
      config: { access: "viewer", rateLimit: routeLimit("check") },
      schema: {
        tags,
        operationId: "reportBrowserCheck",
        summary: "Сообщить результат проверки в браузере / Report the browser's check of the same file",
        description:
          "Тело: findings (код и страница каждого замечания) или error (код ошибки движка, когда браузер не смог проверить файл). Сервер сравнивает с результатом своей законченной проверки — его результат остаётся в силе — и пишет расхождение в журнал (warn). Пока проверка идёт — 409. Не больше 120 запусков и отчётов о проверке с адреса за 10 минут (429). / The server's result stands; a difference is logged. At most 120 check starts and reports per address per 10 minutes.",
        params: checkParamsSchema,
        body: checkReportSchema,
        response: { 200: checkVerdictSchema, ...clientErrors, 429: tooManyRequestsResponse },
      },
    },
    async (request) => {
      const comparison = await api.layouts.compareBrowserResult(actingClientId(requireViewer(request)), request.params.pitstopDesignId, request.body);
      if (!comparison.agreed) {
        request.log.warn(
          { checkId: request.params.pitstopDesignId, layoutId: comparison.layoutId, server: comparison.server, browser: comparison.browser },
          "check: the browser's result for the same file disagrees with the server's (the server's stands)",
        );
      }
      return { agreed: comparison.agreed };
    },
  );
};
