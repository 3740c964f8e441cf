import baseCss from "../../shared/ui/base.css?inline";
import dialogCss from "../../shared/ui/dialog.css?inline";
import menuItemCss from "../../shared/ui/menu-item.css?inline";
import { defineElement } from "../define";
import { reactElement } from "../element";
import accountMenuCss from "../../shared/ui/account-menu.css?inline";
import menuButtonCss from "../../shared/ui/menu-button.css?inline";
import searchBoxCss from "../../shared/ui/search-box.css?inline";
import sideMenuCss from "../../shared/ui/side-menu.css?inline";
import { SideMenuElement } from "./SideMenuElement";
import type { SideMenuElementProps } from "./SideMenuElement";

const ReactSideMenuElement = reactElement<SideMenuElementProps>(SideMenuElement, {
  attributes: { open: "boolean", adminUrl: "string" },
  styles: [baseCss, dialogCss, menuItemCss, searchBoxCss, accountMenuCss, menuButtonCss, sideMenuCss],
});

/**
 * The slide-in side menu with its «Меню» button: a modal panel from the left edge over a dimming
 * overlay (Escape, the × and a click on the overlay close it; focus stays inside and returns to
 * the button). It holds the site search, the top-level pages, favourites, the account block
 * ('Ваши аккаунты' for a signed-in client, else 'Войти в систему') and the account's links to the
 * admin panel with 'Выйти'. `<ottisk-header>` contains it already.
 *
 * @summary Slide-in side menu with its open button.
 * @tag ottisk-side-menu
 *
 * @attr {boolean} open - Whether the menu is open; set or remove it to open or close the menu, and it follows the menu when the shopper opens or closes it.
 * @attr {string} admin-url - The admin panel's address; `/admin` on the storefront's origin by default.
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 *
 * @fires {CustomEvent<{href: string}>} ottisk-navigate - A page link was clicked, or the menu is about to go to the admin panel after leaving client mode. Cancelable.
 * @fires {CustomEvent<{query: string, href: string}>} ottisk-search - A search was submitted. Cancelable: call `preventDefault()` to show the results on the page.
 * @fires {CustomEvent<{}>} ottisk-logout - The shopper confirmed 'Выйти' and the session was closed.
 * @fires {CustomEvent<{companyId: number | null}>} ottisk-company-change - The shopper chose a company or the personal profile (null).
 *
 * @csspart menu-button - The «Меню» button.
 * @csspart side-menu - The panel (a native `<dialog>`).
 * @csspart close-button - The panel's × button.
 * @csspart pages - The list of the site's pages.
 * @csspart page-link - A page link (and «Избранное»).
 * @csspart account - The account block.
 * @csspart login-link - 'Войти в систему'.
 * @csspart accounts-button - The selected account's button that opens 'Ваши аккаунты'.
 * @csspart account-list - 'Ваши аккаунты'.
 * @csspart account-option - One account of 'Ваши аккаунты'.
 * @csspart account-link - A link to the admin panel.
 * @csspart exit-client-mode - «Выйти из режима клиента».
 * @csspart logout-button - 'Выйти'.
 * @csspart dialog - The logout confirmation dialog.
 * @csspart logout-confirm - The dialog's 'Выйти'.
 * @csspart logout-cancel - The dialog's 'Отменить'.
 *
 * @cssprop --ottisk-side-menu-width - Width of the panel (360px, at most 88% of the window).
 * @cssprop --ottisk-overlay-color - The dimming overlay behind the panel.
 * @cssprop --ottisk-font-family - Font of the menu.
 * @cssprop --ottisk-color-text - Text colour.
 * @cssprop --ottisk-color-surface - Panel background.
 * @cssprop --ottisk-color-accent - Links under the pointer and buttons.
 * @cssprop --ottisk-color-border - Dividers.
 * @cssprop --ottisk-color-focus - Keyboard focus ring.
 */
export class OttiskSideMenuElement extends ReactSideMenuElement {}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-side-menu": OttiskSideMenuElement;
  }
}

defineElement("ottisk-side-menu", OttiskSideMenuElement);
