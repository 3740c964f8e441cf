import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { BackOfficeRouteOptions } from "./options";

/** The back office's the prepress queue of layouts with findings (issue 29): /api/employee/…, each operation with its roles in config.access. */
export const backOfficePrepressRoutes: FastifyPluginAsyncZod<BackOfficeRouteOptions> = async (_api, _options) => {};
