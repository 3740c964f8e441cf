import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  employeeLayoutDesignTemplateListSchema,
  employeeLayoutDesignTemplateParamsSchema,
  employeeLayoutDesignTemplateSchema,
  employeeLayoutDesignTemplateWriteSchema,
  serverErrorSchema,
} from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { requireEmployeeRole } from "../../plugins/session";
import { accessCheckedErrors, payloadTooLargeResponse } from "../responses";

/**
 * The back office's layout designer templates (issue 32): /api/employee/layout-design-templates,
 * role `catalog` (and admin), like the products the templates are for. Each write is one
 * transaction with its audit entry. server/README.md "Layout designs".
 */
export const backOfficeLayoutDesignTemplateRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = [openApiTags.backOffice, openApiTags.layoutDesigner];
  const access = ["catalog"] as const;

  api.get(
    "/employee/layout-design-templates",
    {
      config: { access: [...access] },
      schema: {
        tags,
        operationId: "employeeListLayoutDesignTemplates",
        summary: "The designer's templates, active or not",
        description: "Every template in the designer's order (position, then id), with whether it is offered, where it came from (a shipped file or the back office) and who changed it last.",
        response: { 200: employeeLayoutDesignTemplateListSchema, ...accessCheckedErrors },
      },
    },
    async (request, reply) => {
      requireEmployeeRole(request, access);
      reply.header("cache-control", "private, no-cache");
      return api.layoutDesignTemplates.listForEmployee();
    },
  );

  api.post(
    "/employee/layout-design-templates",
    {
      config: { access: [...access] },
      schema: {
        tags,
        operationId: "employeeCreateLayoutDesignTemplate",
        summary: "Add a template",
        description:
          "A template document (a JSON file uploaded or pasted), checked by its contract: fonts from the designer's list, an empty source in every picture slot; with active and position. A taken id is 409. The shipped files never overwrite it.",
        body: employeeLayoutDesignTemplateWriteSchema,
        response: {
          200: employeeLayoutDesignTemplateSchema,
          ...accessCheckedErrors,
          409: serverErrorSchema.check(z.describe("A template with this id exists: LAYOUT_DESIGN_TEMPLATE_EXISTS")),
          413: payloadTooLargeResponse,
        },
      },
    },
    async (request) => api.layoutDesignTemplates.create(requireEmployeeRole(request, access), request.body),
  );

  api.put(
    "/employee/layout-design-templates/:id",
    {
      config: { access: [...access] },
      schema: {
        tags,
        operationId: "employeeUpdateLayoutDesignTemplate",
        summary: "Change a template, turn it on or off, move it",
        description:
          "Replaces the template (its id in the body must be the address's, else 400), its active flag and position. A list entry is accepted back with its template, active and position. From then on the shipped file of the same id no longer overwrites it.",
        params: employeeLayoutDesignTemplateParamsSchema,
        body: employeeLayoutDesignTemplateWriteSchema,
        response: { 200: employeeLayoutDesignTemplateSchema, ...accessCheckedErrors, 413: payloadTooLargeResponse },
      },
    },
    async (request) => api.layoutDesignTemplates.update(requireEmployeeRole(request, access), request.params.id, request.body),
  );
};
