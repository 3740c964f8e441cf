import { describe, expect, it } from "vitest";
import { deliveryMethodValues } from "../contracts/delivery";
import type { DeliveryMethod } from "../contracts/delivery";
import { chargeableKg, deliveryDate, distanceZone, haversineKm, rateDelivery, shopToday, SHIPPING_ORIGIN } from "./delivery-rates";
import type { RateCity, RateResult } from "./delivery-rates";
import { PRESET_CITIES } from "./geo";

function preset(name: string): RateCity {
  const found = PRESET_CITIES.find((city) => city.city === name);
  if (!found) throw new Error(`No preset city ${name}`);
  return { kladrId: found.kladrId, geoLat: found.geoLat, geoLon: found.geoLon, population: found.population };
}

const krasnodar = preset("Краснодар");
const moscow = preset("Москва");
const kazan = preset("Казань");
/** Sochi: the Krasnodar region, about 170 km away. */
const sochi: RateCity = { kladrId: "2300000700000", geoLat: 43.5854551, geoLon: 39.7231548, population: 343_334 };
/** Volgograd: the South, about 670 km. */
const volgograd: RateCity = { kladrId: "3400000100000", geoLat: 48.7070042, geoLon: 44.5170339, population: 1_013_533 };
/** Vladivostok: the far end of the table. */
const vladivostok: RateCity = { kladrId: "2500000100000", geoLat: 43.1163807, geoLon: 131.8823484, population: 606_561 };

function rate(method: DeliveryMethod, city: RateCity, weightGrams = 1000, hasSelfPickup = false, tariffCode: string | null = null): RateResult {
  return rateDelivery({ method, city, weightGrams, hasSelfPickup, tariffCode });
}

function price(result: RateResult): number {
  if (!result.available) throw new Error(`Not available: ${result.messageUI}`);
  return result.priceKopecks;
}

function days(result: RateResult): number {
  if (!result.available) throw new Error(`Not available: ${result.messageUI}`);
  return result.transitDays;
}

describe("haversineKm and the zones", () => {
  it("measures great-circle distances between the city centres", () => {
    expect(haversineKm(krasnodar, krasnodar)).toBe(0);
    expect(haversineKm(SHIPPING_ORIGIN, moscow)).toBeGreaterThan(1180);
    expect(haversineKm(SHIPPING_ORIGIN, moscow)).toBeLessThan(1220);
    expect(haversineKm(moscow, SHIPPING_ORIGIN)).toBeCloseTo(haversineKm(SHIPPING_ORIGIN, moscow), 6);
  });

  it("puts cities in zones by distance from Krasnodar", () => {
    expect(distanceZone(0)).toBe(0);
    expect(distanceZone(haversineKm(SHIPPING_ORIGIN, sochi))).toBe(1);
    expect(distanceZone(haversineKm(SHIPPING_ORIGIN, volgograd))).toBe(2);
    expect(distanceZone(haversineKm(SHIPPING_ORIGIN, moscow))).toBe(3);
    expect(distanceZone(haversineKm(SHIPPING_ORIGIN, vladivostok))).toBe(5);
  });

  it("charges whole kilograms, at least one", () => {
    expect(chargeableKg(1)).toBe(1);
    expect(chargeableKg(1000)).toBe(1);
    expect(chargeableKg(1001)).toBe(2);
  });
});

