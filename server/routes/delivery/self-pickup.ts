import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { selfPickupPageSchema, selfPickupQuerySchema } from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { validationErrorResponse } from "../responses";

/** GET /delivery/self-pickup (spec §7): the shop's own pick-up points. */
export const selfPickupRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get(
    "/delivery/self-pickup",
    {
      schema: {
        tags: [openApiTags.geo],
        operationId: "getSelfPickupPoints",
        summary: "Пункты самовывоза / Self-pickup points",
        description: [
          "Страница пунктов самовывоза типографии с адресами и часами работы. По умолчанию offset=0, limit=100 (не больше 100),",
          "order=createdAt (или id), direction=asc (или desc). / One page of the shop's pick-up points; the defaults are those of spec §7.",
        ].join(" "),
        querystring: selfPickupQuerySchema,
        response: { 200: selfPickupPageSchema.check(z.describe("Пункты самовывоза / Self-pickup points")), 400: validationErrorResponse },
      },
    },
    async (request) => api.geo.listSelfPickupPoints(request.query),
  );
};
