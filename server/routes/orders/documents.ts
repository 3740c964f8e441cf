import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { documentListPageSchema, documentListQuerySchema, orderIdParamsSchema, serverErrorSchema } from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { routeLimit } from "../../plugins/rate-limits";
import { requireSignedIn } from "../../plugins/session";
import { actingClientId } from "../../services/accounts/acting-client";
import { RECEIPT_PAGE_CSP } from "../../services/orders/receipt-page";
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

  api.get(
    "/client-order/:id/upd",
    {
      config: { access: "signedIn", rateLimit: routeLimit("document") },
      schema: {
        tags,
        operationId: "getOrderUpd",
        summary: "УПД в PDF / The universal transfer document (УПД), PDF",
        description:
          "Универсальный передаточный документ со статусом 1 (счёт-фактура и передаточный документ) заказа компании в статусе shipped или done: реквизиты продавца и покупателя, строки с ОКЕИ, НДС 22 %, итог прописью. Заказ без компании — 404, ещё не выполненный — 409, чужой — 404. / The УПД (status 1) of a company's shipped or done order; 404 without a company, 409 before it is finished.",
        params: orderIdParamsSchema,
        response: {
          200: binaryResponse("УПД, application/pdf / The УПД, application/pdf"),
          ...accessCheckedErrors,
          409: notFinishedResponse,
          429: tooManyRequestsResponse,
        },
      },
    },
    async (request, reply) => {
      return sendPrivatePdf(reply, await api.orders.updPdf(requireSignedIn(request), request.params.id));
    },
  );

  api.get(
    "/client-order/:id/receipt",
    {
      config: { access: "signedIn", rateLimit: routeLimit("document") },
      schema: {
        tags,
        operationId: "getOrderReceipt",
        summary: "Копия кассового чека / The shop's copy of the card payment's receipt",
        description:
          "text/html: позиции чека (54-ФЗ), отправленного с оплатой картой, итог и НДС; если заказ отменён и деньги возвращены — строка о возврате. Фискальный чек приходит от ЮKassa на почту или телефон. Заказ без оплаты картой — 404. / An HTML page of the receipt sent with the card payment (and its refund); 404 when the order was not paid by card.",
        params: orderIdParamsSchema,
        response: {
          200: binaryResponse("Страница чека, text/html / The receipt's page, text/html"),
          ...accessCheckedErrors,
          429: tooManyRequestsResponse,
        },
      },
    },
    async (request, reply) => {
      const page = await api.orders.receiptPage(requireSignedIn(request), request.params.id);
      return reply
        .code(200)
        .type("text/html; charset=utf-8")
        .header("content-security-policy", RECEIPT_PAGE_CSP)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-cache")
        .send(Buffer.from(page, "utf8"));
    },
  );
};
