import type { SearchResultPage } from "../contracts/index";
import { keyedResource } from "./resource";
import { readText, STORAGE_KEYS, writeText } from "./storage";

/*
 * The site search (spec §2 "poisk", §4 "Search submit stores the query"): result pages cached per
 * store by query, offset and limit, so the results element asks once per page shown.
 */

export interface SearchPageQuery {
  search: string;
  offset: number;
  limit: number;
}

export function searchPageKey({ search, offset, limit }: SearchPageQuery): string {
  return JSON.stringify([search, offset, limit]);
}

/** Result pages by query, offset and limit. */
export const searchPages = keyedResource<SearchPageQuery, SearchResultPage>({ key: searchPageKey, fetch: (api, query) => api.searchSite(query) });
export const searchPagesAtom = searchPages.entriesAtom;
/** Loads one page of results unless it is loaded or loading (a failed one is asked again). */
export const loadSearchPageAtom = searchPages.loadAtom;

/** The last submitted query, kept for the results page (spec §4). */
export function storeSearchQuery(query: string): void {
  writeText(STORAGE_KEYS.searchQuery, query);
}

export function storedSearchQuery(): string | null {
  return readText(STORAGE_KEYS.searchQuery);
}
