import { useEffect } from "react";
import { MenuButton, SideMenu, useDraft } from "../../shared/ui/index";
import type { HostProps } from "../element";
import { sideMenuHostProps } from "../side-menu-host";

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
