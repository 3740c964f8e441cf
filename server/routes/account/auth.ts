import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  accountProfileSchema,
  handoffGrantSchema,
  handoffQuerySchema,
  handoffRequestSchema,
  loginRequestSchema,
  okSchema,
  sessionGrantSchema,
} from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { clearSession, grantSession, requireViewer } from "../../plugins/session";
import { tooManyRequestsResponse, unauthorizedResponse, validationErrorResponse } from "../responses";

/**
 * POST /auth/login, POST /auth/logout, GET /account/profile (spec §7 "Account and auth"), and the
 * hand-off from a partner's page to the shop's own pages (POST and GET /auth/handoff).
 */
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

  api.post(
    "/auth/handoff",
    {
      schema: {
        tags: [openApiTags.account],
        operationId: "createHandoff",
        summary: "Ссылка на страницы магазина / Hand-off link to the shop's pages",
        description:
          "Для виджетов на сайтах партнёров: подписанная ссылка, живущая 2 минуты и действующая один раз. Открыв её, браузер получает сессию того же аккаунта на сайте магазина (cookie) и переходит на next (по умолчанию /cart). Сам токен сессии в адрес не попадает. / For widgets on partner sites: a signed, two-minute, single-use link that opens a session of the same account on the shop's origin and goes on to `next`.",
        security: [{ bearerToken: [] }],
        body: handoffRequestSchema,
        response: { 200: handoffGrantSchema, 400: validationErrorResponse, 401: unauthorizedResponse },
      },
    },
    async (request) => {
      const { token, expiresAt } = api.handoff.issue(requireViewer(request));
      const url = new URL("/api/auth/handoff", request.publicOrigin);
      url.searchParams.set("token", token);
      url.searchParams.set("next", request.body.next);
      return { url: url.href, expiresAt: expiresAt.toISOString() };
    },
  );

  api.get(
    "/auth/handoff",
    {
      schema: {
        tags: [openApiTags.account],
        operationId: "redeemHandoff",
        summary: "Вход по ссылке партнёра / Redeem a hand-off link",
        description:
          "Открывается браузером. Действующая ссылка открывает сессию (cookie) и перенаправляет (303) на next; устаревшая или уже использованная — перенаправляет на next с ?handoff=expired, и страница магазина предлагает войти. / Opened by the browser: a valid link sets the session cookie and redirects to next; a stale or used one redirects with ?handoff=expired.",
        querystring: handoffQuerySchema,
        response: { 400: validationErrorResponse },
      },
    },
    async (request, reply) => {
      const opened = await api.handoff.redeem(request.query.token);
      if (!opened) {
        const next = new URL(request.query.next, request.publicOrigin);
        next.searchParams.set("handoff", "expired");
        return reply.redirect(`${next.pathname}${next.search}${next.hash}`, 303);
      }
      grantSession(request, reply, opened);
      return reply.redirect(request.query.next, 303);
    },
  );
};
