import { useAtomValue, useSetAtom } from "jotai/react";
import { useEffect, useId, useRef, useState } from "react";
import type { AccountProfile, EmployeeRole, SessionGrant } from "../contracts/index";
import { accountPagePath, hasEmployeeRole } from "../domain/index";
import { accountStateAtom, exitClientModeAtom, selectCompanyAtom, signedInAtom, useAccount, useShowFailure } from "../state/index";
import { ErrorNote } from "./ErrorNote";
import { LoginButton, useFocusSuccessor } from "./Login";
import { LogoutDialog } from "./LogoutDialog";
import { useBusyAction } from "./use-busy-action";

export interface AccountMenuProps {
  /** The admin panel: the client's and the employee's links lead there (spec §2). */
  adminUrl: string;
  onLogout?: (() => void) | undefined;
  onCompanyChange?: ((companyId: number | null) => void) | undefined;
  onLogin?: ((grant: SessionGrant) => void) | undefined;
  /**
   * Leaving the storefront for the admin panel (after exiting client mode, after an employee signs
   * in): called with the address first; return false when the navigation was handled.
   */
  onNavigate?: ((href: string) => boolean) | undefined;
}

/** The letters shown when the account has no picture: first letters of the name and the surname. */
export function initialsOf(profile: Pick<AccountProfile, "name" | "surname">): string {
  const letters = [profile.name, profile.surname].map((word) => word.trim().charAt(0)).join("");
  return letters.toLocaleUpperCase("ru-RU") || "?";
}

/** The name of the account the client acts for: a company, or the personal profile. */
export function selectedAccountName(profile: AccountProfile): string {
  if (profile.impersonalization) return "Режим клиента";
  if (profile.typeUser === "employee") return "Сотрудник";
  const company = profile.companies.find((item) => item.id === profile.selectedCompanyId);
  return company ? company.name : "Личный профиль";
}

function navigateTo(href: string, onNavigate: ((href: string) => boolean) | undefined): void {
  if (onNavigate?.(href) ?? true) window.location.assign(href);
}

/**
 * The header's account area (spec §2, §4, §6): 'Войти' for visitors and temporary accounts; for a
 * signed-in user a button with the avatar and the name that opens a panel with 'Ваши аккаунты', the
 * client's or the employee's links, «Выйти из режима клиента» in client mode and 'Выйти'.
 */
export function AccountMenu({ adminUrl, onLogout, onCompanyChange, onLogin, onNavigate }: AccountMenuProps) {
  const account = useAccount();
  const signedIn = useAtomValue(signedInAtom);
  const [open, setOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const profile = signedIn ? account.profile : null;

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (rootRef.current && !event.composedPath().includes(rootRef.current)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  useEffect(() => {
    if (!profile) setOpen(false);
  }, [profile]);

  const focusSuccessor = useFocusSuccessor(rootRef, toggleRef, profile !== null);

  return (
    <div
      ref={rootRef}
      className="ottisk-root ottisk-account"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open || logoutOpen) return;
        setOpen(false);
        toggleRef.current?.focus();
      }}
    >
      {account.loaded ? (
        <LoginButton
          adminUrl={adminUrl}
          onLogin={(grant) => {
            focusSuccessor("sign-in");
            onLogin?.(grant);
          }}
          onNavigate={onNavigate}
        />
      ) : (
        <span className="ottisk-account__placeholder" aria-hidden="true" />
      )}
      {profile ? (
        <>
          <button
            ref={toggleRef}
            type="button"
            className="ottisk-account__toggle"
            part="account-button"
            aria-expanded={open}
            aria-controls={panelId}
            title={`${profile.name} ${profile.surname} — ${selectedAccountName(profile)}`}
            onClick={() => setOpen((value) => !value)}
          >
            <Avatar profile={profile} />
            <span className="ottisk-account__who">
              <span className="ottisk-account__name">
                {profile.name} {profile.surname}
              </span>
              <span className="ottisk-account__selected">{selectedAccountName(profile)}</span>
            </span>
            <svg className="ottisk-account__chevron" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <div id={panelId} className="ottisk-account__panel" part="account-panel" hidden={!open}>
            <AccountPanel
              profile={profile}
              adminUrl={adminUrl}
              onCompanyChange={onCompanyChange}
              onExitClientMode={() => navigateTo(adminUrl, onNavigate)}
              onLogoutClick={() => setLogoutOpen(true)}
            />
          </div>
        </>
      ) : null}
      <LogoutDialog
        open={logoutOpen}
        onClose={() => setLogoutOpen(false)}
        onLogout={() => {
          setOpen(false);
          focusSuccessor("sign-out");
          onLogout?.();
        }}
      />
    </div>
  );
}

function Avatar({ profile }: { profile: AccountProfile }) {
  return (
    <span className="ottisk-account__avatar" part="avatar" aria-hidden="true">
      {profile.avatar.url ? <img src={profile.avatar.url} alt="" width={40} height={40} /> : initialsOf(profile)}
    </span>
  );
}

interface AccountPanelProps {
  profile: AccountProfile;
  adminUrl: string;
  onCompanyChange: ((companyId: number | null) => void) | undefined;
  onExitClientMode: () => void;
  onLogoutClick: () => void;
}

