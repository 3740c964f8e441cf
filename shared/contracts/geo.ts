import { z } from "zod/mini";
import { entityIdSchema } from "./catalog";
import { safeText } from "./input";
import { parseNumberText, preprocess, queryEnum, queryInt } from "./query";

/*
 * Geography and delivery (spec §3 "City", §7 "Geography and delivery"). Cities are known by their
 * KLADR id: 13 digits for a city, 17 for a street-level code.
 */

/** At most this many cities answer one search (the city picker's list). */
export const CITY_SEARCH_LIMIT = 20;
/** Longer search text is a mistake or an attack: no Russian city name comes close. */
export const CITY_SEARCH_MAX_LENGTH = 100;
/** Spec §7, §9: the storefront asks for the first 100 self-pickup points. */
export { SELF_PICKUP_DEFAULT_LIMIT } from "./wire";
export const SELF_PICKUP_MAX_LIMIT = 100;

/** The KLADR ids the geography endpoints take: 13 digits (a city) or 17 (a street, read as its city). */
export const CITY_KLADR_ID_PATTERN = /^\d{13}(\d{4})?$/;
export const cityKladrIdSchema = z.string().check(z.regex(CITY_KLADR_ID_PATTERN));

/** A city as the storefront keeps it (spec §3 City): the picker's list and the shopper's city. */
export const citySchema = z.object({
  kladrId: cityKladrIdSchema,
  city: z.string().check(z.minLength(1)),
  /** «Краснодарский край», «Республика Татарстан», «Москва». */
  region: z.string(),
  geoLat: z.number().check(z.gte(-90), z.lte(90)),
  geoLon: z.number().check(z.gte(-180), z.lte(180)),
});
export type City = z.infer<typeof citySchema>;

export const cityListSchema = z.array(citySchema);

/** A city with everything the shop knows of it, the delivery providers' ids included (null: not known). */
export const cityDetailsSchema = z.extend(citySchema, {
  /** The data set's abbreviation: «край», «обл», «Респ», «г». */
  regionType: z.string(),
  postalCode: z.nullable(z.string()),
  /** «UTC+3». */
  timezone: z.nullable(z.string()),
  population: z.nullable(z.number().check(z.int(), z.gte(0))),
  /** One of the five preset cities of spec §3. */
  preset: z.boolean(),
  boxberryId: z.nullable(z.string()),
  cdekId: z.nullable(z.string()),
  dpdId: z.nullable(z.string()),
  taxiId: z.nullable(z.string()),
});
export type CityDetails = z.infer<typeof cityDetailsSchema>;

/** The answer for a city the shop does not know: no kladrId, so the storefront shows Krasnodar (spec §7, §8). */
export const unknownCitySchema = z.strictObject({});
export type UnknownCity = z.infer<typeof unknownCitySchema>;

/** `GET /geo/city`: `search` is matched against city names, start of the name first; empty lists the preset cities first. */
export const citySearchQuerySchema = z.object({
  search: z.optional(
    z
      .string({ error: "Строку поиска города укажите один раз, текстом" })
      .check(safeText(), z.maxLength(CITY_SEARCH_MAX_LENGTH, { error: `Название города для поиска — не длиннее ${CITY_SEARCH_MAX_LENGTH} символов` })),
  ),
});
export type CitySearchQuery = z.infer<typeof citySearchQuerySchema>;

/** `GET /geo/city-by-kladrId`. */
export const cityByKladrIdQuerySchema = z.object({
  kladrId: z
    .string({ error: (issue) => (issue.input === undefined ? "Укажите код КЛАДР города" : "Код КЛАДР города укажите один раз, текстом") })
    .check(z.trim(), z.regex(CITY_KLADR_ID_PATTERN, { error: "Код КЛАДР города — это 13 или 17 цифр" })),
});
export type CityByKladrIdQuery = z.infer<typeof cityByKladrIdQuerySchema>;

