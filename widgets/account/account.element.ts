import { defineElement } from "../define";
import { reactElement } from "../element";
import { accountResource, accountStateAtom, sessionPossibleAtom, signedInAtom } from "../../shared/state/index";
import { accountStyles } from "./account.styles";
import { AccountElement } from "./AccountElement";
import type { AccountElementProps } from "./AccountElement";

const ReactAccountElement = reactElement<AccountElementProps>(AccountElement, {
  attributes: { adminUrl: "string" },
  styles: accountStyles,
  // Drawn first by the shop's server for a visitor on a partner's page without a session
  // (widgets/prerender.ts): «Войти». Still nobody without a stored token; after a sign-in meanwhile
  // (another tab) the element draws itself.
  hydrate: (store) => {
    if (store.get(accountResource.valueAtom) === undefined && !store.get(sessionPossibleAtom)) {
      store.set(accountResource.valueAtom, { status: "ready", data: null });
    }
    return store.get(accountStateAtom).loaded && !store.get(signedInAtom);
  },
});

/**
 * The account area of the header: 'Войти' and the sign-in dialog for visitors (a temporary visitor
 * account counts as not signed in); for a signed-in user a button with the avatar (or initials) and
 * the name, opening a panel with 'Ваши аккаунты' (the personal profile and the companies), the
 * client's or the employee's links to the admin panel, «Выйти из режима клиента» in client mode, and
 * 'Выйти' with its confirmation dialog.
 *
 * @summary Account dropdown with sign-in, account switching and logout.
 * @tag ottisk-account
 *
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 * @attr {string} admin-url - The admin panel's address (links, registration, password recovery); `/admin` on the storefront's origin by default.
 *
 * @fires {CustomEvent<{name: string, typeUser: "client" | "employee"}>} ottisk-login - Somebody signed in.
 * @fires {CustomEvent<{}>} ottisk-logout - The shopper confirmed 'Выйти' and the session was closed.
 * @fires {CustomEvent<{companyId: number | null}>} ottisk-company-change - The shopper chose a company or the personal profile (null).
 * @fires {CustomEvent<{href: string}>} ottisk-navigate - About to go to the admin panel (after leaving client mode, after an employee signed in). Cancelable: `preventDefault()` stays on the page.
 *
 * @csspart login-button - The 'Войти' button.
 * @csspart login-form - The sign-in form in the dialog.
 * @csspart login-submit - The form's 'Войти' button.
 * @csspart dialog - The native `<dialog>` elements (sign-in, logout confirmation).
 * @csspart alert - The positive or negative alert (also `alert-positive`, `alert-negative`).
 * @csspart account-button - The button with the avatar and the name.
 * @csspart avatar - The avatar picture or initials.
 * @csspart account-panel - The dropdown panel.
 * @csspart account-list - 'Ваши аккаунты'.
 * @csspart account-option - One account of the list.
 * @csspart account-link - A link to the admin panel.
 * @csspart exit-client-mode - «Выйти из режима клиента».
 * @csspart logout-button - 'Выйти' in the panel.
 * @csspart logout-confirmation - The logout dialog's content.
 * @csspart logout-confirm - The dialog's 'Выйти'.
 * @csspart logout-cancel - The dialog's 'Отменить'.
 *
 * @cssprop --ottisk-font-family - Font of the element's text.
 * @cssprop --ottisk-color-text - Text colour.
 * @cssprop --ottisk-color-muted - The selected account and the e-mail.
 * @cssprop --ottisk-color-accent - Buttons, the avatar and the selected account.
 * @cssprop --ottisk-color-on-accent - Text on accent colour.
 * @cssprop --ottisk-color-surface - Panel and dialog background.
 * @cssprop --ottisk-color-border - Panel border and dividers.
 * @cssprop --ottisk-color-focus - Focus ring.
 * @cssprop --ottisk-radius - Panel and dialog corner radius.
 * @cssprop --ottisk-account-panel-width - Width of the dropdown panel (300px).
 * @cssprop --ottisk-account-list-max-height - Height beyond which 'Ваши аккаунты' scrolls (200px, spec §9).
 */
export class OttiskAccountElement extends ReactAccountElement {}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-account": OttiskAccountElement;
  }
}

defineElement("ottisk-account", OttiskAccountElement);
