import { createElement } from "react";
import baseCss from "../../shared/ui/base.css?inline";
import { storefrontOrigin } from "../api-base";
import { defineElement } from "../define";
import { reactElement } from "../element";
import type { HostProps } from "../element";
import { navigateHandler } from "../navigate";
import footerCss from "./footer.css?inline";
import { Footer } from "./Footer";

interface FooterElementProps {
  logoSrc?: string;
}

function FooterElement({ logoSrc, host }: FooterElementProps & HostProps) {
  return createElement(Footer, { homeUrl: `${storefrontOrigin()}/`, logoSrc, onNavigate: navigateHandler(host) });
}

const ReactFooterElement = reactElement(FooterElement, {
  attributes: { logoSrc: "string" },
  styles: [baseCss, footerCss],
});

/**
 * The site's footer: logo, company details (line breaks kept), the VAT note with the shop's
 * current percent, downloadable documents (shown without their extension), addresses with opening
 * hours and the social links.
 *
 * @summary The storefront's footer.
 * @tag ottisk-footer
 *
 * @attr {string} logo-src - Address of a logo picture; the shop's name «Оттиск» as text without it.
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 *
 * @fires {CustomEvent<{href: string}>} ottisk-navigate - The logo link was clicked. Cancelable: call `preventDefault()` to route on the page yourself.
 *
 * @csspart footer - The footer box.
 * @csspart logo - The logo link.
 * @csspart company-info - The company's details.
 * @csspart vat-note - «Все цены указаны с учётом НДС … %».
 * @csspart addresses - The addresses with opening hours.
 * @csspart files - The documents.
 * @csspart social - The list of social links.
 * @csspart rating - The rating badge (desktop only), a link to the reviews.
 *
 * @cssprop --ottisk-footer-background - Footer background (the palette's background colour).
 * @cssprop --ottisk-layout-max-width - Widest the footer's content grows (1520px).
 * @cssprop --ottisk-font-family - Font of the footer.
 * @cssprop --ottisk-color-text - Main text colour.
 * @cssprop --ottisk-color-muted - Company details and opening hours.
 * @cssprop --ottisk-color-accent - Logo text and links under the pointer.
 * @cssprop --ottisk-color-border - Top border and the social icons' ring.
 * @cssprop --ottisk-color-surface - Social icons' background.
 */
export class OttiskFooterElement extends ReactFooterElement {}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-footer": OttiskFooterElement;
  }
}

defineElement("ottisk-footer", OttiskFooterElement);
