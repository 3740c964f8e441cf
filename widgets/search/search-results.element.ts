import baseCss from "../../shared/ui/base.css?inline";
import { defineElement } from "../define";
import { reactElement } from "../element";
import searchCss from "./search.css?inline";
import { SearchResultsElement } from "./SearchElements";
import type { SearchResultsElementProps } from "./SearchElements";

const ReactSearchResultsElement = reactElement<SearchResultsElementProps>(SearchResultsElement, {
  attributes: { query: "string", pageSize: "number" },
  styles: [baseCss, searchCss],
});

/**
 * The site search results: pages and products best first, each with its picture, title and the
 * text around the words found; «Показать ещё» loads the next results. The query is the `query`
 * attribute, else `?q=` of the page's address, else the last query submitted in `<ottisk-search>`.
 *
 * @summary Site search results.
 * @tag ottisk-search-results
 *
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 * @attr {string} query - What to search for; overrides `?q=` and the stored query.
 * @attr {number} page-size - Results per page, 1–50 (20).
 *
 * @fires {CustomEvent<{href: string}>} ottisk-navigate - A result was clicked. Cancelable: `preventDefault()` keeps the page (route yourself).
 *
 * @csspart results - The results section.
 * @csspart result - One result.
 * @csspart result-link - A result's title link.
 * @csspart result-price - A product's «от … ₽».
 * @csspart more-button - «Показать ещё».
 *
 * @cssprop --ottisk-font-family - Font of the element's text.
 * @cssprop --ottisk-color-text - Text colour.
 * @cssprop --ottisk-color-muted - Counts and result types.
 * @cssprop --ottisk-color-accent - Result links and buttons.
 * @cssprop --ottisk-color-surface - Result background.
 * @cssprop --ottisk-color-border - Result border.
 * @cssprop --ottisk-radius - Result corner radius.
 */
export class OttiskSearchResultsElement extends ReactSearchResultsElement {}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-search-results": OttiskSearchResultsElement;
  }
}

defineElement("ottisk-search-results", OttiskSearchResultsElement);
