import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { documentListPageSchema, documentListQuerySchema, orderIdParamsSchema, serverErrorSchema } from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { routeLimit } from "../../plugins/rate-limits";
import { requireSignedIn } from "../../plugins/session";
import { actingClientId } from "../../services/accounts/acting-client";
import { accessCheckedErrors, tooManyRequestsResponse } from "../responses";
import { binaryResponse, sendPrivatePdf } from "./orders";

const notFinishedResponse = serverErrorSchema.check(z.describe("Заказ ещё не выполнен / The order is not shipped or done yet"));

/**
 * The account area's documents (issue 15; the spec's admin panel, "not shown"): the list of an
 * account's invoices and closing documents, and the act of a finished order as a PDF.
 */
export const orderDocumentRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = [openApiTags.orders];

  api.get(
    "/client-account/documents",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "getDocuments",
        summary: "Документы клиента / The client's documents",
        description:
          "Счета (заказы с оплатой по счёту, кроме отменённых) и акты выполненных работ (заказы в статусе shipped или done) компании (companyId) или личного профиля (без companyId); новые заказы сверху, страницы — по заказам. / Invoices and acts of a company or the personal profile, newest order first, paged by orders.",
        querystring: documentListQuerySchema,
        response: { 200: documentListPageSchema, ...accessCheckedErrors },
      },
    },
    async (request) => {
      const viewer = requireSignedIn(request);
      const { companyId, offset, limit } = request.query;
      if (companyId !== undefined) await api.companies.getCompany(actingClientId(viewer), companyId);
      return api.orders.listDocuments(viewer, { companyId, offset, limit }, request.publicOrigin);
    },
  );

  api.get(
    "/client-order/:id/act",
    {
      config: { access: "signedIn", rateLimit: routeLimit("document") },
      schema: {
        tags,
        operationId: "getOrderAct",
        summary: "Акт выполненных работ в PDF / The act of work done, PDF",
        description:
          "application/pdf, делается при запросе; только для заказов в статусе shipped или done (иначе 409). Чужой заказ — 404. / application/pdf made on request; only for shipped or done orders (else 409).",
        params: orderIdParamsSchema,
        response: {
          200: binaryResponse("Акт выполненных работ, application/pdf / The act, application/pdf"),
          ...accessCheckedErrors,
          409: notFinishedResponse,
          429: tooManyRequestsResponse,
        },
      },
    },
    async (request, reply) => {
      return sendPrivatePdf(reply, await api.orders.actPdf(requireSignedIn(request), request.params.id));
    },
  );
};
