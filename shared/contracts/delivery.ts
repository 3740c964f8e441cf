import { z } from "zod/mini";
import { CITY_KLADR_ID_PATTERN, cityKladrIdSchema } from "./geo";
import { idInput, INT32_MAX, safeText } from "./input";
import { queryBoolean, queryInt } from "./query";

/*
 * Delivery (spec §3 "Delivery request data", "Delivery methods", §7 "Geography and delivery",
 * `POST/PUT /client-cart/delivery`).
 *
 * A delivery has a METHOD (who carries it: the nine of spec §3) and a TYPE (where the shopper
 * takes it): the spec names `deliveryType` but not its values, so they are ours:
 *   - `Door`        — brought to an address (the shop's courier, Yandex Delivery, CDEK/Boxberry/DPD couriers);
 *   - `PickupPoint` — collected at a provider's pickup point or, for BusStation, at the city's bus station;
 *   - `SelfPickup`  — collected at one of the shop's own counters.
 * `DELIVERY_METHOD_TYPES` says which types each method offers.
 */

/** Spec §3, in the order the storefront lists them. */
export const deliveryMethodValues = [
  "BusStation",
  "Cdek",
  "CdekExpress",
  "Boxberry",
  "Dpd",
  "DpdExpress",
  "YandexDostavka",
  "Courier",
  "SelfPickup",
] as const;
export type DeliveryMethod = (typeof deliveryMethodValues)[number];
export const deliveryMethodSchema = z.enum(deliveryMethodValues, {
  error: "Способ доставки — один из: BusStation, Cdek, CdekExpress, Boxberry, Dpd, DpdExpress, YandexDostavka, Courier, SelfPickup",
});

export const deliveryTypeValues = ["Door", "PickupPoint", "SelfPickup"] as const;
export type DeliveryType = (typeof deliveryTypeValues)[number];
export const deliveryTypeSchema = z.enum(deliveryTypeValues, {
  error: "Тип доставки — Door (до двери), PickupPoint (пункт выдачи) или SelfPickup (самовывоз)",
});

/** The types each method offers; the first is the usual one. */
export const DELIVERY_METHOD_TYPES: Readonly<Record<DeliveryMethod, readonly DeliveryType[]>> = {
  BusStation: ["PickupPoint"],
  Cdek: ["PickupPoint", "Door"],
  CdekExpress: ["PickupPoint", "Door"],
  Boxberry: ["PickupPoint", "Door"],
  Dpd: ["PickupPoint", "Door"],
  DpdExpress: ["PickupPoint", "Door"],
  YandexDostavka: ["Door"],
  Courier: ["Door"],
  SelfPickup: ["SelfPickup"],
};

/** What the storefront shows for each method. */
export const DELIVERY_METHOD_LABELS: Readonly<Record<DeliveryMethod, string>> = {
  BusStation: "Автобусом до автовокзала",
  Cdek: "СДЭК",
  CdekExpress: "СДЭК Экспресс",
  Boxberry: "Boxberry",
  Dpd: "DPD",
  DpdExpress: "DPD Экспресс",
  YandexDostavka: "Яндекс Доставка",
  Courier: "Курьер типографии",
  SelfPickup: "Самовывоз",
};

export const DELIVERY_TYPE_LABELS: Readonly<Record<DeliveryType, string>> = {
  Door: "до двери",
  PickupPoint: "в пункт выдачи",
  SelfPickup: "самовывозом",
};

export const DELIVERY_ADDRESS_MAX_LENGTH = 500;
export const DELIVERY_CODE_MAX_LENGTH = 100;

/** Optional text code (tariff, pickup point): absent, null and blank all become null. */
function optionalCode(what: string) {
  return z.pipe(
    z.nullish(
      z
        .string({ error: `${what} укажите текстом` })
        .check(safeText(), z.trim(), z.maxLength(DELIVERY_CODE_MAX_LENGTH, { error: `${what} — не длиннее ${DELIVERY_CODE_MAX_LENGTH} символов` })),
    ),
    // A blank code is empty once trimmed, and counts as absent.
    z.transform((value: string | null | undefined) => (value === undefined || value === "" ? null : value)),
  );
}

const deliveryRequestFields = {
  deliveryType: deliveryTypeSchema,
  cityKladrId: z
    .string({ error: "Укажите код КЛАДР города доставки" })
    .check(z.trim(), z.regex(CITY_KLADR_ID_PATTERN, { error: "Код КЛАДР города доставки — это 13 или 17 цифр" })),
  deliveryMethod: deliveryMethodSchema,
  /** The door address; may be empty for pickups (the point's address is known from its code). */
  address: z._default(
    z
      .string({ error: "Адрес доставки укажите текстом" })
      .check(safeText(), z.trim(), z.maxLength(DELIVERY_ADDRESS_MAX_LENGTH, { error: `Адрес доставки — не длиннее ${DELIVERY_ADDRESS_MAX_LENGTH} символов` })),
    "",
  ),
  recipientId: z.pipe(
    z.nullish(idInput("Получатель указан неверно")),
    z.transform((value: number | null | undefined) => value ?? null),
  ),
  /** The provider's tariff (CDEK tariff code, Boxberry/DPD service code); null takes the method's usual one. */
  tariffCode: optionalCode("Код тарифа"),
  /** A provider's pickup point code (/geo/pvz) or the id of the shop's self-pickup point, as text. */
  pickupPointCode: optionalCode("Код пункта выдачи"),
};

