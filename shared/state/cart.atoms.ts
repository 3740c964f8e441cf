import { atom } from "jotai/vanilla";
import type { Cart, CartProductAddRequest, CartUpdateRequest, Order, PaymentType } from "../contracts/index";
// The schema-free module: the cart's atoms load no zod schemas for a message.
import { CLIENT_MODE_REQUIRED_MESSAGE } from "../contracts/wire";
import { CART_REFRESH_DELAY_MS } from "../domain/index";
import { isApiError } from "../http/index";
import type { Api } from "../http/index";
import { accountStateAtom, cartTargetAtom } from "./account-state.atoms";
import { publishChange, requireApi } from "./api.atoms";
import { followOtherTabs } from "./store";

/*
 * The cart of spec §4: loading sets `loading` and clears the error; success stores the cart; an
 * error stores its message. Every change stores the server's answer at once and reloads the cart
 * after a 500 ms pause (spec §9), so lines changed by another element or tab are picked up.
 */

export interface CartState {
  cart: Cart | null;
  loading: boolean;
  error: string | null;
  deliveryLoading: boolean;
  deliveryError: string | null;
}

export const cartStateAtom = atom<CartState>({ cart: null, loading: false, error: null, deliveryLoading: false, deliveryError: null });

/** Lines in the cart: the number on the cart button's badge. */
export const cartItemCountAtom = atom((get) => get(cartStateAtom).cart?.orderProduct.length ?? 0);


export const loadCartAtom = atom(null, async (get, set) => {
  const api = requireApi(get);
  const profile = get(accountStateAtom).profile;
  if (profile?.typeUser === "employee" && !profile.impersonalization) {
    set(cartStateAtom, (state) => ({ ...state, cart: null, loading: false, error: CLIENT_MODE_REQUIRED_MESSAGE }));
    return;
  }
  set(cartStateAtom, (state) => ({ ...state, loading: true, error: null }));
  try {
    const cart = await api.getCart(get(cartTargetAtom));
    set(cartStateAtom, (state) => ({ ...state, cart, loading: false }));
  } catch (error) {
    set(cartStateAtom, (state) => ({ ...state, loading: false, error: isApiError(error) ? error.messageUI : null }));
    // Anything but the API's error is a bug: the element's error boundary gets it (shared/README.md, "Errors").
    if (!isApiError(error)) throw error;
  }
});

/** Loads the cart once per page, after the account (which loads it itself). */
export const ensureCartAtom = atom(null, async (get, set) => {
  const state = get(cartStateAtom);
  if (state.cart || state.loading || get(accountStateAtom).loading) return;
  await set(loadCartAtom);
});

const refreshTimerAtom = atom<{ id: ReturnType<typeof setTimeout> | null }>({ id: null });

/** Reloads the cart after the pause of spec §9; a new change within the pause restarts it. */
export const scheduleCartRefreshAtom = atom(null, (get, set) => {
  const timer = get(refreshTimerAtom);
  if (timer.id !== null) clearTimeout(timer.id);
  timer.id = setTimeout(() => {
    timer.id = null;
    void set(loadCartAtom);
  }, CART_REFRESH_DELAY_MS);
});

/**
 * Runs one change of the cart: the answer is stored at once, the other tabs are told and the cart
 * reloads after the pause. Rejects with the ApiError, whose messageUI the element shows.
 */
export const changeCartAtom = atom(null, async (get, set, change: (api: Api, target: { companyId?: number }) => Promise<Cart>) => {
  const cart = await change(requireApi(get), get(cartTargetAtom));
  set(cartStateAtom, (state) => ({ ...state, cart, error: null }));
  publishChange(get, "cart");
  set(scheduleCartRefreshAtom);
  return cart;
});

export const addToCartAtom = atom(null, (_get, set, line: CartProductAddRequest) =>
  set(changeCartAtom, (api, target) => api.addCartProduct({ ...target, ...line })),
);

