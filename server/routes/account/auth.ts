import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  accountProfileSchema,
  handoffConfirmSchema,
  handoffGrantSchema,
  handoffQuerySchema,
  handoffRequestSchema,
  loginRequestSchema,
  okSchema,
  sessionGrantSchema,
} from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { clearSession, grantSession, requireViewer } from "../../plugins/session";
import { routeLimit } from "../../plugins/rate-limits";
import { HANDOFF_CONSENT_PAGE_CSP, renderHandoffConsentPage } from "../../services/accounts/handoff-consent-page";
import type { HandoffTicket } from "../../services/accounts/handoff.service";
import { binaryResponse } from "../orders/orders";
import { forbiddenResponse, tooManyRequestsResponse, unauthorizedResponse, validationErrorResponse } from "../responses";
import { handOverSession, loginClient } from "./session-handover";

/**
 * POST /auth/login, POST /auth/logout, GET /account/profile (spec §7 "Account and auth"), and the
 * hand-off from a partner's page to the shop's own pages (POST and GET /auth/handoff).
 */
export const authRoutes: FastifyPluginAsyncZod = async (api) => {
  api.post(
    "/auth/login",
    {
      config: { rateLimit: routeLimit("login") },
      schema: {
        tags: [openApiTags.account],
        operationId: "login",
        summary: "Вход / Sign in",
        description:
          "Открывает сессию: httpOnly-cookie для сайта магазина и token для виджетов (Authorization: Bearer). Корзина и избранное временного аккаунта переходят в аккаунт. После 5 неудачных попыток с одного адреса или в один аккаунт каждая следующая ждёт 1 с, 2 с, 4 с … до 15 минут (429 TOO_MANY_LOGIN_ATTEMPTS, Retry-After); устройство, с которого в аккаунт уже входили (cookie ottisk_device), не ждёт из-за чужих ошибок. С настроенной reCAPTCHA после 3 неудач в аккаунт, а также пока адрес ждёт, нужен captchaToken (429 CAPTCHA_REQUIRED без Retry-After): решённая капча заменяет ожидание (каждый раз новая). Не больше 60 входов с адреса за 10 минут (429 TOO_MANY_REQUESTS). / Opens a session; a visitor's favourites and cart move into the account. Failed attempts back off per address and per account (known devices are exempt from strangers' failures); with reCAPTCHA a captcha after 3 failures of the account or while the address waits, a solved one instead of the wait; 60 sign-ins per address per 10 minutes.",
        body: loginRequestSchema,
        response: { 200: sessionGrantSchema, 400: validationErrorResponse, 401: unauthorizedResponse, 429: tooManyRequestsResponse },
      },
    },
    async (request, reply) => handOverSession(request, reply, await api.accounts.login(request.body, loginClient(request), request.viewer)),
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
      config: { access: "viewer" },
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
      config: { access: "viewer", rateLimit: routeLimit("handoff") },
      schema: {
        tags: [openApiTags.account],
        operationId: "createHandoff",
        summary: "Ссылка на страницы магазина / Hand-off link to the shop's pages",
        description:
          "Для виджетов на сайтах партнёров: подписанная ссылка, живущая 2 минуты и действующая один раз. Открыв её, браузер получает сессию того же аккаунта на сайте магазина (cookie) и переходит на next (по умолчанию /cart). Сам токен сессии в адрес не попадает. Не больше 60 ссылок с адреса за 10 минут (429). / For widgets on partner sites: a signed, two-minute, single-use link that opens a session of the same account on the shop's origin and goes on to `next`. At most 60 per address per 10 minutes.",
        security: [{ bearerToken: [] }],
        body: handoffRequestSchema,
        response: { 200: handoffGrantSchema, 400: validationErrorResponse, 401: unauthorizedResponse, 429: tooManyRequestsResponse },
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
      config: { rateLimit: routeLimit("handoff-redeem") },
      schema: {
        tags: [openApiTags.account],
        operationId: "redeemHandoff",
        summary: "Вход по ссылке партнёра / Redeem a hand-off link",
        description:
          "Открывается браузером. Действующая ссылка открывает сессию (cookie) и перенаправляет (303) на next; устаревшая или уже использованная — перенаправляет на next с ?handoff=expired, и страница магазина предлагает войти. Если браузер уже вошёл в другой аккаунт (или у посетителя без входа есть корзина или избранное), ссылка ничего не меняет сама: ответ 200 — HTML-страница с вопросом «Вы вошли как X. Ссылка откроет аккаунт Y» и формой POST /auth/handoff/confirm. next — путь на сайте магазина; не-ASCII символы кодируются (%XX). / Opened by the browser: a valid link sets the session cookie and redirects to next; a stale or used one redirects with ?handoff=expired. A browser already signed in to another account gets a consent page (200, HTML) instead, whose form posts to /auth/handoff/confirm.",
        querystring: handoffQuerySchema,
        response: {
          200: binaryResponse("Страница с вопросом о смене аккаунта, text/html / The consent page, text/html"),
          400: validationErrorResponse,
          429: tooManyRequestsResponse,
        },
      },
    },
    async (request, reply) => {
      const { token, next } = request.query;
      const ticket = await api.handoff.inspect(token);
      if (!ticket) return redirectExpired(reply, next, request.publicOrigin);
      if (request.viewer && (await api.handoff.needsConsent(request.viewer, ticket))) {
        const page = renderHandoffConsentPage({
          current: request.viewer.account,
          target: ticket.source.account,
          confirmAction: "/api/auth/handoff/confirm",
          token,
          next,
        });
        return reply
          .code(200)
          .type("text/html; charset=utf-8")
          .header("content-security-policy", HANDOFF_CONSENT_PAGE_CSP)
          .header("x-content-type-options", "nosniff")
          // The form's POST must carry the page's origin (the origin check of /auth/handoff/confirm).
          .header("referrer-policy", "same-origin")
          .header("cache-control", "no-store")
          .send(Buffer.from(page, "utf8"));
      }
      return redeemAndGo(request, reply, ticket, next);
    },
  );

  await api.register(handoffConfirmRoute);
};

