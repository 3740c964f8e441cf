import fastifySwagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { readFileSync } from "node:fs";

/*
 * The OpenAPI 3 document of the API, generated from the same zod contracts that validate the
 * requests, served at GET /api/openapi.json. Partners read it; nobody writes it by hand.
 */

const packageVersion = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;

/** The tags routes put in `schema.tags`; listed here once so the document describes each. */
export const openApiTags = {
  catalog: "catalog",
  reference: "reference",
} as const;

/**
 * Registers @fastify/swagger on the root instance, before any route, so it sees every route;
 * the document itself is served by `openApiDocumentRoute` inside the /api prefix.
 */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "Ottisk API",
        description:
          "API типографии «Оттиск»: каталог, товары, справочники. Ошибки всегда приходят в теле ServerError с русским messageUI. / The Ottisk print shop API; every error has the ServerError body with a Russian messageUI.",
        version: packageVersion,
      },
      tags: [
        { name: openApiTags.catalog, description: "Каталог: категории и товары / Catalogue: categories and products" },
        { name: openApiTags.reference, description: "Справочные данные магазина / Shop reference data" },
      ],
    },
    transform: jsonSchemaTransform,
  });
}

/** GET /openapi.json, registered inside the /api prefix. */
export async function openApiDocumentRoute(api: FastifyInstance): Promise<void> {
  api.get("/openapi.json", { schema: { hide: true } }, async () => api.swagger());
}
