import { createElement } from "react";
import baseCss from "../../shared/ui/base.css?inline";
import dialogCss from "../../shared/ui/dialog.css?inline";
import { defineElement } from "../define";
import { reactElement } from "../element";
import type { HostProps } from "../element";
import contactsCss from "./contacts.css?inline";
import { Contacts } from "./Contacts";

interface ContactsElementProps {
  label?: string;
}

function ContactsElement({ label }: ContactsElementProps & HostProps) {
  return createElement(Contacts, { label });
}

const ReactContactsElement = reactElement(ContactsElement, {
  attributes: { label: "string" },
  styles: [baseCss, dialogCss, contactsCss],
});

/**
 * A «Контакты» button that opens the contacts dialog: the shop's two phone numbers as `tel:`
 * links, chats on the second number in the messengers it answers in, and the e-mail address.
 *
 * @summary Contacts button and dialog.
 * @tag ottisk-contacts
 *
 * @attr {string} label - The button's text; «Контакты» by default.
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 *
 * @csspart button - The button that opens the dialog.
 * @csspart dialog - The dialog box.
 * @csspart contacts - The dialog's content.
 * @csspart phone - A phone link.
 * @csspart messenger - A messenger chat link.
 * @csspart email - The e-mail link.
 *
 * @cssprop --ottisk-font-family - Font of the button and the dialog.
 * @cssprop --ottisk-color-text - Text colour.
 * @cssprop --ottisk-color-accent - The button and links under the pointer.
 * @cssprop --ottisk-color-surface - Dialog background.
 * @cssprop --ottisk-color-border - Messenger links' outline.
 * @cssprop --ottisk-radius - Dialog corner radius.
 */
export class OttiskContactsElement extends ReactContactsElement {}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-contacts": OttiskContactsElement;
  }
}

defineElement("ottisk-contacts", OttiskContactsElement);
