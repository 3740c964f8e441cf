import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { productIdParamsSchema, productTemplateQuerySchema, serverErrorSchema, templateKindValues } from "../../../shared/contracts/index";
import type { TemplateKind } from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { routeLimit } from "../../plugins/rate-limits";
import { contentDisposition } from "../files/files";
import { binaryResponse } from "../orders/orders";
import { notFoundResponse, productArchivedResponse, tooManyRequestsResponse, validationErrorResponse } from "../responses";

/** Templates are the same for everyone and change only with the product: browsers and proxies keep them an hour. */
export const TEMPLATE_CACHE_CONTROL = "public, max-age=3600";

const KIND_TEXT: Record<TemplateKind, { ru: string; type: string }> = {
  pdf: { ru: "PDF: MediaBox = BleedBox = обрез + вылеты, TrimBox = обрез; разметка и требования — на непечатаемом слое (OCG)", type: "application/pdf" },
  svg: { ru: "SVG: viewBox в миллиметрах (обрез + вылеты), разметка и требования — в слое «Разметка шаблона»", type: "image/svg+xml" },
};

/**
 * «Скачать шаблон» (issue 30): the layout template of a product's format or size, made on request.
 * server/docs/sizes-and-templates.md.
 */
export const productTemplateRoutes: FastifyPluginAsyncZod = async (api) => {
  for (const kind of templateKindValues) {
    api.get(
      `/public/product/:id/template.${kind}`,
      {
        config: { rateLimit: routeLimit("template") },
        schema: {
          tags: [openApiTags.catalog],
          operationId: kind === "pdf" ? "getProductTemplatePdf" : "getProductTemplateSvg",
          summary: `Шаблон макета, ${kind.toUpperCase()} / The layout template, ${kind.toUpperCase()}`,
          description: [
            `${KIND_TEXT[kind].ru}. format — код формата (по умолчанию — формат по умолчанию); у товара за м² — width и height в мм`,
            "(по умолчанию 1000 × 1000, если входит в пределы). 400 — размер вне пределов или не с шагом, формат не найден, размер у товара с форматами;",
            `409 — у товара нет ни детали с профилем, ни формата с размером. Кэшируется на час. / ${KIND_TEXT[kind].type}, made on request for the chosen format or size.`,
          ].join(" "),
          params: productIdParamsSchema,
          querystring: productTemplateQuerySchema,
          response: {
            200: binaryResponse(`Шаблон макета, ${KIND_TEXT[kind].type} / The template`),
            400: validationErrorResponse,
            404: notFoundResponse,
            409: serverErrorSchema.check(z.describe("Для товара нет шаблона / The product has no template")),
            410: productArchivedResponse,
            429: tooManyRequestsResponse,
          },
        },
      },
      async (request, reply) => {
        const template = await api.templates.template(request.params.id, request.query, kind);
        const body = typeof template.body === "string" ? Buffer.from(template.body, "utf8") : Buffer.from(template.body.buffer, template.body.byteOffset, template.body.length);
        return reply
          .code(200)
          .type(template.contentType)
          .header("content-disposition", contentDisposition(template.fileName))
          .header("x-content-type-options", "nosniff")
          .header("cache-control", TEMPLATE_CACHE_CONTROL)
          .send(body);
      },
    );
  }
};
