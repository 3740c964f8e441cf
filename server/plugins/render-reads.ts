import type { FastifyInstance } from "fastify";
import type { z } from "zod/mini";
import {
  documentListQuerySchema,
  employeeOrderListQuerySchema,
  hasEmployeeRole,
  notificationListQuerySchema,
  cartQuerySchema,
  orderIdParamsSchema,
  orderListQuerySchema,
  pageListQuerySchema,
  pageSlugParamsSchema,
  productIdParamsSchema,
  productListQuerySchema,
  recipientListQuerySchema,
  searchQuerySchema,
} from "../../shared/contracts/index";
import type {
  Category,
  FooterContent,
  HeaderContent,
  MenuTab,
  Product,
  ProductListPage,
  ProductListQuery,
  RenderReadFailure,
  RenderReads,
  SideMenuItem,
} from "../../shared/contracts/index";
import { VAT_PERCENT } from "../../shared/domain/index";
import { actingClientId } from "../services/accounts/acting-client";
import type { Viewer } from "../services/accounts/session.service";
import { createSiteChromeCache } from "../services/site-chrome-cache";
import type { ChromeBlock } from "../services/site-chrome-cache";
import { ShopError } from "../services/shop-error";
import { toServerError } from "./errors";
import { resolveInScope } from "./in-process-session";
import { employeeRoleMissing, employeesOnly, notSignedIn, sessionTokenOfHeaders } from "./session";

/*
 * The server render's reads (RenderReads, shared/contracts/host-render.ts): what a page asks for,
 * answered by the services in process inside the page's one request scope — no inject, no JSON
 * round trip, no zod parse of what the services made. Each read does what its route does: the
 * same input checks (the route's contract, on the few values the render sends), the same viewer
 * (looked up once per page with the page's session token: in-process-session.ts), the same
 * service call, and a failure becomes the route's error body (plugins/errors.ts toServerError).
 * The site's chrome — categories, menu, side menu, header, footer — comes from memory
 * (services/site-chrome-cache.ts), dropped on every node by the `ottisk_cache` notice; so do the
 * anonymous product pages and listing pages (topic "catalog", which every catalogue write and every
 * placed order sends), with the viewer's favourite marks laid on top (the page's viewer, then one
 * statement for the marks) and a product's «Будет готово …» made for now.
 *
 * What the routes do that these do not: the request-rate limit (the page's own request was
 * counted), and the anonymous catalogue's JSON cache (publicCache: bytes for the API's callers).
 */

/** How long a chrome block lives on this node when no notice drops it: as the anonymous catalogue's pages. */
const CHROME_TTL_MS = 30_000;
/** Anonymous product pages (per origin, product and urgency) and listing pages (per origin and query) kept per node. */
const PAGE_DATA_MAX_KEYS = 1000;

const INVALID_REQUEST_UI = "Запрос заполнен неверно. Проверьте данные и попробуйте ещё раз.";
const CYRILLIC = /[А-Яа-яЁё]/;

interface Chrome {
  categories: ChromeBlock<Category[]>;
  menu: ChromeBlock<MenuTab[]>;
  sideMenu: ChromeBlock<SideMenuItem[]>;
  header: ChromeBlock<HeaderContent>;
  footer: ChromeBlock<FooterContent>;
  /** A product page as an anonymous viewer gets it (inFavorite false; its readyDate is remade per page). */
  product: ChromeBlock<Product, { origin: string; id: number; isUrgent: boolean }>;
  /** A listing page as an anonymous viewer gets it (every inFavorite false). */
  products: ChromeBlock<ProductListPage, { origin: string; query: ProductListQuery }>;
}

/** The route's check of what the render sends (a query's few values), with the route's 400 when it fails. */
function checked<T extends z.ZodMiniType>(schema: T, input: unknown, part: string): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join(".") || part,
    messageUI: CYRILLIC.test(issue.message) ? issue.message : INVALID_REQUEST_UI,
  }));
  throw new ShopError({ statusCode: 400, code: "VALIDATION_ERROR", messageUI: issues[0]?.messageUI ?? INVALID_REQUEST_UI, message: `Invalid ${part}`, issues });
}

/** The routes' `access: "signedIn"` and requireSignedIn: a temporary account is not signed in (401). */
function signedIn(viewer: Viewer | null): Viewer {
  if (!viewer || viewer.account.temporary) throw notSignedIn();
  return viewer;
}

/** The routes' `access: ["manager"]` (requireEmployeeRole): staff with the role, or an admin (403 otherwise). */
function manager(viewer: Viewer | null): Viewer {
  const found = signedIn(viewer);
  if (found.account.typeUser !== "employee") throw employeesOnly();
  if (!hasEmployeeRole(found.account.roles, ["manager"])) throw employeeRoleMissing(["manager"]);
  return found;
}

/**
 * Makes the reads of one page: `origin` the shop's public origin, `headers` the page's forwarded
 * ones (the session token). Call inside the page's withOneSessionLookup scope.
 */
export type RenderReadsFor = (origin: string, headers: Readonly<Record<string, string>>) => RenderReads;

