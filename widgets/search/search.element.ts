import baseCss from "../../shared/ui/base.css?inline";
import { defineElement } from "../define";
import { reactElement } from "../element";
import searchBoxCss from "../../shared/ui/search-box.css?inline";
import { SearchElement } from "./SearchElements";
import type { SearchElementProps } from "./SearchElements";

const ReactSearchElement = reactElement<SearchElementProps>(SearchElement, {
  attributes: { resultsUrl: "string" },
  styles: [baseCss, searchBoxCss],
});

/**
 * The site search box: 'Поиск по сайту', 'Найти' and a reset button. Submitting stores the query for
 * the results page, clears the field and goes to the results; an empty query does nothing.
 *
 * @summary Site search box.
 * @tag ottisk-search
 *
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 * @attr {string} results-url - The results page: `?q=<query>` is added, or `{query}` in it is replaced; the storefront's `/poisk` by default.
 *
 * @fires {CustomEvent<{query: string, href: string}>} ottisk-search - A query was submitted. Cancelable: `preventDefault()` stays on the page (show the results yourself, e.g. set `query` of `<ottisk-search-results>`).
 *
 * @csspart search-form - The `<form role="search">`.
 * @csspart search-input - The search field.
 * @csspart search-reset - The reset button (shown while the field has text).
 * @csspart search-submit - 'Найти'.
 *
 * @cssprop --ottisk-font-family - Font of the element's text.
 * @cssprop --ottisk-color-text - Text colour.
 * @cssprop --ottisk-color-accent - 'Найти'.
 * @cssprop --ottisk-color-surface - Field background.
 * @cssprop --ottisk-color-border - Field border.
 * @cssprop --ottisk-color-focus - Focus ring.
 * @cssprop --ottisk-search-max-width - Widest the box grows (100%).
 */
export class OttiskSearchElement extends ReactSearchElement {}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-search": OttiskSearchElement;
  }
}

defineElement("ottisk-search", OttiskSearchElement);
