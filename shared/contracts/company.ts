import { z } from "zod/mini";
import { entityIdSchema } from "./catalog";
import { CITY_KLADR_ID_PATTERN } from "./geo";
import { idInput, idTextInput, optionalIdTextInput, safeText } from "./input";

/** A city's KLADR id as a shopper's choice or an address names it (see geo.ts). */
const cityKladrIdInput = z
  .string({ error: "Укажите код КЛАДР города" })
  .check(z.regex(CITY_KLADR_ID_PATTERN, { error: "Код КЛАДР города — это 13 или 17 цифр" }));

/*
 * Companies a client buys for, the people who receive orders and the addresses they are sent to
 * (spec §7 "Client account", /utils/company-by-inn). Fields the spec does not show are what a
 * Russian invoice needs: ИНН, КПП, ОГРН and the legal address.
 */

const INN_WEIGHTS_10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN_WEIGHTS_12_FIRST = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN_WEIGHTS_12_SECOND = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function innCheckDigit(digits: number[], weights: number[]): number {
  const sum = weights.reduce((total, weight, index) => total + weight * (digits[index] ?? 0), 0);
  return (sum % 11) % 10;
}

/** ИНН check digits: 10 digits for an organisation, 12 for a person or sole trader. */
export function isValidInn(inn: string): boolean {
  if (!/^\d{10}(\d{2})?$/.test(inn)) return false;
  const digits = [...inn].map(Number);
  if (inn.length === 10) return innCheckDigit(digits, INN_WEIGHTS_10) === digits[9];
  return innCheckDigit(digits, INN_WEIGHTS_12_FIRST) === digits[10] && innCheckDigit(digits, INN_WEIGHTS_12_SECOND) === digits[11];
}

export const innSchema = z
  .string({ error: "Укажите ИНН" })
  .check(
    z.trim(),
    z.regex(/^\d{10}(\d{2})?$/, { error: "ИНН — 10 цифр у организации или 12 у ИП" }),
    z.refine(isValidInn, { error: "ИНН указан с ошибкой: не сходятся контрольные цифры" }),
  );

export const companySchema = z.object({
  id: entityIdSchema,
  name: z.string(),
  inn: z.string(),
  kpp: z.nullable(z.string()),
  ogrn: z.nullable(z.string()),
  legalAddress: z.string(),
});
export type Company = z.infer<typeof companySchema>;

/** `POST /client-account/company`, `POST /client/{id}/company`. */
export const companyCreateSchema = z.object({
  name: z
    .string({ error: "Укажите название компании" })
    .check(safeText(), z.trim(), z.minLength(2, { error: "Укажите название компании" }), z.maxLength(300, { error: "Название слишком длинное" })),
  inn: innSchema,
  kpp: z.nullish(z.string().check(z.trim(), z.regex(/^\d{4}[\dA-Z]{2}\d{3}$/, { error: "КПП — 9 знаков" }))),
  ogrn: z.nullish(z.string().check(z.trim(), z.regex(/^\d{13}(\d{2})?$/, { error: "ОГРН — 13 цифр, ОГРНИП — 15" }))),
  legalAddress: z._default(z.string({ error: "Адрес укажите текстом" }).check(safeText(), z.trim(), z.maxLength(500, { error: "Адрес слишком длинный" })), ""),
});
/** As the client sends it. */
export type CompanyCreateRequest = z.input<typeof companyCreateSchema>;
/** As the server receives it, checked and normalised. */
export type CompanyCreate = z.infer<typeof companyCreateSchema>;

/** `GET /utils/company-by-inn?inn=`. */
export const companyByInnQuerySchema = z.object({ inn: innSchema });

/** What is known about a company by its ИНН, to fill the form. */
export const companyLookupSchema = z.object({
  inn: z.string(),
  name: z.string(),
  kpp: z.nullable(z.string()),
  ogrn: z.nullable(z.string()),
  legalAddress: z.string(),
});
export type CompanyLookup = z.infer<typeof companyLookupSchema>;

/** `POST /client-account/select-company`: a company id, or null for the personal profile. */
export const selectCompanyRequestSchema = z.object({
  companyId: z.nullable(idInput("Компания указана неверно")),
});

