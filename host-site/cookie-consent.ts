import { atom } from "jotai/vanilla";
import type { CookieBannerState } from "../widgets/cookie-banner/index";

/*
 * The cookie banner drawn by the server (issue 31). Acceptance lives in the browser's storage
 * ('accept-cookies', spec §4), which the server cannot read, so the banner used to appear only once
 * the page's script ran — and, the largest text of a short page, it was the cart's, the search's
 * and the contacts' Largest Contentful Paint (3.3–4.3 s under Lighthouse's mobile throttling). The
 * host site now mirrors the acceptance in a cookie of the same name: the server draws the banner
 * for whoever has not got it and leaves it out for whoever has; the browser starts from the
 * server's answer (the page snapshot), so hydration draws the same, then follows the storage.
 */

/** The cookie mirroring the storage's 'accept-cookies' = 'true' (not sent anywhere else; no personal data). */
export const CONSENT_COOKIE = "accept-cookies";

/** A year, as long as a browser keeps the storage's own answer for this purpose in practice. */
const CONSENT_MAX_AGE_S = 365 * 24 * 60 * 60;

/** How the banner starts: "pending" (not drawn, the browser decides: a page the server did not draw), or as the server drew it. */
export const cookieBannerStartAtom = atom<CookieBannerState>("pending");

/** Whether the request's Cookie header says the shopper accepted the cookies. */
export function consentInCookies(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? "").split(";").some((part) => part.trim() === `${CONSENT_COOKIE}=true`);
}

/** Mirrors the acceptance in the cookie the server reads (in the browser). */
export function rememberConsent(): void {
  // Over HTTPS (every real shop) only ever sent back over HTTPS, as the session cookie is.
  const secure = location.protocol === "https:" ? "; secure" : "";
  document.cookie = `${CONSENT_COOKIE}=true; path=/; max-age=${CONSENT_MAX_AGE_S}; samesite=lax${secure}`;
}
