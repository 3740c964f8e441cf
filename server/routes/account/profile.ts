import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { accountProfileSchema, okSchema, passwordChangeSchema, profileUpdateSchema } from "../../../shared/contracts/index";
import { openApiTags } from "../../plugins/openapi";
import { routeLimit } from "../../plugins/rate-limits";
import { requireSignedIn } from "../../plugins/session";
import { tooManyRequestsResponse, unauthorizedResponse, validationErrorResponse } from "../responses";

/**
 * The signed-in person's own name, surname, phone and password (the account area's profile pages,
 * issue 15). Always the caller's own account: an employee in client mode changes their own.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (api) => {
  const tags = [openApiTags.account];

  api.put(
    "/account/profile",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        operationId: "updateProfile",
        summary: "Изменить имя и телефон / Update name and phone",
        description:
          "Имя, фамилия и телефон того, кто вошёл (сотрудник в режиме клиента меняет свои, не клиента). Телефон хранится по маске («+7 999 123-45-67»); пустой — без телефона; неполный — 400. / The caller's own name, surname and phone (an employee in client mode changes their own); the phone is kept as the mask writes it; empty: none; incomplete: 400.",
        body: profileUpdateSchema,
        response: { 200: accountProfileSchema, 400: validationErrorResponse, 401: unauthorizedResponse },
      },
    },
    async (request) => {
      const viewer = requireSignedIn(request);
      await api.profiles.update(viewer, request.body);
      return api.accounts.profile(viewer, request.publicOrigin);
    },
  );

  api.post(
    "/account/password",
    {
      config: { access: "signedIn", rateLimit: routeLimit("password-change") },
      schema: {
        tags,
        operationId: "changePassword",
        summary: "Сменить пароль / Change the password",
        description:
          "Нужен текущий пароль (неверный — 400 WRONG_PASSWORD). Новый — не короче 8 знаков, с буквами и цифрами, как при регистрации. Остальные сессии аккаунта закрываются, эта остаётся. Не больше 10 попыток с адреса за 10 минут (429). / Needs the current password (wrong: 400 WRONG_PASSWORD); the new one follows the registration rules. The account's other sessions end; this one stays. At most 10 attempts per address per 10 minutes.",
        body: passwordChangeSchema,
        response: { 200: okSchema, 400: validationErrorResponse, 401: unauthorizedResponse, 429: tooManyRequestsResponse },
      },
    },
    async (request) => {
      await api.profiles.changePassword(requireSignedIn(request), request.body);
      return { ok: true as const };
    },
  );
};
