import { atom } from "jotai/vanilla";
import type { Cart, DocumentListPage, Order, OrderListPage } from "../contracts/index";
import { publishChange, requireApi } from "./api.atoms";
import { cartAnsweredAtom } from "./cart.atoms";
import { ordersAtom } from "./pages.atoms";
import { keyedResource } from "./resource";
import type { Resource } from "./resource";

/*
 * The client's orders and documents in the account area (issue 15) and on partner sites
 * (<ottisk-orders>): pages of the list per account (a company, or the personal profile), cached per
 * store like the website's pages; one order lives in pages.atoms.ts's `ordersAtom`, shared with the
 * payment success page. Everything here is private: the server render loads the account page's
 * first list with the visitor's session (host-site/account-data.ts) and hands it over in the page;
 * the rest loads in the browser.
 */

/** Whose orders: a company's, or the personal profile's (null). */
export interface AccountPageQuery {
  companyId: number | null;
  /** Counted from 0. */
  page: number;
  pageSize: number;
}

export const clientOrderPagesAtom = atom<Record<string, Resource<OrderListPage>>>({});
export const documentPagesAtom = atom<Record<string, Resource<DocumentListPage>>>({});

/** The store's key of one page of an account's list. */
export function accountPageKey(query: AccountPageQuery): string {
  return `${query.companyId ?? "personal"}:${query.page}:${query.pageSize}`;
}

function range(query: AccountPageQuery): { offset: number; limit: number } {
  return { offset: query.page * query.pageSize, limit: query.pageSize };
}

/** Pages of the account's orders, newest first. */
export const clientOrderPages = keyedResource({
  key: accountPageKey,
  fetch: (api, query: AccountPageQuery) =>
    api.getOrders(query.companyId === null ? { personal: true, ...range(query) } : { companyId: query.companyId, ...range(query) }),
  entriesAtom: clientOrderPagesAtom,
});

/** Pages of the account's documents (invoices and acts), newest order first. */
export const documentPages = keyedResource({
  key: accountPageKey,
  fetch: (api, query: AccountPageQuery) => api.getDocuments(query.companyId === null ? range(query) : { companyId: query.companyId, ...range(query) }),
  entriesAtom: documentPagesAtom,
});

/** Where an order's invoice or act downloads from: the API's address of the PDF (a link, nothing loaded here). */
export const orderFileUrlAtom = atom((get) => (orderId: number, file: "invoice" | "act" | "upd" | "receipt") => requireApi(get).orderFileUrl(orderId, file));

/** Forgets the loaded lists, so the next look asks the server (after a payment or a repeat changed them). */
export const forgetOrderListsAtom = atom(null, (_get, set) => {
  set(clientOrderPagesAtom, {});
  set(documentPagesAtom, {});
});

/**
 * Pays an unpaid card order again: the order comes back with the payment's address (the same one
 * while the payment is pending, a new one after a cancel) and replaces the stored one. Rejects with
 * the ApiError (409 when there is nothing to pay).
 */
export const payOrderAgainAtom = atom(null, async (get, set, orderId: number): Promise<Order> => {
  const order = await requireApi(get).payOrderAgain(orderId);
  set(ordersAtom, (entries) => ({ ...entries, [String(orderId)]: { status: "ready", data: order } }));
  set(forgetOrderListsAtom);
  return order;
});

/**
 * Puts every line of the order back into the cart of the order's account. The cart the page shows
 * takes the answer when it is that account's; other tabs and elements are told the cart changed.
 */
export const repeatOrderAtom = atom(null, async (get, set, orderId: number): Promise<Cart> => {
  const cart = await requireApi(get).repeatOrder(orderId);
  set(cartAnsweredAtom, cart);
  publishChange(get, "cart");
  return cart;
});

/**
 * A new file for a layout the prepress operator returned (issue 29): uploads it as the detail's
 * layout of the order's line, starts its server check and asks the order again, so the line shows
 * the new file (and no longer the operator's message). Rejects with the ApiError of the failed call.
 */
export const replaceReturnedLayoutAtom = atom(
  null,
  async (get, set, input: { orderId: number; orderProductId: number; detailName: string; file: Blob; fileName: string }): Promise<Order> => {
    const api = requireApi(get);
    await api.uploadLayout({ file: input.file, fileName: input.fileName, orderProductId: input.orderProductId, detailName: input.detailName });
    await api.startCheck(input.orderId, input.orderProductId, input.detailName);
    const order = await api.getOrder(input.orderId);
    set(ordersAtom, (entries) => ({ ...entries, [String(input.orderId)]: { status: "ready", data: order } }));
    set(forgetOrderListsAtom);
    return order;
  },
);
