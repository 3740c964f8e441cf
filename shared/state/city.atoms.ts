import type { CityByKladrId } from "../contracts/index";
import { DEFAULT_CITY_KLADR_ID, PRESET_CITIES } from "../domain/geo";
import { keyedResource } from "./resource";

/*
 * The shopper's city by its KLADR id (spec §3 City, §8): looked up once per store, shared by every
 * city picker on the page. The five preset cities are constants of shared/domain, so they need no
 * request; an unknown city or a failed lookup shows Krasnodar.
 */

/** What the storefront shows and tells about a city. */
export interface CityChoice {
  kladrId: string;
  city: string;
  region: string;
}

/** Spec §8: the city shown when the shopper has none, or one the shop cannot resolve. */
export const DEFAULT_CITY: CityChoice = { kladrId: DEFAULT_CITY_KLADR_ID, city: "Краснодар", region: "Краснодарский край" };

/** The five preset cities of spec §3, in the picker's order. */
export const PRESET_CITY_CHOICES: readonly CityChoice[] = PRESET_CITIES.map(toChoice);

function toChoice(city: CityChoice): CityChoice {
  return { kladrId: city.kladrId, city: city.city, region: city.region };
}

/** The API's answer for a KLADR id as the city to show: `{}` (unknown) is Krasnodar. */
export function cityOrDefault(answer: CityByKladrId): CityChoice {
  const { kladrId, city, region } = answer as Partial<CityChoice>;
  return kladrId && city ? { kladrId, city, region: region ?? "" } : DEFAULT_CITY;
}

/** The cities by KLADR id: a preset one without a request, another asked once per store (a failed lookup is asked again). */
export const citiesByKladrId = keyedResource<string, CityChoice>({
  key: (kladrId) => kladrId,
  fetch: async (api, kladrId) => PRESET_CITY_CHOICES.find((city) => city.kladrId === kladrId) ?? cityOrDefault(await api.getCityByKladrId(kladrId)),
});

/** The cities whose name matches a search (the pickers' lists), by the search's text. */
export const citySearches = keyedResource<string, CityChoice[]>({
  key: (search) => search,
  fetch: async (api, search) => (await api.getCities(search)).map(toChoice),
});

