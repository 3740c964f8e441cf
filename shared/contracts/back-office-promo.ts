import { z } from "zod/mini";
import { entityIdSchema } from "./catalog";
import { CITY_KLADR_ID_PATTERN } from "./geo";
import { idInput, idTextInput, safeText } from "./input";

/*
 * The back office's promocodes and self-pickup points (issue 29, role `manager`): what
 * GET /api/employee/promocode[/{id}] and /api/employee/pickup-point[/{id}] answer and what the
 * create (POST) and replace (PUT) calls take. Money is in roubles (kopecks as two decimals), as
 * everywhere on the wire. A Get answer is accepted unchanged by the PUT: its read-only fields (id,
 * usedCount, updatedAt, createdAt) may be sent and are ignored.
 */

/** The largest rouble amount a promocode names: its kopecks fit the database's integer. */
export const PROMOCODE_MAX_ROUBLES = 10_000_000;
export const PROMOCODE_CODE_PATTERN = /^[A-Z0-9-]{3,32}$/;
export const PROMOCODE_KINDS = ["percent", "fixed"] as const;
export const PROMOCODE_KIND_LABELS: Readonly<Record<(typeof PROMOCODE_KINDS)[number], string>> = { percent: "Процент", fixed: "Сумма, ₽" };

/** `/api/employee/promocode/{id}` and `/api/employee/pickup-point/{id}` path parameters. */
export const promocodeIdParamsSchema = z.object({ id: idTextInput("Номер промокода указан неверно") });
export const pickupPointIdParamsSchema = z.object({ id: idTextInput("Номер пункта самовывоза указан неверно") });

const isoMoment = z.iso.datetime({ offset: true, error: "Дата и время — в формате ISO 8601, например 2026-12-01T00:00:00+03:00" });
const roubles = (what: string, min: number) =>
  z
    .number({ error: `${what}: укажите число` })
    .check(
      z.gte(min, { error: `${what}: не меньше ${min} ₽` }),
      z.lte(PROMOCODE_MAX_ROUBLES, { error: `${what}: не больше ${PROMOCODE_MAX_ROUBLES.toLocaleString("ru-RU")} ₽` }),
      z.refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), { error: `${what}: не больше двух знаков после запятой (копейки)` }),
    );
const usageLimit = (what: string) =>
  z.nullable(
    z
      .number({ error: `${what}: укажите целое число или оставьте пустым` })
      .check(z.int({ error: `${what}: целое число` }), z.gte(1, { error: `${what}: не меньше 1` }), z.lte(1_000_000, { error: `${what}: не больше 1 000 000` })),
  );

/** The fields an employee sets. */
export const promocodeFields = {
  /** Upper-cased by the server; letters A–Z, digits and «-», 3–32 of them; unique (409). */
  code: z.string({ error: "Укажите код промокода" }).check(
    z.trim(),
    z.toUpperCase(),
    z.regex(PROMOCODE_CODE_PATTERN, { error: "Код промокода: от 3 до 32 латинских букв, цифр или дефисов" }),
  ),
  kind: z.enum(PROMOCODE_KINDS, { error: "Тип скидки: процент (percent) или сумма (fixed)" }),
  /** Percent (1–100, whole) or roubles off for `fixed`. */
  value: z.number({ error: "Укажите размер скидки числом" }).check(z.gt(0, { error: "Размер скидки должен быть больше нуля" })),
  /** The order's items must add up to at least this many roubles; 0: any order. */
  minOrderSum: roubles("Минимальная сумма заказа", 0),
  /** Null: at once. */
  validFrom: z.nullable(isoMoment),
  /** Null: no end. */
  validTo: z.nullable(isoMoment),
  /** Orders (not cancelled) that may use the code in all; null: no limit. */
  usageLimitTotal: usageLimit("Лимит использований всего"),
  /** Orders (not cancelled) one client (account) may place with it; null: no limit. */
  usageLimitPerClient: usageLimit("Лимит использований на клиента"),
  /** The categories whose lines the code lowers; empty: every line. */
  categoryIds: z.array(idInput("Категория указана неверно")).check(z.maxLength(200, { error: "Не больше 200 категорий" })),
  /** False: disabled (the cart says the code is not found). */
  active: z.boolean({ error: "Активность: да или нет" }),
  description: z.string({ error: "Описание — текст" }).check(safeText(), z.maxLength(500, { error: "Описание: не длиннее 500 символов" })),
};

interface PromocodeFieldValues {
  kind: (typeof PROMOCODE_KINDS)[number];
  value: number;
  validFrom: string | null;
  validTo: string | null;
}

function checkPromocodeFields(value: PromocodeFieldValues, ctx: z.core.$RefinementCtx<PromocodeFieldValues>): void {
  if (value.kind === "percent" && (!Number.isInteger(value.value) || value.value < 1 || value.value > 100)) {
    ctx.addIssue({ code: "custom", path: ["value"], message: "Скидка в процентах — целое число от 1 до 100" });
  }
  if (value.kind === "fixed" && (value.value > PROMOCODE_MAX_ROUBLES || !Number.isInteger(Math.round(value.value * 100 * 1e6) / 1e6))) {
    ctx.addIssue({ code: "custom", path: ["value"], message: `Скидка в рублях — до ${PROMOCODE_MAX_ROUBLES.toLocaleString("ru-RU")} ₽, не больше двух знаков после запятой` });
  }
  if (value.validFrom !== null && value.validTo !== null && Date.parse(value.validFrom) >= Date.parse(value.validTo)) {
    ctx.addIssue({ code: "custom", path: ["validTo"], message: "Дата окончания должна быть позже даты начала" });
  }
}

