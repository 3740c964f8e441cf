import baseCss from "../../shared/ui/base.css?inline";
import dialogCss from "../../shared/ui/dialog.css?inline";
import menuItemCss from "../../shared/ui/menu-item.css?inline";
import { defineElement } from "../define";
import { reactElement } from "../element";
import loginCss from "../../shared/ui/login.css?inline";
import cartCss from "./cart.css?inline";
import clientModePickerCss from "../../shared/ui/client-mode-picker.css?inline";
import { CartElement } from "./CartElement";

const ReactCartElement = reactElement(CartElement, {
  attributes: { catalogUrl: "string", successUrl: "string", productUrl: "string", designerUrl: "string" },
  styles: [baseCss, dialogCss, menuItemCss, loginCss, cartCss, clientModePickerCss],
});

/**
 * The shopper's cart: lines with the in-order flag, quantity, layouts' status and removal; the
 * promocode; deliveries (the nine methods, city, address, pickup points, the shop's counters,
 * tariff, date, recipient); the payment type and comment; the company the order is for; totals and
 * checkout. It shares the page's cart with every other Ottisk element.
 *
 * @summary The Ottisk cart and checkout.
 * @tag ottisk-cart
 *
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 * @attr {string} catalog-url - Where the empty cart's «Перейти в каталог» leads; the storefront's `/catalog` by default.
 * @attr {string} success-url - Where an order paid by invoice or from the balance is shown, with `{id}` (and `{number}`); `/success-payment?orderId={id}` on the storefront by default. Card payments go to the payment page.
 * @attr {string} product-url - Address template of a line's product page, with `{id}` and `{category}`; the storefront's product page by default.
 * @attr {string} designer-url - Address template of a line's «Создать онлайн» (the layout designer for that line), with `{id}` (the product) and `{line}` (the line); the storefront's `/konstruktor/{id}?line={line}` by default (through a hand-off link from another origin).
 *
 * @fires {CustomEvent<{itemCount: number, total: number, readyToOrder: boolean}>} ottisk-cart-change - The page's cart changed its line count, total or readiness (and once when it is first loaded). Every cart element fires it for itself.
 * @fires {CustomEvent<{orderId: number, number: string, paymentType: string, total: number, href: string | null}>} ottisk-checkout - An order was placed. `href` is the payment page (Yookassa; null when the payment service did not answer) or the success page. Cancelable: `preventDefault()` keeps the shopper on the page (no redirect to the payment page); the cart then shows the order.
 * @fires {CustomEvent<{name: string, typeUser: string}>} ottisk-login - A visitor signed in with the cart's «Войти»; the cart then reloads (the visitor's lines move into the account's cart).
 * @fires {CustomEvent<{companyId: number | null}>} ottisk-company-change - The shopper chose another company (or the personal profile, null) for the cart; its deliveries were re-issued.
 *
 * @csspart cart - The whole cart.
 * @csspart lines - The list of lines.
 * @csspart line - One line.
 * @csspart designer-link - A line's «Создать онлайн»: its layout made in the layout designer.
 * @csspart promocode - The promocode block.
 * @csspart deliveries - The deliveries block.
 * @csspart delivery - One chosen delivery.
 * @csspart delivery-form - The form that adds or changes a delivery.
 * @csspart payment - Payment type and comment.
 * @csspart company - The company selector (signed-in clients with companies).
 * @csspart account - Whose cart this is («Корзина: …»), with the offers to move the client's other carts' lines here.
 * @csspart move - One offer «Перенести товары из корзины «…» сюда (N)».
 * @csspart client-picker - An employee outside client mode: the client search with «Войти в режим клиента» (instead of the cart).
 * @csspart summary - Totals, problems and the checkout button.
 * @csspart checkout - The «Оформить заказ» button.
 * @csspart empty - The empty cart's message.
 * @csspart success - The placed order's message.
 * @csspart login-button - A visitor's «Войти» (and `login-form`, `login-submit`, `dialog`, `alert` of its sign-in dialog, as in `<ottisk-login>`).
 *
 * @cssprop --ottisk-font-family - Font of the element's text.
 * @cssprop --ottisk-color-text - Main text colour.
 * @cssprop --ottisk-color-muted - Secondary text colour.
 * @cssprop --ottisk-color-accent - Buttons, links and the chosen options.
 * @cssprop --ottisk-color-accent-hover - Buttons under the pointer.
 * @cssprop --ottisk-color-surface - Background of the blocks.
 * @cssprop --ottisk-color-border - Borders of the blocks and fields.
 * @cssprop --ottisk-color-negative - Error messages.
 * @cssprop --ottisk-color-focus - Keyboard focus ring.
 * @cssprop --ottisk-radius - Corner radius of the blocks.
 * @cssprop --ottisk-cart-summary-width - Width of the totals column beside the lines from 1024 px (340px); below 1024 px the totals follow the lines.
 */
export class OttiskCartElement extends ReactCartElement {}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-cart": OttiskCartElement;
  }
}

defineElement("ottisk-cart", OttiskCartElement);
