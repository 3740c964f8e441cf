import baseCss from "../../shared/ui/base.css?inline";
import dialogCss from "../../shared/ui/dialog.css?inline";
import { defineElement } from "../define";
import { reactElement } from "../element";
import starCss from "../../shared/ui/favourite-star.css?inline";
import productCss from "./product.css?inline";
import { ProductElement } from "./ProductElement";

const ReactProductElement = reactElement(ProductElement, {
  attributes: { productId: "number", cartUrl: "string", catalogUrl: "string", designerUrl: "string" },
  styles: [baseCss, dialogCss, starCss, productCss],
});

/**
 * A product's page: photos, print options, runs with their prices, urgency, the server's live price,
 * the details that need layouts, and «В корзину». The price always comes from the server.
 *
 * @summary The page of one Ottisk product, with its live price and «В корзину».
 * @tag ottisk-product
 *
 * @attr {number} product-id - The product's id (required: without it a neutral hint «Укажите товар: атрибут product-id», with a wrong one the error «Товар указан неверно…»).
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 * @attr {string} cart-url - Where «Перейти в корзину» leads; the storefront's `/cart` by default.
 * @attr {string} catalog-url - Where «Перейти в каталог» leads when the product cannot be shown; the storefront's `/catalog` by default.
 * @attr {string} designer-url - Where «Создать макет онлайн» leads (shown for a product that takes a layout), with `{id}`; the storefront's layout designer `/konstruktor/{id}` by default (through a hand-off link from another origin, so the shopper's session goes along).
 *
 * @fires {CustomEvent<{productId: number, orderProductId: number, quantity: number, itemCount: number}>} ottisk-add-to-cart - The server added a line: `orderProductId` is the line that was not in the cart before (else the product's last line), `itemCount` the number of lines in the cart.
 * @fires {CustomEvent<{productId: number, inFavorite: boolean}>} ottisk-favourite-change - The server confirmed a favourite star change.
 *
 * @csspart product - The whole product page.
 * @csspart gallery - The photos and their thumbnails.
 * @csspart favourite - The favourite star.
 * @csspart form - The order form (options, run, urgency, price, button).
 * @csspart option-group - One group of options (format, paper, colours, finishing).
 * @csspart tiers - The runs with their prices and the own-run field.
 * @csspart urgency - The urgent production switch.
 * @csspart layouts - The list of details that need a layout.
 * @csspart designer - The line with «Создать макет онлайн».
 * @csspart designer-link - «Создать макет онлайн», the link to the layout designer.
 * @csspart price - The live price, production time and VAT note.
 * @csspart add-button - «В корзину».
 * @csspart cart-link - «Перейти в корзину», shown once a line was added.
 * @csspart alert - The message after adding (or failing to add) to the cart.
 * @csspart error - The message when the product cannot be shown.
 * @csspart hint - What to set while no product-id is given.
 *
 * @cssprop --ottisk-font-family - Font of the element's text.
 * @cssprop --ottisk-color-text - Main text colour.
 * @cssprop --ottisk-color-muted - Secondary text colour.
 * @cssprop --ottisk-color-accent - Buttons, the chosen run and the star.
 * @cssprop --ottisk-color-accent-hover - Buttons under the pointer.
 * @cssprop --ottisk-color-surface - Background of the choices.
 * @cssprop --ottisk-color-border - Borders of the choices and photos.
 * @cssprop --ottisk-radius - Corner radius of the photos and choices.
 * @cssprop --ottisk-color-favorite - The star of a favourite product.
 */
export class OttiskProductElement extends ReactProductElement {}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-product": OttiskProductElement;
  }
}

defineElement("ottisk-product", OttiskProductElement);
