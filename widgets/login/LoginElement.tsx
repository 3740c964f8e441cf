import { useAtomValue } from "jotai/react";
import { useRef, useState } from "react";
import { signedInAtom, useAccount } from "../../shared/state/index";
import type { HostProps } from "../element";
import { fireOttiskEvent } from "../events";
import { defaultAdminUrl } from "../navigate";
import { LoginButton, LogoutDialog, useFocusSuccessor } from "../../shared/ui/index";

export interface LoginElementProps {
  adminUrl?: string;
  label?: string;
}

/**
 * `<ottisk-login>`: 'Войти' and the sign-in dialog; once signed in, the user's name and 'Выйти'
 * (with the logout confirmation), so the element never shows a 'Войти' that makes no sense.
 */
export function LoginElement({ adminUrl, label, host }: LoginElementProps & HostProps) {
  const account = useAccount();
  const signedIn = useAtomValue(signedInAtom);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const logoutRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const panel = (adminUrl ?? defaultAdminUrl()).replace(/\/+$/, "");
  const profile = signedIn ? account.profile : null;
  const focusSuccessor = useFocusSuccessor(rootRef, logoutRef, profile !== null);
  return (
    <div ref={rootRef} className="ottisk-root ottisk-login-area">
      {account.loaded ? (
        <LoginButton
          label={label}
          adminUrl={panel}
          onLogin={(grant) => {
            focusSuccessor("sign-in");
            fireOttiskEvent(host, "ottisk-login", { name: grant.profile.name, typeUser: grant.profile.typeUser });
          }}
          onNavigate={(href) => fireOttiskEvent(host, "ottisk-navigate", { href }, { cancelable: true })}
        />
      ) : null}
      {profile ? (
        <div className="ottisk-login-status" part="login-status">
          <span className="ottisk-login-status__name">
            {profile.name} {profile.surname}
          </span>
          <button ref={logoutRef} type="button" className="ottisk-button ottisk-button--quiet" part="logout-button" onClick={() => setLogoutOpen(true)}>
            Выйти
          </button>
        </div>
      ) : null}
      <LogoutDialog
        open={logoutOpen}
        onClose={() => setLogoutOpen(false)}
        onLogout={() => {
          focusSuccessor("sign-out");
          fireOttiskEvent(host, "ottisk-logout", {});
        }}
      />
    </div>
  );
}
