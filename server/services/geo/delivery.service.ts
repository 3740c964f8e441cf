import { and, asc, desc, eq } from "drizzle-orm";
import {
  ADDRESS_SUGGESTION_LIMIT,
  DEFAULT_QUOTE_WEIGHT_GRAMS,
  DELIVERY_METHOD_LABELS,
  DELIVERY_METHOD_TYPES,
} from "../../../shared/contracts/index";
import type {
  AddressSuggestion,
  CityDetails,
  DeliveryMethod,
  DeliveryOptions,
  DeliveryOptionsQuery,
  District,
  DistrictQuery,
  PickupPoint,
  PickupProvider,
  PvzQuery,
} from "../../../shared/contracts/index";
import { COURIER_RATES, DELIVERY_RATE_TABLE, deliveryDate, defaultProductionDays, rateDelivery } from "../../../shared/domain/delivery-rates";
import type { AddressSuggester } from "../../adapters/dadata-address";
import type { DeliveryProvider, ProviderPickupPoint } from "../../adapters/delivery/provider";
import { citySearchText } from "../../db/city-search";
import type { Database } from "../../db/client";
import { address } from "../../db/accounts.schema";
import { city, selfPickupPoint } from "../../db/geo.schema";
import { kopecksToRoubles } from "../catalog/catalog.mapper";
import { findKnownCity, toProviderCity } from "./delivery-quote.service";
import { offlineStreetSuggestions } from "./offline-streets";
import type { DeliveryQuoteService } from "./delivery-quote.service";
import type { GeoService } from "./geo.service";
import { ShopError } from "../shop-error";

/*
 * The geography-and-delivery answers of spec §7: the methods to a city with price and date
 * (/geo/delivery), pickup points (/geo/pvz), the shop's courier districts (/geo/district) and
 * address suggestions (/geo/address). Prices come from the quote service; points from the
 * configured provider or, offline, from demo points laid out around the city's centre.
 */

export interface DeliveryService {
  options(cityKladrId: string, query: DeliveryOptionsQuery): Promise<DeliveryOptions>;
  pickupPoints(kladrId: string, query: PvzQuery): Promise<PickupPoint[]>;
  districts(query: DistrictQuery): Promise<District[]>;
  /** `accountId`: whose saved addresses to look through; null without a session. */
  suggestAddresses(text: string, accountId: number | null): Promise<AddressSuggestion[]>;
}

export interface DeliveryServiceOptions {
  now?: () => Date;
  providers?: readonly DeliveryProvider[];
  addressSuggester?: AddressSuggester | null;
  onProviderError?: (provider: string, error: unknown) => void;
}

/* ---------------------------------------------------------------------------------------------
 * Demo pickup points: the same city always gets the same points, within ~5 km of its centre.
 */

type DemoProvider = "Cdek" | "Boxberry" | "Dpd";

const DEMO_PROVIDERS: Readonly<Record<DemoProvider, { prefix: string; brand: string; workTime: string }>> = {
  Cdek: { prefix: "CDEK", brand: "СДЭК", workTime: "Пн–Пт 10:00–20:00, Сб–Вс 10:00–16:00" },
  Boxberry: { prefix: "BXB", brand: "Boxberry", workTime: "Ежедневно 10:00–21:00" },
  Dpd: { prefix: "DPD", brand: "DPD", workTime: "Пн–Пт 9:00–20:00, Сб 10:00–16:00" },
};

const DEMO_STREETS = ["ул. Ленина", "ул. Советская", "ул. Мира", "ул. Гагарина", "ул. Пушкина", "ул. Садовая", "ул. Победы", "ул. Московская", "ул. Красная", "ул. Школьная"];

/** FNV-1a, 32 bits: a stable seed from text. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** mulberry32: a small deterministic generator of numbers in [0, 1). */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** More points in bigger cities. */
function demoPointCount(population: number | null): number {
  if ((population ?? 0) >= 1_000_000) return 6;
  if ((population ?? 0) >= 300_000) return 4;
  return 2;
}

export function demoPickupPoints(provider: DemoProvider, target: CityDetails, method: DeliveryMethod): PickupPoint[] {
  const { prefix, brand, workTime } = DEMO_PROVIDERS[provider];
  const random = seededRandom(hashText(`${provider}:${target.kladrId}`));
  return Array.from({ length: demoPointCount(target.population) }, (_, index) => {
    const street = DEMO_STREETS[Math.floor(random() * DEMO_STREETS.length)] ?? "ул. Ленина";
    const house = 1 + Math.floor(random() * 150);
    const round = (value: number) => Math.round(value * 1e6) / 1e6;
    return {
      code: `${prefix}-${target.kladrId}-${index + 1}`,
      deliveryMethod: method,
      name: `${brand} — пункт выдачи №${index + 1}`,
      address: `г. ${target.city}, ${street}, ${house}`,
      cityKladrId: target.kladrId,
      geoLat: round(Math.max(-90, Math.min(90, target.geoLat + (random() - 0.5) * 0.09))),
      geoLon: round(Math.max(-180, Math.min(180, target.geoLon + (random() - 0.5) * 0.13))),
      workTime,
      phone: "",
    };
  });
}

