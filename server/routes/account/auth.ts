import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { accountProfileSchema, loginRequestSchema, okSchema, sessionGrantSchema } from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { clearSession, grantSession, requireViewer } from "../../plugins/session";
import { tooManyRequestsResponse, unauthorizedResponse, validationErrorResponse } from "../responses";

/** POST /auth/login, POST /auth/logout, GET /account/profile (spec §7 "Account and auth"). */
export const authRoutes: FastifyPluginAsyncZod = async (api) => {
  api.post(
    "/auth/login",
    {
      schema: {
        tags: [openApiTags.account],
        operationId: "login",
        summary: "Вход / Sign in",
        description:
          "Открывает сессию: httpOnly-cookie для сайта магазина и token для виджетов (Authorization: Bearer). Корзина и избранное временного аккаунта переходят в аккаунт. Не больше 10 неудачных попыток на адрес почты за 15 минут. / Opens a session; a visitor's favourites and cart move into the account; failed attempts are limited.",
        body: loginRequestSchema,
        response: { 200: sessionGrantSchema, 400: validationErrorResponse, 401: unauthorizedResponse, 429: tooManyRequestsResponse },
      },
    },
    async (request, reply) => {
      const { viewer, opened } = await api.accounts.login(request.body, request.ip, request.viewer);
      grantSession(request, reply, opened);
      return { profile: await api.accounts.profile(viewer, request.publicOrigin), token: opened.token, expiresAt: opened.expiresAt.toISOString() };
    },
  );

  api.post(
    "/auth/logout",
    {
      schema: {
        tags: [openApiTags.account],
        operationId: "logout",
        summary: "Выход / Sign out",
        description: "Закрывает сессию; без сессии тоже отвечает ok. / Closes the session; answers ok without one too.",
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      await api.accounts.logout(request.viewer);
      clearSession(request, reply);
      return { ok: true as const };
    },
  );

  api.get(
    "/account/profile",
    {
      schema: {
        tags: [openApiTags.account],
        operationId: "getProfile",
        summary: "Профиль / Profile",
        description: "Кто вошёл: аккаунт, компании, город, режим клиента. Временный аккаунт посетителя — temporary: true. / Who is signed in.",
        response: { 200: accountProfileSchema, 401: unauthorizedResponse },
      },
    },
    async (request) => api.accounts.profile(requireViewer(request), request.publicOrigin),
  );
};