interface DeliveryFields {
  deliveryType: DeliveryType;
  deliveryMethod: DeliveryMethod;
  address: string;
  pickupPointCode: string | null;
}

/** The rules across fields: the type suits the method, a door delivery has an address, a pickup a point. */
function checkDeliveryFields(value: DeliveryFields, ctx: z.core.$RefinementCtx<DeliveryFields>): void {
  const types = DELIVERY_METHOD_TYPES[value.deliveryMethod];
  if (!types.includes(value.deliveryType)) {
    ctx.addIssue({
      code: "custom",
      path: ["deliveryType"],
      message: `${DELIVERY_METHOD_LABELS[value.deliveryMethod]} не доставляет ${DELIVERY_TYPE_LABELS[value.deliveryType]}: выберите ${types
        .map((type) => DELIVERY_TYPE_LABELS[type])
        .join(" или ")}`,
    });
    return;
  }
  if (value.deliveryType === "Door" && value.address.length < 5) {
    ctx.addIssue({ code: "custom", path: ["address"], message: "Укажите адрес доставки: улицу, дом и квартиру или офис" });
  }
  if (value.deliveryType === "PickupPoint" && value.pickupPointCode === null) {
    ctx.addIssue({
      code: "custom",
      path: ["pickupPointCode"],
      message: value.deliveryMethod === "BusStation" ? "Выберите автовокзал, куда отправить заказ" : "Выберите пункт выдачи заказа",
    });
  }
  if (value.deliveryType === "SelfPickup" && value.pickupPointCode === null) {
    ctx.addIssue({ code: "custom", path: ["pickupPointCode"], message: "Выберите пункт самовывоза" });
  }
}

/** `POST /client-cart/delivery`: spec §3 delivery request data, plus the chosen pickup point. */
export const deliveryRequestSchema = z.object(deliveryRequestFields).check(z.superRefine(checkDeliveryFields));
/** As the client sends it. */
export type DeliveryRequestInput = z.input<typeof deliveryRequestSchema>;
/** As the server receives it, checked and normalised. */
export type DeliveryRequest = z.infer<typeof deliveryRequestSchema>;

/** `PUT /client-cart/delivery`: the same, for the cart's delivery `id`. */
export const deliveryUpdateRequestSchema = z
  .object({
    id: z
      .number({ error: "Укажите, какую доставку изменить" })
      .check(z.int({ error: "Доставка указана неверно" }), z.positive({ error: "Доставка указана неверно" }), z.lte(INT32_MAX, { error: "Доставка указана неверно" })),
    ...deliveryRequestFields,
  })
  .check(z.superRefine(checkDeliveryFields));
export type DeliveryUpdateRequestInput = z.input<typeof deliveryUpdateRequestSchema>;
export type DeliveryUpdateRequest = z.infer<typeof deliveryUpdateRequestSchema>;

/* ---------------------------------------------------------------------------------------------
 * Answers of the geography endpoints (§7).
 */

export const WEIGHT_GRAMS_MAX = 1_000_000;
/** The weight quoted when the caller gives none: a typical small print order. */
export const DEFAULT_QUOTE_WEIGHT_GRAMS = 1_000;

/** A path param that must be a city's KLADR id. */
export const deliveryCityParamsSchema = z.object({
  cityId: z.string().check(z.trim(), z.regex(CITY_KLADR_ID_PATTERN, { error: "Город доставки — код КЛАДР из 13 или 17 цифр" })),
});

/** `GET /geo/delivery/{cityId}?isUrgent&weightGrams`. */
export const deliveryOptionsQuerySchema = z.object({
  isUrgent: queryBoolean({ messageUI: "Признак срочности isUrgent — true или false" }),
  weightGrams: queryInt({ min: 1, max: WEIGHT_GRAMS_MAX, messageUI: `Вес посылки — целое число граммов от 1 до ${WEIGHT_GRAMS_MAX}` }),
  productionTimeDay: queryInt({ min: 0, max: 60, messageUI: "Срок изготовления — целое число рабочих дней от 0 до 60" }),
});
export type DeliveryOptionsQuery = z.infer<typeof deliveryOptionsQuerySchema>;

/** One way to deliver to the city, with its price and date. */
export const deliveryOptionSchema = z.object({
  deliveryMethod: deliveryMethodSchema,
  /** «СДЭК Экспресс». */
  name: z.string().check(z.minLength(1)),
  deliveryTypes: z.array(deliveryTypeSchema).check(z.minLength(1)),
  tariffCode: z.nullable(z.string()),
  /** Roubles, VAT included. */
  price: z.number().check(z.gte(0)),
  /** YYYY-MM-DD. */
  deliveryDate: z.iso.date(),
  /** Where the price came from: the shop's table or the provider's API. */
  source: z.enum(["table", "provider"]),
});
export type DeliveryOption = z.infer<typeof deliveryOptionSchema>;

