import { z } from "zod/mini";
import { safeText } from "./input";
import { newPasswordSchema } from "./registration";

/*
 * The account's own data in the account area (issue 15): name, surname and phone
 * (`PUT /account/profile`), and a new password (`POST /account/password`, the same rules as at
 * registration: `newPasswordSchema`).
 */

const personName = (what: string, min: number) =>
  z
    .string({ error: `Укажите ${what}` })
    .check(safeText(), z.trim(), z.minLength(min, { error: `Укажите ${what}` }), z.maxLength(100, { error: "Не длиннее 100 знаков" }));

/**
 * A phone as it is typed into the shop's mask: digits, spaces, brackets, dashes and a leading +.
 * The server formats it with the mask (`formatPhone` of shared/domain) and checks that it is
 * complete; empty means "no phone".
 */
export const accountPhoneInput = z
  .string({ error: "Телефон укажите текстом" })
  .check(
    safeText(),
    z.trim(),
    z.maxLength(30, { error: "Телефон в формате +7 999 123-45-67" }),
    z.regex(/^(\+?[\d\s()-]*)$/, { error: "Телефон в формате +7 999 123-45-67" }),
  );

/** `PUT /account/profile`. */
export const profileUpdateSchema = z.object({
  name: personName("имя", 1),
  surname: z._default(personName("фамилию", 0), ""),
  phone: z._default(accountPhoneInput, ""),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** `POST /account/password`: the other sessions of the account end. */
export const passwordChangeSchema = z.object({
  currentPassword: z
    .string({ error: "Введите текущий пароль" })
    .check(safeText(), z.minLength(1, { error: "Введите текущий пароль" }), z.maxLength(256, { error: "Пароль слишком длинный" })),
  newPassword: newPasswordSchema,
});
export type PasswordChangeRequest = z.input<typeof passwordChangeSchema>;
