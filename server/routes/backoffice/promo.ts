import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { BackOfficeRouteOptions } from "./options";

/** The back office's promocodes and self-pickup points (issue 29): /api/employee/…, each operation with its roles in config.access. */
export const backOfficePromoRoutes: FastifyPluginAsyncZod<BackOfficeRouteOptions> = async (_api, _options) => {};
