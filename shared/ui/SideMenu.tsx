import { useAtomValue } from "jotai/react";
import { useEffect, useId, useRef, useState } from "react";
import type { MouseEvent } from "react";
import type { AccountProfile } from "../contracts/index";
import { signedInAtom, siteSideMenu, useAccount, useSiteResource } from "../state/index";
import { LoadError } from "./LoadError";
import { AccountList, clientLinks, employeeLinks, ExitClientMode, selectedAccountName } from "./AccountMenu";
import { LogoutDialog } from "./LogoutDialog";
import { SearchBox } from "./SearchBox";

export interface SideMenuProps {
  open: boolean;
  /** The menu asks to close (its × button, Escape, a click on the overlay, a followed link). */
  onClose: () => void;
  /** The admin panel: 'Войти в систему' and the account's links lead there. */
  adminUrl: string;
  /** The storefront's address of a page slug ('' is the main page). */
  pageHref: (slug: string) => string;
  favouritesUrl: string;
  searchResultsUrl: string;
  /** Called when a link of the menu is clicked (the elements fire ottisk-navigate from it). */
  onNavigate?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  /** Before going to the search results; return false when the search was handled on the page. */
  onSearch?: ((query: string, href: string) => boolean) | undefined;
  onLogout?: (() => void) | undefined;
  onCompanyChange?: ((companyId: number | null) => void) | undefined;
  /** Before going to the admin panel after leaving client mode; return false when handled. */
  onLeave?: ((href: string) => boolean) | undefined;
}

/**
 * The slide-in side menu (spec §2 Side menu, §4 "menu open/closed toggles the overlay"): a native
 * modal `<dialog>` whose backdrop is the dimming overlay, so focus stays inside, Escape and a click
 * on the overlay close it, and focus returns to the button that opened it. Inside: the site search,
 * the side menu's own links (the content block `side-menu`, edited in the back office), favourites,
 * the account block and the account's links to the admin panel.
 */
export function SideMenu(props: SideMenuProps) {
  const { open, onClose } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = deepActiveElement();
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const closed = () => {
      // Give focus back to whatever opened the menu, even inside another shadow root.
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) target.focus();
      onCloseRef.current();
    };
    dialog.addEventListener("close", closed);
    return () => dialog.removeEventListener("close", closed);
  }, []);

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop closes the menu; keyboards close it with Escape (native)
    <dialog
      ref={ref}
      className="ottisk-side-menu"
      part="side-menu"
      aria-labelledby={titleId}
      onClick={(event) => {
        // A click on the backdrop (the overlay) lands on the dialog itself.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      {open ? (
        <div className="ottisk-side-menu__panel">
          <div className="ottisk-side-menu__top">
            <h2 className="ottisk-side-menu__title" id={titleId}>
              Меню
            </h2>
            <button type="button" className="ottisk-close-button ottisk-side-menu__close" part="close-button" aria-label="Закрыть меню" onClick={() => ref.current?.close()}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <SideMenuContent {...props} />
        </div>
      ) : null}
    </dialog>
  );
}

function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

