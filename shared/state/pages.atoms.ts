import { atom } from "jotai/vanilla";
import type { Order, Page } from "../contracts/index";
import { isApiError } from "../http/index";
import { requireApi } from "./api.atoms";
import type { Resource } from "./resource";

/*
 * The website's pages (spec §2 routes, §7 "Pages"), cached per store by slug — the whole path
 * without slashes at the ends, '' for the main page — and the orders shown on the payment success
 * page. The host site's server render loads the page it draws and hands the store's pages to the
 * browser; an order is private and is always loaded in the browser.
 */

export const pagesAtom = atom<Record<string, Resource<Page>>>({});
export const ordersAtom = atom<Record<string, Resource<Order>>>({});

function failure(error: unknown): Resource<never> {
  if (isApiError(error)) return { status: "error", messageUI: error.messageUI, httpStatus: error.status };
  throw error;
}

function needsLoad(resource: Resource<unknown> | undefined): boolean {
  return resource === undefined || resource.status === "error";
}

/** The store's key of a page: slashes at the ends dropped, letters lowered, as the API reads a slug. */
export function pageKey(slug: string): string {
  return slug.replace(/^\/+|\/+$/g, "").toLowerCase();
}

/** Loads the page at `slug` unless it is loaded or on its way (a failed one is asked again). */
export const loadPageAtom = atom(null, async (get, set, slug: string) => {
  const key = pageKey(slug);
  if (!needsLoad(get(pagesAtom)[key])) return;
  const put = (resource: Resource<Page>) => set(pagesAtom, (pages) => ({ ...pages, [key]: resource }));
  put({ status: "loading" });
  try {
    put({ status: "ready", data: await requireApi(get).getPage(key) });
  } catch (error) {
    put(failure(error));
  }
});

/** Loads one of the visitor's orders (the session decides whether it may be read). */
export const loadOrderAtom = atom(null, async (get, set, orderId: number) => {
  const key = String(orderId);
  if (!needsLoad(get(ordersAtom)[key])) return;
  const put = (resource: Resource<Order>) => set(ordersAtom, (orders) => ({ ...orders, [key]: resource }));
  put({ status: "loading" });
  try {
    put({ status: "ready", data: await requireApi(get).getOrder(orderId) });
  } catch (error) {
    put(failure(error));
  }
});