export const selectCityParamsSchema = z.object({ id: cityKladrIdInput });

/** Phones are kept as + and digits: «8 (861) 200-40-50» becomes +78612004050. */
export const phoneSchema = z.pipe(
  z.pipe(
    z.string({ error: "Укажите телефон" }),
    z.transform((text: string) => {
      const compact = text.replace(/[\s()-]/g, "");
      return /^8\d{10}$/.test(compact) ? `+7${compact.slice(1)}` : compact;
    }),
  ),
  z.string().check(z.regex(/^\+\d{10,15}$/, { error: "Телефон в формате +7 999 123-45-67" })),
);

export const recipientSchema = z.object({
  id: entityIdSchema,
  name: z.string(),
  phone: z.string(),
  email: z.nullable(z.string()),
  companyId: z.nullable(entityIdSchema),
});
export type Recipient = z.infer<typeof recipientSchema>;

export const recipientCreateSchema = z.object({
  name: z
    .string({ error: "Укажите имя получателя" })
    .check(safeText(), z.trim(), z.minLength(1, { error: "Укажите имя получателя" }), z.maxLength(200, { error: "Имя слишком длинное" })),
  phone: phoneSchema,
  email: z.nullish(z.email({ error: "Проверьте адрес электронной почты: в нём ошибка" })),
  companyId: z.nullish(idInput("Компания указана неверно")),
});
/** As the client sends it. */
export type RecipientCreateRequest = z.input<typeof recipientCreateSchema>;
/** As the server receives it, checked and normalised. */
export type RecipientCreate = z.infer<typeof recipientCreateSchema>;

/** `GET /client-account/recipient?companyId=`: the recipients of a company, or of the personal profile. */
export const recipientListQuerySchema = z.object({
  companyId: optionalIdTextInput("Компания указана неверно"),
});

export const addressSchema = z.object({
  id: entityIdSchema,
  cityKladrId: z.string(),
  address: z.string(),
  comment: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressCreateSchema = z.object({
  cityKladrId: cityKladrIdInput,
  address: z
    .string({ error: "Укажите адрес" })
    .check(safeText(), z.trim(), z.minLength(3, { error: "Укажите адрес" }), z.maxLength(500, { error: "Адрес слишком длинный" })),
  comment: z._default(z.string({ error: "Комментарий укажите текстом" }).check(safeText(), z.trim(), z.maxLength(500, { error: "Комментарий слишком длинный" })), ""),
});
/** As the client sends it. */
export type AddressCreateRequest = z.input<typeof addressCreateSchema>;
/** As the server receives it, checked and normalised. */
export type AddressCreate = z.infer<typeof addressCreateSchema>;

/*
 * Editing and deleting a client's companies, recipients and saved addresses (the account area's
 * profile and company pages, issue 15).
 */

/** `PUT /client-account/company/{id}`: the same requisites, checked the same way, as adding one. */
export const companyUpdateSchema = companyCreateSchema;
export type CompanyUpdateRequest = z.input<typeof companyUpdateSchema>;
export type CompanyUpdate = z.infer<typeof companyUpdateSchema>;

export const companyParamsSchema = z.object({ id: idTextInput("Компания указана неверно") });
export const recipientParamsSchema = z.object({ id: idTextInput("Получатель указан неверно") });
export const addressParamsSchema = z.object({ id: idTextInput("Адрес указан неверно") });

/** `PUT /client-account/recipient/{id}`: the recipient stays with its company (or the personal profile). */
export const recipientUpdateSchema = z.object({
  name: recipientCreateSchema.shape.name,
  phone: phoneSchema,
  email: z.nullish(z.email({ error: "Проверьте адрес электронной почты: в нём ошибка" })),
});
export type RecipientUpdateRequest = z.input<typeof recipientUpdateSchema>;
export type RecipientUpdate = z.infer<typeof recipientUpdateSchema>;

/** `PUT /client-account/address/{id}`. */
export const addressUpdateSchema = addressCreateSchema;
export type AddressUpdateRequest = z.input<typeof addressUpdateSchema>;
export type AddressUpdate = z.infer<typeof addressUpdateSchema>;
