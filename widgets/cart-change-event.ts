import { useAtomValue } from "jotai/react";
import { useEffect, useRef } from "react";
import { cartStateAtom } from "../shared/state/index";
import { fireOttiskEvent } from "./events";

/**
 * Fires `ottisk-cart-change` from `host` whenever the page store's cart changes its line count,
 * total or readiness, and once when the cart is first known. Every <ottisk-cart> and
 * <ottisk-cart-button> does this for itself, so a page with both hears each change once per element,
 * each event from its own element (see widgets/README.md).
 */
export function useCartChangeEvent(host: HTMLElement): void {
  const cart = useAtomValue(cartStateAtom).cart;
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (!cart) return;
    const detail = { itemCount: cart.orderProduct.length, total: cart.totals.total, readyToOrder: cart.readyToOrder };
    const key = JSON.stringify(detail);
    if (key === last.current) return;
    last.current = key;
    fireOttiskEvent(host, "ottisk-cart-change", detail);
  }, [cart, host]);
}
