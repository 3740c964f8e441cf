import { SCREEN_PATHS, sitePath } from "../../shared/domain/index";
import { paintOnServer, serverPaintStore } from "../server-paint";
import type { ServerPaintInput } from "../server-paint";
import { cartButtonStyles } from "./cart-button.styles";
import { CartButtonElement } from "./CartButtonElement";

/**
 * `<ottisk-cart-button>`'s first paint on the shop's server, for a visitor without a session on a
 * partner's page (widgets/prerender.ts asks only there): the same tree the element renders, with
 * no cart — the cart link with 0. The element's code loads when the visitor uses the link, or when
 * the page's cart may have changed (widgets/loader.ts), and hydrates this HTML.
 */
export function prerenderCartButton(input: ServerPaintInput): { html: string; styles: string[]; snapshot: null } {
  const cartUrl = input.attributes["cart-url"] || `${input.origin}${sitePath(SCREEN_PATHS.cart)}`;
  const html = paintOnServer(serverPaintStore(input), (host) => <CartButtonElement host={host} apiBase={input.apiBase} cartUrl={cartUrl} />);
  return { html, styles: [...cartButtonStyles], snapshot: null };
}
