import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { favoriteStateSchema, productIdParamsSchema } from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { ensureViewer } from "../../plugins/session";
import { notFoundResponse, validationErrorResponse } from "../responses";

const description =
  "Избранное аккаунта; посетителю без сессии открывается временный аккаунт (токен в заголовке X-Ottisk-Session и в cookie). / The caller's favourites; a visitor gets a temporary account.";

/** PUT /public/product/to-favorite/{id}, DELETE /public/product/from-favorite/{id} (spec §7). */
export const favoriteRoutes: FastifyPluginAsyncZod = async (api) => {
  const schema = (operationId: string, summary: string) => ({
    tags: [openApiTags.account],
    operationId,
    summary,
    description,
    params: productIdParamsSchema,
    response: { 200: favoriteStateSchema, 400: validationErrorResponse, 404: notFoundResponse },
  });

  api.put("/public/product/to-favorite/:id", { schema: schema("addToFavorites", "В избранное / Add to favourites") }, async (request, reply) =>
    api.accounts.setFavorite(await ensureViewer(request, reply, api.sessions), request.params.id, true),
  );

  api.delete(
    "/public/product/from-favorite/:id",
    { schema: schema("removeFromFavorites", "Из избранного / Remove from favourites") },
    async (request, reply) => api.accounts.setFavorite(await ensureViewer(request, reply, api.sessions), request.params.id, false),
  );
};
