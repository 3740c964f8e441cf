import type { HostProps } from "../element";
import { useShopLink } from "../handoff";
import { navigateHandler, storefrontHref } from "../navigate";
import { useCartChangeEvent } from "../cart-change-event";
import { SCREEN_PATHS } from "../../shared/domain/index";
import { CartButton } from "../../shared/ui/index";

export interface CartButtonElementProps {
  cartUrl?: string;
}

/** `<ottisk-cart-button>`: the CartButton, its link announced with ottisk-navigate and the cart's changes with ottisk-cart-change. */
export function CartButtonElement({ cartUrl, host }: CartButtonElementProps & HostProps) {
  useCartChangeEvent(host);
  // From a partner's page the shop's cart opens through a hand-off link, so the session comes along.
  const shopLink = useShopLink();
  return (
    <span className="ottisk-root ottisk-cart-button-host">
      <CartButton cartUrl={cartUrl ?? storefrontHref(SCREEN_PATHS.cart)} onNavigate={navigateHandler(host)} onShopLink={shopLink} />
    </span>
  );
}
