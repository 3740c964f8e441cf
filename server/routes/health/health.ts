import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { healthDetailsSchema, healthSchema, serverErrorSchema } from "../../../shared/contracts/index";
import { fromThisMachine } from "../../plugins/access";
import { openApiTags } from "../../plugins/openapi";
import { publicHealth } from "../../services/health.service";
import { ShopError } from "../../services/shop-error";

export interface HealthRoutesOptions {
  /**
   * Whether a caller on this machine (the TCP peer is loopback) may read the details without
   * signing in: only when no reverse proxy is trusted (OTTISK_TRUST_PROXY unset). A proxy on the
   * same host makes every outside caller's peer 127.0.0.1, so with one configured only employees do.
   */
  loopbackDetails: boolean;
}

const forbiddenDetailsResponse = serverErrorSchema.check(
  z.describe("Только сотрудникам или с этого компьютера без прокси / Employees, or loopback callers when no proxy is trusted"),
);

/**
 * Who may read what failed: an employee, or a caller on this machine when no proxy is trusted —
 * judged by the socket's own peer address, never by X-Forwarded-For, and not when the request
 * carries a proxy's forwarding header (a proxy on this host that the operator did not declare).
 */
function requireDetailsReader(request: FastifyRequest, options: HealthRoutesOptions): void {
  const viewer = request.viewer;
  if (viewer && !viewer.account.temporary && viewer.account.typeUser === "employee") return;
  if (options.loopbackDetails && fromThisMachine(request)) return;
  throw new ShopError({
    statusCode: 403,
    code: "HEALTH_DETAILS_FORBIDDEN",
    messageUI: "Подробности о состоянии магазина видны только сотрудникам и на компьютере, где он запущен.",
    message: "Health details answer employees, and loopback callers when no proxy is trusted",
  });
}

/** GET /health: whether this node can take orders, for the load balancer; GET /health/details: why not, for the operator. */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (api, options) => {
  api.get(
    "/health",
    {
      schema: {
        tags: [openApiTags.reference],
        operationId: "getHealth",
        summary: "Состояние узла / Node health",
        description:
          "Проверяет запись: строку в базе данных, файл в хранилище закрытых файлов (диск или S3) и в папке публичных файлов. 200 — всё работает, 503 — что-то не пишется: failing называет части (database, storage, publicFiles), без текста ошибок и путей — они в журнале сервера и в GET /health/details. Результат живёт 2 секунды. / Writes a database row and a file to the private storage and the public files folder; 200 when all work, 503 naming the failing parts (no error text, codes or paths: those are in the log and at /health/details). Cached for 2 s.",
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const health = publicHealth(await api.health.check());
      reply.header("cache-control", "no-store");
      return reply.code(health.status === "ok" ? 200 : 503).send(health);
    },
  );

  api.get(
    "/health/details",
    {
      schema: {
        tags: [openApiTags.reference],
        operationId: "getHealthDetails",
        summary: "Состояние узла подробно / Node health in detail",
        description:
          "То же, что GET /health, и для каждой сбойной части — текст ошибки (error, может содержать путь) и её код (code: EACCES, ENOSPC…). Только сотрудникам или запросу с этого же компьютера (адрес сокета — loopback, без заголовков X-Forwarded-For/Forwarded/X-Real-IP), и последнее — только когда OTTISK_TRUST_PROXY не задан; иначе 403. / GET /health with each failure's text and code; for employees, or loopback callers (the socket's address, no forwarding headers) when no proxy is trusted; else 403.",
        response: { 200: healthDetailsSchema, 403: forbiddenDetailsResponse, 503: healthDetailsSchema },
      },
    },
    async (request, reply) => {
      requireDetailsReader(request, options);
      const details = await api.health.check();
      reply.header("cache-control", "no-store");
      return reply.code(details.status === "ok" ? 200 : 503).send(details);
    },
  );
};
