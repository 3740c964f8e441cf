import type { ReactNode } from "react";
import "../shared/ui/base.css";
import "../shared/ui/dialog.css";
import "../widgets/account/account.css";
import "../widgets/cart-button/cart-button.css";
import "../widgets/city-picker/city-picker.css";
import { CookieBanner } from "../widgets/cookie-banner/CookieBanner";
import "../widgets/cookie-banner/cookie-banner.css";
import { Footer } from "../widgets/footer/Footer";
import "../widgets/footer/footer.css";
import { Header } from "../widgets/header/Header";
import "../widgets/header/header.css";
import "../widgets/login/login.css";
import "../widgets/search/search.css";
import "../widgets/side-menu/side-menu.css";
import "./site.css";

/** The host site's own addresses for the layout's links (spec §2 routes). */
export const SITE_PATHS = {
  home: "/",
  cart: "/cart",
  favourites: "/izbrannoe",
  search: "/poisk",
  catalog: "/catalog",
  /** The admin panel (sign-in, registration, the account's pages) is a separate application. */
  admin: "/admin",
} as const;

/** A page slug of the menu (`blog`, `uslugi/pechat`, '' for the main page) as a path of this site. */
export function pagePath(slug: string): string {
  return `/${slug.replace(/^\/+/, "")}`;
}

export interface LayoutProps {
  /** The catalogue's category shown now (catalogue and product pages): the «Каталог» tab is current. */
  activeCategorySlug?: string | undefined;
  /** The menu slug of the page shown now, when it is one of the tabs (`blog`, `kontakty`…). */
  activePageSlug?: string | undefined;
  children: ReactNode;
}

/**
 * The storefront's frame (spec §2 Layout): the header with the side menu, the page, the footer and
 * the cookie banner, composed from the widgets' React components. The header and the footer are
 * drawn on the server with their data (loadLayoutData in layout-data.ts, carried to the browser by
 * the site snapshot), so nothing shifts after hydration; the cookie banner exists only in the
 * browser and floats over the page's bottom edge.
 */
export function Layout({ activeCategorySlug, activePageSlug, children }: LayoutProps) {
  const currentSlug = activePageSlug ?? (activeCategorySlug === undefined ? undefined : "catalog");
  return (
    <div className="site ottisk-root">
      <a className="site__skip" href="#content">
        Перейти к содержанию
      </a>
      <Header
        homeUrl={SITE_PATHS.home}
        cartUrl={SITE_PATHS.cart}
        favouritesUrl={SITE_PATHS.favourites}
        searchResultsUrl={SITE_PATHS.search}
        adminUrl={SITE_PATHS.admin}
        pageHref={pagePath}
        currentSlug={currentSlug}
      />
      <main id="content" className="site__main" tabIndex={-1}>
        {children}
      </main>
      <Footer homeUrl={SITE_PATHS.home} />
      <CookieBanner />
    </div>
  );
}

