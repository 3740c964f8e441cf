import { atom } from "jotai/vanilla";
import type { SearchResultPage } from "../contracts/index";
import { isApiError } from "../http/index";
import { requireApi } from "./api.atoms";
import type { Resource } from "./resource";
import { readText, STORAGE_KEYS, writeText } from "./storage";

/*
 * The site search (spec §2 "poisk", §4 "Search submit stores the query"): result pages cached per
 * store by query, offset and limit, so the results element asks once per page shown.
 */

export const searchPagesAtom = atom<Record<string, Resource<SearchResultPage>>>({});

export interface SearchPageQuery {
  search: string;
  offset: number;
  limit: number;
}

export function searchPageKey({ search, offset, limit }: SearchPageQuery): string {
  return JSON.stringify([search, offset, limit]);
}

/** Loads one page of results unless it is loaded or loading (a failed one is asked again). */
export const loadSearchPageAtom = atom(null, async (get, set, query: SearchPageQuery) => {
  const key = searchPageKey(query);
  const known = get(searchPagesAtom)[key];
  if (known && known.status !== "error") return;
  const put = (resource: Resource<SearchResultPage>) => set(searchPagesAtom, (pages) => ({ ...pages, [key]: resource }));
  put({ status: "loading" });
  try {
    put({ status: "ready", data: await requireApi(get).searchSite(query) });
  } catch (error) {
    if (!isApiError(error)) throw error;
    put({ status: "error", messageUI: error.messageUI, httpStatus: error.status });
  }
});

/** The last submitted query, kept for the results page (spec §4). */
export function storeSearchQuery(query: string): void {
  writeText(STORAGE_KEYS.searchQuery, query);
}

export function storedSearchQuery(): string | null {
  return readText(STORAGE_KEYS.searchQuery);
}
