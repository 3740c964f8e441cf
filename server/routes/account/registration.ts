import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  confirmEmailRequestSchema,
  emailConfirmedSchema,
  emailLinkSentSchema,
  passwordRecoveryRequestSchema,
  passwordResetRequestSchema,
  registrationRequestSchema,
  serverErrorSchema,
  sessionGrantSchema,
} from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { routeLimit, takeSubjectLimit } from "../../plugins/rate-limits";
import { requireSignedIn } from "../../plugins/session";
import { ALREADY_CONFIRMED_MESSAGE, CONFIRMATION_SENT_MESSAGE, RECOVERY_SENT_MESSAGE } from "../../services/accounts/registration.service";
import { conflictResponse, notFoundResponse, tooManyRequestsResponse, unauthorizedResponse, validationErrorResponse } from "../responses";
import { handOverSession, loginClient } from "./session-handover";

const linkGoneResponse = serverErrorSchema.check(z.describe("Ссылка уже использована или устарела / The link was used or has expired"));

/**
 * Registration, e-mail confirmation and password recovery (issue 15): POST /auth/registration,
 * /auth/confirm-email, /auth/confirm-email/resend, /auth/password-recovery, /auth/password-reset.
 */
export const registrationRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = [openApiTags.account];

  api.post(
    "/auth/registration",
    {
      config: { rateLimit: routeLimit("registration") },
      schema: {
        tags,
        operationId: "register",
        summary: "Регистрация / Sign up",
        description:
          "Создаёт аккаунт клиента — личный или с первой компанией (она становится выбранной) — и сразу входит в него, как POST /auth/login (cookie и token). Корзина и избранное временного аккаунта посетителя переходят в новый аккаунт. На адрес уходит письмо со ссылкой подтверждения (48 часов); войти и заказывать можно и без подтверждения. Пароль: не короче 8 символов, буквы и цифры, не совпадает с адресом. Занятый адрес — 409 EMAIL_TAKEN. Не больше 10 регистраций с адреса клиента за 10 минут и 5 попыток на один e-mail в час (429). / Creates a client account (personal, or with its first company, selected), signs in as /auth/login does, moves a visitor's cart and favourites in, and queues the confirmation letter (48 h). A taken address is 409; 10 per client address per 10 minutes and 5 per e-mail per hour.",
        body: registrationRequestSchema,
        response: { 201: sessionGrantSchema, 400: validationErrorResponse, 409: conflictResponse, 429: tooManyRequestsResponse },
      },
    },
    async (request, reply) => {
      await takeSubjectLimit(request, reply, "mail-to", request.body.email);
      const signedIn = await api.registration.register(request.body, { current: request.viewer, client: loginClient(request), publicOrigin: request.publicOrigin });
      const grant = await handOverSession(request, reply, signedIn);
      return reply.code(201).send(grant);
    },
  );

  api.post(
    "/auth/confirm-email",
    {
      config: { rateLimit: routeLimit("email-link") },
      schema: {
        tags,
        operationId: "confirmEmail",
        summary: "Подтвердить адрес почты / Confirm the e-mail address",
        description:
          "Токен из ссылки письма регистрации. Ссылка действует 48 часов и один раз; новая ссылка отменяет прежние. Неизвестная — 404 EMAIL_LINK_UNKNOWN, использованная — 410 EMAIL_LINK_USED, устаревшая — 410 EMAIL_LINK_EXPIRED. Сессия не нужна. / The token of the registration letter's link: 48 hours, once; 404 unknown, 410 used or expired. No session needed.",
        body: confirmEmailRequestSchema,
        response: { 200: emailConfirmedSchema, 400: validationErrorResponse, 404: notFoundResponse, 410: linkGoneResponse, 429: tooManyRequestsResponse },
      },
    },
    async (request) => {
      const { email } = await api.registration.confirmEmail(request.body.token);
      return { ok: true as const, email };
    },
  );

  api.post(
    "/auth/confirm-email/resend",
    {
      config: { access: "signedIn", rateLimit: routeLimit("email-send") },
      schema: {
        tags,
        operationId: "resendEmailConfirmation",
        summary: "Отправить письмо подтверждения ещё раз / Send the confirmation letter again",
        description:
          "Новая ссылка подтверждения на адрес вошедшего аккаунта; прежние ссылки перестают действовать. Адрес уже подтверждён — 200 без письма. Не больше 10 запросов с адреса клиента за 10 минут и 5 писем на один e-mail в час (429). / A new confirmation link to the signed-in account's address (older links stop working); nothing is sent when it is confirmed already.",
        response: { 200: emailLinkSentSchema, 401: unauthorizedResponse, 429: tooManyRequestsResponse },
      },
    },
    async (request, reply) => {
      const viewer = requireSignedIn(request);
      if (viewer.account.emailConfirmedAt !== null || !viewer.account.email) return { ok: true as const, messageUI: ALREADY_CONFIRMED_MESSAGE };
      await takeSubjectLimit(request, reply, "mail-to", viewer.account.email);
      const sent = await api.registration.resendConfirmation(viewer, request.publicOrigin);
      return { ok: true as const, messageUI: sent ? CONFIRMATION_SENT_MESSAGE : ALREADY_CONFIRMED_MESSAGE };
    },
  );

  api.post(
    "/auth/password-recovery",
    {
      config: { rateLimit: routeLimit("email-send") },
      schema: {
        tags,
        operationId: "requestPasswordRecovery",
        summary: "Восстановление пароля / Password recovery",
        description:
          "Всегда один и тот же ответ 200, есть ли аккаунт с таким адресом или нет. Если есть — на адрес уходит ссылка (1 час, один раз; прежние ссылки восстановления отменяются). Не больше 10 запросов с адреса клиента за 10 минут и 5 писем на один e-mail в час (429). / Always the same 200 whether or not the address has an account; when it has, a reset link (1 hour, single use; earlier ones are voided) is sent.",
        body: passwordRecoveryRequestSchema,
        response: { 200: emailLinkSentSchema, 400: validationErrorResponse, 429: tooManyRequestsResponse },
      },
    },
    async (request, reply) => {
      await takeSubjectLimit(request, reply, "mail-to", request.body.email);
      await api.registration.requestPasswordReset(request.body.email, request.publicOrigin);
      return { ok: true as const, messageUI: RECOVERY_SENT_MESSAGE };
    },
  );

  api.post(
    "/auth/password-reset",
    {
      config: { rateLimit: routeLimit("email-link") },
      schema: {
        tags,
        operationId: "resetPassword",
        summary: "Новый пароль по ссылке / Set a new password by the link",
        description:
          "Токен из письма восстановления и новый пароль (те же правила, что при регистрации). Ставит пароль, завершает все сессии аккаунта, подтверждает адрес почты и входит (cookie и token, как POST /auth/login). Ссылка одноразовая: использованная или заменённая — 410 EMAIL_LINK_USED, устаревшая — 410 EMAIL_LINK_EXPIRED, неизвестная — 404. / Sets the password, ends every session of the account, confirms the address and signs in. 410 for a used or expired link, 404 for an unknown one.",
        body: passwordResetRequestSchema,
        response: { 200: sessionGrantSchema, 400: validationErrorResponse, 404: notFoundResponse, 410: linkGoneResponse, 429: tooManyRequestsResponse },
      },
    },
    async (request, reply) => {
      const signedIn = await api.registration.resetPassword(request.body, { current: request.viewer, client: loginClient(request) });
      return handOverSession(request, reply, signedIn);
    },
  );
};
