import type { AddressSuggestion, Balance, DeliveryOptions, District, PickupPoint, PickupProvider } from "../contracts/index";
import { keyedResource, storeResource } from "./resource";

/*
 * What the cart's delivery and payment forms look up (spec §3, §5, §7 "Geography and delivery"):
 * the methods of a city for the cart's weight and time, courier districts, pickup points, the
 * shop's own counters, address suggestions and the account's balance. Each is a resource of
 * resource.ts, cached per store by its question, so reopening the form or a second delivery in the
 * same city asks nothing again; the cities themselves are city.atoms.ts'.
 */

/** The methods available in a city for the cart's weight and production time, with price and date. */
export interface DeliveryOptionsQuestion {
  cityKladrId: string;
  isUrgent: boolean;
  productionTimeDay: number;
  /** 0: unknown (not sent). */
  weightGrams: number;
}

export const deliveryOptions = keyedResource<DeliveryOptionsQuestion, DeliveryOptions>({
  key: ({ cityKladrId, isUrgent, productionTimeDay, weightGrams }) => `${cityKladrId}:${weightGrams}:${productionTimeDay}:${isUrgent}`,
  fetch: (api, { cityKladrId, isUrgent, productionTimeDay, weightGrams }) =>
    api.getDeliveryOptions(cityKladrId, { isUrgent, productionTimeDay, ...(weightGrams > 0 ? { weightGrams } : {}) }),
});

/** The shop's courier districts in a city. */
export const courierDistricts = keyedResource<{ cityKladrId: string; isUrgent: boolean }, District[]>({
  key: ({ cityKladrId, isUrgent }) => `${cityKladrId}:${isUrgent}`,
  fetch: (api, question) => api.getDistricts(question),
});

/** The pickup points of a provider in a city; the tariff narrows a carrier's points (not the shop's own). */
export interface PickupPointsQuestion {
  cityKladrId: string;
  provider: PickupProvider;
  tariffCode: string | null;
}

const carrierTariff = ({ provider, tariffCode }: PickupPointsQuestion): string | null => (provider === "SelfPickup" ? null : tariffCode);

export const cityPickupPoints = keyedResource<PickupPointsQuestion, PickupPoint[]>({
  key: (question) => `${question.cityKladrId}:${question.provider}:${carrierTariff(question) ?? ""}`,
  fetch: (api, question) => {
    const tariffCode = carrierTariff(question);
    return api.getPickupPoints(question.cityKladrId, { deliveryProvider: question.provider, ...(tariffCode ? { tariffCode } : {}) });
  },
});

/** The shop's own pickup counters. */
export const selfPickupCounters = storeResource((api) => api.getSelfPickupPoints());

/** Suggestions for an address being typed, by its text. */
export const addressSuggestions = keyedResource<string, AddressSuggestion[]>({
  key: (address) => address,
  fetch: (api, address) => api.suggestAddresses(address),
});

/**
 * The account's internal balance (the personal profile's, or a company's), asked again for each
 * version of the cart: a change of the cart may come with a payment from the balance.
 */
export const balances = keyedResource<{ companyId: number | null; cartVersion: number }, Balance>({
  key: ({ companyId, cartVersion }) => `${companyId ?? "personal"}:${cartVersion}`,
  fetch: (api, { companyId }) => api.getBalance(companyId ?? undefined),
});
