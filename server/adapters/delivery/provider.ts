import type { DeliveryMethod } from "../../../shared/contracts/index";

/*
 * What every delivery provider's adapter answers (CDEK, Boxberry, DPD, Yandex Delivery). An adapter
 * is a thin HTTP client switched on by its env keys; it throws on any failure (network, status,
 * an answer not in the documented shape) and the quote service then falls back to the shop's table.
 */

/** A city with the ids the providers know it by (spec §3: the preset cities carry all four). */
export interface ProviderCity {
  kladrId: string;
  city: string;
  region: string;
  postalCode: string | null;
  geoLat: number;
  geoLon: number;
  cdekId: string | null;
  boxberryId: string | null;
  dpdId: string | null;
  taxiId: string | null;
}

/** One of the provider's tariffs to the city, with the method of spec §3 it belongs to. */
export interface ProviderTariff {
  deliveryMethod: DeliveryMethod;
  tariffCode: string;
  name: string;
  priceKopecks: number;
  /** Working days on the way, the provider's upper estimate. */
  transitDays: number;
}

/** A pickup point of the provider in the city. */
export interface ProviderPickupPoint {
  code: string;
  name: string;
  address: string;
  geoLat: number;
  geoLon: number;
  workTime: string;
  phone: string;
}

export interface TariffRequest {
  from: ProviderCity;
  to: ProviderCity;
  weightGrams: number;
}

export interface DeliveryProvider {
  /** For logs: «cdek», «boxberry», «dpd», «yandex». */
  readonly name: string;
  /** The methods of spec §3 this provider prices (CDEK: Cdek and CdekExpress). */
  readonly methods: readonly DeliveryMethod[];
  /** The carrier's public tracking page of a parcel (issue 30: the letter «передан в доставку» and the order page link to it). */
  trackingUrl(number: string): string;
  /** Every tariff of the provider's methods from one city to another for a parcel of that weight; [] when it does not go there. */
  tariffs(request: TariffRequest): Promise<ProviderTariff[]>;
  /** The provider's pickup points in the city; [] when it has none there. */
  pickupPoints(city: ProviderCity): Promise<ProviderPickupPoint[]>;
}

/** Roubles (as the providers answer, possibly fractional) → kopecks. */
export function roublesToKopecks(roubles: number): number {
  return Math.round(roubles * 100);
}

/** Grams → kilograms, at least 0.1 kg (the providers refuse a zero weight). */
export function gramsToKg(weightGrams: number): number {
  return Math.max(0.1, Math.round(weightGrams / 100) / 10);
}
