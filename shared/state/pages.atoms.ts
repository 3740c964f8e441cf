import { atom } from "jotai/vanilla";
import type { Order, Page } from "../contracts/index";
import { requireApi } from "./api.atoms";
import { loadCacheEntry } from "./resource";
import type { Resource } from "./resource";

/*
 * The website's pages (spec §2 routes, §7 "Pages"), cached per store by slug — the whole path
 * without slashes at the ends, '' for the main page — and the orders shown on the payment success
 * page. The host site's server render loads the page it draws and hands the store's pages to the
 * browser; an order is private and is always loaded in the browser.
 */

export const pagesAtom = atom<Record<string, Resource<Page>>>({});
export const ordersAtom = atom<Record<string, Resource<Order>>>({});

/** The store's key of a page: slashes at the ends dropped, letters lowered, as the API reads a slug. */
export function pageKey(slug: string): string {
  return slug.replace(/^\/+|\/+$/g, "").toLowerCase();
}

/** Loads the page at `slug` unless it is loaded or on its way (a failed one is asked again). */
export const loadPageAtom = atom(null, (get, set, slug: string) => {
  const key = pageKey(slug);
  return loadCacheEntry(get, set, pagesAtom, key, () => requireApi(get).getPage(key));
});

/** Loads one of the visitor's orders (the session decides whether it may be read). */
export const loadOrderAtom = atom(null, (get, set, orderId: number) =>
  loadCacheEntry(get, set, ordersAtom, String(orderId), () => requireApi(get).getOrder(orderId)),
);
