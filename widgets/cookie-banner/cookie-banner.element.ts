import { createElement } from "react";
import baseCss from "../../shared/ui/base.css?inline";
import { defineElement } from "../define";
import { reactElement } from "../element";
import type { HostProps } from "../element";
import { fireOttiskEvent } from "../events";
import cookieBannerCss from "./cookie-banner.css?inline";
import { CookieBanner } from "./CookieBanner";

interface CookieBannerElementProps {
  policyUrl?: string;
}

function CookieBannerElement({ policyUrl, host }: CookieBannerElementProps & HostProps) {
  return createElement(CookieBanner, { policyUrl, onAccept: () => fireOttiskEvent(host, "ottisk-cookie-accept", {}) });
}

const ReactCookieBannerElement = reactElement(CookieBannerElement, {
  attributes: { policyUrl: "string" },
  styles: [baseCss, cookieBannerCss],
});

/**
 * The cookie banner, fixed at the bottom of the window until the shopper accepts or closes it;
 * either stores `accept-cookies` = `true` in this site's localStorage and hides it for good (in
 * other open tabs too). Links go to the main page's privacy policy and cookie documents. The box
 * inside the shadow root carries `data-state`: `pending` (storage not read yet), `shown` or `accepted`.
 *
 * @summary Cookie consent banner.
 * @tag ottisk-cookie-banner
 *
 * @attr {string} policy-url - Address of the privacy policy; the shop's own document by default.
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 *
 * @fires {CustomEvent<{}>} ottisk-cookie-accept - The banner was accepted or closed (acceptance is already stored).
 *
 * @csspart banner - The banner box.
 * @csspart text - The notice with its links.
 * @csspart accept-button - «Принять».
 * @csspart close-button - The × button (closing also accepts).
 *
 * @cssprop --ottisk-cookie-banner-z-index - Stacking order of the fixed banner (1000).
 * @cssprop --ottisk-font-family - Font of the banner.
 * @cssprop --ottisk-color-surface - Banner background.
 * @cssprop --ottisk-color-text - Text colour.
 * @cssprop --ottisk-color-accent - Links and the accept button.
 * @cssprop --ottisk-color-border - Banner outline.
 * @cssprop --ottisk-radius - Banner corner radius.
 */
export class OttiskCookieBannerElement extends ReactCookieBannerElement {}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-cookie-banner": OttiskCookieBannerElement;
  }
}

defineElement("ottisk-cookie-banner", OttiskCookieBannerElement);
