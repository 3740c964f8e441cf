import { IDEMPOTENCY_KEY_HEADER } from "../contracts/wire";
import { contract } from "./lazy-contracts";
import type { Balance, Cart, DocumentListPage, DocumentListQuery, Order, OrderListPage, OrderListQuery, PlaceOrderRequest } from "../contracts/index";
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
  /** Every line of the order copied into the cart of the order's account; answers that cart. */
  repeatOrder(orderId: number): Promise<Cart>;
  /** An unpaid card (Yookassa) order paid again: the order with a `payment.confirmationUrl` to send the shopper to. */
  payOrderAgain(orderId: number): Promise<Order>;
  /** Invoices and acts of a company, or of the personal profile without `companyId`; their PDFs are links (`url`). */
  getDocuments(query?: DocumentListQuery): Promise<DocumentListPage>;
  /** Where an order's invoice, act or УПД PDF downloads from, or its receipt's page opens: a link the browser opens (the session rides along), nothing fetched here. */
  orderFileUrl(orderId: number, file: "invoice" | "act" | "upd" | "receipt"): string;
}

/** Drops the unset fields: spec §7 sends no empty query values. */
function defined(query: OrderListQuery | DocumentListQuery): Record<string, number | boolean> {
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, number | boolean] => typeof entry[1] === "number" || entry[1] === true));
}

export function orderEndpoints(request: ApiRequest, baseURL: string): OrderEndpoints {
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
    repeatOrder: (orderId) => request(`/client-order/${orderId}/repeat`, contract("cartSchema"), { method: "POST" }),
    payOrderAgain: (orderId) => request(`/client-order/${orderId}/payment`, contract("orderSchema"), { method: "POST" }),
    getDocuments: (query = {}) => request("/client-account/documents", contract("documentListPageSchema"), { query: defined(query) }),
    orderFileUrl: (orderId, file) => `${baseURL}/client-order/${orderId}/${file}`,
  };
}
