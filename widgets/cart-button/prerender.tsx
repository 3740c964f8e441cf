import { Provider } from "jotai/react";
import { renderToString } from "react-dom/server";
import { SCREEN_PATHS, sitePath } from "../../shared/domain/index";
import { createApi } from "../../shared/http/index";
import { createPageStore } from "../../shared/state/index";
import { ErrorBoundary } from "../../shared/ui/index";
import { cartButtonStyles } from "./cart-button.styles";
import { CartButtonElement } from "./CartButtonElement";

export interface CartButtonPrerenderInput {
  attributes: Record<string, string>;
  origin: string;
  apiBase: string;
  fetch: typeof globalThis.fetch;
}

/**
 * `<ottisk-cart-button>`'s first paint on the shop's server, for a visitor without a session on a
 * partner's page (widgets/prerender.ts asks only there): the same tree the element renders, with
 * no cart — the cart link with 0. The element's code loads when the visitor uses the link, or when
 * the page's cart may have changed (widgets/loader.ts), and hydrates this HTML.
 */
export function prerenderCartButton(input: CartButtonPrerenderInput): { html: string; styles: string[]; snapshot: null } {
  const store = createPageStore(createApi({ baseURL: input.apiBase, fetch: input.fetch }));
  // Nothing is clicked in a server render, so the element the events would come from is never used.
  const noHost = undefined as unknown as HTMLElement;
  const cartUrl = input.attributes["cart-url"] || `${input.origin}${sitePath(SCREEN_PATHS.cart)}`;
  const html = renderToString(
    <Provider store={store}>
      <ErrorBoundary>
        <CartButtonElement host={noHost} apiBase={input.apiBase} cartUrl={cartUrl} />
      </ErrorBoundary>
    </Provider>,
  );
  return { html, styles: [...cartButtonStyles], snapshot: null };
}
