import { backOfficePath } from "./back-office-sections";
import type { BackOfficeRoute } from "./back-office-sections";
import type { ProductSort } from "../contracts/index";

/*
 * The storefront's page paths (spec §2 routes and the account area at /admin): every address of a
 * page that the browser code, the server render or the server builds comes from here, so a path is
 * typed once. Plain strings, no DOM and no React: the server may use it too. Matching an address to
 * a page is the host site's (host-site/routes.ts, host-site/account-routes.ts), on top of this.
 * The API's own addresses (`/api/…`) are not pages: they stay in shared/http.
 */

/** The main page. */
export const HOME_PATH = "/";

/** The catalogue of every category; a category and its products live below it. */
export const CATALOG_PATH = "/catalog";

/** The storefront's own screens; every other first segment of an address names a website page. */
export const SCREEN_PATHS = { search: "/poisk", favourites: "/izbrannoe", cart: "/cart", success: "/success-payment" } as const;

/** The catalogue's filters as an address carries them (the names of GET /public/product's query). */
export interface CatalogViewFilters {
  productionTimeDay?: number;
  discount?: boolean;
  minPrice?: number;
  maxPrice?: number;
  categoryId?: number;
}

/**
 * Sort, page and filters of the catalogue as the address carries them
 * (`?maxPrice=1000&discount=true&sort=NameDesc&page=2`), so a filtered page can be shared and reloaded.
 */
export interface CatalogView {
  sort: ProductSort;
  /** Counted from 0. */
  page: number;
  /** The filters of the address (the host site); absent: the catalogue keeps its stored filters (the elements). */
  filters?: CatalogViewFilters;
}

/** The catalogue (`/catalog`) or a category's page (`/catalog/vizitki`). */
export function catalogPath(categorySlug?: string): string {
  return categorySlug ? `${CATALOG_PATH}/${encodeURIComponent(categorySlug)}` : CATALOG_PATH;
}

