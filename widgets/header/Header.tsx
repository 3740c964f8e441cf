import { useState } from "react";
import type { SessionGrant } from "../../shared/contracts/index";
import { displayPhone, MENU_TABS_MAX, telHref } from "../../shared/domain/index";
import { siteHeader, siteMenu, useSiteResource } from "../../shared/state/index";
import { AccountMenu, CartButton, CityPicker, MenuButton, SearchBox, ShopLogo, SideMenu } from "../../shared/ui/index";
import { useShopLink } from "../handoff";
import type { CityChoice, SideMenuProps } from "../../shared/ui/index";

export interface HeaderProps extends Omit<SideMenuProps, "open" | "onClose"> {
  /** The shop's main page (the logo's link). */
  homeUrl: string;
  cartUrl: string;
  /** A logo picture; the shop's name as text without it. */
  logoSrc?: string | undefined;
  onCityChange?: ((city: CityChoice) => void) | undefined;
  onLogin?: ((grant: SessionGrant) => void) | undefined;
  /** The slug of the page shown now: its tab is marked `aria-current="page"`. */
  currentSlug?: string | undefined;
}

/** The header's tabs: the page list without its first entry (the main page), at most nine (spec §2, §9). */
export function headerTabs<T>(menu: readonly T[]): T[] {
  return menu.slice(1, 1 + MENU_TABS_MAX);
}

/**
 * The site's header (spec §2 Header). Desktop (1280 px and wider): logo, city, both phones, search,
 * favourites, the cart with its badge and the account area, with the page tabs below. Tablet and
 * mobile: the menu button, logo, the main phone, city and cart; the rest is in the side menu, which
 * the header contains. The layout switches with media queries inside the shadow root, and a header
 * narrower than the window (a partner's column) falls back to the layout that fits its own width.
 */
export function Header(props: HeaderProps) {
  const { homeUrl, cartUrl, logoSrc, favouritesUrl, searchResultsUrl, adminUrl, pageHref } = props;
  const { onNavigate, onSearch, onCityChange, onLogin, onLogout, onCompanyChange, onLeave } = props;
  const [menuOpen, setMenuOpen] = useState(false);
  // From a partner's page the shop's cart opens through a hand-off link, so the session comes along.
  const shopLink = useShopLink();
  const { resource: contacts } = useSiteResource(siteHeader);
  const phones = contacts.status === "ready" ? contacts.data : null;

  return (
    <header className="ottisk-root ottisk-header" part="header">
      <div className="ottisk-header__bar" part="bar">
        <div className="ottisk-header__menu">
          <MenuButton expanded={menuOpen} onClick={() => setMenuOpen(true)} />
        </div>
        <a className="ottisk-header__logo" part="logo" href={homeUrl} onClick={onNavigate}>
          <ShopLogo src={logoSrc} />
        </a>
        <div className="ottisk-header__city">
          <CityPicker onChange={onCityChange} />
        </div>
        <div className="ottisk-header__phones" part="phones">
          {phones ? (
            <>
              <a className="ottisk-header__phone" part="phone" href={telHref(phones.numberPhone)}>
                {displayPhone(phones.numberPhone)}
              </a>
              {phones.numberPhoneOption ? (
                <a className="ottisk-header__phone ottisk-header__phone--option" part="phone" href={telHref(phones.numberPhoneOption)}>
                  {displayPhone(phones.numberPhoneOption)}
                </a>
              ) : null}
            </>
          ) : null}
        </div>
        <div className="ottisk-header__search">
          <SearchBox resultsUrl={searchResultsUrl} onSearch={onSearch} />
        </div>
        <a className="ottisk-header__favourites" part="favourites-link" href={favouritesUrl} onClick={onNavigate}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path
              d="m12 3.5 2.6 5.3 5.9.9-4.2 4.1 1 5.8-5.3-2.8-5.3 2.8 1-5.8-4.2-4.1 5.9-.9L12 3.5Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          </svg>
          <span className="ottisk-header__favourites-label">Избранное</span>
        </a>
        <div className="ottisk-header__cart">
          <CartButton cartUrl={cartUrl} onNavigate={onNavigate} onShopLink={shopLink} />
        </div>
        <div className="ottisk-header__account">
          <AccountMenu
            adminUrl={adminUrl}
            onLogin={onLogin}
            onLogout={onLogout}
            onCompanyChange={onCompanyChange}
            onNavigate={onLeave}
          />
        </div>
      </div>
      <HeaderTabs pageHref={pageHref} onNavigate={onNavigate} currentSlug={props.currentSlug} />
      <SideMenu {...props} open={menuOpen} onClose={() => setMenuOpen(false)} />
    </header>
  );
}

function HeaderTabs({ pageHref, onNavigate, currentSlug }: Pick<HeaderProps, "pageHref" | "onNavigate" | "currentSlug">) {
  const { resource: menu, reload } = useSiteResource(siteMenu);
  if (menu.status === "loading") return <div className="ottisk-header__tabs ottisk-header__tabs--loading" aria-hidden="true" />;
  if (menu.status === "error") {
    return (
      <div className="ottisk-header__tabs ottisk-header__tabs--error" role="alert">
        <span>{menu.messageUI}</span>
        <button type="button" className="ottisk-header__retry" onClick={reload}>
          Повторить
        </button>
      </div>
    );
  }
  const tabs = headerTabs(menu.data);
  if (tabs.length === 0) return null;
  return (
    <nav className="ottisk-header__tabs" part="tabs" aria-label="Разделы сайта">
      <ul className="ottisk-header__tab-list">
        {tabs.map((tab) => (
          <li key={tab.slug}>
            <a
              className="ottisk-header__tab"
              part="tab"
              href={pageHref(tab.slug)}
              aria-current={tab.slug === currentSlug ? "page" : undefined}
              onClick={onNavigate}
            >
              {tab.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
