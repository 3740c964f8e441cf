import { MAIN_PAGE_ALIAS } from "../contracts/wire";
import { contract } from "./lazy-contracts";
import type {
  FooterContent,
  HeaderContent,
  MenuTab,
  SideMenuItem,
  Page,
  PageList,
  PageListQuery,
  PageSeo,
  PopupAnswer,
  SearchQuery,
  SearchResultPage,
} from "../contracts/index";
import type { ApiRequest } from "./request";

/** Spec §7 "Pages": website pages, section lists, the menu, the site-wide blocks and the site search. */
export interface PagesEndpoints {
  /** The page at `slug`, the whole path (`blog/kak-podgotovit-maket`); '' or `main` is the main page. */
  getPage(slug: string): Promise<Page>;
  getPageSeo(slug: string): Promise<PageSeo>;
  /** One section's pages (blog newest first); `exclude` leaves out a post, for the teasers under it. */
  getPages(query: PageListQuery): Promise<PageList>;
  /** The top-level tabs in order, the main page first: the header shows `.slice(1, 10)`. */
  getMenu(): Promise<MenuTab[]>;
  /** The side menu's links (its own content block). */
  getSideMenu(): Promise<SideMenuItem[]>;
  getHeader(): Promise<HeaderContent>;
  getFooter(): Promise<FooterContent>;
  /** The active popup, or `{}` when there is none. */
  getPopup(): Promise<PopupAnswer>;
  searchSite(query: SearchQuery): Promise<SearchResultPage>;
}

/** The path segment for a page: slashes encoded as spec §2 asks, the main page by its alias. */
function pagePath(slug: string): string {
  const trimmed = slug.replace(/^\/+|\/+$/g, "");
  return `/public/website/page/${encodeURIComponent(trimmed === "" ? MAIN_PAGE_ALIAS : trimmed)}`;
}

/** Drops the unset fields: spec §7 sends no empty filters. */
function defined(query: Record<string, string | number | boolean | undefined>): Record<string, string | number | boolean> {
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined));
}

export function pagesEndpoints(request: ApiRequest): PagesEndpoints {
  return {
    getPage: (slug) => request(pagePath(slug), contract("pageSchema")),
    getPageSeo: (slug) => request(`${pagePath(slug)}/seo`, contract("pageSeoSchema")),
    getPages: ({ kind, offset, limit, exclude }) => request("/public/website/page", contract("pageListSchema"), { query: defined({ kind, offset, limit, exclude }) }),
    getMenu: () => request("/public/website/menu", contract("menuSchema")),
    getSideMenu: () => request("/public/website/side-menu", contract("sideMenuSchema")),
    getHeader: () => request("/public/website/header", contract("headerContentSchema")),
    getFooter: () => request("/public/website/footer", contract("footerContentSchema")),
    getPopup: () => request("/public/website/popup", contract("popupAnswerSchema")),
    searchSite: ({ search, offset, limit }) => request("/public/website/search", contract("searchResultPageSchema"), { query: defined({ search, offset, limit }) }),
  };
}