/**
 * Takes the hand-off link (once) for this browser: its session is granted and the browser goes on
 * to `next` (303). A link that is stale, used or forged — or taken a moment before — goes to
 * `next` with ?handoff=expired instead.
 */
async function redeemAndGo(request: FastifyRequest, reply: FastifyReply, ticket: HandoffTicket | null, next: string): Promise<FastifyReply> {
  const opened = ticket ? await request.server.handoff.redeem(ticket, request.viewer) : null;
  if (!opened) return redirectExpired(reply, next, request.publicOrigin);
  grantSession(request, reply, opened);
  return reply.redirect(next, 303);
}

/** A stale, used or forged link: back to the page with ?handoff=expired (it offers to sign in), no session. */
function redirectExpired(reply: FastifyReply, next: string, publicOrigin: string): FastifyReply {
  const target = new URL(next, publicOrigin);
  target.searchParams.set("handoff", "expired");
  return reply.redirect(`${target.pathname}${target.search}${target.hash}`, 303);
}

/**
 * POST /auth/handoff/confirm: the consent page's form. Its own plugin, so that only this route reads
 * application/x-www-form-urlencoded (a form from any site could post it), and it is origin-checked
 * whether or not a cookie comes: a cross-site form post carries no SameSite=Lax cookie, so without
 * the check it would look like a fresh browser and sign the victim in.
 */
const handoffConfirmRoute: FastifyPluginAsyncZod = async (api) => {
  api.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 8 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  api.post(
    "/auth/handoff/confirm",
    {
      config: { originCheck: "self", rateLimit: routeLimit("handoff-redeem") },
      schema: {
        tags: [openApiTags.account],
        operationId: "confirmHandoff",
        summary: "Сменить аккаунт по ссылке партнёра / Confirm a hand-off that switches accounts",
        description:
          "Форма страницы-вопроса GET /auth/handoff (application/x-www-form-urlencoded: token, next). Принимается только со страниц самого магазина (Origin / Sec-Fetch-Site), иначе 403 CROSS_SITE_REQUEST. Берёт ссылку (один раз), закрывает текущую сессию браузера (корзина и избранное посетителя без входа переходят в аккаунт ссылки), ставит cookie и перенаправляет (303) на next; устаревшая ссылка — на next?handoff=expired. / The consent page's form; same-origin only. Takes the link once, replaces the browser's session and redirects to next.",
        body: handoffConfirmSchema,
        response: { 400: validationErrorResponse, 403: forbiddenResponse, 429: tooManyRequestsResponse },
      },
    },
    async (request, reply) => {
      const { token, next } = request.body;
      return redeemAndGo(request, reply, await api.handoff.inspect(token), next);
    },
  );
};
