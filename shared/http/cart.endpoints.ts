import { contract } from "./lazy-contracts";
import type {
  Cart,
  CartChangeInOrderRequest,
  CartDeliveryCreateRequest,
  CartDeliveryUpdateRequest,
  CartMoveRequest,
  CartProductAddRequest,
  CartProductUpdateRequest,
  CartQuery,
  CartUpdateRequest,
} from "../contracts/index";
import { isApiError } from "./error";
import type { ApiRequest } from "./request";

/** Spec §9: the storefront sends PATCH /client-cart up to this many times more when it does not get through. */
export const CART_PATCH_RETRIES = 5;

/** Spec §7 "Cart". Every call answers the whole cart. */
export interface CartEndpoints {
  /** The cart of the personal profile, or of `companyId`; an employee in client mode names the client with `clientId`. */
  getCart(query?: CartQuery): Promise<Cart>;
  /**
   * Comment and payment type; with `version` a stale tab's change answers 409. Retried up to
   * CART_PATCH_RETRIES times when the server cannot be reached or fails (the server treats a repeat
   * as a success), never after an answer about the request itself (4xx).
   */
  updateCart(update: CartUpdateRequest): Promise<Cart>;
  applyPromocode(code: string, target?: Pick<CartQuery, "clientId" | "companyId">): Promise<Cart>;
  removePromocode(target?: Pick<CartQuery, "clientId" | "companyId">): Promise<Cart>;
  addCartProduct(line: CartProductAddRequest): Promise<Cart>;
  updateCartProduct(orderProductId: number, patch: CartProductUpdateRequest): Promise<Cart>;
  removeCartProduct(orderProductId: number): Promise<Cart>;
  changeCartProductsInOrder(change: CartChangeInOrderRequest): Promise<Cart>;
  /** Lines moved from one of the client's carts to another (null: the personal profile); answers the target cart. */
  moveCartProducts(move: CartMoveRequest): Promise<Cart>;
  /** A line of an earlier order copied into the cart (of `companyId`, else the personal one). */
  repeatCartProduct(orderProductId: number, target?: Pick<CartQuery, "companyId">): Promise<Cart>;
  addCartDelivery(delivery: CartDeliveryCreateRequest): Promise<Cart>;
  updateCartDelivery(delivery: CartDeliveryUpdateRequest): Promise<Cart>;
  removeCartDelivery(deliveryId: number): Promise<Cart>;
}

/** Drops the unset fields: spec §7 sends no empty query values. */
function defined(query: Record<string, number | undefined>): Record<string, number> {
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, number] => entry[1] !== undefined));
}

/** Worth sending again: no answer at all, or the server failed. */
function isTransient(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status >= 500);
}

export function cartEndpoints(request: ApiRequest): CartEndpoints {
  return {
    getCart: (query = {}) => request("/client-cart", contract("cartSchema"), { query: defined({ ...query }) }),
    updateCart: async (update) => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await request("/client-cart", contract("cartSchema"), { method: "PATCH", body: { ...update } });
        } catch (error) {
          if (attempt >= CART_PATCH_RETRIES || !isTransient(error)) throw error;
        }
      }
    },
    applyPromocode: (code, target = {}) => request("/client-cart/promocode", contract("cartSchema"), { method: "PUT", body: { ...target, code } }),
    removePromocode: (target = {}) => request("/client-cart/promocode", contract("cartSchema"), { method: "DELETE", query: defined({ ...target }) }),
    addCartProduct: (line) => request("/client-cart/product", contract("cartSchema"), { method: "POST", body: { ...line } }),
    updateCartProduct: (orderProductId, patch) => request(`/client-cart/product/${orderProductId}`, contract("cartSchema"), { method: "PATCH", body: { ...patch } }),
    removeCartProduct: (orderProductId) => request(`/client-cart/product/${orderProductId}`, contract("cartSchema"), { method: "DELETE" }),
    changeCartProductsInOrder: (change) => request("/client-cart/product/change-in-order", contract("cartSchema"), { method: "POST", body: { ...change } }),
    moveCartProducts: (move) => request("/client-cart/product/move", contract("cartSchema"), { method: "POST", body: { ...move } }),
    repeatCartProduct: (orderProductId, target = {}) =>
      request(`/client-cart/product/repeat/${orderProductId}`, contract("cartSchema"), { method: "POST", query: defined({ ...target }) }),
    addCartDelivery: (delivery) => request("/client-cart/delivery", contract("cartSchema"), { method: "POST", body: { ...delivery } }),
    updateCartDelivery: (delivery) => request("/client-cart/delivery", contract("cartSchema"), { method: "PUT", body: { ...delivery } }),
    removeCartDelivery: (deliveryId) => request(`/client-cart/delivery/${deliveryId}`, contract("cartSchema"), { method: "DELETE" }),
  };
}
