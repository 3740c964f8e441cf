import baseCss from "../../shared/ui/base.css?inline";
import dialogCss from "../../shared/ui/dialog.css?inline";
import { defineElement } from "../define";
import { reactElement } from "../element";
import loginCss from "../../shared/ui/login.css?inline";
import logoutDialogCss from "../../shared/ui/logout-dialog.css?inline";
import loginElementCss from "./login.css?inline";
import { LoginElement } from "./LoginElement";
import type { LoginElementProps } from "./LoginElement";

const ReactLoginElement = reactElement<LoginElementProps>(LoginElement, {
  attributes: { adminUrl: "string", label: "string" },
  styles: [baseCss, dialogCss, loginCss, logoutDialogCss, loginElementCss],
});

/**
 * Sign-in: a 'Войти' button and the «Вход и регистрация» dialog with a real form (e-mail, password,
 * «Запомнить меня») that password managers and autofill recognise. E-mail and password are checked
 * before anything is sent (spec §5); the server's answer shows as a positive or negative alert.
 * Once signed in it shows the user's name and 'Выйти' with the logout confirmation. An employee who
 * signs in is sent to the admin panel (spec §1) unless `ottisk-navigate` is cancelled.
 *
 * @summary Sign-in button and dialog.
 * @tag ottisk-login
 *
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 * @attr {string} admin-url - The admin panel's address, for registration and password recovery; `/admin` on the storefront's origin by default.
 * @attr {string} label - The button's text ('Войти').
 *
 * @fires {CustomEvent<{name: string, typeUser: "client" | "employee"}>} ottisk-login - Somebody signed in (the account is reloaded already).
 * @fires {CustomEvent<{}>} ottisk-logout - The user confirmed 'Выйти' and the session was closed.
 * @fires {CustomEvent<{href: string}>} ottisk-navigate - An employee signed in and is about to go to the admin panel. Cancelable.
 *
 * @csspart login-button - The 'Войти' button.
 * @csspart dialog - The native `<dialog>` elements.
 * @csspart login-form - The sign-in form.
 * @csspart login-submit - The form's 'Войти' button.
 * @csspart alert - The positive or negative alert (also `alert-positive`, `alert-negative`).
 * @csspart login-status - The signed-in user's name and 'Выйти'.
 * @csspart logout-button - 'Выйти'.
 * @csspart logout-confirmation - The logout dialog's content.
 * @csspart logout-confirm - The dialog's 'Выйти'.
 * @csspart logout-cancel - The dialog's 'Отменить'.
 *
 * @cssprop --ottisk-font-family - Font of the element's text.
 * @cssprop --ottisk-color-text - Text colour.
 * @cssprop --ottisk-color-accent - Buttons and links.
 * @cssprop --ottisk-color-on-accent - Text on buttons and alerts.
 * @cssprop --ottisk-color-surface - Dialog and field background.
 * @cssprop --ottisk-color-border - Field borders.
 * @cssprop --ottisk-color-focus - Focus ring.
 * @cssprop --ottisk-color-positive - The positive alert.
 * @cssprop --ottisk-color-negative - The negative alert and field messages.
 * @cssprop --ottisk-radius - Dialog corner radius.
 */
export class OttiskLoginElement extends ReactLoginElement {}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-login": OttiskLoginElement;
  }
}

defineElement("ottisk-login", OttiskLoginElement);