/** The city, or `{}` when the shop does not know it. */
export const cityByKladrIdSchema = z.union([cityDetailsSchema, unknownCitySchema]);
export type CityByKladrId = z.infer<typeof cityByKladrIdSchema>;

/** `word` names the coordinate, `accusative` is its form after «Укажите»: «широту». */
function coordinate(name: string, word: string, accusative: string, limit: number) {
  const messageUI = `${word} (${name}) — число от -${limit} до ${limit}`;
  return preprocess(
    parseNumberText,
    z
      .number({ error: (issue) => (issue.input === undefined ? `Укажите ${accusative} (${name})` : messageUI) })
      .check(z.gte(-limit, { error: messageUI }), z.lte(limit, { error: messageUI })),
  );
}

/** `GET /geo/address-by-coords`: a point in decimal degrees (WGS 84), as the browser's geolocation gives it. */
export const addressByCoordsQuerySchema = z.object({
  lat: coordinate("lat", "Широта", "широту", 90),
  lon: coordinate("lon", "Долгота", "долготу", 180),
});
export type AddressByCoordsQuery = z.infer<typeof addressByCoordsQuerySchema>;

/** The known city nearest to the point, with the straight-line distance to its centre. */
export const nearestCitySchema = z.extend(citySchema, {
  distanceKm: z.number().check(z.gte(0)),
});
export type NearestCity = z.infer<typeof nearestCitySchema>;

/** The nearest city, or `{}` when no known city is near enough (the storefront then shows Krasnodar). */
export const addressByCoordsSchema = z.union([nearestCitySchema, unknownCitySchema]);
export type AddressByCoords = z.infer<typeof addressByCoordsSchema>;

/** One of the shop's own pick-up counters. */
export const selfPickupPointSchema = z.object({
  id: entityIdSchema,
  name: z.string().check(z.minLength(1)),
  address: z.string().check(z.minLength(1)),
  cityKladrId: cityKladrIdSchema,
  /** As the footer shows it: «Пн–Пт 9:00–20:00, Сб 10:00–17:00». */
  operatingMode: z.string(),
  geoLat: z.nullable(z.number().check(z.gte(-90), z.lte(90))),
  geoLon: z.nullable(z.number().check(z.gte(-180), z.lte(180))),
  phone: z.string(),
  createdAt: z.iso.datetime(),
});
export type SelfPickupPoint = z.infer<typeof selfPickupPointSchema>;

export const selfPickupOrderValues = ["createdAt", "id"] as const;
export type SelfPickupOrder = (typeof selfPickupOrderValues)[number];
export const sortDirectionValues = ["asc", "desc"] as const;
export type SortDirection = (typeof sortDirectionValues)[number];

/** `GET /delivery/self-pickup` (spec §7: offset 0, limit 100, order createdAt, direction asc). */
export const selfPickupQuerySchema = z.object({
  offset: queryInt({ min: 0, max: 1_000_000, messageUI: "Начало списка пунктов самовывоза укажите целым числом не меньше нуля" }),
  limit: queryInt({
    min: 1,
    max: SELF_PICKUP_MAX_LIMIT,
    messageUI: `В списке может быть от 1 до ${SELF_PICKUP_MAX_LIMIT} пунктов самовывоза`,
  }),
  order: queryEnum(selfPickupOrderValues, "Пункты самовывоза сортируются только по createdAt или id"),
  direction: queryEnum(sortDirectionValues, "Направление сортировки — asc или desc"),
});
export type SelfPickupQuery = z.infer<typeof selfPickupQuerySchema>;

export const selfPickupPageSchema = z.object({
  items: z.array(selfPickupPointSchema),
  total: z.number().check(z.int(), z.gte(0)),
  offset: z.number().check(z.int(), z.gte(0)),
  limit: z.number().check(z.int(), z.positive()),
});
export type SelfPickupPage = z.infer<typeof selfPickupPageSchema>;
