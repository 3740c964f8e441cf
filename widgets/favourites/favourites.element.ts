import baseCss from "../../shared/ui/base.css?inline";
import dialogCss from "../../shared/ui/dialog.css?inline";
import cardCss from "../../shared/ui/product-card.css?inline";
import gridCss from "../../shared/ui/product-grid.css?inline";
import { defineElement } from "../define";
import { reactElement } from "../element";
import favouritesCss from "./favourites.css?inline";
import { FavouritesElement } from "./FavouritesElement";

const ReactFavouritesElement = reactElement(FavouritesElement, {
  attributes: { productUrl: "string", catalogUrl: "string" },
  styles: [baseCss, cardCss, dialogCss, gridCss, favouritesCss],
});

/**
 * The shopper's favourite products, newest first, as the catalogue's cards. Unstarring a card
 * removes it once the server has confirmed; the list follows changes made by other elements and tabs.
 *
 * @summary The Ottisk favourites list.
 * @tag ottisk-favourites
 *
 * @attr {string} product-url - Address template of a product's page, with `{id}` and `{category}`; defaults to the storefront's product page.
 * @attr {string} catalog-url - Where the empty list's «Перейти в каталог» leads; the storefront's `/catalog` by default.
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 *
 * @fires {CustomEvent<{productId: number, categorySlug: string, href: string}>} ottisk-order - 'Заказать' was clicked. Cancelable: call `preventDefault()` to stay on the page.
 * @fires {CustomEvent<{productId: number, inFavorite: boolean}>} ottisk-favourite-change - The server confirmed a favourite star change.
 *
 * @csspart favourites - The whole list.
 * @csspart grid - The list of product cards.
 * @csspart empty - The message of an empty list, with its link to the catalogue.
 * @csspart alert - The message when a change could not be saved.
 *
 * @cssprop --ottisk-font-family - Font of the element's text.
 * @cssprop --ottisk-color-text - Main text colour.
 * @cssprop --ottisk-color-muted - Secondary text colour.
 * @cssprop --ottisk-color-accent - Buttons and badges.
 * @cssprop --ottisk-color-surface - Card background.
 * @cssprop --ottisk-color-border - Card border.
 * @cssprop --ottisk-color-favorite - The star of a favourite product.
 * @cssprop --ottisk-radius - Card corner radius.
 * @cssprop --ottisk-card-min-width - Narrowest card before the grid drops a column (240px).
 * @cssprop --ottisk-grid-gap - Space between cards (20px).
 */
export class OttiskFavouritesElement extends ReactFavouritesElement {}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-favourites": OttiskFavouritesElement;
  }
}

defineElement("ottisk-favourites", OttiskFavouritesElement);
