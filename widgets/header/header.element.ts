import baseCss from "../../shared/ui/base.css?inline";
import dialogCss from "../../shared/ui/dialog.css?inline";
import menuItemCss from "../../shared/ui/menu-item.css?inline";
import { defineElement } from "../define";
import { reactElement } from "../element";
import accountMenuCss from "../../shared/ui/account-menu.css?inline";
import cartButtonCss from "../../shared/ui/cart-button.css?inline";
import cityPickerCss from "../../shared/ui/city-picker.css?inline";
import loginCss from "../../shared/ui/login.css?inline";
import logoutDialogCss from "../../shared/ui/logout-dialog.css?inline";
import menuButtonCss from "../../shared/ui/menu-button.css?inline";
import searchBoxCss from "../../shared/ui/search-box.css?inline";
import sideMenuCss from "../../shared/ui/side-menu.css?inline";
import headerCss from "./header.css?inline";
import { HeaderElement } from "./HeaderElement";
import type { HeaderElementProps } from "./HeaderElement";

const ReactHeaderElement = reactElement<HeaderElementProps>(HeaderElement, {
  attributes: { logoSrc: "string", adminUrl: "string" },
  // header.css last: its `:host { display: block }` wins over the parts' inline-block hosts.
  styles: [baseCss, dialogCss, menuItemCss, cityPickerCss, searchBoxCss, cartButtonCss, loginCss, logoutDialogCss, accountMenuCss, menuButtonCss, sideMenuCss, headerCss],
});

/**
 * The storefront's header. From 1280 px: logo, city, the two phones, the site search, favourites,
 * the cart with its item-count badge and the account area, with up to nine page tabs below (the
 * page list without its first entry, the main page). Narrower: the menu button, logo, the main
 * phone, city and cart; the menu button opens the side menu the header contains, with the search,
 * the pages, favourites and the account.
 *
 * @summary The storefront's header with the side menu.
 * @tag ottisk-header
 *
 * @attr {string} logo-src - Address of a logo picture; the shop's name «Оттиск» as text without it (either links to the storefront's main page).
 * @attr {string} admin-url - The admin panel's address; `/admin` on the storefront's origin by default.
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 *
 * @fires {CustomEvent<{href: string}>} ottisk-navigate - A link (logo, tab, favourites, cart, a side-menu page) was clicked, or the header is about to go to the admin panel. Cancelable: call `preventDefault()` to route on the page yourself.
 * @fires {CustomEvent<{query: string, href: string}>} ottisk-search - A search was submitted. Cancelable: call `preventDefault()` to show the results on the page.
 * @fires {CustomEvent<{kladrId: string, city: string, region: string}>} ottisk-city-change - The shopper chose a city.
 * @fires {CustomEvent<{name: string, typeUser: "client" | "employee"}>} ottisk-login - Somebody signed in.
 * @fires {CustomEvent<{}>} ottisk-logout - The shopper confirmed 'Выйти' and the session was closed.
 * @fires {CustomEvent<{companyId: number | null}>} ottisk-company-change - The shopper chose a company or the personal profile (null).
 *
 * @csspart header - The header box.
 * @csspart bar - The row with the logo, phones, search, cart and account.
 * @csspart menu-button - The menu button (below 1280 px).
 * @csspart logo - The logo link.
 * @csspart city-button - The city button.
 * @csspart phones - The phone numbers.
 * @csspart phone - One phone link.
 * @csspart search-form - The search form (also `search-input`, `search-submit`, `search-reset`).
 * @csspart favourites-link - The favourites link.
 * @csspart link - The cart link (and `badge`, its item count).
 * @csspart login-button - 'Войти'.
 * @csspart account-button - The signed-in account's button (and `account-panel`, `avatar`, …, see `<ottisk-account>`).
 * @csspart tabs - The page tabs (1280 px and wider).
 * @csspart tab - One page tab.
 * @csspart side-menu - The side menu panel (and its parts, see `<ottisk-side-menu>`).
 * @csspart dialog - The city, sign-in and logout dialogs.
 *
 * @cssprop --ottisk-header-background - Header background (the palette's surface colour).
 * @cssprop --ottisk-layout-max-width - Widest the header's content grows (1520px).
 * @cssprop --ottisk-side-menu-width - Width of the side menu (360px).
 * @cssprop --ottisk-overlay-color - The dimming overlay behind the side menu.
 * @cssprop --ottisk-font-family - Font of the header.
 * @cssprop --ottisk-color-text - Text colour.
 * @cssprop --ottisk-color-muted - The second phone.
 * @cssprop --ottisk-color-accent - Logo text, buttons, badge and links under the pointer.
 * @cssprop --ottisk-color-surface - Backgrounds of the header, panels and dialogs.
 * @cssprop --ottisk-color-border - Bottom border and dividers.
 * @cssprop --ottisk-color-focus - Keyboard focus ring.
 */
export class OttiskHeaderElement extends ReactHeaderElement {}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-header": OttiskHeaderElement;
  }
}

defineElement("ottisk-header", OttiskHeaderElement);
