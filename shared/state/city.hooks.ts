import { DEFAULT_CITY, PRESET_CITY_CHOICES, citiesByKladrId } from "./city.atoms";
import type { CityChoice } from "./city.atoms";
import { useKeyedResource } from "./resource.hooks";
import { useAccount } from "./session.hooks";

/**
 * The shopper's city: the account's `selectedCityId` resolved to a name. Nobody signed in, no city
 * chosen, an unknown city or a failed lookup: Krasnodar (spec §8). `city` is null while the
 * account or the lookup is still loading.
 */
export function useCurrentCity(): { city: CityChoice | null } {
  const account = useAccount();
  const kladrId = account.profile?.selectedCityId ?? null;
  const preset = PRESET_CITY_CHOICES.find((city) => city.kladrId === kladrId);
  const { resource: known } = useKeyedResource(citiesByKladrId, kladrId && !preset ? kladrId : null);

  if (!account.loaded) return { city: null };
  if (!kladrId) return { city: DEFAULT_CITY };
  if (preset) return { city: preset };
  if (!known || known.status === "loading") return { city: null };
  return { city: known.status === "ready" ? known.data : DEFAULT_CITY };
}

/** A city's name by its KLADR id: a preset one at once, another looked up (null until it is found; '' asks nothing). */
export function useCityName(kladrId: string): string | null {
  const preset = PRESET_CITY_CHOICES.find((city) => city.kladrId === kladrId);
  const { resource: found } = useKeyedResource(citiesByKladrId, preset || kladrId === "" ? null : kladrId);
  if (preset) return preset.city;
  return found?.status === "ready" ? found.data.city : null;
}
