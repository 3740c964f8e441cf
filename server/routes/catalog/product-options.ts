import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  categoryTreeSchema,
  productByListRequestSchema,
  productCardSchema,
  productIdParamsSchema,
  productPriceQuerySchema,
  productPriceQuoteSchema,
  productServiceIdParamsSchema,
  productServiceListSchema,
  productServiceSchema,
} from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { conflictResponse, notFoundResponse, productArchivedResponse, validationErrorResponse } from "../responses";

/**
 * The catalogue's calls beyond the list and the page: the live price of a choice
 * (GET /public/product/{id}/price — spec §7's `{extra}`, see server/docs/prices-and-orders.md), product cards by
 * ids (favourites), the category tree for menus, and the shop's services.
 */
export const productOptionRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get(
    "/public/product/:id/price",
    {
      schema: {
        tags: [openApiTags.catalog],
        operationId: "getProductPrice",
        summary: "Цена выбранного варианта товара / The price of a product choice",
        description: [
          "Цена строки заказа для выбранных параметров: quantity — тираж (по умолчанию наименьший), format, paper, colors — код варианта",
          "(по умолчанию — вариант по умолчанию), finishing — коды через запятую, isUrgent — срочно. Ответ: цена за штуку и за тираж в рублях,",
          "срок, вес, детали, которым нужен макет. 400 — неизвестный код, два варианта в группе с одним выбором, тираж вне тиражных порогов,",
          "срочность, которой у товара нет. Другие {extra} кроме price — 404. / The price of a line with these options (spec §7's {extra} is `price`).",
        ].join(" "),
        params: productIdParamsSchema,
        querystring: productPriceQuerySchema,
        response: {
          200: productPriceQuoteSchema.check(z.describe("Цена / The quote")),
          400: validationErrorResponse,
          404: notFoundResponse,
          409: conflictResponse.check(z.describe("У товара не заданы цены / The product has no prices")),
          410: productArchivedResponse,
        },
      },
    },
    async (request) => api.catalog.quoteProduct(request.params.id, request.query),
  );

  api.post(
    "/public/product/by-list",
    {
      schema: {
        tags: [openApiTags.catalog],
        operationId: "getProductsByList",
        summary: "Карточки товаров по списку номеров / Product cards by ids",
        description:
          "Карточки товаров в порядке номеров из запроса (от 1 до 100); неизвестные номера пропускаются, повторы — один раз. inFavorite — для вызывающего. / Product cards in the order asked; unknown ids left out.",
        body: productByListRequestSchema,
        response: { 200: z.array(productCardSchema).check(z.describe("Карточки / The cards")), 400: validationErrorResponse },
      },
    },
    async (request) => api.catalog.listProductsByIds(request.body.ids, request.publicOrigin, request.viewer?.account.id ?? null),
  );

  api.get(
    "/product-category",
    {
      schema: {
        tags: [openApiTags.catalog],
        operationId: "getProductCategoryTree",
        summary: "Дерево категорий с товарами / The category tree",
        description:
          "Все категории в порядке магазина, в каждой — её товары (номер, название, slug) от А до Я: для меню и карты сайта. / Every category with its products, for menus.",
        response: { 200: categoryTreeSchema.check(z.describe("Категории с товарами / Categories with their products")) },
      },
    },
    async (request) => api.catalog.categoryTree(request.publicOrigin),
  );

  api.get(
    "/product-service",
    {
      schema: {
        tags: [openApiTags.catalog],
        operationId: "getProductServices",
        summary: "Услуги типографии / The shop's services",
        description: "Услуги, которые типография продаёт помимо товаров: дизайн, допечатная подготовка, цветопроба … / Services sold beside products.",
        response: { 200: productServiceListSchema.check(z.describe("Услуги / Services")) },
      },
    },
    async (request) => api.catalog.listServices(request.publicOrigin),
  );

  api.get(
    "/product-service/:id",
    {
      schema: {
        tags: [openApiTags.catalog],
        operationId: "getProductService",
        summary: "Услуга по номеру / A service by id",
        description: "Одна услуга; 404 «Услуга не найдена» для неизвестного номера. / One service; 404 for an unknown id.",
        params: productServiceIdParamsSchema,
        response: { 200: productServiceSchema.check(z.describe("Услуга / The service")), 400: validationErrorResponse, 404: notFoundResponse },
      },
    },
    async (request) => api.catalog.getService(request.params.id, request.publicOrigin),
  );
};
