import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { cityByKladrIdQuerySchema, cityByKladrIdSchema, cityListSchema, citySearchQuerySchema } from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { validationErrorResponse } from "../responses";

/** GET /geo/city and GET /geo/city-by-kladrId (spec §7 "Geography and delivery"). */
export const cityRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get(
    "/geo/city",
    {
      schema: {
        tags: [openApiTags.geo],
        operationId: "getCities",
        summary: "Поиск города / City search",
        description: [
          "До 20 городов, в названии которых есть строка search (без учёта регистра, ё = е, дефис = пробел): сначала те, что с неё начинаются,",
          "затем крупные. Без search — пять основных городов (Краснодар первым), затем крупнейшие.",
          "/ Up to 20 cities whose name contains `search`, names starting with it first; without it the preset cities first.",
        ].join(" "),
        querystring: citySearchQuerySchema,
        response: { 200: cityListSchema.check(z.describe("Города / Cities")), 400: validationErrorResponse },
      },
    },
    async (request) => api.geo.searchCities(request.query.search),
  );

  api.get(
    "/geo/city-by-kladrId",
    {
      schema: {
        tags: [openApiTags.geo],
        operationId: "getCityByKladrId",
        summary: "Город по коду КЛАДР / City by KLADR id",
        description: [
          "Город с кодами служб доставки. Незнакомый код — пустой объект {} без kladrId: витрина тогда показывает Краснодар.",
          "17-значный код улицы читается как код её города. / The city; an unknown id gives `{}` (no kladrId), so the storefront shows Krasnodar.",
        ].join(" "),
        querystring: cityByKladrIdQuerySchema,
        response: { 200: cityByKladrIdSchema.check(z.describe("Город или {} / The city or {}")), 400: validationErrorResponse },
      },
    },
    async (request) => api.geo.getCityByKladrId(request.query.kladrId),
  );
};