/** POST /api/employee/promocode. */
export const promocodeCreateSchema = z.strictObject(promocodeFields).check(z.superRefine(checkPromocodeFields));
export type PromocodeCreate = z.infer<typeof promocodeCreateSchema>;

/** A promocode as the back office shows it. */
export const employeePromocodeSchema = z.object({
  id: entityIdSchema,
  code: z.string(),
  kind: z.enum(PROMOCODE_KINDS),
  value: z.number(),
  minOrderSum: z.number(),
  validFrom: z.nullable(isoMoment),
  validTo: z.nullable(isoMoment),
  usageLimitTotal: z.nullable(z.number().check(z.int())),
  usageLimitPerClient: z.nullable(z.number().check(z.int())),
  categoryIds: z.array(entityIdSchema),
  active: z.boolean(),
  description: z.string(),
  /** Read-only: orders that used the code, cancelled ones aside. */
  usedCount: z.number().check(z.int(), z.gte(0)),
  updatedAt: isoMoment,
});
export type EmployeePromocode = z.infer<typeof employeePromocodeSchema>;

/** PUT /api/employee/promocode/{id}: the whole promocode; the read-only fields of its Get answer may come along and are ignored. */
export const promocodeUpdateSchema = z
  .strictObject({
    ...promocodeFields,
    id: z.optional(z.number()),
    usedCount: z.optional(z.number()),
    updatedAt: z.optional(z.string()),
  })
  .check(z.superRefine(checkPromocodeFields));
export type PromocodeUpdate = z.infer<typeof promocodeUpdateSchema>;

export const employeePromocodeListSchema = z.object({ items: z.array(employeePromocodeSchema) });
export type EmployeePromocodeList = z.infer<typeof employeePromocodeListSchema>;

const coordinate = (what: string, limit: number) =>
  z.nullable(
    z
      .number({ error: `${what}: число от -${limit} до ${limit} или пусто` })
      .check(z.gte(-limit, { error: `${what}: число от -${limit} до ${limit}` }), z.lte(limit, { error: `${what}: число от -${limit} до ${limit}` })),
  );
const text = (what: string, max: number, min = 0) =>
  z
    .string({ error: `${what}: текст` })
    .check(
      z.trim(),
      safeText(),
      ...(min > 0 ? [z.minLength(min, { error: `Укажите ${what.toLowerCase()}` })] : []),
      z.maxLength(max, { error: `${what}: не длиннее ${max} символов` }),
    );

/** The fields of a self-pickup point an employee sets. */
export const pickupPointFields = {
  name: text("Название", 200, 1),
  /** The city's KLADR id; the city must be known to the shop. */
  cityKladrId: z.string({ error: "Укажите код КЛАДР города" }).check(z.trim(), z.regex(CITY_KLADR_ID_PATTERN, { error: "Код КЛАДР города — это 13 или 17 цифр" })),
  address: text("Адрес", 500, 1),
  /** Opening hours as the cart shows them: «Пн–Пт 9:00–19:00, Сб 10:00–16:00». */
  operatingMode: text("Часы работы", 300),
  geoLat: coordinate("Широта", 90),
  geoLon: coordinate("Долгота", 180),
  phone: text("Телефон", 50),
  /** False: closed (the cart no longer offers it; orders that name it keep it). */
  active: z.boolean({ error: "Активность: да или нет" }),
};

function checkCoordinates(value: { geoLat: number | null; geoLon: number | null }, ctx: z.core.$RefinementCtx<{ geoLat: number | null; geoLon: number | null }>): void {
  if ((value.geoLat === null) !== (value.geoLon === null)) {
    ctx.addIssue({ code: "custom", path: [value.geoLat === null ? "geoLat" : "geoLon"], message: "Укажите обе координаты (широту и долготу) или ни одной" });
  }
}

/** POST /api/employee/pickup-point. */
export const pickupPointCreateSchema = z.strictObject(pickupPointFields).check(z.superRefine(checkCoordinates));
export type PickupPointCreate = z.infer<typeof pickupPointCreateSchema>;

/** A self-pickup point as the back office shows it. */
export const employeePickupPointSchema = z.object({
  id: entityIdSchema,
  name: z.string(),
  cityKladrId: z.string(),
  /** Read-only: the city's name. */
  cityName: z.string(),
  address: z.string(),
  operatingMode: z.string(),
  geoLat: z.nullable(z.number()),
  geoLon: z.nullable(z.number()),
  phone: z.string(),
  active: z.boolean(),
  createdAt: isoMoment,
});
export type EmployeePickupPoint = z.infer<typeof employeePickupPointSchema>;

/** PUT /api/employee/pickup-point/{id}: the whole point; the read-only fields of its Get answer may come along and are ignored. */
export const pickupPointUpdateSchema = z
  .strictObject({ ...pickupPointFields, id: z.optional(z.number()), cityName: z.optional(z.string()), createdAt: z.optional(z.string()) })
  .check(z.superRefine(checkCoordinates));
export type PickupPointUpdate = z.infer<typeof pickupPointUpdateSchema>;

export const employeePickupPointListSchema = z.object({ items: z.array(employeePickupPointSchema) });
export type EmployeePickupPointList = z.infer<typeof employeePickupPointListSchema>;
