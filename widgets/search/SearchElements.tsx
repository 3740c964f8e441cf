import { useEffect, useState } from "react";
import { SEARCH_MAX_LIMIT } from "../../shared/contracts/wire";
import { storedSearchQuery } from "../../shared/state/index";
import { storefrontOrigin } from "../api-base";
import type { HostProps } from "../element";
import { fireOttiskEvent } from "../events";
import { SearchResults } from "./SearchResults";
import { SearchBox } from "../../shared/ui/index";
import { defaultResultsUrl } from "../navigate";

export interface SearchElementProps {
  resultsUrl?: string;
}

/** `<ottisk-search>` as React sees it: the SearchBox, its search fired (cancelable) from the element. */
export function SearchElement({ resultsUrl, host }: SearchElementProps & HostProps) {
  return (
    <SearchBox
      resultsUrl={resultsUrl ?? defaultResultsUrl()}
      onSearch={(query, href) => fireOttiskEvent(host, "ottisk-search", { query, href }, { cancelable: true })}
    />
  );
}

export interface SearchResultsElementProps {
  query?: string;
  pageSize?: number;
}

/** The query of the page's address (`?q=`), else the last one submitted on this site. */
function pageQuery(): string {
  const fromAddress = new URLSearchParams(window.location.search).get("q");
  return fromAddress?.trim() || storedSearchQuery() || "";
}

/** `<ottisk-search-results>` as React sees it. */
export function SearchResultsElement({ query, pageSize, host }: SearchResultsElementProps & HostProps) {
  const [fallback, setFallback] = useState(pageQuery);
  // Back and forward between two result pages of a single-page site change ?q= without a reload.
  useEffect(() => {
    const follow = () => setFallback(pageQuery());
    window.addEventListener("popstate", follow);
    return () => window.removeEventListener("popstate", follow);
  }, []);
  const search = (query ?? fallback).trim();
  const limit = pageSize && pageSize > 0 ? Math.min(Math.floor(pageSize), SEARCH_MAX_LIMIT) : undefined;
  return (
    <SearchResults
      key={`${search}\n${limit ?? ""}`}
      query={search}
      pageSize={limit}
      resultHref={(result) => `${storefrontOrigin()}/${result.path}`}
      onNavigate={(_result, event) => {
        if (!fireOttiskEvent(host, "ottisk-navigate", { href: event.currentTarget.href }, { cancelable: true })) event.preventDefault();
      }}
    />
  );
}
