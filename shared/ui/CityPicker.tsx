import { useSetAtom } from "jotai/react";
import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import type { KeyboardEvent } from "react";
import { CITY_SEARCH_DEBOUNCE_MS, CITY_SELECT_DELAY_MS } from "../domain/constants";
import { citySearches, PRESET_CITY_CHOICES, selectCityAtom, useCurrentCity, useDebounced, useKeyedResource, useShowFailure } from "../state/index";
import type { CityChoice } from "../state/index";
import { Dialog } from "./Dialog";
import { ErrorNote } from "./ErrorNote";

export type { CityChoice } from "../state/index";

export interface CityPickerProps {
  /** The server accepted the city and the account was reloaded. */
  onChange?: ((city: CityChoice) => void) | undefined;
}

/**
 * The city button of the header and the «Выберите город» dialog (spec §2, §4, §5, §8): the five
 * preset cities, a search debounced by 400 ms (an empty query clears the results and shows the
 * presets again), choosing tells the server, reloads the account and closes the dialog 500 ms later.
 */
export function CityPicker({ onChange }: CityPickerProps) {
  const { city } = useCurrentCity();
  const [open, setOpen] = useState(false);
  return (
    <div className="ottisk-root ottisk-city-picker">
      <button
        type="button"
        className="ottisk-city-picker__button"
        part="city-button"
        aria-haspopup="dialog"
        aria-busy={city === null}
        onClick={() => setOpen(true)}
      >
        <svg className="ottisk-city-picker__pin" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" fill="currentColor" />
        </svg>
        <span className="ottisk-visually-hidden">Ваш город: </span>
        <span className="ottisk-city-picker__name">{city ? city.city : "Город"}</span>
      </button>
      <Dialog open={open} title="Выберите город" onClose={() => setOpen(false)} className="ottisk-city-dialog">
        <CityDialogBody current={city} onChosen={onChange} onDone={() => setOpen(false)} />
      </Dialog>
    </div>
  );
}

interface CityDialogBodyProps {
  current: CityChoice | null;
  onChosen: ((city: CityChoice) => void) | undefined;
  onDone: () => void;
}

/** The dialog's search field and list; mounted while the dialog is open, so each opening starts afresh. */
function CityDialogBody({ current, onChosen, onDone }: CityDialogBodyProps) {
  const [text, setText] = useState("");
  const [chosen, setChosen] = useState<CityChoice | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const selectCity = useSetAtom(selectCityAtom);
  const showFailure = useShowFailure();
  const inputId = useId();
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const done = useEffectEvent(onDone);

  // Spec §5: an empty query clears the results at once; any other is asked when typing pauses.
  const search = text.trim();
  const settled = useDebounced(search, search === "" ? 0 : CITY_SEARCH_DEBOUNCE_MS);
  const asked = search === "" || settled === "" ? null : settled;
  const { resource: found } = useKeyedResource(citySearches, asked);

  useEffect(() => {
    if (!chosen) return;
    const timer = setTimeout(() => done(), CITY_SELECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [chosen]);

  const choose = async (city: CityChoice) => {
    if (saving || chosen) return;
    setSaving(city.kladrId);
    setSaveError(null);
    try {
      await selectCity(city.kladrId);
      setChosen(city);
      onChosen?.(city);
    } catch (error) {
      showFailure(error, setSaveError);
    } finally {
      setSaving(null);
    }
  };

  const cities: readonly CityChoice[] = found === null ? PRESET_CITY_CHOICES : found.status === "ready" ? found.data : [];

  /** Up and Down move between the cities; Down from the field enters the list. */
  const moveFocus = (event: KeyboardEvent, from: number) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const buttons = Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>("button") ?? []);
    if (buttons.length === 0) return;
    event.preventDefault();
    const next = event.key === "ArrowDown" ? Math.min(from + 1, buttons.length - 1) : from - 1;
    if (next < 0) inputRef.current?.focus();
    else buttons[next]?.focus();
  };

  return (
    <div className="ottisk-city-dialog__content" part="city-dialog">
      <form
        role="search"
        className="ottisk-city-dialog__search"
        onSubmit={(event) => {
          event.preventDefault();
          const first = cities[0];
          if (first && found !== null) void choose(first);
        }}
      >
        <label htmlFor={inputId} className="ottisk-city-dialog__label">
          Название города
        </label>
        <input
          id={inputId}
          ref={inputRef}
          className="ottisk-input ottisk-city-dialog__input"
          part="city-search"
          type="search"
          name="city"
          autoComplete="off"
          spellCheck={false}
          placeholder="Например, Казань"
          aria-controls={listId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => moveFocus(event, -1)}
        />
      </form>

      <div className="ottisk-city-dialog__state" aria-live="polite">
        {chosen ? (
          <p className="ottisk-city-dialog__chosen" role="status">
            Выбран город: {chosen.city}
          </p>
        ) : found?.status === "loading" ? (
          <p className="ottisk-city-dialog__hint">Ищем города…</p>
        ) : found?.status === "ready" && found.data.length === 0 ? (
          <p className="ottisk-city-dialog__hint">По запросу «{asked}» городов не найдено</p>
        ) : null}
      </div>
      {found?.status === "error" ? (
        <p className="ottisk-city-dialog__error" role="alert">
          {found.messageUI}
        </p>
      ) : null}
      <ErrorNote className="ottisk-city-dialog__error" message={saveError} />

      <ul id={listId} ref={listRef} className="ottisk-city-dialog__list" part="city-list" aria-label={found === null ? "Популярные города" : "Найденные города"}>
        {cities.map((city, index) => (
          <li key={city.kladrId}>
            <button
              type="button"
              className="ottisk-menu-item ottisk-city-dialog__city"
              part="city-option"
              aria-current={current?.kladrId === city.kladrId ? "true" : undefined}
              aria-busy={saving === city.kladrId}
              aria-disabled={saving !== null || chosen !== null}
              onClick={() => void choose(city)}
              onKeyDown={(event) => moveFocus(event, index)}
            >
              <span className="ottisk-city-dialog__city-name">{city.city}</span>
              {city.region && city.region !== city.city ? <span className="ottisk-city-dialog__region">, {city.region}</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
