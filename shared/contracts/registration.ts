import { z } from "zod/mini";
import { emailInputSchema } from "./account";
import { entityIdSchema } from "./catalog";
import { companyCreateSchema, phoneSchema } from "./company";
import { idTextInput, safeText } from "./input";

/*
 * Registration, e-mail confirmation and password recovery (issue 15; the spec's admin panel, "not
 * shown"). A link sent by e-mail carries a random token of 43 base64url characters; the server
 * keeps only its SHA-256.
 */

export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 256;

export type PasswordRuleId = "length" | "letters" | "digits" | "notEmail";

/** One rule of a new password, as the form shows it while the password is typed. */
export interface PasswordRule {
  id: PasswordRuleId;
  label: string;
  met: boolean;
}

const LETTER = /\p{L}/u;
const DIGIT = /\d/;

/** The rules of a new password and whether `password` meets each (the e-mail rule only when an e-mail is known). */
export function passwordRules(password: string, email: string | null): PasswordRule[] {
  const rules: PasswordRule[] = [
    { id: "length", label: `Не короче ${PASSWORD_MIN_LENGTH} символов`, met: password.length >= PASSWORD_MIN_LENGTH },
    { id: "letters", label: "Есть буквы", met: LETTER.test(password) },
    { id: "digits", label: "Есть цифры", met: DIGIT.test(password) },
  ];
  if (email !== null) rules.push({ id: "notEmail", label: "Не совпадает с адресом почты", met: !sameAsEmail(password, email) });
  return rules;
}

/** Whether the password is the e-mail address (or its part before @), whatever the case and spaces around. */
export function sameAsEmail(password: string, email: string): boolean {
  const typed = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  if (address === "") return false;
  return typed === address || typed === address.split("@")[0];
}

export const PASSWORD_IS_EMAIL_MESSAGE = "Пароль не должен совпадать с адресом почты";

/** A new password: 8 to 256 characters with letters and digits. */
export const newPasswordSchema = z
  .string({ error: "Придумайте пароль" })
  .check(
    safeText(),
    z.minLength(1, { error: "Придумайте пароль" }),
    z.minLength(PASSWORD_MIN_LENGTH, { error: `Пароль должен быть не короче ${PASSWORD_MIN_LENGTH} символов` }),
    z.maxLength(PASSWORD_MAX_LENGTH, { error: "Пароль слишком длинный" }),
    z.regex(LETTER, { error: "Добавьте в пароль буквы" }),
    z.regex(DIGIT, { error: "Добавьте в пароль цифры" }),
  );

export const registrationKindSchema = z.enum(["personal", "company"], { error: "Выберите: частное лицо или компания" });
export type RegistrationKind = z.infer<typeof registrationKindSchema>;

/**
 * `POST /auth/registration`: a client account, personal or with its first company (which becomes
 * the selected account). The phone is kept as + and digits.
 */
export const registrationRequestSchema = z
  .object({
    kind: registrationKindSchema,
    email: emailInputSchema,
    password: newPasswordSchema,
    name: z
      .string({ error: "Укажите имя" })
      .check(safeText(), z.trim(), z.minLength(1, { error: "Укажите имя" }), z.maxLength(100, { error: "Имя слишком длинное" })),
    surname: z._default(z.string({ error: "Фамилию укажите текстом" }).check(safeText(), z.trim(), z.maxLength(100, { error: "Фамилия слишком длинная" })), ""),
    phone: phoneSchema,
    /** Consent to the processing of personal data (152-ФЗ): must be given. */
    consent: z.literal(true, { error: "Нужно согласие на обработку персональных данных" }),
    /** The company's details (filled from /utils/company-by-inn and edited); required for `kind: "company"`. */
    company: z.nullish(companyCreateSchema),
  })
  .check(
    z.refine((value) => !sameAsEmail(value.password, value.email), { error: PASSWORD_IS_EMAIL_MESSAGE, path: ["password"] }),
    z.refine((value) => value.kind !== "company" || Boolean(value.company), { error: "Укажите данные компании: ИНН и название", path: ["company"] }),
  );
/** As the client sends it. */
export type RegistrationRequest = z.input<typeof registrationRequestSchema>;
/** As the server receives it, checked and normalised. */
export type Registration = z.infer<typeof registrationRequestSchema>;

/** The token of an e-mail link: 32 random bytes as base64url. */
export const emailLinkTokenSchema = z
  .string({ error: "В ссылке нет кода. Откройте ссылку из письма целиком." })
  .check(z.trim(), z.regex(/^[A-Za-z0-9_-]{43}$/, { error: "Ссылка неполная или с ошибкой. Откройте ссылку из письма целиком." }));

/** `POST /auth/confirm-email`. */
export const confirmEmailRequestSchema = z.object({ token: emailLinkTokenSchema });
export type ConfirmEmailRequest = z.input<typeof confirmEmailRequestSchema>;

/** The answer of a confirmed address. */
export const emailConfirmedSchema = z.object({ ok: z.literal(true), email: z.string() });
export type EmailConfirmed = z.infer<typeof emailConfirmedSchema>;

/** `POST /auth/password-recovery`. */
export const passwordRecoveryRequestSchema = z.object({ email: emailInputSchema });
export type PasswordRecoveryRequest = z.input<typeof passwordRecoveryRequestSchema>;

/** `POST /auth/password-reset`: the link's token and the new password. */
export const passwordResetRequestSchema = z.object({ token: emailLinkTokenSchema, password: newPasswordSchema });
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

/** The answer of a call that (perhaps) sent a letter: the text to show, the same whatever happened behind it. */
export const emailLinkSentSchema = z.object({ ok: z.literal(true), messageUI: z.string() });
export type EmailLinkSent = z.infer<typeof emailLinkSentSchema>;

/** One letter of the outbox, as the dev-only mail page shows it (`GET /dev/mail.json`). */
export const devMailSchema = z.object({
  id: entityIdSchema,
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.nullable(z.string()),
  /** The first link of the letter (confirmation or reset), null when it has none. */
  link: z.nullable(z.string()),
  createdAt: z.iso.datetime({ offset: true }),
  sentAt: z.nullable(z.iso.datetime({ offset: true })),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
});
export type DevMail = z.infer<typeof devMailSchema>;

export const devMailListSchema = z.array(devMailSchema);

/** `GET /dev/mail.json?to=`: the letters to one address, newest first. */
export const devMailQuerySchema = z.object({
  to: z.optional(z.string().check(safeText(), z.trim(), z.toLowerCase(), z.maxLength(254, { error: "Адрес электронной почты слишком длинный" }))),
});

/** `GET /dev/mail/{id}`. */
export const devMailParamsSchema = z.object({ id: idTextInput("Номер письма указан неверно") });
