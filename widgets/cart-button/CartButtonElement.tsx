import type { HostProps } from "../element";
import { navigateHandler, storefrontHref } from "../navigate";
import { CartButton } from "../parts/CartButton";
import { useCartChangeEvent } from "../parts/cart-change-event";
import { SCREEN_PATHS } from "../../shared/domain/index";

export interface CartButtonElementProps {
  cartUrl?: string;
}

/** `<ottisk-cart-button>`: the CartButton, its link announced with ottisk-navigate and the cart's changes with ottisk-cart-change. */
export function CartButtonElement({ cartUrl, host }: CartButtonElementProps & HostProps) {
  useCartChangeEvent(host);
  return (
    <span className="ottisk-root ottisk-cart-button-host">
      <CartButton cartUrl={cartUrl ?? storefrontHref(SCREEN_PATHS.cart)} onNavigate={navigateHandler(host)} />
    </span>
  );
}
