import { and, count, eq } from "drizzle-orm";
import { DELIVERY_METHOD_LABELS, deliveryMethodValues } from "../../../shared/contracts/index";
import type { CityByKladrId, CityDetails, DeliveryMethod } from "../../../shared/contracts/index";
import { deliveryDate, rateDelivery, SHIPPING_ORIGIN } from "../../../shared/domain/delivery-rates";
import type { DeliveryProvider, ProviderCity, ProviderTariff } from "../../adapters/delivery/provider";
import type { Database } from "../../db/client";
import { selfPickupPoint } from "../../db/geo.schema";
import type { GeoService } from "./geo.service";
import { ShopError } from "../shop-error";

/*
 * Prices and dates of delivery (used by /geo/delivery and by the cart's deliveries). Each method is
 * priced by its provider's API when one is configured, otherwise (and whenever the provider fails)
 * by the shop's table in shared/domain/delivery-rates.ts.
 */

export interface DeliveryQuoteInput {
  cityKladrId: string;
  deliveryMethod: DeliveryMethod;
  weightGrams: number;
  isUrgent: boolean;
  /** Working days of production before the parcel leaves. */
  productionTimeDay: number;
  tariffCode?: string | null;
  pickupPointCode?: string | null;
}

export interface DeliveryQuote {
  deliveryMethod: DeliveryMethod;
  tariffCode: string | null;
  priceKopecks: number;
  /** YYYY-MM-DD. */
  deliveryDate: string;
  /** The shop's table, or the provider's API. */
  source: "table" | "provider";
}

export interface DeliveryMethodsInput {
  cityKladrId: string;
  weightGrams: number;
  isUrgent: boolean;
  productionTimeDay: number;
}

export interface DeliveryQuoteService {
  /** One method's price and date; ShopError 400 when the method is not available in that city, 404 for an unknown city. */
  quote(input: DeliveryQuoteInput): Promise<DeliveryQuote>;
  /** Every method available in the city: the cheapest first, or the soonest first when `isUrgent`. */
  methods(input: DeliveryMethodsInput): Promise<DeliveryQuote[]>;
}

export interface DeliveryQuoteOptions {
  /** The clock the dates count from; tests fix it. */
  now?: () => Date;
  /** The configured providers' adapters; none offline. */
  providers?: readonly DeliveryProvider[];
  /** Told when a provider fails and the table answers instead. */
  onProviderError?: (provider: string, error: unknown) => void;
}

export function cityNotFound(kladrId: string): ShopError {
  return new ShopError({ statusCode: 404, code: "CITY_NOT_FOUND", messageUI: "Такого города нет в справочнике.", message: `No city ${kladrId}` });
}

/** The city, not the `{}` of an unknown one. */
export function isKnownCity(found: CityByKladrId): found is CityDetails {
  return "kladrId" in found;
}

/** The city's details with the fields a provider needs. */
/** The city of a KLADR id, or 404 for one the shop does not know. */
export async function findKnownCity(geo: GeoService, kladrId: string): Promise<CityDetails> {
  const found = await geo.getCityByKladrId(kladrId);
  if (!isKnownCity(found)) throw cityNotFound(kladrId);
  return found;
}

export function toProviderCity(details: CityDetails): ProviderCity {
  return {
    kladrId: details.kladrId,
    city: details.city,
    region: details.region,
    postalCode: details.postalCode,
    geoLat: details.geoLat,
    geoLon: details.geoLon,
    cdekId: details.cdekId,
    boxberryId: details.boxberryId,
    dpdId: details.dpdId,
    taxiId: details.taxiId,
  };
}

type Priced = { available: true; quote: DeliveryQuote } | { available: false; messageUI: string; reason: "city" | "weight" | "tariff" };

/** The soonest first, then the cheapest (urgent); or the cheapest first, then the soonest. */
function compareQuotes(isUrgent: boolean) {
  return (a: DeliveryQuote, b: DeliveryQuote): number => {
    const byDate = a.deliveryDate.localeCompare(b.deliveryDate);
    const byPrice = a.priceKopecks - b.priceKopecks;
    const first = isUrgent ? byDate : byPrice;
    const second = isUrgent ? byPrice : byDate;
    return first || second || deliveryMethodValues.indexOf(a.deliveryMethod) - deliveryMethodValues.indexOf(b.deliveryMethod);
  };
}

