import { contract } from "./lazy-contracts";
import type { EmployeeOrder, EmployeeOrderListPage, EmployeeOrderListQuery, OrderStatus, OrderStatusChange, PaymentRecordList } from "../contracts/index";
import type { ApiRequest } from "./request";

/**
 * The employee's panel over every client's orders (issue 15; the spec's admin panel is "not
 * shown"): the list with its filters, one order, the status change. Staff outside client mode only.
 */
export interface EmployeeEndpoints {
  /** Newest first; `status`, `clientId` and `search` narrow the list, `statusCounts` follow clientId and search. */
  getEmployeeOrders(query?: EmployeeOrderListQuery): Promise<EmployeeOrderListPage>;
  getEmployeeOrder(orderId: number): Promise<EmployeeOrder>;
  /** Rejects with 409 (messageUI) when the rules do not allow the move; the client is notified. */
  /** `tracking` goes with «shipped»: the carrier and the parcel's number (issue 30). */
  changeOrderStatus(orderId: number, status: OrderStatus, tracking?: OrderStatusChange["tracking"]): Promise<EmployeeOrder>;
  /** The order's card payments with the request (and 54-ФЗ receipt) each sent, and their refunds (issue 30). */
  getEmployeeOrderPayments(orderId: number): Promise<PaymentRecordList>;
}

/** Drops the unset and empty fields: no empty filters in the address. */
function defined(query: EmployeeOrderListQuery): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string | number] => (typeof entry[1] === "number" || typeof entry[1] === "string") && entry[1] !== ""),
  );
}

export function employeeEndpoints(request: ApiRequest): EmployeeEndpoints {
  return {
    getEmployeeOrders: (query = {}) => request("/employee/order", contract("employeeOrderListPageSchema"), { query: defined(query) }),
    getEmployeeOrder: (orderId) => request(`/employee/order/${orderId}`, contract("employeeOrderSchema")),
    changeOrderStatus: (orderId, status, tracking) =>
      request(`/employee/order/${orderId}/status`, contract("employeeOrderSchema"), { method: "PATCH", body: tracking ? { status, tracking } : { status } }),
    getEmployeeOrderPayments: (orderId) => request(`/employee/order/${orderId}/payments`, contract("paymentRecordListSchema")),
  };
}
