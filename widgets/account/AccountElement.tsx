import type { HostProps } from "../element";
import { fireOttiskEvent } from "../events";
import { defaultAdminUrl } from "../navigate";
import { AccountMenu } from "../../shared/ui/index";

export interface AccountElementProps {
  adminUrl?: string;
}

/** `<ottisk-account>` as React sees it: the AccountMenu, its events fired from the element. */
export function AccountElement({ adminUrl, host }: AccountElementProps & HostProps) {
  return (
    <AccountMenu
      adminUrl={(adminUrl ?? defaultAdminUrl()).replace(/\/+$/, "")}
      onLogin={(grant) => fireOttiskEvent(host, "ottisk-login", { name: grant.profile.name, typeUser: grant.profile.typeUser })}
      onLogout={() => fireOttiskEvent(host, "ottisk-logout", {})}
      onCompanyChange={(companyId) => fireOttiskEvent(host, "ottisk-company-change", { companyId })}
      onNavigate={(href) => fireOttiskEvent(host, "ottisk-navigate", { href }, { cancelable: true })}
    />
  );
}
