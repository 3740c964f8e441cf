import type { AccountProfile } from "./account";
import type { Cart } from "./cart";
import type { Category, ProductCard, ProductListPage } from "./catalog";
import type { Address, Company, Recipient } from "./company";
import type { EmployeeOrder, EmployeeOrderListPage } from "./employee-order";
import type { NotificationListPage, NotificationSettings } from "./notification";
import type { DocumentListPage, Order, OrderListPage } from "./order";
import type { ServerError } from "./error";
import type { FeedbackFormDefinition } from "./feedback";
import type { FooterContent, HeaderContent, MenuTab, Page, PageList, SearchResultPage } from "./pages";
import type { Product } from "./product";
import type { SideMenuItem } from "./side-menu";
import type { Nds } from "./tax";
import type { PrerenderTag } from "./wire";

/*
 * The contract between the server and the host site's built render (dist/host-site/server): the
 * server knows the render only through these types, never host-site's source. Plain TypeScript,
 * not zod: it crosses a module boundary inside one process, not the network.
 */

/** The built client's files a page must load (from Vite's manifest). */
export interface ClientAssets {
  /** The page's one script tag (host-site/boot.ts): it loads `entry` and `preloads` once the page is painted. */
  boot: string;
  entry: string;
  styles: string[];
  preloads: string[];
  /**
   * The code of each module the entry imports dynamically (the route pages of
   * host-site/route-page.tsx among them), keyed by its source path as Vite's manifest names it
   * (e.g. `host-site/pages/ProductPage.tsx`): its chunk and the chunks it imports that the entry
   * does not load already. A page preloads its own, which would otherwise be asked for only once
   * the entry runs.
   */
  pageChunks: Record<string, string[]>;
}

/**
 * The render's reads answered in process by the server's services, inside the page's one request
 * scope: the same contract-shaped objects the API's routes answer with, handed over as they are —
 * no inject, no JSON, no zod re-parse of what the server itself made. The render puts them in
 * place of its API client's calls of the same names (shared/http `withServerReads`); every other
 * call still goes through `fetch`. Arguments are what the client would send (a list's query as its
 * query string's values), checked by the server as the route checks them.
 *
 * A read that fails rejects with a `RenderReadFailure`: the API's error body for that failure, so
 * the render sees the same ApiError (status, code, messageUI) the HTTP call would have given.
 */
export interface RenderReads {
  /** GET /public/product/category (the chrome: kept in memory by the server). */
  getProductCategories(): Promise<Category[]>;
  /** GET /public/product: the list's query as its query string carries it (shared/http productListSearchParams). */
  getProducts(query: Readonly<Record<string, string | number | boolean>>): Promise<ProductListPage>;
  /** GET /public/product/{id}. */
  getProduct(id: number, query?: { isUrgent?: boolean }): Promise<Product>;
  /** GET /nds. */
  getNds(): Promise<Nds>;
  /** GET /account/profile: the page's session (401 without one). */
  getProfile(): Promise<AccountProfile>;
  /** GET /public/website/page/{slug}: the slug as the address carries it (trimmed; the main page by its alias). */
  getPage(slug: string): Promise<Page>;
  /** GET /public/website/page: the query's set values. */
  getPages(query: Readonly<Record<string, string | number | boolean>>): Promise<PageList>;
  /** GET /public/website/menu (the chrome). */
  getMenu(): Promise<MenuTab[]>;
  /** GET /public/website/side-menu (the chrome). */
  getSideMenu(): Promise<SideMenuItem[]>;
  /** GET /public/website/header (the chrome). */
  getHeader(): Promise<HeaderContent>;
  /** GET /public/website/footer (the chrome). */
  getFooter(): Promise<FooterContent>;
  /** GET /public/website/search: the query's set values. */
  searchSite(query: Readonly<Record<string, string | number | boolean>>): Promise<SearchResultPage>;
  /** GET /feedback-form. */
  getFeedbackForm(): Promise<FeedbackFormDefinition>;
  // The account pages' first data (host-site/account-data.ts), with the page's session as the routes check it.
  /** GET /client-order: the query string's values. */
  getOrders(query: Readonly<Record<string, string>>): Promise<OrderListPage>;
  /** GET /client-order/{id}: one of the signed-in client's orders (another's: 404). */
  getOrder(orderId: number): Promise<Order>;
  /** GET /client-account/documents: the query string's values. */
  getDocuments(query: Readonly<Record<string, string>>): Promise<DocumentListPage>;
  /** GET /client-account/notification: the query string's values. */
  getNotifications(query: Readonly<Record<string, string>>): Promise<NotificationListPage>;
  /** GET /client-account/notification/settings. */
  getNotificationSettings(): Promise<NotificationSettings>;
  /** GET /client-account/company. */
  getCompanies(): Promise<Company[]>;
  /** GET /client-account/recipient: the query string's values (companyId, or none for the personal profile). */
  getRecipients(query: Readonly<Record<string, string>>): Promise<Recipient[]>;
  /** GET /client-account/address. */
  getAddresses(): Promise<Address[]>;
  /** GET /employee/order (a manager outside client mode): the query string's values. */
  getEmployeeOrders(query: Readonly<Record<string, string>>): Promise<EmployeeOrderListPage>;
  /** GET /employee/order/{id} (a manager outside client mode). */
  getEmployeeOrder(orderId: number): Promise<EmployeeOrder>;
  /** GET /client-cart: the page's session's cart (the empty cart without one); the query's set values. */
  getCart(query: Readonly<Record<string, string | number | boolean>>): Promise<Cart>;
  /** GET /public/product/favorite: the page's session's favourite cards (none without one). */
  getFavoriteProducts(): Promise<ProductCard[]>;
}

