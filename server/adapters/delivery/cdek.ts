import { ofetch } from "ofetch";
import { z } from "zod/mini";
import type { DeliveryMethod } from "../../../shared/contracts/index";
import type { DeliveryProvider, ProviderCity, ProviderPickupPoint, ProviderTariff } from "./provider";
import { roublesToKopecks } from "./provider";

/*
 * CDEK API v2, thin: an OAuth token by client credentials
 * (`POST /v2/oauth/token?grant_type=client_credentials&client_id&client_secret` → {access_token,
 * expires_in}), kept until a minute before it expires; tariffs by `POST /v2/calculator/tarifflist`
 * ({from_location, to_location, packages: [{weight}]} → {tariff_codes: [{tariff_code, tariff_name,
 * delivery_sum, period_min, period_max}]}); pickup points by `GET /v2/deliverypoints?city_code=`.
 * Switched on by CDEK_CLIENT_ID and CDEK_CLIENT_SECRET.
 */

export const CDEK_DEFAULT_BASE_URL = "https://api.cdek.ru";

/** CDEK's tariff codes the shop sells, by method: parcels from a CDEK office to an office, a parcel locker or the door. */
const TARIFF_METHODS: Readonly<Record<number, DeliveryMethod>> = {
  136: "Cdek",
  137: "Cdek",
  368: "Cdek",
  483: "CdekExpress",
  482: "CdekExpress",
};

const tokenSchema = z.object({ access_token: z.string().check(z.minLength(1)), expires_in: z.number().check(z.positive()) });

const tariffListSchema = z.object({
  tariff_codes: z._default(
    z.array(
      z.object({
        tariff_code: z.number().check(z.int()),
        tariff_name: z.string(),
        delivery_sum: z.number().check(z.gte(0)),
        period_min: z.nullish(z.number().check(z.int(), z.gte(0))),
        period_max: z.nullish(z.number().check(z.int(), z.gte(0))),
      }),
    ),
    [],
  ),
});

const deliveryPointsSchema = z.array(
  z.object({
    code: z.string(),
    name: z.nullish(z.string()),
    location: z.object({
      address: z.nullish(z.string()),
      address_full: z.nullish(z.string()),
      latitude: z.number(),
      longitude: z.number(),
    }),
    work_time: z.nullish(z.string()),
    phones: z.nullish(z.array(z.object({ number: z.string() }))),
  }),
);

export interface CdekOptions {
  clientId: string;
  clientSecret: string;
  baseUrl?: string;
  timeoutMs?: number;
  /** The clock the token's expiry is kept by; tests move it. */
  now?: () => number;
}

/** CDEK knows a city by its code; without one, by postal code and name. */
function location(city: ProviderCity): Record<string, string | number> {
  if (city.cdekId && /^\d+$/.test(city.cdekId)) return { code: Number(city.cdekId) };
  return { country_code: "RU", city: city.city, ...(city.postalCode ? { postal_code: city.postalCode } : {}) };
}

export function createCdekProvider(options: CdekOptions): DeliveryProvider {
  const now = options.now ?? Date.now;
  const client = ofetch.create({ baseURL: options.baseUrl ?? CDEK_DEFAULT_BASE_URL, timeout: options.timeoutMs ?? 8000, retry: 0 });
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > now()) return token.value;
    const answer: unknown = await client("/v2/oauth/token", {
      method: "POST",
      query: { grant_type: "client_credentials", client_id: options.clientId, client_secret: options.clientSecret },
    });
    const parsed = tokenSchema.parse(answer);
    token = { value: parsed.access_token, expiresAt: now() + Math.max(0, parsed.expires_in - 60) * 1000 };
    return token.value;
  }

  return {
    name: "cdek",
    trackingUrl: cdekTrackingUrl,
    methods: ["Cdek", "CdekExpress"],

    async tariffs({ from, to, weightGrams }): Promise<ProviderTariff[]> {
      const answer: unknown = await client("/v2/calculator/tarifflist", {
        method: "POST",
        headers: { authorization: `Bearer ${await accessToken()}` },
        body: { type: 1, currency: 1, lang: "rus", from_location: location(from), to_location: location(to), packages: [{ weight: Math.max(1, Math.round(weightGrams)) }] },
      });
      return tariffListSchema.parse(answer).tariff_codes.flatMap((tariff) => {
        const method = TARIFF_METHODS[tariff.tariff_code];
        if (!method) return [];
        return [
          {
            deliveryMethod: method,
            tariffCode: String(tariff.tariff_code),
            name: tariff.tariff_name,
            priceKopecks: roublesToKopecks(tariff.delivery_sum),
            transitDays: tariff.period_max ?? tariff.period_min ?? 0,
          },
        ];
      });
    },

    async pickupPoints(city): Promise<ProviderPickupPoint[]> {
      const query = city.cdekId ? { city_code: city.cdekId } : city.postalCode ? { postal_code: city.postalCode } : null;
      if (!query) throw new Error(`CDEK does not know the city ${city.kladrId}: no CDEK code or postal code`);
      const answer: unknown = await client("/v2/deliverypoints", { headers: { authorization: `Bearer ${await accessToken()}` }, query });
      return deliveryPointsSchema.parse(answer).map((point) => ({
        code: point.code,
        name: point.name ?? point.code,
        address: point.location.address_full ?? point.location.address ?? "",
        geoLat: point.location.latitude,
        geoLon: point.location.longitude,
        workTime: point.work_time ?? "",
        phone: point.phones?.[0]?.number ?? "",
      }));
    },
  };
}

/** СДЭК: the tracking page takes the order number (order_id). */
export function cdekTrackingUrl(number: string): string {
  return `https://www.cdek.ru/ru/tracking?order_id=${encodeURIComponent(number)}`;
}
