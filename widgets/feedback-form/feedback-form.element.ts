import { createElement } from "react";
import baseCss from "../../shared/ui/base.css?inline";
import dialogCss from "../../shared/ui/dialog.css?inline";
import { defineElement } from "../define";
import { reactElement } from "../element";
import type { HostProps } from "../element";
import { fireOttiskEvent } from "../events";
import feedbackFormCss from "./feedback-form.css?inline";
import { FeedbackForm } from "./FeedbackForm";

function FeedbackFormElement({ host }: HostProps) {
  return createElement(FeedbackForm, { onSent: (receipt) => fireOttiskEvent(host, "ottisk-feedback-sent", { id: receipt.id }) });
}

const ReactFeedbackFormElement = reactElement(FeedbackFormElement, {
  attributes: {},
  styles: [baseCss, dialogCss, feedbackFormCss],
});

/**
 * The shop's feedback form: the fields the API defines (text, e-mail, phone, a growing textarea,
 * a list, a checkbox) in their order, required ones checked before sending, reCAPTCHA when the shop
 * has a site key (hidden otherwise), then the «Ваши данные успешно отправлены» dialog. When the
 * server refuses, its message is shown and everything entered stays.
 *
 * @summary Feedback form.
 * @tag ottisk-feedback-form
 *
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 *
 * @fires {CustomEvent<{id: number}>} ottisk-feedback-sent - The server accepted the form; `id` is the request's number.
 *
 * @csspart title - The form's heading.
 * @csspart form - The form.
 * @csspart captcha - The reCAPTCHA box (only with a site key).
 * @csspart error - The message of a refused send.
 * @csspart submit - «Отправить».
 * @csspart dialog - The success dialog.
 * @csspart return-button - «Вернуться на сайт».
 *
 * @cssprop --ottisk-feedback-max-width - Widest the form grows (640px).
 * @cssprop --ottisk-font-family - Font of the form.
 * @cssprop --ottisk-color-text - Text colour.
 * @cssprop --ottisk-color-border - Field borders.
 * @cssprop --ottisk-color-surface - Field background.
 * @cssprop --ottisk-color-accent - The button and the checkbox.
 * @cssprop --ottisk-color-negative - Required marks and error messages.
 * @cssprop --ottisk-color-focus - Keyboard focus ring.
 * @cssprop --ottisk-radius-button - Field and button corner radius.
 */
export class OttiskFeedbackFormElement extends ReactFeedbackFormElement {}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-feedback-form": OttiskFeedbackFormElement;
  }
}

defineElement("ottisk-feedback-form", OttiskFeedbackFormElement);
