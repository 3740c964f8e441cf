import { createElement } from "react";
import baseCss from "../../shared/ui/base.css?inline";
import dialogCss from "../../shared/ui/dialog.css?inline";
import { defineElement } from "../define";
import { reactElement } from "../element";
import type { HostProps } from "../element";
import { navigateHandler, storefrontHref } from "../navigate";
import popupCss from "./popup.css?inline";
import { Popup } from "./Popup";

function PopupElement({ host }: HostProps) {
  return createElement(Popup, { linkHref: storefrontHref, onNavigate: navigateHandler(host) });
}

const ReactPopupElement = reactElement(PopupElement, {
  attributes: {},
  styles: [baseCss, dialogCss, popupCss],
});

/**
 * The website popup: when the shop has an active popup, a modal dialog with its title, text, an
 * optional picture and a button linking out opens on the page. Closing it (×, Escape, a click
 * beside it) or following its button remembers that version of the popup in this site's
 * localStorage (`ottisk-popup-dismissed`), so it does not open again until the shop edits it.
 * The box inside the shadow root carries `data-state`: `loading`, `none`, `dismissed` or `open`.
 *
 * @summary The shop's popup announcement.
 * @tag ottisk-popup
 *
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 *
 * @fires {CustomEvent<{href: string}>} ottisk-navigate - The popup's button was clicked. Cancelable: call `preventDefault()` to route on the page yourself.
 *
 * @csspart dialog - The dialog box.
 * @csspart image - The picture.
 * @csspart description - The text.
 * @csspart button - The link button.
 *
 * @cssprop --ottisk-popup-width - Widest the dialog grows (520px).
 * @cssprop --ottisk-font-family - Font of the dialog.
 * @cssprop --ottisk-color-surface - Dialog background.
 * @cssprop --ottisk-color-text - Text colour.
 * @cssprop --ottisk-color-accent - The button.
 * @cssprop --ottisk-radius - Dialog corner radius.
 */
export class OttiskPopupElement extends ReactPopupElement {}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-popup": OttiskPopupElement;
  }
}

defineElement("ottisk-popup", OttiskPopupElement);