export function createDeliveryQuoteService(db: Database, geo: GeoService, options: DeliveryQuoteOptions = {}): DeliveryQuoteService {
  const now = options.now ?? (() => new Date());
  const providers = options.providers ?? [];

  const findCity = (kladrId: string) => findKnownCity(geo, kladrId);

  async function hasSelfPickup(kladrId: string): Promise<boolean> {
    const [row] = await db.select({ total: count() }).from(selfPickupPoint).where(and(eq(selfPickupPoint.cityKladrId, kladrId), eq(selfPickupPoint.active, true)));
    return (row?.total ?? 0) > 0;
  }

  /** A self-pickup delivery names one of the shop's counters in that city by its id. */
  async function checkSelfPickupPoint(code: string, city: CityDetails): Promise<void> {
    const id = /^\d{1,9}$/.test(code) ? Number(code) : 0;
    const [row] = id > 0 ? await db.select({ cityKladrId: selfPickupPoint.cityKladrId }).from(selfPickupPoint).where(and(eq(selfPickupPoint.id, id), eq(selfPickupPoint.active, true))).limit(1) : [];
    if (row?.cityKladrId !== city.kladrId) {
      throw new ShopError({
        statusCode: 400,
        code: "SELF_PICKUP_POINT_UNKNOWN",
        messageUI: `Пункт самовывоза не найден в городе ${city.city}: выберите пункт из списка`,
        message: `No self-pickup point ${code} in ${city.kladrId}`,
      });
    }
  }

  /** The provider's tariffs to the city, or null when it failed (the table answers then). */
  async function providerTariffs(provider: DeliveryProvider, to: CityDetails, weightGrams: number): Promise<ProviderTariff[] | null> {
    const from = await geo.getCityByKladrId(SHIPPING_ORIGIN.kladrId);
    if (!isKnownCity(from)) return null;
    try {
      return await provider.tariffs({ from: toProviderCity(from), to: toProviderCity(to), weightGrams });
    } catch (error) {
      options.onProviderError?.(provider.name, error);
      return null;
    }
  }

  function fromProvider(
    method: DeliveryMethod,
    tariffs: ProviderTariff[],
    input: { tariffCode?: string | null | undefined; isUrgent: boolean; productionTimeDay: number },
  ): Priced {
    const own = tariffs.filter((tariff) => tariff.deliveryMethod === method);
    if (own.length === 0) return { available: false, reason: "city", messageUI: `${DELIVERY_METHOD_LABELS[method]} не доставляет в этот город` };
    const chosen = input.tariffCode
      ? own.find((tariff) => tariff.tariffCode === input.tariffCode)
      : [...own].sort((a, b) => (input.isUrgent ? a.transitDays - b.transitDays || a.priceKopecks - b.priceKopecks : a.priceKopecks - b.priceKopecks || a.transitDays - b.transitDays))[0];
    if (!chosen) {
      return { available: false, reason: "tariff", messageUI: `Тариф «${input.tariffCode ?? ""}» не подходит для способа доставки «${DELIVERY_METHOD_LABELS[method]}»` };
    }
    return {
      available: true,
      quote: {
        deliveryMethod: method,
        tariffCode: chosen.tariffCode,
        priceKopecks: chosen.priceKopecks,
        deliveryDate: deliveryDate(now(), input.productionTimeDay, chosen.transitDays),
        source: "provider",
      },
    };
  }

  async function price(
    method: DeliveryMethod,
    city: CityDetails,
    input: { weightGrams: number; isUrgent: boolean; productionTimeDay: number; tariffCode?: string | null | undefined },
    selfPickup: boolean,
    tariffsOf: (provider: DeliveryProvider) => Promise<ProviderTariff[] | null>,
  ): Promise<Priced> {
    const provider = providers.find((candidate) => candidate.methods.includes(method));
    if (provider) {
      const tariffs = await tariffsOf(provider);
      if (tariffs !== null) return fromProvider(method, tariffs, input);
    }
    const rated = rateDelivery({ method, city, weightGrams: input.weightGrams, hasSelfPickup: selfPickup, tariffCode: input.tariffCode ?? null });
    if (!rated.available) return rated;
    return {
      available: true,
      quote: {
        deliveryMethod: method,
        tariffCode: rated.tariffCode,
        priceKopecks: rated.priceKopecks,
        deliveryDate: deliveryDate(now(), input.productionTimeDay, rated.transitDays),
        source: "table",
      },
    };
  }

  /** Each provider is asked once per request, however many of its methods are priced. */
  function memoTariffs(city: CityDetails, weightGrams: number) {
    const asked = new Map<DeliveryProvider, Promise<ProviderTariff[] | null>>();
    return (provider: DeliveryProvider) => {
      let answer = asked.get(provider);
      if (!answer) {
        answer = providerTariffs(provider, city, weightGrams);
        asked.set(provider, answer);
      }
      return answer;
    };
  }

  return {
    async quote(input) {
      const city = await findCity(input.cityKladrId);
      const selfPickup = input.deliveryMethod === "SelfPickup" && (await hasSelfPickup(city.kladrId));
      if (selfPickup && input.pickupPointCode) await checkSelfPickupPoint(input.pickupPointCode, city);
      const priced = await price(input.deliveryMethod, city, input, selfPickup, memoTariffs(city, input.weightGrams));
      if (!priced.available) {
        const messageUI =
          priced.reason === "city" ? `Способ доставки «${DELIVERY_METHOD_LABELS[input.deliveryMethod]}» недоступен в городе ${city.city}` : priced.messageUI;
        throw new ShopError({
          statusCode: 400,
          code: priced.reason === "tariff" ? "DELIVERY_TARIFF_UNKNOWN" : "DELIVERY_METHOD_UNAVAILABLE",
          messageUI,
          message: `${input.deliveryMethod} is not available to ${city.kladrId} (${priced.reason})`,
        });
      }
      return priced.quote;
    },

    async methods(input) {
      const city = await findCity(input.cityKladrId);
      const selfPickup = await hasSelfPickup(city.kladrId);
      const tariffsOf = memoTariffs(city, input.weightGrams);
      const priced = await Promise.all(deliveryMethodValues.map((method) => price(method, city, input, selfPickup, tariffsOf)));
      return priced
        .flatMap((item) => (item.available ? [item.quote] : []))
        .sort(compareQuotes(input.isUrgent));
    },
  };
}
