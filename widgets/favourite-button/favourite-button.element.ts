import baseCss from "../../shared/ui/base.css?inline";
import dialogCss from "../../shared/ui/dialog.css?inline";
import { defineElement } from "../define";
import { reactElement } from "../element";
import starCss from "../../shared/ui/favourite-star.css?inline";
import favouriteButtonCss from "./favourite-button.css?inline";
import { FavouriteButtonElement } from "./FavouriteButton";

const ReactFavouriteButtonElement = reactElement(FavouriteButtonElement, {
  attributes: { productId: "number", inFavorite: "boolean" },
  styles: [baseCss, dialogCss, starCss, favouriteButtonCss],
});

/**
 * A favourite star for one product, to place anywhere on a page. It flips only after the server has
 * confirmed the change (a visitor's favourites live in a temporary account until they sign in).
 *
 * @summary The favourite star of one Ottisk product.
 * @tag ottisk-favourite-button
 *
 * @attr {number} product-id - The product's id (required; nothing is shown without it).
 * @attr {boolean} in-favorite - The starting state, when the page already knows it (`in-favorite="false"` for not a favourite); without it the element asks the API for the product.
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 *
 * @fires {CustomEvent<{productId: number, inFavorite: boolean}>} ottisk-favourite-change - The server confirmed the change.
 *
 * @csspart favourite - The star button.
 * @csspart alert - The message when the change could not be saved.
 * @csspart error - The message when the product cannot be found.
 *
 * @cssprop --ottisk-color-favorite - The star of a favourite product.
 * @cssprop --ottisk-color-muted - The star of any other product.
 * @cssprop --ottisk-color-surface - The button's background.
 * @cssprop --ottisk-color-border - The button's border.
 * @cssprop --ottisk-color-focus - The keyboard focus ring.
 */
export class OttiskFavouriteButtonElement extends ReactFavouriteButtonElement {}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-favourite-button": OttiskFavouriteButtonElement;
  }
}

defineElement("ottisk-favourite-button", OttiskFavouriteButtonElement);
