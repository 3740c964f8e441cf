import { defineElement } from "../define";
import { reactElement } from "../element";
import { cartItemCountAtom, cartStateAtom } from "../../shared/state/index";
import { cartButtonStyles } from "./cart-button.styles";
import { CartButtonElement } from "./CartButtonElement";

const ReactCartButtonElement = reactElement(CartButtonElement, {
  attributes: { cartUrl: "string" },
  styles: cartButtonStyles,
  // Drawn first by the shop's server for a visitor on a partner's page without a session
  // (widgets/prerender.ts): the empty cart link. When a line was added before the code came (the
  // product element), the badge differs: the element draws itself.
  hydrate: (store) => {
    const { cart, loading } = store.get(cartStateAtom);
    return store.get(cartItemCountAtom) === 0 && !(loading && !cart);
  },
});

/**
 * The cart link with the item-count badge: the number of lines in the shopper's cart, shared with
 * every other Ottisk element of the page (a line added in the product element shows at once).
 *
 * @summary Cart link with the item-count badge.
 * @tag ottisk-cart-button
 *
 * @attr {string} cart-url - Address of the cart page; the storefront's `/cart` by default.
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 *
 * @fires {CustomEvent<{itemCount: number, total: number, readyToOrder: boolean}>} ottisk-cart-change - The page's cart changed its line count, total or readiness (and once when it is first loaded). Every cart element fires it for itself.
 * @fires {CustomEvent<{href: string}>} ottisk-navigate - The link was clicked. Cancelable: call `preventDefault()` to route on the page yourself.
 *
 * @csspart link - The cart link.
 * @csspart badge - The item-count badge (absent while the cart is empty).
 *
 * @cssprop --ottisk-font-family - Font of the label.
 * @cssprop --ottisk-color-text - Icon and label colour.
 * @cssprop --ottisk-color-accent - Badge background and the link under the pointer.
 * @cssprop --ottisk-color-on-accent - Badge text.
 * @cssprop --ottisk-color-focus - Keyboard focus ring.
 * @cssprop --ottisk-radius-button - Corner radius of the link's focus area.
 */
export class OttiskCartButtonElement extends ReactCartButtonElement {}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-cart-button": OttiskCartButtonElement;
  }
}

defineElement("ottisk-cart-button", OttiskCartButtonElement);
