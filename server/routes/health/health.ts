import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthSchema } from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";

/** GET /health: whether this node can take orders; for the load balancer and the operator. */
export const healthRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get(
    "/health",
    {
      schema: {
        tags: [openApiTags.reference],
        operationId: "getHealth",
        summary: "Состояние узла / Node health",
        description:
          "Проверяет запись: строку в базе данных, файл в хранилище закрытых файлов (диск или S3) и в папке публичных файлов. 200 — всё работает, 503 — что-то не пишется (в checks видно что). Результат живёт 2 секунды. / Writes a database row and a file to the private storage and the public files folder; 200 when all work, 503 naming the failing part. Cached for 2 s.",
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const health = await api.health.check();
      reply.header("cache-control", "no-store");
      return reply.code(health.status === "ok" ? 200 : 503).send(health);
    },
  );
};