describe("rateDelivery", () => {
  it("offers self-pickup free, only where the shop has counters", () => {
    expect(rate("SelfPickup", krasnodar, 5000, true)).toEqual({ available: true, priceKopecks: 0, transitDays: 0, tariffCode: null });
    expect(rate("SelfPickup", kazan, 5000, false)).toMatchObject({ available: false, reason: "city" });
  });

  it("sends the shop's courier only in Krasnodar and Moscow, by district", () => {
    expect(price(rate("Courier", krasnodar))).toBe(30_000);
    expect(price(rate("Courier", moscow))).toBe(50_000);
    expect(rate("Courier", kazan)).toMatchObject({ available: false, reason: "city" });
    expect(price(rate("Courier", krasnodar, 1000, false, "krd-suburbs"))).toBe(60_000);
    expect(rate("Courier", krasnodar, 1000, false, "msk-ttk")).toMatchObject({ available: false, reason: "tariff" });
    // 5 kg are in the city rate; the 6th adds a step.
    expect(price(rate("Courier", krasnodar, 6000))).toBe(32_000);
  });

  it("takes the bus only to the Krasnodar region and the South", () => {
    expect(rate("BusStation", sochi).available).toBe(true);
    expect(rate("BusStation", volgograd).available).toBe(true);
    expect(rate("BusStation", krasnodar).available).toBe(false);
    expect(rate("BusStation", moscow).available).toBe(false);
  });

  it("has Yandex Delivery only in big cities and the shop's cities, same day where the shop is", () => {
    expect(days(rate("YandexDostavka", krasnodar))).toBe(0);
    expect(days(rate("YandexDostavka", moscow))).toBe(0);
    expect(rate("YandexDostavka", kazan).available).toBe(true);
    expect(rate("YandexDostavka", sochi).available).toBe(false);
  });

  it("delivers by every provider everywhere, dearer with weight and distance", () => {
    for (const method of ["Cdek", "CdekExpress", "Boxberry", "Dpd", "DpdExpress"] as const) {
      expect(price(rate(method, sochi, 3000))).toBeGreaterThan(price(rate(method, sochi, 1000)));
      expect(price(rate(method, moscow))).toBeGreaterThan(price(rate(method, sochi)));
      expect(price(rate(method, vladivostok))).toBeGreaterThan(price(rate(method, moscow)));
      expect(days(rate(method, vladivostok))).toBeGreaterThanOrEqual(days(rate(method, sochi)));
    }
  });

  it("makes the express variants faster and dearer", () => {
    for (const city of [sochi, moscow, vladivostok]) {
      expect(price(rate("CdekExpress", city))).toBeGreaterThan(price(rate("Cdek", city)));
      expect(days(rate("CdekExpress", city))).toBeLessThanOrEqual(days(rate("Cdek", city)));
      expect(price(rate("DpdExpress", city))).toBeGreaterThan(price(rate("Dpd", city)));
      expect(days(rate("DpdExpress", city))).toBeLessThanOrEqual(days(rate("Dpd", city)));
    }
    expect(days(rate("CdekExpress", vladivostok))).toBeLessThan(days(rate("Cdek", vladivostok)));
  });

  it("refuses what is too heavy and tariffs the method does not have", () => {
    expect(rate("Boxberry", moscow, 15_001)).toMatchObject({ available: false, reason: "weight" });
    expect(rate("Cdek", moscow, 1000, false, "999")).toMatchObject({ available: false, reason: "tariff" });
    const door = rate("Cdek", moscow, 1000, false, "137");
    expect(door).toMatchObject({ available: true, tariffCode: "137" });
    expect(price(door)).toBeGreaterThan(price(rate("Cdek", moscow)));
  });

  it("gives every method a Russian reason when it is not offered", () => {
    for (const method of deliveryMethodValues) {
      const result = rate(method, vladivostok, 60_000);
      if (!result.available) expect(result.messageUI).toMatch(/[А-Яа-я]/);
    }
  });
});

describe("dates", () => {
  it("takes today in the shop's time zone (UTC+3)", () => {
    expect(shopToday(new Date("2026-03-04T20:59:00Z")).toISOString().slice(0, 10)).toBe("2026-03-04");
    expect(shopToday(new Date("2026-03-04T21:00:00Z")).toISOString().slice(0, 10)).toBe("2026-03-05");
  });

  it("adds production and transit days on the production calendar", () => {
    // Wednesday 4 March 2026, noon in Krasnodar (before the cut-off): 2 + 2 working days, Monday 9 March off (8 March was a Sunday) → Wednesday 11 March.
    expect(deliveryDate(new Date("2026-03-04T09:00:00Z"), 2, 2)).toBe("2026-03-11");
    expect(deliveryDate(new Date("2026-03-04T09:00:00Z"), 0, 0)).toBe("2026-03-04");
    // After the cut-off (15:00 in Moscow) production starts on Thursday.
    expect(deliveryDate(new Date("2026-03-04T12:00:00Z"), 0, 0)).toBe("2026-03-05");
    // Before the New Year holidays: ready on 30 December, the parcel travels from 11 January.
    expect(deliveryDate(new Date("2026-12-29T09:00:00Z"), 1, 1)).toBe("2027-01-11");
  });
});
