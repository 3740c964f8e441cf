import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { categoryListSchema } from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";

/** GET /public/product/category (spec §7). */
export const productCategoryRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get(
    "/public/product/category",
    {
      schema: {
        tags: [openApiTags.catalog],
        operationId: "getProductCategories",
        summary: "Категории каталога / Catalogue categories",
        description:
          "Все категории в порядке, заданном магазином, с числом товаров и SEO-полями. / Every category in the shop's order, with its product count and SEO fields.",
        response: { 200: categoryListSchema.check(z.describe("Категории / Categories")) },
      },
    },
    async (request) => api.catalog.listCategories(request.publicOrigin),
  );
};