/** How a RenderReads call fails: with the body the API would have answered. */
export interface RenderReadFailure {
  /** The error body the route would have answered with. */
  readonly serverError: ServerError;
}

export interface RenderRequest {
  /** Path and query of the page asked for. */
  url: string;
  /** The shop's origin as the shopper sees it, e.g. `https://shop.example`. */
  origin: string;
  /** The API's base for the render's own calls. */
  apiBase: string;
  /** How the render reaches the API (the server answers these calls in-process). */
  fetch: typeof globalThis.fetch;
  /** Headers to forward to the API (the shopper's cookies). */
  headers: Record<string, string>;
  assets: ClientAssets;
  /** The server's in-process reads for this page (one request scope); without them every call goes through `fetch`. */
  reads?: RenderReads;
}

export type RenderResult = { status: number; html: string } | { status: 301 | 302; redirect: string };

/** A widget's first paint drawn on the server (widgets/prerender.ts). */
export interface WidgetPrerenderRequest {
  tag: PrerenderTag;
  /** The element's attributes that change what it shows (shared/contracts/prerender.ts). */
  attributes: Record<string, string>;
  origin: string;
  apiBase: string;
  fetch: typeof globalThis.fetch;
}

/** A published website page as the sitemap lists it: its slug ('' the main page) and when it last changed (ISO). */
export interface SitemapPage {
  slug: string;
  updatedAt: string;
}

/** A product as the sitemap addresses it. */
export interface SitemapProduct {
  id: number;
  categorySlug: string;
}

/**
 * One file of the sitemap (sitemaps.org urlset, at most 50,000 addresses): the server reads the
 * database by keyset and hands the rows over, so a file costs one index walk however deep it is.
 */
export interface SitemapRequest {
  /** Where shoppers reach the shop: every address in the sitemap starts with it. */
  origin: string;
  /** The main page and the catalogue's root: in the first file only. */
  withRoots: boolean;
  /** Published pages: the render keeps those that have an address of their own. */
  pages: SitemapPage[];
  categorySlugs: string[];
  products: SitemapProduct[];
}

/** `GET /sitemap.xml`: the sitemap index naming each file (paths under `origin`, e.g. `/sitemap-2.xml`). */
export interface SitemapIndexRequest {
  origin: string;
  files: string[];
}

/** What dist/host-site/server/entry-server.js exports. */
export interface HostSiteRender {
  render(request: RenderRequest): Promise<RenderResult>;
  /** `GET /sitemap-N.xml`: one file of public pages, categories or products as a sitemaps.org urlset. */
  sitemap(request: SitemapRequest): string;
  /** `GET /sitemap.xml`: the sitemaps.org sitemapindex of those files. */
  sitemapIndex(request: SitemapIndexRequest): string;
  /** `GET /robots.txt` for the shop at `origin`. */
  robots(origin: string): string;
  /** The element's shadow-root HTML, styles and data; null when it cannot be drawn (e.g. an unknown category). */
  prerenderWidget(request: WidgetPrerenderRequest): Promise<{ html: string; styles: string[]; snapshot: unknown } | null>;
}
