import { useAtomValue } from "jotai/react";
import { useEffect, useState } from "react";
import type { ReactNode } from "react";
import { ACCOUNT_BASE, HOME_PATH, SCREEN_PATHS, sitePath } from "../shared/domain/index";
import { readText, STORAGE_KEYS } from "../shared/state/index";
import "../shared/ui/base.css";
import "../shared/ui/dialog.css";
import "../shared/ui/menu-item.css";
import "../shared/ui/account-menu.css";
import "../shared/ui/cart-button.css";
import "../shared/ui/city-picker.css";
import { Contacts } from "../widgets/contacts/index";
import { CookieBanner } from "../widgets/cookie-banner/index";
import { Footer } from "../widgets/footer/index";
import { Header } from "../widgets/header/index";
import "../shared/ui/login.css";
import "../shared/ui/logout-dialog.css";
import { Popup } from "../widgets/popup/index";
import "../shared/ui/search-box.css";
import "../shared/ui/menu-button.css";
import "../shared/ui/side-menu.css";
import { cookieBannerStartAtom, rememberConsent } from "./cookie-consent";
import "./site.css";

/** The popup's button: a full address as it is, a site path or page slug (`/catalog/vizitki`) as this site's path. */
export function popupHref(urlButton: string): string {
  return /^https?:\/\//i.test(urlButton) ? urlButton : sitePath(urlButton);
}

/** How long a page is shown before the site popup may open: the shopper first sees what they came for. */
export const POPUP_DELAY_MS = 5000;

/** Something the shopper is busy with: typing in a field, or a dialog already open. */
function busy(): boolean {
  const active = document.activeElement;
  return active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement || document.querySelector("dialog[open]") !== null;
}

/**
 * The site popup (widgets/popup/Popup.tsx: the active announcement, once per version) on the host
 * site: nothing on the server and at hydration, so both draw the same HTML; in the browser it is
 * asked for and opens POPUP_DELAY_MS after the page is hydrated, later while the shopper types or
 * has a dialog open (a modal must not take the focus from under their fingers).
 */
export function SitePopup({ delayMs = POPUP_DELAY_MS }: { delayMs?: number }) {
  const [due, setDue] = useState(false);
  useEffect(() => {
    let timer = 0;
    const wait = () => {
      timer = window.setTimeout(() => (busy() ? wait() : setDue(true)), delayMs);
    };
    wait();
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  return due ? <Popup linkHref={popupHref} /> : null;
}

export interface LayoutProps {
  /** The catalogue's category shown now (catalogue and product pages): the «Каталог» tab is current. */
  activeCategorySlug?: string | undefined;
  /** The menu slug of the page shown now, when it is one of the tabs (`blog`, `kontakty`…). */
  activePageSlug?: string | undefined;
  /** Whether the site popup may open on this page (not where the shopper orders: product, cart, payment, account). */
  popup?: boolean | undefined;
  children: ReactNode;
}

/**
 * The storefront's frame (spec §2 Layout): the header with the side menu, the page, the «Связаться»
 * strip with the contacts dialog, the footer, the cookie banner and the site popup, composed from
 * the widgets' React components. The header and the footer are drawn on the server with their data
 * (loadLayoutData in layout-data.ts, carried to the browser by the site snapshot), so nothing shifts
 * after hydration; so is the cookie banner for whoever has not accepted the cookies (its consent
 * cookie, cookie-consent.ts); the popup exists only in the browser and floats over the page.
 */
export function Layout({ activeCategorySlug, activePageSlug, popup = true, children }: LayoutProps) {
  const currentSlug = activePageSlug ?? (activeCategorySlug === undefined ? undefined : "catalog");
  const bannerStart = useAtomValue(cookieBannerStartAtom);
  // Accepted before the cookie mirrored it (or in another tab): the next page is drawn without the banner.
  useEffect(() => {
    if (readText(STORAGE_KEYS.acceptCookies) === "true") rememberConsent();
  }, []);
  return (
    <div className="site ottisk-root">
      <a className="site__skip" href="#content">
        Перейти к содержанию
      </a>
      <Header
        homeUrl={HOME_PATH}
        cartUrl={SCREEN_PATHS.cart}
        favouritesUrl={SCREEN_PATHS.favourites}
        searchResultsUrl={SCREEN_PATHS.search}
        adminUrl={ACCOUNT_BASE}
        pageHref={sitePath}
        currentSlug={currentSlug}
      />
      <main id="content" className="site__main" tabIndex={-1}>
        {children}
      </main>
      <aside className="site__contact" aria-labelledby="site-contact-title">
        <div className="site__contact-inner">
          <p className="site__contact-text">
            <strong id="site-contact-title">Остались вопросы?</strong> Позвоните или напишите нам — поможем с макетом и заказом.
          </p>
          <Contacts label="Связаться" />
        </div>
      </aside>
      <Footer homeUrl={HOME_PATH} />
      <CookieBanner initialState={bannerStart} onAccept={rememberConsent} />
      {popup ? <SitePopup /> : null}
    </div>
  );
}