const providerOfMethod: Readonly<Partial<Record<PickupProvider, DemoProvider>>> = {
  Cdek: "Cdek",
  CdekExpress: "Cdek",
  Boxberry: "Boxberry",
  Dpd: "Dpd",
  DpdExpress: "Dpd",
};

function unknownTariff(method: DeliveryMethod, code: string): ShopError {
  return new ShopError({
    statusCode: 400,
    code: "DELIVERY_TARIFF_UNKNOWN",
    messageUI: `Тариф «${code}» не подходит для способа доставки «${DELIVERY_METHOD_LABELS[method]}»`,
    message: `No tariff ${code} for ${method}`,
  });
}

/**
 * The table's tariff a /geo/pvz query names (the adapters answer with the same codes): undefined
 * when it names none; a code the table does not know is the caller's mistake. A door tariff has no
 * pickup points.
 */
function tableTariff(method: PickupProvider, tariffCode: string | undefined): { door: boolean } | undefined {
  if (tariffCode === undefined || tariffCode === "") return undefined;
  const known = method === "SelfPickup" || method === "BusStation" ? undefined : DELIVERY_RATE_TABLE[method].tariffs.find((tariff) => tariff.code === tariffCode);
  if (!known) throw unknownTariff(method, tariffCode);
  return known;
}

function fromProviderPoint(point: ProviderPickupPoint, target: CityDetails, method: DeliveryMethod): PickupPoint {
  return { ...point, deliveryMethod: method, cityKladrId: target.kladrId };
}

/** «ул. Красная 1» and «красная, 1» alike: lower case, ё as е, words only. */
function searchWords(text: string): string[] {
  return citySearchText(text)
    .split(/[^0-9a-zа-я]+/u)
    .filter((word) => word !== "");
}

