import { z } from "zod/mini";
import { entityIdSchema } from "./catalog";
import { employeeRoleSchema } from "./employee";
import { safeText } from "./input";

/*
 * Accounts and access (spec §3 Account, §7 "Account and auth", "Client account", "Clients").
 * A temporary account is what a visitor gets before signing in; it counts as not signed in.
 */

export const accountTypeSchema = z.enum(["client", "employee"]);
export type AccountType = z.infer<typeof accountTypeSchema>;

export const companyRefSchema = z.object({ id: entityIdSchema, name: z.string() });
export type CompanyRef = z.infer<typeof companyRefSchema>;

/** `GET /account/profile`: who is signed in, in which account and city (spec §3 Account). */
export const accountProfileSchema = z.object({
  id: entityIdSchema,
  typeUser: accountTypeSchema,
  /** An employee's back-office roles (shared/contracts/employee.ts); empty for a client. */
  roles: z.array(employeeRoleSchema),
  email: z.nullable(z.string()),
  name: z.string(),
  surname: z.string(),
  /** As the phone mask writes it («+7 999 123-45-67»); null when not given. */
  phone: z.nullable(z.string()),
  avatar: z.object({ url: z.nullable(z.url()) }),
  /** A visitor's account before sign-in: shown as not signed in. */
  temporary: z.boolean(),
  /** The company the client acts for; null is the personal profile. */
  selectedCompanyId: z.nullable(entityIdSchema),
  /** The personal profile is not listed: it is `selectedCompanyId: null`. */
  companies: z.array(companyRefSchema),
  /** KLADR id of the chosen city; null means the default, Krasnodar. */
  selectedCityId: z.nullable(z.string()),
  /** An employee acting for a client (client mode). */
  impersonalization: z.boolean(),
  placeClientId: z.nullable(entityIdSchema),
  placeCompanyId: z.nullable(entityIdSchema),
  /** Whether the address was confirmed by the link in the registration e-mail (an unconfirmed account may still order). */
  emailConfirmed: z.boolean(),
});
export type AccountProfile = z.infer<typeof accountProfileSchema>;

/** An e-mail address as a person types it: trimmed, lower-cased, checked (sign-in, registration, recovery). */
export const emailInputSchema = z.pipe(
  z
    .string({ error: "Введите адрес электронной почты" })
    .check(
      safeText(),
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, { error: "Введите адрес электронной почты" }),
      z.maxLength(254, { error: "Адрес электронной почты слишком длинный" }),
    ),
  z.email({ error: "Проверьте адрес электронной почты: в нём ошибка" }),
);

/** `POST /auth/login` (spec §3 Login form). */
export const loginRequestSchema = z.object({
  email: emailInputSchema,
  password: z
    .string({ error: "Введите пароль" })
    .check(safeText(), z.minLength(1, { error: "Введите пароль" }), z.maxLength(256, { error: "Пароль слишком длинный" })),
  rememberMe: z._default(z.boolean({ error: "«Запомнить меня» — да или нет" }), false),
  /** reCAPTCHA's token, needed (when the shop has reCAPTCHA) after failed attempts: the answer was 429 CAPTCHA_REQUIRED. */
  captchaToken: z.optional(z.string().check(z.maxLength(4000, { error: "Ответ проверки «я не робот» слишком длинный" }))),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/**
 * The answer to a sign-in. The session also arrives as an httpOnly cookie; `token` is the same
 * session for widgets on partner sites, which send it as `Authorization: Bearer …` because
 * third-party cookies are blocked there.
 */
export const sessionGrantSchema = z.object({
  profile: accountProfileSchema,
  token: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type SessionGrant = z.infer<typeof sessionGrantSchema>;

/** The answer of calls that only confirm. */
export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;

/** `PUT /public/product/to-favorite/{id}`, `DELETE /public/product/from-favorite/{id}`. */
export const favoriteStateSchema = z.object({ productId: entityIdSchema, inFavorite: z.boolean() });
export type FavoriteState = z.infer<typeof favoriteStateSchema>;

/** The header that carries a session the server just opened (a visitor's temporary account). */
export { CLIENT_MODE_REQUIRED_MESSAGE, SESSION_COOKIE, SESSION_TOKEN_HEADER } from "./wire";
