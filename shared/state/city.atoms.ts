import { atom } from "jotai/vanilla";
import type { CityByKladrId } from "../contracts/index";
import { DEFAULT_CITY_KLADR_ID, PRESET_CITIES } from "../domain/geo";
import { isApiError } from "../http/index";
import { requireApi } from "./api.atoms";
import type { Resource } from "./resource";

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

export const citiesByKladrIdAtom = atom<Record<string, Resource<CityChoice>>>({});

/** Looks the city up unless it is a preset or already known (a failed lookup is asked again). */
export const loadCityByKladrIdAtom = atom(null, async (get, set, kladrId: string) => {
  const known = get(citiesByKladrIdAtom)[kladrId];
  if ((known && known.status !== "error") || PRESET_CITY_CHOICES.some((city) => city.kladrId === kladrId)) return;
  const put = (resource: Resource<CityChoice>) => set(citiesByKladrIdAtom, (cities) => ({ ...cities, [kladrId]: resource }));
  put({ status: "loading" });
  try {
    put({ status: "ready", data: cityOrDefault(await requireApi(get).getCityByKladrId(kladrId)) });
  } catch (error) {
    if (!isApiError(error)) throw error;
    put({ status: "error", messageUI: error.messageUI, httpStatus: error.status });
  }
});

/** The cities whose name matches `search` (the picker's list); rejects with an ApiError. */
export const searchCitiesAtom = atom(null, async (get, _set, search: string): Promise<CityChoice[]> => {
  const cities = await requireApi(get).getCities(search);
  return cities.map(toChoice);
});
