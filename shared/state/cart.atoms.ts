import { atom } from "jotai/vanilla";
import type { Cart, CartProductAddRequest, CartUpdateRequest, Order, PaymentType } from "../contracts/index";
// The schema-free module: the cart's atoms load no zod schemas for a message.
import { CLIENT_MODE_REQUIRED_MESSAGE } from "../contracts/wire";
import { CART_REFRESH_DELAY_MS } from "../domain/index";
import { isApiError } from "../http/index";
import type { Api } from "../http/index";
import { accountStateAtom, cartTargetAtom } from "./account-state.atoms";
import { hiddenSessionPossibleAtom, publishChange, requireApi, sessionTokenProbeAtom } from "./api.atoms";
import { dataOf, mapData, storeResource } from "./resource";
import { followOtherTabs } from "./store";

/*
 * The cart of spec §4, on the resource mechanism (resource.ts): the page store's one cart, loaded
 * for the selected company or the placed client; while it is asked again, and after a failed
 * reload, the last cart stays (the views go on showing it, with the error). Every change is an
 * action atom that stores the server's answer at once and reloads the cart after a 500 ms pause
 * (spec §9), so lines changed by another element or tab are picked up.
 */

/** The cart the storefront works on; `loadCartAtom` and the changes below write it. */
export const cartResource = storeResource<Cart>((api, get) => api.getCart(get(cartTargetAtom)));

export interface CartState {
  /** The last cart the server gave, kept while it is loaded again and after a failed reload; null before the first. */
  cart: Cart | null;
  /** A load of the cart is on its way. */
  loading: boolean;
  /** The Russian message of the last load, when it failed (spec §4). */
  error: string | null;
}

/** The cart as the views read it. */
export const cartStateAtom = atom((get): CartState => {
  const value = get(cartResource.valueAtom);
  return { cart: dataOf(value) ?? null, loading: value?.status === "loading", error: value?.status === "error" ? value.messageUI : null };
});

/** A delivery change on its way (spec §4: the request sets loading), and the Russian message of the last one that failed. */
export const deliveryChangeAtom = atom<{ busy: boolean; error: string | null }>({ busy: false, error: null });

const cartChangesAtom = atom(0);

/**
 * A change of the cart is on its way (a payment type, a delivery, a line, a promocode): «Оформить
 * заказ» waits for it, or the order would be placed on the cart as it was before the shopper's last
 * word (an invoice chosen, the balance ordered).
 */
export const cartSavingAtom = atom((get) => get(cartChangesAtom) > 0);

/**
 * Runs `work` as a change of the cart: cartSavingAtom holds while it is on its way, including what
 * the caller does after a failure (a 409's reload and the second try).
 */
export const trackCartChangeAtom = atom(null, async (_get, set, work: () => Promise<void>) => {
  set(cartChangesAtom, (count) => count + 1);
  try {
    await work();
  } finally {
    set(cartChangesAtom, (count) => count - 1);
  }
});

/** Lines in the cart: the number on the cart button's badge. */
export const cartItemCountAtom = atom((get) => get(cartStateAtom).cart?.orderProduct.length ?? 0);

/** Asks for the cart again. An employee outside client mode has none: the cart says so without asking. */
export const loadCartAtom = atom(null, async (get, set) => {
  const profile = get(accountStateAtom).profile;
  if (profile?.typeUser === "employee" && !profile.impersonalization) {
    set(cartResource.valueAtom, { status: "error", messageUI: CLIENT_MODE_REQUIRED_MESSAGE, httpStatus: 403 });
    return;
  }
  await set(cartResource.refreshAtom);
});

/** Loads the cart once per page, after the account (which loads it itself). */
export const ensureCartAtom = atom(null, async (get, set) => {
  const value = get(cartResource.valueAtom);
  if (dataOf(value) || value?.status === "loading" || get(accountStateAtom).loading) return;
  await set(loadCartAtom);
});

/**
 * The cart for the cart button's badge: where nobody can have a session (a partner's page with no
 * stored token) the cart is empty and nothing is asked — the answer would be the empty cart, and
 * its contract would bring zod and every schema to a page that shows one number (npm run
 * bench:bundle). The first change or a sign-in brings the cart and the badge follows.
 */
export const ensureCartBadgeAtom = atom(null, async (get, set) => {
  if (!get(sessionPossibleAtom)) return;
  await set(ensureCartAtom);
});

/** Whether anybody can have a session here: not on a partner's page without a stored token. */
export const sessionPossibleAtom = atom((get) => get(hiddenSessionPossibleAtom) || get(sessionTokenProbeAtom).present());

/**
 * The cart after an account load: loaded again if the page has one; where nobody can have a session
 * and nothing asked for the cart yet, left to whoever asks (ensureCartAtom, ensureCartBadgeAtom).
 */
export const followAccountAtom = atom(null, async (get, set) => {
  if (get(cartResource.valueAtom) === undefined && !get(sessionPossibleAtom)) return;
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
  set(cartChangesAtom, (count) => count + 1);
  let cart: Cart;
  try {
    cart = await change(requireApi(get), get(cartTargetAtom));
  } finally {
    set(cartChangesAtom, (count) => count - 1);
  }
  set(cartResource.valueAtom, { status: "ready", data: cart });
  publishChange(get, "cart");
  set(scheduleCartRefreshAtom);
  return cart;
});

/** A cart another call answered with (an order repeated into it): the page's cart now, when it is the one the storefront works on. */
export const cartAnsweredAtom = atom(null, (get, set, cart: Cart) => {
  if (cart.companyId === (get(cartTargetAtom).companyId ?? null)) set(cartResource.valueAtom, { status: "ready", data: cart });
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
  set(cartResource.valueAtom, (value) =>
    mapData(value, (cart) => ({ ...cart, orderProduct: cart.orderProduct.map((line) => (ids.has(line.id) ? { ...line, inOrder: change.inOrder } : line)) })),
  );
  try {
    return await set(changeCartAtom, (api) => api.changeCartProductsInOrder(change));
  } catch (error) {
    await set(loadCartAtom);
    throw error;
  }
});

/**
 * Delivery updates (spec §4): the request sets loading, success replaces the cart, the API's
 * failure is stored as the delivery error (and null answered); anything else is a bug, passed on.
 */
export const runDeliveryChangeAtom = atom(null, async (get, set, change: (api: Api, target: { companyId?: number }) => Promise<Cart>) => {
  set(deliveryChangeAtom, { busy: true, error: null });
  set(cartChangesAtom, (count) => count + 1);
  try {
    const cart = await change(requireApi(get), get(cartTargetAtom));
    set(cartResource.valueAtom, { status: "ready", data: cart });
    set(deliveryChangeAtom, { busy: false, error: null });
    publishChange(get, "cart");
    set(scheduleCartRefreshAtom);
    return cart;
  } catch (error) {
    set(deliveryChangeAtom, { busy: false, error: isApiError(error) ? error.messageUI : null });
    if (!isApiError(error)) throw error;
    return null;
  } finally {
    set(cartChangesAtom, (count) => count - 1);
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
