import type { MouseEvent } from "react";
import { ACCOUNT_BASE, SCREEN_PATHS, sitePath } from "../shared/domain/index";
import { storefrontOrigin } from "./api-base";
import { fireOttiskEvent } from "./events";

/*
 * Links of the layout and content elements (header tabs, side menu, teasers, popup): each click
 * that would navigate this tab is announced with a cancelable `ottisk-navigate`, so a single-page
 * partner site can route itself. Clicks that open a new tab or window are left to the browser.
 */

/** The click handler of a link inside `host`. */
export function navigateHandler(host: HTMLElement): (event: MouseEvent<HTMLAnchorElement>) => void {
  return (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (event.currentTarget.target === "_blank") return;
    const proceed = fireOttiskEvent(host, "ottisk-navigate", { href: event.currentTarget.href }, { cancelable: true });
    if (!proceed) event.preventDefault();
  };
}

/** The storefront's address of a page slug (`blog/cmyk-i-rgb`, '' for the main page) or of a site path (`/catalog/vizitki`). */
export function storefrontHref(pathOrSlug: string): string {
  if (/^https?:\/\//i.test(pathOrSlug)) return pathOrSlug;
  return `${storefrontOrigin()}${sitePath(pathOrSlug)}`;
}

/** The account area on the storefront (`/admin`): the default of the elements' `admin-url`. */
export function defaultAdminUrl(): string {
  return storefrontHref(ACCOUNT_BASE);
}

/** The storefront's search results page (spec §2 "poisk"): the default of the elements' `results-url`. */
export function defaultResultsUrl(): string {
  return storefrontHref(SCREEN_PATHS.search);
}
