import { IDEMPOTENCY_KEY_HEADER } from "../contracts/wire";
import { contract } from "./lazy-contracts";
import type { Balance, Order, OrderListPage, OrderListQuery, PlaceOrderRequest } from "../contracts/index";
import type { ApiRequest } from "./request";

/**
 * Placing orders and reading them back (spec §7 POST /client-cart/place-order; the order pages and
 * the balance the spec does not show). The invoice PDF and the test payment page are plain links
 * (`payment.invoiceUrl`, `payment.confirmationUrl`), opened by the browser, not fetched here.
 */
export interface OrderEndpoints {
  /**
   * Places the cart's in-order lines. `idempotencyKey` is required: make one per checkout attempt
   * (e.g. `crypto.randomUUID()`) and send the same one when retrying, so a retry never places twice.
   */
  placeOrder(order: PlaceOrderRequest & { idempotencyKey: string }): Promise<Order>;
  getOrders(query?: OrderListQuery): Promise<OrderListPage>;
  getOrder(orderId: number): Promise<Order>;
  /** The internal balance of a company, or of the personal profile without `companyId`. */
  getBalance(companyId?: number): Promise<Balance>;
}

/** Drops the unset fields: spec §7 sends no empty query values. */
function defined(query: OrderListQuery): Record<string, number> {
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, number] => typeof entry[1] === "number"));
}

export function orderEndpoints(request: ApiRequest): OrderEndpoints {
  return {
    placeOrder: (order) =>
      request("/client-cart/place-order", contract("orderSchema"), {
        method: "POST",
        body: { ...order },
        headers: { [IDEMPOTENCY_KEY_HEADER]: order.idempotencyKey },
      }),
    getOrders: (query = {}) => request("/client-order", contract("orderListPageSchema"), { query: defined(query) }),
    getOrder: (orderId) => request(`/client-order/${orderId}`, contract("orderSchema")),
    getBalance: (companyId) => request("/client-account/balance", contract("balanceSchema"), { query: companyId === undefined ? {} : { companyId } }),
  };
}