export function createDeliveryService(
  db: Database,
  geo: GeoService,
  quotes: DeliveryQuoteService,
  options: DeliveryServiceOptions = {},
): DeliveryService {
  const now = options.now ?? (() => new Date());
  const providers = options.providers ?? [];

  const findCity = (kladrId: string) => findKnownCity(geo, kladrId);

  async function selfPickupPoints(target: CityDetails): Promise<PickupPoint[]> {
    const rows = await db
      .select()
      .from(selfPickupPoint)
      .where(and(eq(selfPickupPoint.cityKladrId, target.kladrId), eq(selfPickupPoint.active, true)))
      .orderBy(asc(selfPickupPoint.createdAt), asc(selfPickupPoint.id));
    return rows.map((row) => ({
      code: String(row.id),
      deliveryMethod: "SelfPickup" as const,
      name: row.name,
      address: row.address,
      cityKladrId: row.cityKladrId,
      geoLat: row.geoLat ?? target.geoLat,
      geoLon: row.geoLon ?? target.geoLon,
      workTime: row.operatingMode,
      phone: row.phone,
    }));
  }

  function busStation(target: CityDetails): PickupPoint[] {
    const offered = rateDelivery({ method: "BusStation", city: target, weightGrams: DEFAULT_QUOTE_WEIGHT_GRAMS, hasSelfPickup: false });
    if (!offered.available) return [];
    return [
      {
        code: `BUS-${target.kladrId}`,
        deliveryMethod: "BusStation",
        name: `Автовокзал г. ${target.city}`,
        address: `г. ${target.city}, автовокзал, багажное отделение`,
        cityKladrId: target.kladrId,
        geoLat: target.geoLat,
        geoLon: target.geoLon,
        workTime: "Ежедневно 6:00–22:00",
        phone: "",
      },
    ];
  }

  /** Saved addresses of the account whose text has every word of the query. */
  async function savedAddresses(words: string[], accountId: number): Promise<AddressSuggestion[]> {
    const rows = await db
      .select({ address: address.address, cityKladrId: address.cityKladrId, city: city.city, region: city.region, postalCode: city.postalCode })
      .from(address)
      .leftJoin(city, eq(city.kladrId, address.cityKladrId))
      .where(eq(address.accountId, accountId))
      .orderBy(desc(address.createdAt), desc(address.id));
    return rows
      .filter((row) => {
        const text = citySearchText(`${row.city ?? ""} ${row.address}`);
        return words.every((word) => text.includes(word));
      })
      .map((row) => ({
        value: row.city && !citySearchText(row.address).includes(citySearchText(row.city)) ? `г. ${row.city}, ${row.address}` : row.address,
        cityKladrId: /^\d{13}$/.test(row.cityKladrId) ? row.cityKladrId : null,
        city: row.city,
        region: row.region,
        postalCode: row.postalCode,
        geoLat: null,
        geoLon: null,
        source: "saved" as const,
      }));
  }

  /** Known cities named by the text before its first comma; the rest of the text follows the city. */
  async function knownCities(text: string): Promise<AddressSuggestion[]> {
    const [head = "", ...rest] = text.split(",");
    const cityName = head.replace(/^\s*(г\.?|город)\s+/iu, "").trim();
    if (cityName.length < 2) return [];
    const tail = rest.join(",").trim();
    const cities = await geo.searchCities(cityName);
    return cities.slice(0, 5).map((found) => ({
      value: tail ? `г. ${found.city}, ${tail}` : `г. ${found.city}`,
      cityKladrId: found.kladrId,
      city: found.city,
      region: found.region,
      postalCode: null,
      geoLat: found.geoLat,
      geoLon: found.geoLon,
      source: "city" as const,
    }));
  }

  return {
    async options(cityKladrId, query) {
      const target = await findCity(cityKladrId);
      const isUrgent = query.isUrgent ?? false;
      const weightGrams = query.weightGrams ?? DEFAULT_QUOTE_WEIGHT_GRAMS;
      const productionTimeDay = query.productionTimeDay ?? defaultProductionDays(isUrgent);
      const quoted = await quotes.methods({ cityKladrId: target.kladrId, weightGrams, isUrgent, productionTimeDay });
      return {
        cityKladrId: target.kladrId,
        city: target.city,
        isUrgent,
        weightGrams,
        options: quoted.map((quote) => ({
          deliveryMethod: quote.deliveryMethod,
          name: DELIVERY_METHOD_LABELS[quote.deliveryMethod],
          deliveryTypes: [...DELIVERY_METHOD_TYPES[quote.deliveryMethod]],
          tariffCode: quote.tariffCode,
          price: kopecksToRoubles(quote.priceKopecks),
          deliveryDate: quote.deliveryDate,
          source: quote.source,
        })),
      };
    },

    async pickupPoints(kladrId, query) {
      const target = await findCity(kladrId);
      const method = query.deliveryProvider;
      const provider = providers.find((candidate) => candidate.methods.includes(method));
      if (tableTariff(method, query.tariffCode)?.door) return [];
      if (method === "SelfPickup") return selfPickupPoints(target);
      if (method === "BusStation") return busStation(target);
      if (provider) {
        try {
          const points = await provider.pickupPoints(toProviderCity(target));
          return points.map((point) => fromProviderPoint(point, target, method));
        } catch (error) {
          options.onProviderError?.(provider.name, error);
        }
      }
      const demo = providerOfMethod[method];
      return demo ? demoPickupPoints(demo, target, method) : [];
    },

    async districts(query) {
      const isUrgent = query.isUrgent ?? false;
      const wanted = query.cityKladrId === undefined ? null : await findCity(query.cityKladrId);
      const productionDays = defaultProductionDays(isUrgent);
      const result: District[] = [];
      for (const [kladrId, rate] of Object.entries(COURIER_RATES)) {
        if (wanted !== null && wanted.kladrId !== kladrId) continue;
        const shopCity = wanted ?? (await findCity(kladrId));
        for (const district of rate.districts) {
          const rated = rateDelivery({ method: "Courier", city: shopCity, weightGrams: DEFAULT_QUOTE_WEIGHT_GRAMS, hasSelfPickup: false, tariffCode: district.code });
          if (!rated.available) continue;
          result.push({
            code: district.code,
            name: district.name,
            cityKladrId: shopCity.kladrId,
            city: shopCity.city,
            price: kopecksToRoubles(rated.priceKopecks),
            deliveryDate: deliveryDate(now(), productionDays, rated.transitDays),
          });
        }
      }
      return result;
    },

    async suggestAddresses(text, accountId) {
      if (options.addressSuggester) {
        try {
          return await options.addressSuggester.suggest(text, ADDRESS_SUGGESTION_LIMIT);
        } catch (error) {
          options.onProviderError?.("dadata", error);
        }
      }
      const words = searchWords(text);
      if (words.length === 0) return [];
      const saved = accountId === null ? [] : await savedAddresses(words, accountId);
      const cities = await knownCities(text);
      const streets = offlineStreetSuggestions(text, ADDRESS_SUGGESTION_LIMIT);
      return [...saved, ...cities, ...streets].slice(0, ADDRESS_SUGGESTION_LIMIT);
    },
  };
}