function AccountPanel({ profile, adminUrl, onCompanyChange, onExitClientMode, onLogoutClick }: AccountPanelProps) {
  const links = profile.typeUser === "employee" ? employeeLinks(adminUrl, profile.roles) : clientLinks(adminUrl, profile.selectedCompanyId !== null);
  return (
    <div className="ottisk-account__content">
      <p className="ottisk-account__heading">
        <span className="ottisk-account__full-name">
          {profile.name} {profile.surname}
        </span>
        {profile.email ? <span className="ottisk-account__email">{profile.email}</span> : null}
      </p>
      {profile.typeUser === "client" ? <AccountList onCompanyChange={onCompanyChange} /> : null}
      {profile.impersonalization ? <ExitClientMode onExited={onExitClientMode} /> : null}
      <nav aria-label={profile.typeUser === "employee" ? "Панель управления" : "Личный кабинет"}>
        <ul className="ottisk-account__links">
          {links.map((link) => (
            <li key={link.href}>
              <a className="ottisk-menu-item ottisk-account__link" part="account-link" href={link.href}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <button type="button" className="ottisk-menu-item ottisk-account__logout" part="logout-button" onClick={onLogoutClick}>
        Выйти
      </button>
    </div>
  );
}

/** Spec §2: the client's pages of the admin panel. */
export function clientLinks(adminUrl: string, companySelected: boolean): { href: string; label: string }[] {
  return [
    { href: accountPagePath("clientOrders", adminUrl), label: "Мои заказы" },
    { href: accountPagePath("clientDesigns", adminUrl), label: "Мои макеты" },
    { href: accountPagePath("clientDocuments", adminUrl), label: "Документы" },
    { href: accountPagePath("clientNotifications", adminUrl), label: "Уведомления" },
    companySelected
      ? { href: accountPagePath("clientCompany", adminUrl), label: "Данные компании" }
      : { href: accountPagePath("clientProfile", adminUrl), label: "Данные профиля" },
  ];
}

/**
 * Spec §2: the employee's pages of the admin panel — main, orders, profile. The orders are the
 * managers' (issue 29 roles): an employee without the role gets main and profile, where the panel
 * lists the sections of their roles.
 */
export function employeeLinks(adminUrl: string, roles: readonly EmployeeRole[]): { href: string; label: string }[] {
  return [
    { href: accountPagePath("home", adminUrl), label: "Панель управления" },
    ...(hasEmployeeRole(roles, ["manager"]) ? [{ href: accountPagePath("employeeOrders", adminUrl), label: "Заказы" }] : []),
    { href: accountPagePath("employeeProfile", adminUrl), label: "Профиль" },
  ];
}

export interface AccountListProps {
  onCompanyChange?: ((companyId: number | null) => void) | undefined;
}

/**
 * 'Ваши аккаунты' (spec §2): the personal profile and every company of the signed-in client, keyed
 * by id, the selected one marked; the list scrolls beyond 200 px. Choosing one tells the server
 * (deliveries of the cart follow) and then calls `onCompanyChange`.
 */
export function AccountList({ onCompanyChange }: AccountListProps) {
  const profile = useAtomValue(accountStateAtom).profile;
  const selectCompany = useSetAtom(selectCompanyAtom);
  const showFailure = useShowFailure();
  const [busy, setBusy] = useState<number | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  if (!profile || profile.temporary) return null;

  const accounts: { id: number | null; name: string }[] = [{ id: null, name: "Личный профиль" }, ...profile.companies];
  const choose = async (companyId: number | null) => {
    if (busy !== undefined || companyId === profile.selectedCompanyId) return;
    setBusy(companyId);
    setError(null);
    try {
      await selectCompany(companyId);
      onCompanyChange?.(companyId);
    } catch (failure) {
      showFailure(failure, setError);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <div className="ottisk-accounts" part="account-list" role="group" aria-labelledby={titleId}>
      <p id={titleId} className="ottisk-accounts__title">
        Ваши аккаунты
      </p>
      <ul className="ottisk-accounts__list">
        {accounts.map((item) => (
          <li key={item.id ?? "personal"}>
            <button
              type="button"
              className="ottisk-menu-item ottisk-accounts__item"
              part="account-option"
              aria-current={item.id === profile.selectedCompanyId ? "true" : undefined}
              aria-busy={busy === item.id}
              aria-disabled={busy !== undefined}
              onClick={() => void choose(item.id)}
            >
              {item.name}
            </button>
          </li>
        ))}
      </ul>
      <ErrorNote className="ottisk-accounts__error" message={error} />
    </div>
  );
}

/**
 * Spec §4: the employee leaves client mode on the server, then goes to the admin panel (`onExited`).
 * Shared by the account panel and the side menu.
 */
export function ExitClientMode({ onExited }: { onExited: () => void }) {
  const exitClientMode = useSetAtom(exitClientModeAtom);
  const { busy, error, run: exit } = useBusyAction(async () => {
    await exitClientMode();
    onExited();
  });
  return (
    <div className="ottisk-account__client-mode">
      <button type="button" className="ottisk-button ottisk-button--quiet" part="exit-client-mode" aria-disabled={busy} onClick={() => void exit()}>
        Выйти из режима клиента
      </button>
      <ErrorNote className="ottisk-accounts__error" message={error} />
    </div>
  );
}
