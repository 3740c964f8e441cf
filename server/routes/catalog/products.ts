import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { productIdParamsSchema, productListPageSchema, productListQuerySchema, productQuerySchema, productSchema } from "../../../shared/contracts/index";
import type { ProductListPage } from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { sessionToken } from "../../plugins/session";
import { preferredEncoding } from "../../services/catalog/public-response-cache";
import type { EncodedResponse } from "../../services/catalog/public-response-cache";
import { notFoundResponse, productArchivedResponse, sendJsonText, validationErrorResponse } from "../responses";

/**
 * Sends an anonymous page from the cache, compressed as the client accepts: the bytes were validated
 * by their contract when they were made, so Fastify sends them as they are. The answer differs for
 * signed-in callers and by encoding, so caches must key it by cookie, token and Accept-Encoding.
 */
function sendEncoded(request: FastifyRequest, reply: FastifyReply, response: EncodedResponse): FastifyReply {
  const encoding = preferredEncoding(request.headers["accept-encoding"]);
  reply.header("vary", "cookie, authorization, accept-encoding").type("application/json; charset=utf-8");
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  return reply.send(response[encoding]);
}

/** GET /public/product and GET /public/product/{id} (spec §7). */
export const productRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get(
    "/public/product",
    {
      schema: {
        tags: [openApiTags.catalog],
        operationId: "getProducts",
        summary: "Список товаров с фильтрами / Product list with filters",
        description: [
          "Страница товаров. Фильтры: productionTimeDay — изготовление не дольше N рабочих дней; discount=true — только со скидкой;",
          "minPrice/maxPrice — цена после скидки в рублях; categoryId. Сортировки: NameAsc (по умолчанию), NameDesc, TimesOrderedAsc, TimesOrderedDesc.",
          "Пустые значения не фильтруют. / One page of products; empty filter values are ignored; prices are in roubles after the discount.",
        ].join(" "),
        querystring: productListQuerySchema,
        response: { 200: productListPageSchema.check(z.describe("Страница товаров / One page of products")), 400: validationErrorResponse },
      },
      // The handler looks the session up itself, with the caller's favourites, in one statement.
      config: { sessionLookup: "route" },
      // Anonymous pages are the same for everyone: a page asked for again is answered before the query is parsed.
      onRequest: async (request, reply) => {
        if (sessionToken(request) !== undefined) return;
        const cached = api.publicCache.get(`${request.publicOrigin}${request.url}`);
        if (cached === undefined) return;
        return sendEncoded(request, reply, cached);
      },
    },
    async (request, reply) => {
      const key = `${request.publicOrigin}${request.url}`;
      // The anonymous page (validated by its contract when it was made, kept for PUBLIC_CACHE_TTL_MS) …
      let page = api.publicCache.value(key);
      let encoded = page === undefined ? undefined : api.publicCache.get(key);
      if (page === undefined || encoded === undefined) {
        page = productListPageSchema.parse(await api.catalog.listProducts(request.query, request.publicOrigin, null));
        encoded = api.publicCache.set(key, JSON.stringify(page), page);
      }
      // … and, for a live session, the caller's own favourite marks on it: one statement for the
      // session and the marks, no query of the cards (server/docs/performance.md).
      const token = sessionToken(request);
      const marks = token === undefined ? null : await api.sessions.favoriteMarks(token, page.items.map((item) => item.id));
      if (marks === null) return sendEncoded(request, reply, encoded);
      const marked: ProductListPage = { ...page, items: page.items.map((item) => (marks.has(item.id) ? { ...item, inFavorite: true } : item)) };
      // Made from the validated page with only `inFavorite` set: sent as JSON text, not validated again.
      return sendJsonText(reply, JSON.stringify(marked));
    },
  );

  api.get(
    "/public/product/:id",
    {
      schema: {
        tags: [openApiTags.catalog],
        operationId: "getProduct",
        summary: "Товар по номеру / Product by id",
        description: [
          "Всё для страницы товара: фотографии, SEO-поля, группы параметров печати, цены по тиражам, детали с профилями проверки макета, срочность.",
          "isUrgent=true — срок и цены срочного изготовления (400, если товар нельзя сделать срочно).",
          "Товар в архиве — 410 PRODUCT_ARCHIVED; скрытый товар или товар скрытой категории — 404.",
          "/ Everything a product page shows: photos, SEO fields, print options, prices by run, details with their preflight profiles, urgency; isUrgent=true gives the urgent time and prices.",
        ].join(" "),
        params: productIdParamsSchema,
        querystring: productQuerySchema,
        response: { 200: productSchema.check(z.describe("Товар / The product")), 400: validationErrorResponse, 404: notFoundResponse, 410: productArchivedResponse },
      },
    },
    async (request) =>
      api.catalog.getProduct(request.params.id, request.publicOrigin, request.viewer?.account.id ?? null, request.query.isUrgent ?? false),
  );
};
