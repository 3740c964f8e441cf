import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { BackOfficeRouteOptions } from "./options";

/** The back office's categories, products, photos, CSV import and export (issue 29): /api/employee/…, each operation with its roles in config.access. */
export const backOfficeCatalogRoutes: FastifyPluginAsyncZod<BackOfficeRouteOptions> = async (_api, _options) => {};
