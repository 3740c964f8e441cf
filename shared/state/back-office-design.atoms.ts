import { atom } from "jotai/vanilla";
import type { DesignOrder, DesignQuote, EmployeeDesignOrder, EmployeeDesignOrderList, EmployeeDesignOrderListQuery, EmployeeDesignStatus } from "../contracts/index";
import { requireApi } from "./api.atoms";
import { layoutsChangedAtom } from "./layout-checker.atoms";
import { keyedResource } from "./resource";
import type { Resource } from "./resource";

/*
 * The designers' queue (issue 29, back office "design"): the design orders by status and one
 * design order with its take, upload and status changes. Private data: loaded in the browser only.
 */

export const employeeDesignListsAtom = atom<Record<string, Resource<EmployeeDesignOrderList>>>({});
export const employeeDesignOrdersAtom = atom<Record<string, Resource<EmployeeDesignOrder>>>({});

/** The store's key of a queue page: its filters in a fixed order, empty ones left out. */
export function employeeDesignListKey(query: EmployeeDesignOrderListQuery): string {
  const parts: [string, string | number | undefined][] = [
    ["status", query.status],
    ["mine", query.mine],
    ["page", query.page],
  ];
  return parts
    .filter((part): part is [string, string | number] => part[1] !== undefined && part[1] !== "")
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

/** Pages of the queue, by filter. */
export const employeeDesignLists = keyedResource({
  key: employeeDesignListKey,
  fetch: (api, query: EmployeeDesignOrderListQuery) => api.employeeListDesignOrders(query),
  entriesAtom: employeeDesignListsAtom,
});

/** One design order (staff). */
export const employeeDesignOrders = keyedResource({
  key: (id: number) => String(id),
  fetch: (api, id) => api.employeeGetDesignOrder(id),
  entriesAtom: employeeDesignOrdersAtom,
});

/** Loads the design order again (after a refused change: someone else may have moved it). */
export const reloadEmployeeDesignOrderAtom = employeeDesignOrders.refreshAtom;

/** A change's answer shown at once; the queue's pages load again on their next view. */
const showDesignOrderAtom = atom(null, (_get, set, order: EmployeeDesignOrder) => {
  set(employeeDesignOrdersAtom, (entries) => ({ ...entries, [String(order.id)]: { status: "ready", data: order } }));
  set(employeeDesignListsAtom, {});
});

/** «Взять в работу»: rejects with the ApiError (409 DESIGN_TAKEN: another designer has it). */
export const takeDesignOrderAtom = atom(null, async (get, set, id: number): Promise<EmployeeDesignOrder> => {
  const order = await requireApi(get).employeeTakeDesignOrder(id);
  set(showDesignOrderAtom, order);
  return order;
});

/** Uploads the finished layout: the design order waits for the client. */
export const uploadDesignLayoutAtom = atom(null, async (get, set, upload: { id: number; file: Blob; fileName: string }): Promise<EmployeeDesignOrder> => {
  const order = await requireApi(get).employeeUploadDesignLayout(upload.id, upload.file, upload.fileName);
  set(showDesignOrderAtom, order);
  return order;
});

/** Moves the design order back to work or cancels it. */
export const setDesignOrderStatusAtom = atom(null, async (get, set, change: { id: number; status: EmployeeDesignStatus["status"] }): Promise<EmployeeDesignOrder> => {
  const order = await requireApi(get).employeeSetDesignOrderStatus(change.id, change.status);
  set(showDesignOrderAtom, order);
  return order;
});

/* ---------------------------------------------------------------------------------------------
 * The client's side: the quote before ordering a design, and the answer to the designer's layout.
 */

/** What a design of a cart line's product costs and when it is ready, by the line. */
export const designQuotes = keyedResource({
  key: (orderProductId: number) => String(orderProductId),
  fetch: (api, orderProductId): Promise<DesignQuote> => api.getDesignQuote(orderProductId),
});

/** «Утвердить макет»: the designer's layout becomes the detail's approved layout; the cart follows. */
export const approveDesignLayoutAtom = atom(null, async (get, set, designId: number): Promise<DesignOrder> => {
  const saved = await requireApi(get).approveDesignLayout(designId);
  await set(layoutsChangedAtom);
  return saved;
});

/** «Нужны правки»: the text goes to the designer, the design order is back in work; the cart follows. */
export const requestDesignChangesAtom = atom(null, async (get, set, change: { designId: number; text: string }): Promise<DesignOrder> => {
  const saved = await requireApi(get).requestDesignChanges(change.designId, change.text);
  await set(layoutsChangedAtom);
  return saved;
});
