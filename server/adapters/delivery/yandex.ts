import { ofetch } from "ofetch";
import { z } from "zod/mini";
import type { DeliveryProvider, ProviderCity, ProviderPickupPoint, ProviderTariff } from "./provider";
import { roublesToKopecks } from "./provider";

/*
 * Yandex Delivery, thin: `POST /api/b2b/platform/pricing-calculator` with `Authorization: Bearer
 * <token>` ({source, destination: {address}, tariff: "time_interval", total_weight (g),
 * total_assessed_price, client_price, payment_method, places} → {pricing_total: "250.50 RUB",
 * delivery_days}). Only the courier to the door is sold (YandexDostavka), so there are no pickup
 * points. Switched on by YANDEX_DELIVERY_TOKEN.
 */

export const YANDEX_DELIVERY_DEFAULT_BASE_URL = "https://b2b-authproxy.taxi.yandex.net";

const pricingSchema = z.object({
  pricing_total: z.string().check(z.regex(/^\d+(\.\d+)?\s+RUB$/)),
  delivery_days: z.nullish(z.number().check(z.int(), z.gte(0))),
});

export interface YandexDeliveryOptions {
  token: string;
  baseUrl?: string;
  timeoutMs?: number;
}

const addressOf = (city: ProviderCity) => (city.region && city.region !== city.city ? `${city.region}, ${city.city}` : city.city);

export function createYandexDeliveryProvider(options: YandexDeliveryOptions): DeliveryProvider {
  const client = ofetch.create({
    baseURL: options.baseUrl ?? YANDEX_DELIVERY_DEFAULT_BASE_URL,
    timeout: options.timeoutMs ?? 8000,
    retry: 0,
    headers: { authorization: `Bearer ${options.token}`, "accept-language": "ru" },
  });
  return {
    name: "yandex",
    trackingUrl: yandexTrackingUrl,
    methods: ["YandexDostavka"],

    async tariffs({ from, to, weightGrams }): Promise<ProviderTariff[]> {
      const weight = Math.max(1, Math.round(weightGrams));
      const answer: unknown = await client("/api/b2b/platform/pricing-calculator", {
        method: "POST",
        body: {
          source: { address: addressOf(from) },
          destination: { address: addressOf(to) },
          tariff: "time_interval",
          total_weight: weight,
          total_assessed_price: 0,
          client_price: 0,
          payment_method: "already_paid",
          places: [{ physical_dims: { weight_gross: weight, dx: 30, dy: 20, dz: 10 } }],
        },
      });
      const pricing = pricingSchema.parse(answer);
      return [
        {
          deliveryMethod: "YandexDostavka",
          tariffCode: "time_interval",
          name: "Курьер в интервал",
          priceKopecks: roublesToKopecks(Number.parseFloat(pricing.pricing_total)),
          transitDays: pricing.delivery_days ?? 1,
        },
      ];
    },

    async pickupPoints(): Promise<ProviderPickupPoint[]> {
      return [];
    },
  };
}

/** Yandex Delivery: the route page of the claim. */
export function yandexTrackingUrl(number: string): string {
  return `https://dostavka.yandex.ru/route/${encodeURIComponent(number)}`;
}
