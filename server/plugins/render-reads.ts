import type { FastifyInstance } from "fastify";
import type { z } from "zod/mini";
import {
  cartQuerySchema,
  orderIdParamsSchema,
  pageListQuerySchema,
  pageSlugParamsSchema,
  productIdParamsSchema,
  productListQuerySchema,
  searchQuerySchema,
} from "../../shared/contracts/index";
import type { Category, FooterContent, HeaderContent, MenuTab, RenderReadFailure, RenderReads, SideMenuItem } from "../../shared/contracts/index";
import { VAT_PERCENT } from "../../shared/domain/index";
import type { Viewer } from "../services/accounts/session.service";
import { createSiteChromeCache } from "../services/site-chrome-cache";
import type { ChromeBlock } from "../services/site-chrome-cache";
import { ShopError } from "../services/shop-error";
import { toServerError } from "./errors";
import { resolveInScope } from "./in-process-session";
import { notSignedIn, sessionTokenOfHeaders } from "./session";

/*
 * The server render's reads (RenderReads, shared/contracts/host-render.ts): what a page asks for,
 * answered by the services in process inside the page's one request scope — no inject, no JSON
 * round trip, no zod parse of what the services made. Each read does what its route does: the
 * same input checks (the route's contract, on the few values the render sends), the same viewer
 * (looked up once per page with the page's session token: in-process-session.ts), the same
 * service call, and a failure becomes the route's error body (plugins/errors.ts toServerError).
 * The site's chrome — categories, menu, side menu, header, footer — comes from memory
 * (services/site-chrome-cache.ts), dropped on every node by the `ottisk_cache` notice.
 *
 * What the routes do that these do not: the request-rate limit (the page's own request was
 * counted), and the anonymous catalogue's JSON cache (publicCache: bytes for the API's callers).
 */

/** How long a chrome block lives on this node when no notice drops it: as the anonymous catalogue's pages. */
const CHROME_TTL_MS = 30_000;

const INVALID_REQUEST_UI = "Запрос заполнен неверно. Проверьте данные и попробуйте ещё раз.";
const CYRILLIC = /[А-Яа-яЁё]/;

interface Chrome {
  categories: ChromeBlock<Category[]>;
  menu: ChromeBlock<MenuTab[]>;
  sideMenu: ChromeBlock<SideMenuItem[]>;
  header: ChromeBlock<HeaderContent>;
  footer: ChromeBlock<FooterContent>;
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
    const viewerId = async () => (await viewer())?.account.id ?? null;
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
      getProducts: (query) => answer(async () => app.catalog.listProducts(checked(productListQuerySchema, query, "querystring"), origin, await viewerId())),
      getProduct: (id, query = {}) =>
        answer(async () => {
          const params = checked(productIdParamsSchema, { id: String(id) }, "params");
          return app.catalog.getProduct(params.id, origin, await viewerId(), query.isUrgent ?? false);
        }),
      getPage: (slug) => answer(() => app.pages.getPage(checked(pageSlugParamsSchema, { slug }, "params").slug, origin)),
      getPages: (query) => answer(() => app.pages.listPages(checked(pageListQuerySchema, query, "querystring"), origin)),
      searchSite: (query) => answer(() => app.pages.search(checked(searchQuerySchema, query, "querystring"), origin)),
      getFeedbackForm: () => answer(() => app.feedback.definition()),
      // GET /client-cart: open to anyone (without a session the empty cart, nothing created).
      getCart: (query) => answer(async () => app.carts.getCart(await viewer(), checked(cartQuerySchema, query, "querystring"), origin)),
      getFavoriteProducts: () => answer(async () => app.catalog.listFavoriteProducts(origin, await viewerId())),
      // GET /client-order/{id}: access "signedIn" (a visitor's temporary account is 401), as requireSignedIn.
      getOrder: (id) =>
        answer(async () => {
          const params = checked(orderIdParamsSchema, { id: String(id) }, "params");
          const found = await viewer();
          if (!found || found.account.temporary) throw notSignedIn();
          return app.orders.getOrder(found, params.id, origin);
        }),
    };
  };
}
