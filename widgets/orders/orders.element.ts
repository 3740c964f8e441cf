import baseCss from "../../shared/ui/base.css?inline";
import dialogCss from "../../shared/ui/dialog.css?inline";
import loginCss from "../../shared/ui/login.css?inline";
import { defineElement } from "../define";
import { reactElement } from "../element";
import ordersCss from "./orders.css?inline";
import { OrdersElement } from "./OrdersElement";

const ReactOrdersElement = reactElement(OrdersElement, {
  attributes: { orderId: "number", orderHref: "string", view: "string", catalogUrl: "string", cartUrl: "string", pageSize: "number" },
  styles: [baseCss, dialogCss, loginCss, ordersCss],
});

/**
 * The signed-in client's orders — of the account chosen in «Заказываю от имени» — newest first, and
 * one order: lines with their layouts, approvals and design orders, deliveries, payment and totals,
 * with «Оплатить» for an unpaid card order, «Скачать счёт», «Скачать акт» and «Повторить заказ».
 * With `view="documents"`, the account's invoices and acts as PDFs. A visitor is offered «Войти».
 *
 * @summary The Ottisk client's orders and documents.
 * @tag ottisk-orders
 *
 * @attr {number} order-id - Shows this order instead of the list.
 * @attr {string} order-href - Address template of an order's page with `{id}` (the list's links). Without it a click shows the order in place, with «Все заказы» back to the list.
 * @attr {string} view - `orders` (the default) or `documents`: the account's invoices and acts.
 * @attr {string} catalog-url - Where the empty list's «Перейти в каталог» leads; the storefront's `/catalog` by default.
 * @attr {string} cart-url - Where «Перейти в корзину» leads after a repeat; the storefront's `/cart` by default.
 * @attr {number} page-size - Orders (or orders' documents) per page, 1–100 (20).
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 *
 * @fires {CustomEvent<{href: string}>} ottisk-navigate - An order's link (with `order-href`) or the payment page is about to open. Cancelable: call `preventDefault()` to route it yourself.
 * @fires {CustomEvent<{orderId: number, number: string, itemCount: number}>} ottisk-order-repeat - «Повторить заказ» put the order's lines back into the cart of the order's account (`itemCount`: that cart's lines).
 *
 * @csspart orders - The list of orders.
 * @csspart documents - The list of documents.
 * @csspart order - One order.
 * @csspart table - A list's table.
 * @csspart pager - The list's pages.
 * @csspart empty - The message of an empty list.
 * @csspart actions - One order's buttons (pay, invoice, act, repeat).
 * @csspart pay - «Оплатить».
 * @csspart lines - One order's lines.
 * @csspart totals - One order's totals.
 * @csspart not-found - «Заказ не найден».
 * @csspart account - Whose orders or documents these are (the selected account).
 * @csspart sign-in - The message asking a visitor to sign in.
 * @csspart line - One line of an order.
 * @csspart layout - One layout of a line.
 * @csspart design - One design order of a line.
 * @csspart deliveries - One order's deliveries.
 * @csspart notice - The message after an action (also `notice-positive`, `notice-negative`).
 *
 * @cssprop --ottisk-font-family - Font of the element's text.
 * @cssprop --ottisk-color-text - Main text colour.
 * @cssprop --ottisk-color-muted - Secondary text colour.
 * @cssprop --ottisk-color-accent - Buttons, links and the current page.
 * @cssprop --ottisk-color-surface - Background of an order's lines.
 * @cssprop --ottisk-color-border - Table rules and borders.
 * @cssprop --ottisk-radius - Corner radius.
 */
export class OttiskOrdersElement extends ReactOrdersElement {}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-orders": OttiskOrdersElement;
  }
}

defineElement("ottisk-orders", OttiskOrdersElement);
