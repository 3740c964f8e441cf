import { useEffect } from "react";
import { useDraft } from "../../shared/ui/index";
import { storefrontOrigin } from "../api-base";
import type { HostProps } from "../element";
import { fireOttiskEvent } from "../events";
import { defaultAdminUrl } from "../login/Login";
import { navigateHandler, storefrontHref } from "../navigate";
import { defaultResultsUrl } from "../search/SearchBox";
import { MenuButton } from "./MenuButton";
import { SideMenu } from "./SideMenu";
import type { SideMenuProps } from "./SideMenu";

/** What the side menu needs from the element that shows it: addresses, and its events fired from `host`. */
export function sideMenuHostProps(host: HTMLElement, adminUrl: string | undefined): Omit<SideMenuProps, "open" | "onClose"> {
  return {
    adminUrl: (adminUrl ?? defaultAdminUrl()).replace(/\/+$/, ""),
    pageHref: storefrontHref,
    favouritesUrl: `${storefrontOrigin()}/izbrannoe`,
    searchResultsUrl: defaultResultsUrl(),
    onNavigate: navigateHandler(host),
    onSearch: (query, href) => fireOttiskEvent(host, "ottisk-search", { query, href }, { cancelable: true }),
    onLogout: () => fireOttiskEvent(host, "ottisk-logout", {}),
    onCompanyChange: (companyId) => fireOttiskEvent(host, "ottisk-company-change", { companyId }),
    onLeave: (href) => fireOttiskEvent(host, "ottisk-navigate", { href }, { cancelable: true }),
  };
}

export interface SideMenuElementProps {
  open?: boolean;
  adminUrl?: string;
}

/** `<ottisk-side-menu>`: its own «Меню» button and the menu; the `open` attribute follows the menu and opens or closes it. */
export function SideMenuElement({ open, adminUrl, host }: SideMenuElementProps & HostProps) {
  const [isOpen, setOpen] = useDraft(Boolean(open));
  useEffect(() => {
    host.toggleAttribute("open", isOpen);
  }, [host, isOpen]);
  return (
    <div className="ottisk-root ottisk-side-menu-host">
      <MenuButton expanded={isOpen} label="Меню" onClick={() => setOpen(true)} />
      <SideMenu open={isOpen} onClose={() => setOpen(false)} {...sideMenuHostProps(host, adminUrl)} />
    </div>
  );
}
