import { DELIVERY_METHOD_LABELS } from "../contracts/delivery";
import type { DeliveryMethod } from "../contracts/delivery";
import { shopDay } from "./dates";
import { addWorkingDays, readyDate } from "./production-calendar";
import { DEFAULT_CITY_KLADR_ID, PRESET_CITIES } from "./geo";

/*
 * The shop's own delivery price table: what every method costs and takes when no provider's API
 * is configured (and when one fails). Pure, so the storefront can show the same figures.
 *
 * Parcels leave from Krasnodar; the providers' price depends on the distance zone of the
 * destination (great-circle distance between the city centres) and on the weight, rounded up to
 * whole kilograms: the base price covers the first kilogram, each further one adds the step.
 * The shop's own courier and counters work in its cities (Krasnodar, Moscow), where it prints.
 * Documented in server/docs/geography-and-delivery.md, "Delivery".
 */

/** The mean Earth radius (IUGG), km. */
const EARTH_RADIUS_KM = 6371.0088;

export interface GeoPoint {
  geoLat: number;
  geoLon: number;
}

/** Great-circle distance between two points, km (haversine). */
export function haversineKm(from: GeoPoint, to: GeoPoint): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(to.geoLat - from.geoLat);
  const dLon = rad(to.geoLon - from.geoLon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(from.geoLat)) * Math.cos(rad(to.geoLat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

const krasnodar = PRESET_CITIES.find((preset) => preset.kladrId === DEFAULT_CITY_KLADR_ID);
if (!krasnodar) throw new Error("The preset cities must include Krasnodar");

/** Where parcels are sent from. */
export const SHIPPING_ORIGIN: GeoPoint & { kladrId: string; city: string } = {
  kladrId: krasnodar.kladrId,
  city: krasnodar.city,
  geoLat: krasnodar.geoLat,
  geoLon: krasnodar.geoLon,
};

/** The cities where the shop prints and has its own courier: Krasnodar and Moscow. */
export const SHOP_CITY_KLADR_IDS: readonly string[] = [DEFAULT_CITY_KLADR_ID, "7700000000000"];

/** A city of at least this many people is "big": Yandex Delivery's same-day courier works there. */
export const BIG_CITY_POPULATION = 1_000_000;

/**
 * Distance zones from Krasnodar, by the upper bound in km: 0 the city itself, 1 the Krasnodar
 * region and Adygea, 2 the South (Rostov, Stavropol, Volgograd, Crimea), 3 central Russia and the
 * Volga, 4 the Urals and the north, 5 Siberia and the Far East.
 */
export const ZONE_LIMITS_KM: readonly number[] = [50, 300, 1000, 2000, 4000, Number.POSITIVE_INFINITY];
export type Zone = 0 | 1 | 2 | 3 | 4 | 5;

export function distanceZone(distanceKm: number): Zone {
  const index = ZONE_LIMITS_KM.findIndex((limit) => distanceKm <= limit);
  return (index < 0 ? 5 : index) as Zone;
}

/** Per zone 0…5: roubles for the first kg, roubles per further kg, working days on the way (null: not served). */
export interface ZoneRate {
  base: readonly (number | null)[];
  perKg: readonly number[];
  days: readonly number[];
}

/**
 * One tariff of a method (CDEK tariff code, DPD service code …); the first is the method's usual
 * one. Every code an adapter in server/adapters/delivery answers with is here too.
 */
export interface TableTariff {
  code: string;
  name: string;
  /** Roubles added for this tariff (door delivery costs more than a pickup point). */
  surcharge: number;
  /** Brought to the door: such a tariff has no pickup points. */
  door: boolean;
}

export interface MethodRate {
  zones: ZoneRate | null;
  maxWeightGrams: number | null;
  tariffs: readonly TableTariff[];
}

const CDEK_TARIFFS: readonly TableTariff[] = [
  { code: "136", name: "Посылка склад-склад", surcharge: 0, door: false },
  { code: "137", name: "Посылка склад-дверь", surcharge: 150, door: true },
  { code: "368", name: "Посылка склад-постамат", surcharge: 0, door: false },
];

/** The provider methods' table (roubles). Courier, SelfPickup and YandexDostavka have rules of their own below. */
export const DELIVERY_RATE_TABLE: Readonly<Record<Exclude<DeliveryMethod, "Courier" | "SelfPickup">, MethodRate>> = {
  BusStation: {
    zones: { base: [null, 350, 550, null, null, null], perKg: [0, 20, 30, 0, 0, 0], days: [0, 1, 2, 0, 0, 0] },
    maxWeightGrams: 50_000,
    tariffs: [],
  },
  Cdek: {
    zones: { base: [250, 320, 420, 520, 680, 900], perKg: [30, 40, 60, 80, 120, 180], days: [1, 2, 3, 4, 6, 9] },
    maxWeightGrams: 30_000,
    tariffs: CDEK_TARIFFS,
  },
  CdekExpress: {
    zones: { base: [400, 520, 700, 900, 1200, 1600], perKg: [50, 70, 100, 140, 200, 300], days: [1, 1, 2, 2, 3, 5] },
    maxWeightGrams: 30_000,
    tariffs: [
      { code: "483", name: "Экспресс склад-склад", surcharge: 0, door: false },
      { code: "482", name: "Экспресс склад-дверь", surcharge: 200, door: true },
    ],
  },
  Boxberry: {
    zones: { base: [220, 290, 390, 490, 640, 850], perKg: [25, 35, 55, 75, 110, 170], days: [2, 3, 4, 5, 7, 10] },
    maxWeightGrams: 15_000,
    tariffs: [
      { code: "pvz", name: "До пункта выдачи", surcharge: 0, door: false },
      { code: "courier", name: "Курьером до двери", surcharge: 180, door: true },
    ],
  },
  Dpd: {
    zones: { base: [280, 350, 460, 560, 720, 950], perKg: [35, 45, 65, 85, 125, 190], days: [1, 2, 3, 4, 6, 9] },
    maxWeightGrams: 30_000,
    tariffs: [
      { code: "PCL", name: "DPD Optimum", surcharge: 0, door: false },
      { code: "ECN", name: "DPD Economy", surcharge: 0, door: false },
    ],
  },
  DpdExpress: {
    zones: { base: [450, 580, 760, 980, 1300, 1700], perKg: [55, 75, 110, 150, 210, 320], days: [1, 1, 2, 2, 3, 5] },
    maxWeightGrams: 30_000,
    tariffs: [
      { code: "NDY", name: "DPD Express", surcharge: 0, door: false },
      { code: "CSM", name: "DPD Online Express", surcharge: 0, door: false },
    ],
  },
  YandexDostavka: {
    zones: { base: [450, 700, 900, 1100, 1400, 1800], perKg: [30, 40, 60, 80, 110, 150], days: [0, 1, 2, 2, 3, 4] },
    maxWeightGrams: 20_000,
    tariffs: [{ code: "time_interval", name: "Курьер в интервал", surcharge: 0, door: true }],
  },
};

/** The shop's courier in its own cities: a city rate for up to 5 kg, then a step per kg; next working day. */
/** A zone of the shop's courier (GET /geo/district); its code is the Courier's tariffCode, its surcharge is added to the city rate. */
export type CourierDistrict = TableTariff;

export interface CourierCityRate {
  base: number;
  includedKg: number;
  perKg: number;
  days: number;
  maxWeightGrams: number;
  districts: readonly CourierDistrict[];
}

export const COURIER_RATES: Readonly<Record<string, CourierCityRate>> = {
  [DEFAULT_CITY_KLADR_ID]: {
    base: 300,
    includedKg: 5,
    perKg: 20,
    days: 1,
    maxWeightGrams: 50_000,
    districts: [
      { code: "krd-center", name: "Центральный округ", surcharge: 0, door: true },
      { code: "krd-west", name: "Западный округ", surcharge: 0, door: true },
      { code: "krd-karasun", name: "Карасунский округ", surcharge: 100, door: true },
      { code: "krd-prikuban", name: "Прикубанский округ", surcharge: 100, door: true },
      { code: "krd-suburbs", name: "Пригород (до 15 км от города)", surcharge: 300, door: true },
    ],
  },
  "7700000000000": {
    base: 500,
    includedKg: 5,
    perKg: 30,
    days: 1,
    maxWeightGrams: 50_000,
    districts: [
      { code: "msk-garden-ring", name: "В пределах Садового кольца", surcharge: 0, door: true },
      { code: "msk-ttk", name: "В пределах ТТК", surcharge: 100, door: true },
      { code: "msk-mkad", name: "В пределах МКАД", surcharge: 200, door: true },
      { code: "msk-outside", name: "За МКАД до 10 км", surcharge: 500, door: true },
    ],
  },
};

/** The city as the table sees it. */
export interface RateCity extends GeoPoint {
  kladrId: string;
  population: number | null;
}

export interface RateInput {
  method: DeliveryMethod;
  city: RateCity;
  weightGrams: number;
  /** The shop has self-pickup counters in this city. */
  hasSelfPickup: boolean;
  /** A tariff (or, for Courier, district) code; null or absent takes the usual one. */
  tariffCode?: string | null;
}

export type RateResult =
  | { available: true; priceKopecks: number; transitDays: number; tariffCode: string | null }
  | { available: false; reason: "city" | "weight" | "tariff"; messageUI: string };

/** Whole kilograms, rounded up; at least one. */
export function chargeableKg(weightGrams: number): number {
  return Math.max(1, Math.ceil(weightGrams / 1000));
}

const roublesToKopecks = (roubles: number) => Math.round(roubles * 100);

function noTariff(method: DeliveryMethod, code: string): RateResult {
  return { available: false, reason: "tariff", messageUI: `Тариф «${code}» не подходит для способа доставки «${DELIVERY_METHOD_LABELS[method]}»` };
}

function tooHeavy(maxWeightGrams: number): RateResult {
  return { available: false, reason: "weight", messageUI: `Этим способом можно отправить не больше ${maxWeightGrams / 1000} кг` };
}

const notHere: RateResult = { available: false, reason: "city", messageUI: "Этот способ доставки недоступен в выбранном городе" };

/** A table tariff by code; null and absent give the usual (first) one, or none when the method has none. */
function pickTariff(tariffs: readonly TableTariff[], code: string | null | undefined): TableTariff | null | undefined {
  if (code === null || code === undefined) return tariffs[0] ?? null;
  return tariffs.find((tariff) => tariff.code === code);
}

/** The table's price and days of one method to one city, or why it is not offered. */
export function rateDelivery(input: RateInput): RateResult {
  const { method, city, weightGrams } = input;
  if (method === "SelfPickup") {
    if (!input.hasSelfPickup) return notHere;
    if (input.tariffCode) return noTariff(method, input.tariffCode);
    return { available: true, priceKopecks: 0, transitDays: 0, tariffCode: null };
  }
  if (method === "Courier") {
    const rate = COURIER_RATES[city.kladrId];
    if (!rate) return notHere;
    if (weightGrams > rate.maxWeightGrams) return tooHeavy(rate.maxWeightGrams);
    const district = pickTariff(rate.districts, input.tariffCode);
    if (district === undefined) return noTariff(method, input.tariffCode ?? "");
    const extraKg = Math.max(0, chargeableKg(weightGrams) - rate.includedKg);
    const roubles = rate.base + extraKg * rate.perKg + (district?.surcharge ?? 0);
    return { available: true, priceKopecks: roublesToKopecks(roubles), transitDays: rate.days, tariffCode: district?.code ?? null };
  }
  const rate = DELIVERY_RATE_TABLE[method];
  if (method === "YandexDostavka" && !SHOP_CITY_KLADR_IDS.includes(city.kladrId) && (city.population ?? 0) < BIG_CITY_POPULATION) {
    return notHere;
  }
  const zone = distanceZone(haversineKm(SHIPPING_ORIGIN, city));
  const zones = rate.zones;
  const base = zones?.base[zone] ?? null;
  if (zones === null || base === null) return notHere;
  if (rate.maxWeightGrams !== null && weightGrams > rate.maxWeightGrams) return tooHeavy(rate.maxWeightGrams);
  const tariff = pickTariff(rate.tariffs, input.tariffCode);
  if (tariff === undefined) return noTariff(method, input.tariffCode ?? "");
  const roubles = base + (chargeableKg(weightGrams) - 1) * (zones.perKg[zone] ?? 0) + (tariff?.surcharge ?? 0);
  // The shop's own Moscow site sends Yandex couriers there the same day, as in Krasnodar.
  const days = method === "YandexDostavka" && SHOP_CITY_KLADR_IDS.includes(city.kladrId) ? 0 : (zones.days[zone] ?? 0);
  return { available: true, priceKopecks: roublesToKopecks(roubles), transitDays: days, tariffCode: tariff?.code ?? null };
}

/* ---------------------------------------------------------------------------------------------
 * Dates. The shop works on the Russian production calendar on its own clock, Moscow time
 * (`production-calendar.ts`, `dates.ts`): production takes working days from the day the order is
 * taken (today before the cut-off hour, otherwise the next working day); the parcel leaves the day it
 * is ready and travels working days.
 */

/** Production working days assumed when the caller does not say (GET /geo/delivery, /geo/district): usual and urgent. */
export const DEFAULT_PRODUCTION_DAYS = 3;
export const URGENT_PRODUCTION_DAYS = 1;

export function defaultProductionDays(isUrgent: boolean): number {
  return isUrgent ? URGENT_PRODUCTION_DAYS : DEFAULT_PRODUCTION_DAYS;
}

/** Today's date on the shop's clock, as a UTC midnight. */
export function shopToday(now: Date): Date {
  return new Date(`${shopDay(now)}T00:00:00Z`);
}

/** YYYY-MM-DD: the ready date of an order placed at `now` (production-calendar.ts) + transit working days. */
export function deliveryDate(now: Date, productionDays: number, transitDays: number): string {
  return addWorkingDays(readyDate(now, productionDays), transitDays);
}
