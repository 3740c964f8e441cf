import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { addressByCoordsQuerySchema, addressByCoordsSchema } from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { validationErrorResponse } from "../responses";

/** GET /geo/address-by-coords (spec §7): the shopper's city from the browser's geolocation. */
export const addressByCoordsRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get(
    "/geo/address-by-coords",
    {
      schema: {
        tags: [openApiTags.geo],
        operationId: "getAddressByCoords",
        summary: "Город по координатам / City at a point",
        description: [
          "Ближайший к точке известный магазину город (по прямой, до центра города) и расстояние до него в км.",
          "Если ближе 200 км городов нет — пустой объект {} (витрина покажет Краснодар). Внешние сервисы не вызываются.",
          "/ The nearest known city and the distance to its centre; `{}` when none is within 200 km. Answered offline.",
        ].join(" "),
        querystring: addressByCoordsQuerySchema,
        response: { 200: addressByCoordsSchema.check(z.describe("Ближайший город или {} / The nearest city or {}")), 400: validationErrorResponse },
      },
    },
    async (request) => api.geo.findNearestCity(request.query.lat, request.query.lon),
  );
};
