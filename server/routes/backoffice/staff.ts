import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { BackOfficeRouteOptions } from "./options";

/** The back office's employees and the audit (issue 29): /api/employee/…, each operation with its roles in config.access. */
export const backOfficeStaffRoutes: FastifyPluginAsyncZod<BackOfficeRouteOptions> = async (_api, _options) => {};
