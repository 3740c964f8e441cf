import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { productIdParamsSchema, productListPageSchema, productListQuerySchema, productSchema } from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { notFoundResponse, validationErrorResponse } from "../responses";

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
        response: { 200: productListPageSchema.describe("Страница товаров / One page of products"), 400: validationErrorResponse },
      },
    },
    async (request) => api.catalog.listProducts(request.query, request.publicOrigin, request.viewer?.account.id ?? null),
  );

  api.get(
    "/public/product/:id",
    {
      schema: {
        tags: [openApiTags.catalog],
        operationId: "getProduct",
        summary: "Товар по номеру / Product by id",
        description: "Всё для страницы товара, включая фотографии и SEO-поля. / Everything a product page shows, photos and SEO fields included.",
        params: productIdParamsSchema,
        response: { 200: productSchema.describe("Товар / The product"), 400: validationErrorResponse, 404: notFoundResponse },
      },
    },
    async (request) => api.catalog.getProduct(request.params.id, request.publicOrigin, request.viewer?.account.id ?? null),
  );
};
