import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { BackOfficeRouteOptions } from "./options";

/** The back office's website pages, menus, footer, popup (issue 29): /api/employee/…, each operation with its roles in config.access. */
export const backOfficeContentRoutes: FastifyPluginAsyncZod<BackOfficeRouteOptions> = async (_api, _options) => {};
