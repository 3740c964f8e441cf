import { SCREEN_PATHS } from "../shared/domain/index";
import type { SideMenuProps } from "../shared/ui/index";
import { fireOttiskEvent } from "./events";
import { defaultAdminUrl, defaultResultsUrl, navigateHandler, storefrontHref } from "./navigate";

/*
 * The side menu (shared/ui/SideMenu.tsx) inside an element — <ottisk-header> and <ottisk-side-menu> —
 * takes the storefront's addresses and fires its events from the element.
 */

/** What the side menu needs from the element that shows it: addresses, and its events fired from `host`. */
export function sideMenuHostProps(host: HTMLElement, adminUrl: string | undefined): Omit<SideMenuProps, "open" | "onClose"> {
  return {
    adminUrl: (adminUrl ?? defaultAdminUrl()).replace(/\/+$/, ""),
    pageHref: storefrontHref,
    favouritesUrl: storefrontHref(SCREEN_PATHS.favourites),
    searchResultsUrl: defaultResultsUrl(),
    onNavigate: navigateHandler(host),
    onSearch: (query, href) => fireOttiskEvent(host, "ottisk-search", { query, href }, { cancelable: true }),
    onLogout: () => fireOttiskEvent(host, "ottisk-logout", {}),
    onCompanyChange: (companyId) => fireOttiskEvent(host, "ottisk-company-change", { companyId }),
    onLeave: (href) => fireOttiskEvent(host, "ottisk-navigate", { href }, { cancelable: true }),
  };
}
