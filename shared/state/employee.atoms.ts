import { atom } from "jotai/vanilla";
import type { AccountProfile, Client, EmployeeOrder, EmployeeOrderListPage, EmployeeOrderListQuery, OrderStatus, OrderStatusChange } from "../contracts/index";
import { accountResource } from "./account-state.atoms";
import { publishChange, requireApi } from "./api.atoms";
import { loadCartAtom } from "./cart.atoms";
import { keyedResource } from "./resource";
import type { Resource } from "./resource";

/*
 * The employee's panel (issue 15): every client's orders by filter, one order, the status change,
 * the client search and entering client mode. Private data: always loaded in the browser, never
 * by the server's render.
 */

export const employeeOrderListsAtom = atom<Record<string, Resource<EmployeeOrderListPage>>>({});
export const employeeOrdersAtom = atom<Record<string, Resource<EmployeeOrder>>>({});
export const clientSearchesAtom = atom<Record<string, Resource<Client[]>>>({});

/** The store's key of a list: its filters in a fixed order, empty ones left out. */
export function employeeOrderListKey(query: EmployeeOrderListQuery): string {
  const parts: [string, string | number | undefined][] = [
    ["status", query.status],
    ["clientId", query.clientId],
    ["search", query.search],
    ["offset", query.offset],
    ["limit", query.limit],
  ];
  return parts
    .filter((part): part is [string, string | number] => part[1] !== undefined && part[1] !== "")
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

/** Lists of every client's orders (staff), by filter. */
export const employeeOrderLists = keyedResource({
  key: employeeOrderListKey,
  fetch: (api, query: EmployeeOrderListQuery) => api.getEmployeeOrders(query),
  entriesAtom: employeeOrderListsAtom,
});

/** Any client's order (staff). */
export const employeeOrders = keyedResource({
  key: (orderId: number) => String(orderId),
  fetch: (api, orderId) => api.getEmployeeOrder(orderId),
  entriesAtom: employeeOrdersAtom,
});

/** Loads the order again even when it is loaded (after a refused status change: someone else may have moved it). */
export const reloadEmployeeOrderAtom = employeeOrders.refreshAtom;

/** Forgets the loaded lists: the next view of one asks again (after a status change, or «Обновить»). */
export const forgetEmployeeOrderListsAtom = atom(null, (_get, set) => set(employeeOrderListsAtom, {}));

/** Moves an order to `status`; the order shows the answer at once and the lists load again. Rejects with the ApiError (409: messageUI). */
export const changeOrderStatusAtom = atom(null, async (get, set, change: { orderId: number; status: OrderStatus; tracking?: OrderStatusChange["tracking"] }): Promise<EmployeeOrder> => {
  const order = await requireApi(get).changeOrderStatus(change.orderId, change.status, change.tracking);
  set(employeeOrdersAtom, (entries) => ({ ...entries, [String(order.id)]: { status: "ready", data: order } }));
  set(employeeOrderListsAtom, {});
  return order;
});

/** The store's key of a client search. */
export function clientSearchKey(search: string, assigned: boolean): string {
  return `${assigned ? "mine" : "all"}:${search.trim().toLocaleLowerCase("ru")}`;
}

/** Clients by name, e-mail, company or ИНН (at least two characters); `assigned`: the employee's own clients only. */
export const clientSearches = keyedResource({
  key: (query: { search: string; assigned: boolean }) => clientSearchKey(query.search, query.assigned),
  fetch: (api, query) => api.searchClients({ search: query.search.trim(), ...(query.assigned ? { assigned: true } : {}) }),
  entriesAtom: clientSearchesAtom,
});

/**
 * The employee starts acting for the client (and one of its companies, or the personal profile):
 * the account shows client mode, the other tabs follow, and the cart is the client's from now on.
 */
export const enterClientModeAtom = atom(null, async (get, set, choice: { clientId: number; companyId: number | null }): Promise<AccountProfile> => {
  const profile = await requireApi(get).enterClientMode(choice.clientId, choice.companyId);
  set(accountResource.valueAtom, { status: "ready", data: profile });
  publishChange(get, "account");
  await set(loadCartAtom);
  return profile;
});
