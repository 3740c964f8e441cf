import { useAtomValue, useSetAtom } from "jotai/react";
import { useEffect } from "react";
import { citiesByKladrIdAtom, DEFAULT_CITY, loadCityByKladrIdAtom, PRESET_CITY_CHOICES } from "./city.atoms";
import type { CityChoice } from "./city.atoms";
import { useAccount } from "./session.hooks";

/**
 * The shopper's city: the account's `selectedCityId` resolved to a name. Nobody signed in, no city
 * chosen, an unknown city or a failed lookup: Krasnodar (spec §8). `city` is null while the
 * account or the lookup is still loading.
 */
export function useCurrentCity(): { city: CityChoice | null } {
  const account = useAccount();
  const cities = useAtomValue(citiesByKladrIdAtom);
  const load = useSetAtom(loadCityByKladrIdAtom);
  const kladrId = account.profile?.selectedCityId ?? null;
  useEffect(() => {
    if (kladrId) void load(kladrId);
  }, [kladrId, load]);

  if (!account.loaded) return { city: null };
  if (!kladrId) return { city: DEFAULT_CITY };
  const preset = PRESET_CITY_CHOICES.find((city) => city.kladrId === kladrId);
  if (preset) return { city: preset };
  const known = cities[kladrId];
  if (!known || known.status === "loading") return { city: null };
  return { city: known.status === "ready" ? known.data : DEFAULT_CITY };
}
