import { ofetch } from "ofetch";
import { z } from "zod/mini";
import type { DeliveryProvider, ProviderCity, ProviderPickupPoint, ProviderTariff } from "./provider";
import { roublesToKopecks } from "./provider";

/*
 * Boxberry's JSON API, thin: `GET json.php?token=…&method=ListPoints&CityCode=…&prepaid=1` (the
 * city's points: [{Code, Name, Address, Phone, WorkShedule, GPS: "lat,lon"}]) and
 * `method=DeliveryCosts&weight=<g>&target=<point>` or `&zip=<postcode>` for the courier
 * ({price, delivery_period}). Boxberry reports errors with status 200 as {err} or [{err}].
 * Switched on by BOXBERRY_TOKEN. The parcel is priced to the city's first point: Boxberry's price
 * is the same for every point of a city.
 */

export const BOXBERRY_DEFAULT_BASE_URL = "https://api.boxberry.ru/json.php";

const errorSchema = z.union([z.object({ err: z.string() }), z.array(z.object({ err: z.string() })).check(z.minLength(1))]);

const pointsSchema = z.array(
  z.object({
    Code: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
    Name: z.nullish(z.string()),
    Address: z.nullish(z.string()),
    Phone: z.nullish(z.string()),
    WorkShedule: z.nullish(z.string()),
    GPS: z.string().check(z.regex(/^-?\d+(\.\d+)?,\s*-?\d+(\.\d+)?$/)),
  }),
);

const costSchema = z.object({
  price: z.pipe(z.pipe(z.union([z.number(), z.string()]), z.transform(Number)), z.number().check(z.gte(0))),
  delivery_period: z.pipe(z.pipe(z.union([z.number(), z.string()]), z.transform(Number)), z.number().check(z.int(), z.gte(0))),
});

export interface BoxberryOptions {
  token: string;
  baseUrl?: string;
  timeoutMs?: number;
}

/** Boxberry's answer, or the error it reported. */
class BoxberryError extends Error {
  override readonly name = "BoxberryError";
}

export function createBoxberryProvider(options: BoxberryOptions): DeliveryProvider {
  const baseUrl = options.baseUrl ?? BOXBERRY_DEFAULT_BASE_URL;
  const timeout = options.timeoutMs ?? 8000;

  async function call(method: string, params: Record<string, string | number>): Promise<unknown> {
    const answer: unknown = await ofetch(baseUrl, { query: { token: options.token, method, ...params }, timeout, retry: 0, responseType: "json" });
    const failed = errorSchema.safeParse(answer);
    if (failed.success) throw new BoxberryError(`Boxberry ${method}: ${Array.isArray(failed.data) ? failed.data[0]?.err : failed.data.err}`);
    return answer;
  }

  async function points(city: ProviderCity) {
    if (!city.boxberryId) throw new BoxberryError(`Boxberry does not know the city ${city.kladrId}: no Boxberry city code`);
    return pointsSchema.parse(await call("ListPoints", { CityCode: city.boxberryId, prepaid: 1 }));
  }

  return {
    name: "boxberry",
    trackingUrl: boxberryTrackingUrl,
    methods: ["Boxberry"],

    async tariffs({ to, weightGrams }): Promise<ProviderTariff[]> {
      const cityPoints = await points(to);
      const first = cityPoints[0];
      if (!first) return [];
      const weight = Math.max(1, Math.round(weightGrams));
      const pvz = costSchema.parse(await call("DeliveryCosts", { weight, target: first.Code, ordersum: 0, deliverysum: 0, paysum: 0 }));
      const result: ProviderTariff[] = [
        { deliveryMethod: "Boxberry", tariffCode: "pvz", name: "До пункта выдачи", priceKopecks: roublesToKopecks(pvz.price), transitDays: pvz.delivery_period },
      ];
      if (to.postalCode) {
        // Not every postcode has Boxberry's courier: its refusal only leaves the door tariff out.
        const courier = await call("DeliveryCosts", { weight, zip: to.postalCode, ordersum: 0, deliverysum: 0, paysum: 0 }).catch((error: unknown) => {
          if (error instanceof BoxberryError) return null;
          throw error;
        });
        if (courier !== null) {
          const cost = costSchema.parse(courier);
          result.push({ deliveryMethod: "Boxberry", tariffCode: "courier", name: "Курьером до двери", priceKopecks: roublesToKopecks(cost.price), transitDays: cost.delivery_period });
        }
      }
      return result;
    },

    async pickupPoints(city): Promise<ProviderPickupPoint[]> {
      return (await points(city)).map((point) => {
        const [lat = 0, lon = 0] = point.GPS.split(",").map((part) => Number(part.trim()));
        return {
          code: point.Code,
          name: point.Name ?? `Boxberry ${point.Code}`,
          address: point.Address ?? "",
          geoLat: lat,
          geoLon: lon,
          workTime: point.WorkShedule ?? "",
          phone: point.Phone ?? "",
        };
      });
    },
  };
}

/** Boxberry: the public tracking page takes the parcel id. */
export function boxberryTrackingUrl(number: string): string {
  return `https://boxberry.ru/tracking-page?id=${encodeURIComponent(number)}`;
}
