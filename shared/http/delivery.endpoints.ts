import { contract } from "./lazy-contracts";
import type { AddressSuggestion, DeliveryOptions, District, PickupPoint, PickupProvider } from "../contracts/index";
import type { ApiRequest } from "./request";

/** Spec §7 "Geography and delivery": delivery methods, pickup points, courier districts, address suggestions. */
export interface DeliveryEndpoints {
  /** The methods available in the city (its KLADR id) with price and date; the soonest first when urgent. */
  getDeliveryOptions(
    cityKladrId: string,
    query?: { isUrgent?: boolean; weightGrams?: number; productionTimeDay?: number },
  ): Promise<DeliveryOptions>;
  /** The pickup points of a provider (or the shop's own, SelfPickup) in the city. */
  getPickupPoints(kladrId: string, query: { deliveryProvider: PickupProvider; tariffCode?: string }): Promise<PickupPoint[]>;
  /** The shop's courier districts with price and date; one city's when `cityKladrId` is given. */
  getDistricts(query?: { isUrgent?: boolean; cityKladrId?: string }): Promise<District[]>;
  /** Suggestions for an address being typed. */
  suggestAddresses(address: string): Promise<AddressSuggestion[]>;
}

/** Drops the unset fields: spec §7 sends no empty filters. */
function defined(query: Record<string, string | number | boolean | undefined>): Record<string, string | number | boolean> {
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined));
}

export function deliveryEndpoints(request: ApiRequest): DeliveryEndpoints {
  return {
    getDeliveryOptions: (cityKladrId, query = {}) =>
      request(`/geo/delivery/${encodeURIComponent(cityKladrId)}`, contract("deliveryOptionsSchema"), { query: defined({ ...query }) }),
    getPickupPoints: (kladrId, query) => request(`/geo/pvz/${encodeURIComponent(kladrId)}`, contract("pickupPointListSchema"), { query: defined({ ...query }) }),
    getDistricts: (query = {}) => request("/geo/district", contract("districtListSchema"), { query: defined({ ...query }) }),
    suggestAddresses: (address) => request("/geo/address", contract("addressSuggestionListSchema"), { query: { address } }),
  };
}