export const deliveryOptionsSchema = z.object({
  cityKladrId: cityKladrIdSchema,
  city: z.string(),
  isUrgent: z.boolean(),
  weightGrams: z.number().check(z.int(), z.positive()),
  options: z.array(deliveryOptionSchema),
});
export type DeliveryOptions = z.infer<typeof deliveryOptionsSchema>;

/** Providers whose pickup points /geo/pvz lists. */
export const pickupProviderValues = ["Cdek", "CdekExpress", "Boxberry", "Dpd", "DpdExpress", "BusStation", "SelfPickup"] as const;
export type PickupProvider = (typeof pickupProviderValues)[number];

export const pvzParamsSchema = z.object({
  kladrId: z.string().check(z.trim(), z.regex(CITY_KLADR_ID_PATTERN, { error: "Код КЛАДР города — это 13 или 17 цифр" })),
});

/** `GET /geo/pvz/{kladrId}?deliveryProvider&tariffCode`. */
export const pvzQuerySchema = z.object({
  deliveryProvider: z.enum(pickupProviderValues, {
    error: (issue) =>
      issue.input === undefined
        ? "Укажите службу доставки deliveryProvider"
        : "Пункты выдачи есть у служб Cdek, CdekExpress, Boxberry, Dpd, DpdExpress, BusStation и SelfPickup",
  }),
  tariffCode: z.optional(
    z
      .string({ error: "Код тарифа укажите один раз, текстом" })
      .check(safeText(), z.trim(), z.maxLength(DELIVERY_CODE_MAX_LENGTH, { error: `Код тарифа — не длиннее ${DELIVERY_CODE_MAX_LENGTH} символов` })),
  ),
});
export type PvzQuery = z.infer<typeof pvzQuerySchema>;

export const pickupPointSchema = z.object({
  /** What `pickupPointCode` of a delivery request takes. */
  code: z.string().check(z.minLength(1)),
  deliveryMethod: deliveryMethodSchema,
  name: z.string(),
  address: z.string(),
  cityKladrId: cityKladrIdSchema,
  geoLat: z.number().check(z.gte(-90), z.lte(90)),
  geoLon: z.number().check(z.gte(-180), z.lte(180)),
  workTime: z.string(),
  phone: z.string(),
});
export type PickupPoint = z.infer<typeof pickupPointSchema>;
export const pickupPointListSchema = z.array(pickupPointSchema);

/** `GET /geo/district?isUrgent&cityKladrId`. */
export const districtQuerySchema = z.object({
  isUrgent: queryBoolean({ messageUI: "Признак срочности isUrgent — true или false" }),
  cityKladrId: z.optional(
    z
      .string({ error: "Код КЛАДР города укажите один раз, текстом" })
      .check(z.trim(), z.regex(CITY_KLADR_ID_PATTERN, { error: "Код КЛАДР города — это 13 или 17 цифр" })),
  ),
});
export type DistrictQuery = z.infer<typeof districtQuerySchema>;

/** A zone of the shop's own courier delivery in one of its cities. */
export const districtSchema = z.object({
  code: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  cityKladrId: cityKladrIdSchema,
  city: z.string(),
  /** Roubles. */
  price: z.number().check(z.gte(0)),
  deliveryDate: z.iso.date(),
});
export type District = z.infer<typeof districtSchema>;
export const districtListSchema = z.array(districtSchema);

export const ADDRESS_QUERY_MAX_LENGTH = 300;
export const ADDRESS_SUGGESTION_LIMIT = 10;

/** `GET /geo/address?address=`. */
export const addressSuggestQuerySchema = z.object({
  address: z
    .string({ error: (issue) => (issue.input === undefined ? "Укажите адрес для поиска" : "Адрес для поиска укажите один раз, текстом") })
    .check(
      safeText(),
      z.trim(),
      z.minLength(1, { error: "Укажите адрес для поиска" }),
      z.maxLength(ADDRESS_QUERY_MAX_LENGTH, { error: `Адрес для поиска — не длиннее ${ADDRESS_QUERY_MAX_LENGTH} символов` }),
    ),
});
export type AddressSuggestQuery = z.infer<typeof addressSuggestQuerySchema>;

export const addressSuggestionSchema = z.object({
  /** The full address as the shopper picks it. */
  value: z.string().check(z.minLength(1)),
  /** The city's KLADR id, null when the address is outside any city the shop knows. */
  cityKladrId: z.nullable(cityKladrIdSchema),
  city: z.nullable(z.string()),
  region: z.nullable(z.string()),
  postalCode: z.nullable(z.string()),
  geoLat: z.nullable(z.number().check(z.gte(-90), z.lte(90))),
  geoLon: z.nullable(z.number().check(z.gte(-180), z.lte(180))),
  /** Where it came from: a saved address of the account, a known city, a street of the shop's city (offline), or DaData. */
  source: z.enum(["saved", "city", "street", "dadata"]),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;
export const addressSuggestionListSchema = z.array(addressSuggestionSchema);