/**
 * PATCH /client-cart with the cart's version (a stale tab gets 409); retried 5 times by the client.
 * A 409 means another tab changed the cart: the cart is reloaded and the error (whose messageUI
 * says so) is passed on for the element to show.
 */
export const updateCartAtom = atom(null, async (get, set, update: Omit<CartUpdateRequest, "version">) => {
  const version = get(cartStateAtom).cart?.version;
  try {
    return await set(changeCartAtom, (api, target) => api.updateCart({ ...target, ...update, ...(version === undefined ? {} : { version }) }));
  } catch (error) {
    if (isApiError(error) && error.status === 409) await set(loadCartAtom);
    throw error;
  }
});

/**
 * Places the order of the cart the storefront works on (POST /client-cart/place-order). The caller
 * makes one idempotency key per checkout attempt and sends it again on a retry. The cart is
 * reloaded afterwards (its in-order lines have moved to the order) and the other tabs are told.
 */
export const placeOrderAtom = atom(
  null,
  async (get, set, order: { paymentType: PaymentType; comment?: string; idempotencyKey: string }): Promise<Order> => {
    const target = get(cartTargetAtom);
    const placed = await requireApi(get).placeOrder({ ...order, companyId: target.companyId ?? null });
    publishChange(get, "cart");
    await set(loadCartAtom);
    return placed;
  },
);

/** Marks lines in or out of the order: the flags change at once, then the server confirms (spec §4). */
export const setInOrderAtom = atom(null, async (get, set, change: { orderProductIds: number[]; inOrder: boolean }) => {
  const ids = new Set(change.orderProductIds);
  set(cartStateAtom, (state) =>
    state.cart
      ? {
          ...state,
          cart: {
            ...state.cart,
            orderProduct: state.cart.orderProduct.map((line) => (ids.has(line.id) ? { ...line, inOrder: change.inOrder } : line)),
          },
        }
      : state,
  );
  try {
    return await set(changeCartAtom, (api) => api.changeCartProductsInOrder(change));
  } catch (error) {
    await set(loadCartAtom);
    throw error;
  }
});

/**
 * Delivery updates (spec §4): the request sets loading, success replaces the cart, failure is
 * stored as the delivery error.
 */
export const runDeliveryChangeAtom = atom(null, async (get, set, change: (api: Api, target: { companyId?: number }) => Promise<Cart>) => {
  set(cartStateAtom, (state) => ({ ...state, deliveryLoading: true, deliveryError: null }));
  try {
    const cart = await change(requireApi(get), get(cartTargetAtom));
    set(cartStateAtom, (state) => ({ ...state, cart, deliveryLoading: false }));
    publishChange(get, "cart");
    set(scheduleCartRefreshAtom);
    return cart;
  } catch (error) {
    set(cartStateAtom, (state) => ({ ...state, deliveryLoading: false, deliveryError: isApiError(error) ? error.messageUI : null }));
    if (!isApiError(error)) throw error;
    return null;
  }
});

/**
 * After the selected company changes the cart is another one: load it and issue a delivery update
 * for each of its deliveries, so their prices and terms are those of the new company (spec §4).
 */
export const reissueDeliveriesAtom = atom(null, async (get, set) => {
  await set(loadCartAtom);
  const deliveries = get(cartStateAtom).cart?.deliveries ?? [];
  for (const delivery of deliveries) {
    await set(runDeliveryChangeAtom, (api) =>
      api.updateCartDelivery({
        id: delivery.id,
        deliveryType: delivery.deliveryType,
        cityKladrId: delivery.cityKladrId,
        deliveryMethod: delivery.deliveryMethod,
        address: delivery.address,
        recipientId: delivery.recipientId,
        tariffCode: delivery.tariffCode,
        pickupPointCode: delivery.pickupPointCode,
      }),
    );
  }
});

followOtherTabs((store, topic) => {
  if (topic === "cart") store.set(scheduleCartRefreshAtom);
});
