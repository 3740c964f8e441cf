import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { favoriteStateSchema, productCardSchema, productIdParamsSchema } from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { ensureViewer } from "../../plugins/session";
import { newVisitorLimitResponse, notFoundResponse, validationErrorResponse } from "../responses";

const description =
  "Избранное аккаунта; посетителю без сессии открывается временный аккаунт (токен в заголовке X-Ottisk-Session и в cookie) на сутки, не больше 20 новых с адреса за 10 минут (429); вернувшемуся посетителю добавление продлевает его до 90 дней. / The caller's favourites; a visitor gets a temporary account for a day (at most 20 new ones per address per 10 minutes), kept 90 days once the visitor comes back and adds one.";

/**
 * PUT /public/product/to-favorite/{id}, DELETE /public/product/from-favorite/{id} (spec §7), and
 * GET /public/product/favorite: the caller's favourite cards (not in the spec, which lists no call
 * for the favourites page).
 */
export const favoriteRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get(
    "/public/product/favorite",
    {
      schema: {
        tags: [openApiTags.account],
        operationId: "getFavoriteProducts",
        summary: "Избранные товары / The caller's favourite products",
        description:
          "Карточки избранных товаров вызывающего, сначала недавно добавленные; без сессии — пустой список (временный аккаунт посетителя тоже хранит избранное). / The caller's favourite cards, newest first; an empty list without a session.",
        response: { 200: z.array(productCardSchema) },
      },
    },
    async (request, reply) => {
      // The answer is the caller's own: caches must key it by session.
      reply.header("vary", "cookie, authorization");
      return api.catalog.listFavoriteProducts(request.publicOrigin, request.viewer?.account.id ?? null);
    },
  );

  const schema = (operationId: string, summary: string) => ({
    tags: [openApiTags.account],
    operationId,
    summary,
    description,
    params: productIdParamsSchema,
    response: { 200: favoriteStateSchema, 400: validationErrorResponse, 404: notFoundResponse, 429: newVisitorLimitResponse },
  });

  api.put("/public/product/to-favorite/:id", { schema: schema("addToFavorites", "В избранное / Add to favourites") }, async (request, reply) =>
    api.accounts.setFavorite(await ensureViewer(request, reply, api.sessions, { keep: true }), request.params.id, true),
  );

  api.delete(
    "/public/product/from-favorite/:id",
    { schema: schema("removeFromFavorites", "Из избранного / Remove from favourites") },
    async (request, reply) => api.accounts.setFavorite(await ensureViewer(request, reply, api.sessions), request.params.id, false),
  );
};