function SideMenuContent({ onClose, adminUrl, pageHref, favouritesUrl, searchResultsUrl, onNavigate, onSearch, onLogout, onCompanyChange, onLeave }: SideMenuProps) {
  const { resource: menu, reload } = useSiteResource(siteSideMenu);
  const account = useAccount();
  const signedIn = useAtomValue(signedInAtom);
  const profile = signedIn ? account.profile : null;
  const [logoutOpen, setLogoutOpen] = useState(false);
  // A link of the shop's own site goes through pageHref (a partner page may put the shop elsewhere); an http(s) one as it is.
  const linkHref = (href: string): string => (href.startsWith("/") ? pageHref(href.slice(1)) : href);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onNavigate?.(event);
    onClose();
  };

  return (
    <div className="ottisk-side-menu__content">
      <SearchBox
        resultsUrl={searchResultsUrl}
        onSearch={(query, href) => {
          onClose();
          return onSearch?.(query, href) ?? true;
        }}
      />
      <nav className="ottisk-side-menu__nav" part="pages" aria-label="Разделы сайта">
        {menu.status === "loading" ? (
          <p className="ottisk-side-menu__status" role="status">
            Загружаем разделы…
          </p>
        ) : menu.status === "error" ? (
          <LoadError className="ottisk-side-menu__status" messageUI={menu.messageUI} onRetry={reload} />
        ) : (
          <ul className="ottisk-side-menu__list">
            {menu.data.map((item, index) => (
              <li key={`${index}:${item.href}`}>
                <a className="ottisk-menu-item ottisk-side-menu__link" part="page-link" href={linkHref(item.href)} onClick={follow}>
                  {item.label}
                </a>
              </li>
            ))}
            <li>
              <a className="ottisk-menu-item ottisk-side-menu__link" part="page-link" href={favouritesUrl} onClick={follow}>
                Избранное
              </a>
            </li>
          </ul>
        )}
      </nav>
      <section className="ottisk-side-menu__account" part="account" aria-label="Аккаунт">
        {profile ? (
          <SignedInBlock
            profile={profile}
            adminUrl={adminUrl}
            onCompanyChange={onCompanyChange}
            onLeave={onLeave}
            onLogoutClick={() => setLogoutOpen(true)}
          />
        ) : account.loaded ? (
          <a className="ottisk-button ottisk-side-menu__login" part="login-link" href={adminUrl}>
            Войти в систему
          </a>
        ) : (
          <p className="ottisk-side-menu__status" role="status">
            Проверяем вход…
          </p>
        )}
      </section>
      <LogoutDialog open={logoutOpen} onClose={() => setLogoutOpen(false)} onLogout={onLogout} />
    </div>
  );
}

interface SignedInBlockProps {
  profile: AccountProfile;
  adminUrl: string;
  onCompanyChange: SideMenuProps["onCompanyChange"];
  onLeave: SideMenuProps["onLeave"];
  onLogoutClick: () => void;
}

function SignedInBlock({ profile, adminUrl, onCompanyChange, onLeave, onLogoutClick }: SignedInBlockProps) {
  const [accountsOpen, setAccountsOpen] = useState(false);
  const accountsId = useId();
  const employee = profile.typeUser === "employee";
  const links = employee ? employeeLinks(adminUrl, profile.roles) : clientLinks(adminUrl, profile.selectedCompanyId !== null);
  return (
    <>
      <p className="ottisk-side-menu__who">
        {profile.name} {profile.surname}
      </p>
      {employee ? (
        <p className="ottisk-side-menu__selected">{selectedAccountName(profile)}</p>
      ) : (
        <>
          <button
            type="button"
            className="ottisk-side-menu__accounts-toggle"
            part="accounts-button"
            aria-expanded={accountsOpen}
            aria-controls={accountsId}
            onClick={() => setAccountsOpen((value) => !value)}
          >
            <span>{selectedAccountName(profile)}</span>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <div id={accountsId} className="ottisk-side-menu__accounts" hidden={!accountsOpen}>
            <AccountList
              onCompanyChange={(companyId) => {
                setAccountsOpen(false);
                onCompanyChange?.(companyId);
              }}
            />
          </div>
        </>
      )}
      {profile.impersonalization ? (
        <ExitClientMode
          onExited={() => {
            if (onLeave?.(adminUrl) ?? true) window.location.assign(adminUrl);
          }}
        />
      ) : null}
      <ul className="ottisk-side-menu__list" aria-label={employee ? "Панель управления" : "Личный кабинет"}>
        {links.map((link) => (
          <li key={link.href}>
            <a className="ottisk-menu-item ottisk-side-menu__link" part="account-link" href={link.href}>
              {link.label}
            </a>
          </li>
        ))}
        <li>
          <button type="button" className="ottisk-menu-item ottisk-side-menu__link ottisk-side-menu__logout" part="logout-button" onClick={onLogoutClick}>
            Выйти
          </button>
        </li>
      </ul>
    </>
  );
}