/** The query of a catalogue view: `?maxPrice=1000&sort=NameDesc&page=2`, '' for the first page by name, unfiltered. */
export function catalogViewSearch(view: CatalogView): string {
  const params = new URLSearchParams();
  const filters = view.filters ?? {};
  if (filters.categoryId !== undefined) params.set("categoryId", String(filters.categoryId));
  if (filters.productionTimeDay !== undefined) params.set("productionTimeDay", String(filters.productionTimeDay));
  if (filters.discount === true) params.set("discount", "true");
  if (filters.minPrice !== undefined) params.set("minPrice", String(filters.minPrice));
  if (filters.maxPrice !== undefined) params.set("maxPrice", String(filters.maxPrice));
  if (view.sort !== "NameAsc") params.set("sort", view.sort);
  if (view.page > 0) params.set("page", String(view.page + 1));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A product's page: `/catalog/vizitki/42`. */
export function productPath(categorySlug: string, productId: number): string {
  return `${catalogPath(categorySlug)}/${productId}`;
}

/** A product's page as an address template with `{category}` and `{id}` to fill (the elements' `product-url`). */
export const PRODUCT_PATH_TEMPLATE = `${CATALOG_PATH}/{category}/{id}`;

/** The layout designer's pages (issue 32): `/konstruktor/{productId}`. */
export const DESIGNER_PATH = "/konstruktor";

/**
 * The layout designer of a product: `/konstruktor/42`; `designId` reopens a saved layout design
 * (`?design=7`), `orderProductId` designs the layout of that cart line (`?line=12`).
 */
export function designerPath(productId: number, options: { designId?: string | number | null; orderProductId?: number | null } = {}): string {
  const params = new URLSearchParams();
  if (options.designId !== undefined && options.designId !== null) params.set("design", String(options.designId));
  if (options.orderProductId !== undefined && options.orderProductId !== null) params.set("line", String(options.orderProductId));
  const query = params.toString();
  return `${DESIGNER_PATH}/${productId}${query ? `?${query}` : ""}`;
}

/** The designer of a cart line as an address template with `{id}` (the product) and `{line}` (the line): the cart element's `designer-url`. */
export const DESIGNER_LINE_PATH_TEMPLATE = `${DESIGNER_PATH}/{id}?line={line}`;

/** The designer of a product as an address template with `{id}`: the product element's `designer-url`. */
export const DESIGNER_PATH_TEMPLATE = `${DESIGNER_PATH}/{id}`;

/** A website page's address: `/` for the main page, else `/{slug}` (`/blog/cmyk-i-rgb`), each segment encoded. */
export function pagePath(slug: string): string {
  const trimmed = slug.replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? HOME_PATH : `/${trimmed.split("/").map(encodeURIComponent).join("/")}`;
}

/**
 * A path of the site as the content gives it — a page slug (`blog`, '' for the main page) or a site
 * path with its own query (`/catalog/vizitki?sort=NameDesc`) — taken as it is, with one leading slash.
 */
export function sitePath(pathOrSlug: string): string {
  return `/${pathOrSlug.replace(/^\/+/, "")}`;
}

/** The search results: `/poisk`, or `/poisk?q=…` for a query. */
export function searchPath(query = ""): string {
  return query ? `${SCREEN_PATHS.search}?q=${encodeURIComponent(query)}` : SCREEN_PATHS.search;
}

/** The page of a placed order paid by invoice or from the balance: `/success-payment?orderId=7`. */
export function successPath(orderId: number): string {
  return `${SCREEN_PATHS.success}?orderId=${orderId}`;
}

/** The success page as an address template with `{id}` to fill (the cart element's `success-url`). */
export const SUCCESS_PATH_TEMPLATE = `${SCREEN_PATHS.success}?orderId={id}`;

/* The account area (the spec's admin panel, "not shown"): sign-in, registration and recovery, the client's pages and the employee's panel. */

/** Where the account area lives on the storefront's origin. The storefront's links point here unless the operator runs a panel of its own (`OTTISK_ADMIN_URL`, an element's `admin-url`). */
export const ACCOUNT_BASE = "/admin";

/** The account area's pages, below its base. */
export const ACCOUNT_PAGES = {
  home: "",
  login: "/auth/login",
  registration: "/auth/registration",
  confirmEmail: "/auth/confirm-email",
  passwordRecovery: "/auth/password-recovery",
  passwordReset: "/auth/password-reset",
  clientOrders: "/client/orders",
  clientDocuments: "/client/documents",
  clientDesigns: "/client/designs",
  clientNotifications: "/client/notification",
  clientProfile: "/client/profile/info",
  clientCompany: "/client/profile/company/info",
  employeeOrders: "/employee/orders",
  employeeProfile: "/employee/profile",
  employeeClients: "/employee/clients",
} as const;

export type AccountPage = keyof typeof ACCOUNT_PAGES;

/** An account page's address under `base`: the storefront's `/admin` by default, or another panel's address (`https://panel.example`). */
export function accountPagePath(page: AccountPage, base: string = ACCOUNT_BASE): string {
  return `${base}${ACCOUNT_PAGES[page]}`;
}

/** Every page of the account area under one base. */
function accountPaths(base: string): Readonly<Record<AccountPage, string>> {
  return Object.fromEntries(Object.entries(ACCOUNT_PAGES).map(([page, path]) => [page, `${base}${path}`])) as Record<AccountPage, string>;
}

/** The account area's pages on the storefront: `ACCOUNT_PATHS.clientOrders` is `/admin/client/orders`. */
export const ACCOUNT_PATHS = /* @__PURE__ */ accountPaths(ACCOUNT_BASE);

/** A client's order: `/admin/client/orders/7`. */
export function clientOrderPath(orderId: number, base: string = ACCOUNT_BASE): string {
  return `${accountPagePath("clientOrders", base)}/${orderId}`;
}

/** An order in the employee's panel: `/admin/employee/orders/7`. */
export function employeeOrderPath(orderId: number, base: string = ACCOUNT_BASE): string {
  return `${accountPagePath("employeeOrders", base)}/${orderId}`;
}

/** `path?next=…`: a page that goes on to `next` afterwards. */
export function withNext(path: string, next: string): string {
  return `${path}?next=${encodeURIComponent(next)}`;
}

/** The sign-in page that comes back to `next` afterwards. */
export function loginPath(next: string): string {
  return withNext(ACCOUNT_PATHS.login, next);
}

/** A `next` that stays on this site: a path, not `//evil.example` or `https://…`; else the account area's start. */
export function safeNextPath(next: string | null): string {
  if (next === null || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\") || /[\u0000-\u001f]/.test(next)) return ACCOUNT_BASE;
  return next;
}

/** A page of the account area with what its address carries (host-site/account-routes.ts matches an address to it). */
export type AccountRoute =
  /** `/admin/auth/login?next=/admin/client/orders`: sign in, then go on to `next` (a path of this site). */
  | { name: "login"; next: string }
  /** `/admin/auth/registration?next=/cart`: sign up, then go on to `next` (default: the client's orders). */
  | { name: "registration"; next: string }
  /** `/admin/auth/confirm-email?token=…`: the link of the registration e-mail. */
  | { name: "confirm-email"; token: string }
  /** `/admin/auth/password-recovery?next=…`: `next` is kept for the way back to sign-in. */
  | { name: "password-recovery"; next: string }
  /** `/admin/auth/password-reset?token=…`: the link of the recovery e-mail. */
  | { name: "password-reset"; token: string }
  /** `/admin`: the employee's «Панель управления»; a client goes on to their orders. */
  | { name: "home" }
  | { name: "client-orders"; page: number }
  | { name: "client-order"; orderId: number }
  /** `/admin/client/documents?page=2`. */
  | { name: "client-documents"; page: number }
  /** `/admin/client/designs`: «Мои макеты», the account's layout designs (issue 32). */
  | { name: "client-designs" }
  | { name: "client-notifications" }
  | { name: "client-profile" }
  | { name: "client-company" }
  /** `/admin/employee/orders?status=new&clientId=3&search=Ромашка&page=2`. */
  | { name: "employee-orders"; status: string | null; clientId: number | null; search: string; page: number }
  | { name: "employee-order"; orderId: number }
  | { name: "employee-profile" }
  /** `/admin/employee/clients?q=Иван`: the client search and «Войти в режим клиента». */
  | { name: "employee-clients"; query: string }
  /** `/admin/employee/products/7`: the back office's sections (back-office-sections.ts). */
  | BackOfficeRoute;

/** A list page's address: `?page=N` from the second page on. */
function listPath(path: string, page: number): string {
  return page > 0 ? `${path}?page=${page + 1}` : path;
}

/** The address of an account page (host-site/account-routes.ts, matchAccountRoute, is its inverse). */
export function accountPath(route: AccountRoute): string {
  switch (route.name) {
    case "login":
      return route.next === ACCOUNT_BASE ? ACCOUNT_PATHS.login : loginPath(route.next);
    case "client-order":
      return clientOrderPath(route.orderId);
    case "employee-order":
      return employeeOrderPath(route.orderId);
    case "client-orders":
      return listPath(ACCOUNT_PATHS.clientOrders, route.page);
    case "employee-orders": {
      const params = new URLSearchParams();
      if (route.status) params.set("status", route.status);
      if (route.clientId !== null) params.set("clientId", String(route.clientId));
      if (route.search) params.set("search", route.search);
      if (route.page > 0) params.set("page", String(route.page + 1));
      const text = params.toString();
      return text ? `${ACCOUNT_PATHS.employeeOrders}?${text}` : ACCOUNT_PATHS.employeeOrders;
    }
    case "employee-clients":
      return route.query ? `${ACCOUNT_PATHS.employeeClients}?q=${encodeURIComponent(route.query)}` : ACCOUNT_PATHS.employeeClients;
    case "home":
      return ACCOUNT_PATHS.home;
    case "registration":
      return route.next === ACCOUNT_PATHS.clientOrders ? ACCOUNT_PATHS.registration : withNext(ACCOUNT_PATHS.registration, route.next);
    case "confirm-email":
      return ACCOUNT_PATHS.confirmEmail;
    case "password-recovery":
      return route.next === ACCOUNT_BASE ? ACCOUNT_PATHS.passwordRecovery : withNext(ACCOUNT_PATHS.passwordRecovery, route.next);
    case "password-reset":
      return ACCOUNT_PATHS.passwordReset;
    case "client-documents":
      return listPath(ACCOUNT_PATHS.clientDocuments, route.page);
    case "client-designs":
      return ACCOUNT_PATHS.clientDesigns;
    case "client-notifications":
      return ACCOUNT_PATHS.clientNotifications;
    case "client-profile":
      return ACCOUNT_PATHS.clientProfile;
    case "client-company":
      return ACCOUNT_PATHS.clientCompany;
    case "employee-profile":
      return ACCOUNT_PATHS.employeeProfile;
    case "back-office":
      return backOfficePath(route.section, route.id, route.query);
  }
}
