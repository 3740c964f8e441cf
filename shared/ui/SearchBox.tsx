import { useId, useRef, useState } from "react";
import { storeSearchQuery } from "../state/index";

/** The results address for a query: `{query}` in the template is replaced, else `?q=` is set. */
export function searchHref(resultsUrl: string, query: string): string {
  if (resultsUrl.includes("{query}")) return resultsUrl.replaceAll("{query}", encodeURIComponent(query));
  const url = new URL(resultsUrl, document.baseURI);
  url.searchParams.set("q", query);
  return url.href;
}

/**
 * The form's own action for a browser that has not run the page's code yet (the host site hydrates
 * after the first paint): a plain address gets `?q=` as a GET form sends it. A template, or an
 * address with a query of its own (which a GET form would drop), has none: only the code can build it.
 */
function formAction(resultsUrl: string): string | undefined {
  return resultsUrl.includes("{query}") || resultsUrl.includes("?") ? undefined : resultsUrl;
}

export interface SearchBoxProps {
  /** Where the results are: an address (`?q=` is added) or a template with `{query}`. */
  resultsUrl: string;
  /** Called before going to the results; return false when the search was handled on the page. */
  onSearch?: ((query: string, href: string) => boolean) | undefined;
}

/**
 * The site search box (spec §2, §4): 'Поиск по сайту', 'Найти' and a reset button. Submitting stores
 * the query (for the results page), clears the field and goes to the results; an empty query does
 * nothing.
 */
export function SearchBox({ resultsUrl, onSearch }: SearchBoxProps) {
  const [value, setValue] = useState("");
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <form
      role="search"
      action={formAction(resultsUrl)}
      method="get"
      className="ottisk-root ottisk-search"
      part="search-form"
      onSubmit={(event) => {
        event.preventDefault();
        const query = value.trim();
        if (query === "") return;
        const href = searchHref(resultsUrl, query);
        storeSearchQuery(query);
        setValue("");
        if (onSearch?.(query, href) ?? true) window.location.assign(href);
      }}
      onReset={() => {
        setValue("");
        inputRef.current?.focus();
      }}
    >
      <label htmlFor={inputId} className="ottisk-visually-hidden">
        Поиск по сайту
      </label>
      <input
        id={inputId}
        ref={inputRef}
        className="ottisk-input ottisk-search__input"
        part="search-input"
        type="search"
        name="q"
        enterKeyHint="search"
        autoComplete="off"
        placeholder="Поиск по сайту"
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      {value ? (
        <button type="reset" className="ottisk-search__reset" part="search-reset" aria-label="Очистить поиск">
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
      <button type="submit" className="ottisk-button ottisk-search__submit" part="search-submit">
        Найти
      </button>
    </form>
  );
}
