import { atom } from "jotai/vanilla";
import type { Order, Page } from "../contracts/index";
import { keyedResource } from "./resource";
import type { Resource } from "./resource";

/*
 * The website's pages (spec §2 routes, §7 "Pages"), cached per store by slug — the whole path
 * without slashes at the ends, '' for the main page — and the orders shown on the payment success
 * page. The host site's server render loads the page it draws and hands the store's pages to the
 * browser; the success page's order is loaded by the render with the page's session too (and
 * handed over in the page, which is never kept in a shared cache).
 */

export const pagesAtom = atom<Record<string, Resource<Page>>>({});
export const ordersAtom = atom<Record<string, Resource<Order>>>({});

/** The store's key of a page: slashes at the ends dropped, letters lowered, as the API reads a slug. */
export function pageKey(slug: string): string {
  return slug.replace(/^\/+|\/+$/g, "").toLowerCase();
}

/** The page at a slug (keyed by `pageKey`, as the API reads it). */
export const pages = keyedResource({ key: pageKey, fetch: (api, slug: string) => api.getPage(pageKey(slug)), entriesAtom: pagesAtom });

/** One of the visitor's orders (the session decides whether it may be read). */
export const orders = keyedResource({ key: (orderId: number) => String(orderId), fetch: (api, orderId) => api.getOrder(orderId), entriesAtom: ordersAtom });

/** Loads the page at `slug` unless it is loaded or on its way (a failed one is asked again). */
export const loadPageAtom = pages.loadAtom;
