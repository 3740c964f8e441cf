/* The delivery's city: its name, and the field that picks another. */

import { useId, useState } from "react";
import { CITY_SEARCH_DEBOUNCE_MS, DEFAULT_CITY_KLADR_ID, PRESET_CITIES } from "../../shared/domain/index";
import { citiesByKladrId, citySearches, useDebounced, useKeyedResource } from "../../shared/state/index";

const KRASNODAR = PRESET_CITIES.find((city) => city.kladrId === DEFAULT_CITY_KLADR_ID)?.city ?? "Краснодар";

/** The city's name: a preset one at once, another asked for; an unknown one shows Krasnodar (spec §8). */
export function useCityName(kladrId: string): string | null {
  const preset = PRESET_CITIES.find((city) => city.kladrId === kladrId);
  const looked = useKeyedResource(citiesByKladrId, preset ? null : kladrId).resource;
  if (preset) return preset.city;
  if (looked?.status === "ready") return looked.data.city;
  if (looked?.status === "error") return KRASNODAR;
  return null;
}

/** The delivery city: the current one and a search (spec §5: debounced 400 ms, an empty query clears the results). */
export function CityField({ kladrId, onChange }: { kladrId: string; onChange: (kladrId: string) => void }) {
  const name = useCityName(kladrId);
  const [search, setSearch] = useState("");
  const query = useDebounced(search.trim(), CITY_SEARCH_DEBOUNCE_MS);
  const cities = useKeyedResource(citySearches, search.trim() && query ? query : null).resource;
  const inputId = useId();
  const listId = useId();
  return (
    <fieldset className="ottisk-cart__fieldset">
      <legend>Город доставки</legend>
      <p className="ottisk-cart__city" data-testid="delivery-city">
        {name ?? "…"}
      </p>
      <label htmlFor={inputId}>Другой город</label>
      <input
        id={inputId}
        type="search"
        name="city-search"
        autoComplete="off"
        placeholder="Начните вводить название"
        aria-controls={listId}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <ul id={listId} className="ottisk-cart__city-list" aria-label="Найденные города">
        {search.trim() && cities?.status === "ready"
          ? cities.data.map((city) => (
              <li key={city.kladrId}>
                <button
                  type="button"
                  className="ottisk-menu-item ottisk-cart__city-option"
                  onClick={() => {
                    onChange(city.kladrId);
                    setSearch("");
                  }}
                >
                  {city.city}
                  <span className="ottisk-cart__muted">, {city.region}</span>
                </button>
              </li>
            ))
          : null}
        {search.trim() && cities?.status === "ready" && cities.data.length === 0 ? <li className="ottisk-cart__muted">Такого города не нашли</li> : null}
      </ul>
    </fieldset>
  );
}