export function renderReads(app: FastifyInstance): RenderReadsFor {
  const cache = createSiteChromeCache({ invalidation: app.cacheInvalidation, ttlMs: CHROME_TTL_MS });
  const chrome: Chrome = {
    categories: cache.block("catalog", (origin) => app.catalog.listCategories(origin)),
    menu: cache.block("pages", () => app.pages.menu()),
    sideMenu: cache.block("pages", () => app.pages.sideMenu()),
    header: cache.block("pages", (origin) => app.pages.header(origin)),
    footer: cache.block("pages", (origin) => app.pages.footer(origin)),
    product: cache.keyed(
      "catalog",
      ({ origin, id, isUrgent }) => `${origin} ${id} ${isUrgent}`,
      ({ origin, id, isUrgent }) => app.catalog.getProduct(id, origin, null, isUrgent),
      PAGE_DATA_MAX_KEYS,
    ),
    products: cache.keyed(
      "catalog",
      ({ origin, query }) => `${origin} ${JSON.stringify(query)}`,
      ({ origin, query }) => app.catalog.listProducts(query, origin, null),
      PAGE_DATA_MAX_KEYS,
    ),
  };

  /** Runs a read; any failure becomes the API's error body for it, as the route's error handler makes it. */
  const answer = async <T>(read: () => Promise<T> | T): Promise<T> => {
    try {
      return await read();
    } catch (error) {
      const serverError = toServerError(error);
      if (serverError.statusCode >= 500) app.log.error({ err: error }, "server render read failed");
      const failure: RenderReadFailure = { serverError };
      throw failure;
    }
  };

  return (origin, headers) => {
    const token = sessionTokenOfHeaders(headers);
    const viewer = (): Promise<Viewer | null> => (token ? resolveInScope(token, (value) => app.sessions.resolve(value)) : Promise.resolve(null));
    /** The viewer's favourites among these products (the page's one session lookup): none for an anonymous viewer or a dead session. */
    const favoriteMarks = async (ids: readonly number[]): Promise<ReadonlySet<number>> => {
      const found = await viewer();
      return found ? app.sessions.favoriteMarksOf(found.account.id, ids) : new Set<number>();
    };
    return {
      getProductCategories: () => answer(() => chrome.categories(origin)),
      getMenu: () => answer(() => chrome.menu(origin)),
      getSideMenu: () => answer(() => chrome.sideMenu(origin)),
      getHeader: () => answer(() => chrome.header(origin)),
      getFooter: () => answer(() => chrome.footer(origin)),
      getNds: () => answer(() => ({ percent: VAT_PERCENT })),
      getProfile: () =>
        answer(async () => {
          const found = await viewer();
          if (!found) throw notSignedIn();
          return app.accounts.profile(found, origin);
        }),
      getProducts: (query) =>
        answer(async () => {
          const page = await chrome.products({ origin, query: checked(productListQuerySchema, query, "querystring") });
          const marks = await favoriteMarks(page.items.map((item) => item.id));
          return { ...page, items: page.items.map((item) => (marks.has(item.id) ? { ...item, inFavorite: true } : item)) };
        }),
      getProduct: (id, query = {}) =>
        answer(async () => {
          const params = checked(productIdParamsSchema, { id: String(id) }, "params");
          const [product, marks] = await Promise.all([chrome.product({ origin, id: params.id, isUrgent: query.isUrgent ?? false }), favoriteMarks([params.id])]);
          return { ...product, inFavorite: marks.has(product.id), readyDate: app.catalog.readyDate(product.productionTimeDay) };
        }),
      getPage: (slug) => answer(() => app.pages.getPage(checked(pageSlugParamsSchema, { slug }, "params").slug, origin)),
      getPages: (query) => answer(() => app.pages.listPages(checked(pageListQuerySchema, query, "querystring"), origin)),
      searchSite: (query) => answer(() => app.pages.search(checked(searchQuerySchema, query, "querystring"), origin)),
      getFeedbackForm: () => answer(() => app.feedback.definition()),
      // The account pages (routes/orders, routes/account): the same access checks, then the same service calls.
      getOrders: (query) => answer(async () => app.orders.listOrders(signedIn(await viewer()), checked(orderListQuerySchema, query, "querystring"))),
      getOrder: (orderId) =>
        answer(async () => {
          const found = signedIn(await viewer());
          return app.orders.getOrder(found, checked(orderIdParamsSchema, { id: String(orderId) }, "params").id, origin);
        }),
      getDocuments: (query) =>
        answer(async () => {
          const found = signedIn(await viewer());
          const { companyId, offset, limit } = checked(documentListQuerySchema, query, "querystring");
          if (companyId !== undefined) await app.companies.getCompany(actingClientId(found), companyId);
          return app.orders.listDocuments(found, { companyId, offset, limit }, origin);
        }),
      getNotifications: (query) =>
        answer(async () => app.notifications.list(actingClientId(signedIn(await viewer())), checked(notificationListQuerySchema, query, "querystring"))),
      getNotificationSettings: () => answer(async () => app.notifications.settings(actingClientId(signedIn(await viewer())))),
      getCompanies: () => answer(async () => app.companies.listCompanies(actingClientId(signedIn(await viewer())))),
      getRecipients: (query) =>
        answer(async () => {
          const clientId = actingClientId(signedIn(await viewer()));
          return app.companies.listRecipients(clientId, checked(recipientListQuerySchema, query, "querystring").companyId);
        }),
      getAddresses: () => answer(async () => app.companies.listAddresses(actingClientId(signedIn(await viewer())))),
      getEmployeeOrders: (query) => answer(async () => app.employeeOrders.list(manager(await viewer()), checked(employeeOrderListQuerySchema, query, "querystring"))),
      getEmployeeOrder: (orderId) =>
        answer(async () => {
          const found = manager(await viewer());
          return app.employeeOrders.get(found, checked(orderIdParamsSchema, { id: String(orderId) }, "params").id, origin);
        }),
      // GET /client-cart: open to anyone (without a session the empty cart, nothing created).
      getCart: (query) => answer(async () => app.carts.getCart(await viewer(), checked(cartQuerySchema, query, "querystring"), origin)),
      getFavoriteProducts: () => answer(async () => app.catalog.listFavoriteProducts(origin, (await viewer())?.account.id ?? null)),
    };
  };
}
