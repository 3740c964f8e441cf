import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { BackOfficeRouteOptions } from "./options";

/** The back office's the designers' queue of design orders (issue 29): /api/employee/…, each operation with its roles in config.access. */
export const backOfficeDesignRoutes: FastifyPluginAsyncZod<BackOfficeRouteOptions> = async (_api, _options) => {};
