import { defineElement } from "../define";
import { reactElement } from "../element";
import { mergeCatalogSnapshot } from "../../shared/state/index";
import type { CatalogSnapshot } from "../../shared/state/index";
import { catalogStyles } from "./catalog.styles";
import { CatalogElement } from "./CatalogElement";

const ReactCatalogElement = reactElement(CatalogElement, {
  attributes: { category: "string", productUrl: "string", pageSize: "number" },
  styles: catalogStyles,
  // The shop's server may have drawn the first cards already (see widgets/prerender.ts): take its data and hydrate.
  hydrate: (store, snapshot) => {
    mergeCatalogSnapshot(store, snapshot as CatalogSnapshot);
    return true;
  },
});

/**
 * The product catalogue: product cards of one category or of the whole catalogue, with filters
 * (production time, discount, price range, category; kept in localStorage under 'catalog-filters'),
 * the four sorts and dot pagination. The favourite star saves the favourite and flips once the
 * server has confirmed it.
 *
 * @summary Product cards of the Ottisk catalogue.
 * @tag ottisk-catalog
 *
 * @attr {string} category - Slug of the category to show (for example `vizitki`); the whole catalogue when absent.
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 * @attr {string} product-url - Address template of a product's page, with `{id}` and `{category}`; defaults to the storefront's product page.
 * @attr {number} page-size - Products per page, 1–100; 24 by default.
 *
 * @fires {CustomEvent<{productId: number, categorySlug: string, href: string}>} ottisk-order - 'Заказать' was clicked. Cancelable: call `preventDefault()` to stay on the page.
 * @fires {CustomEvent<{productId: number, inFavorite: boolean}>} ottisk-favourite-change - The server confirmed a favourite star change.
 *
 * @csspart catalog - The whole catalogue.
 * @csspart toolbar - The product count and the sort.
 * @csspart filters - The filter panel (a disclosure with its form).
 * @csspart grid - The list of product cards.
 * @csspart alert - The message shown when a favourite could not be saved.
 *
 * @cssprop --ottisk-font-family - Font of the element's text.
 * @cssprop --ottisk-color-text - Main text colour.
 * @cssprop --ottisk-color-muted - Secondary text colour.
 * @cssprop --ottisk-color-accent - Buttons, badges and the current page dot.
 * @cssprop --ottisk-color-accent-hover - Buttons under the pointer.
 * @cssprop --ottisk-color-surface - Card background.
 * @cssprop --ottisk-color-border - Card border.
 * @cssprop --ottisk-radius - Card corner radius.
 * @cssprop --ottisk-card-min-width - Narrowest card before the grid drops a column (240px).
 * @cssprop --ottisk-grid-gap - Space between cards (20px).
 */
export class OttiskCatalogElement extends ReactCatalogElement {}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-catalog": OttiskCatalogElement;
  }
}

defineElement("ottisk-catalog", OttiskCatalogElement);
