import { Provider } from "jotai/react";
import { renderToString } from "react-dom/server";
import { PRODUCT_LIST_DEFAULT_LIMIT, SEARCH_DEFAULT_LIMIT, SESSION_COOKIE } from "../shared/contracts/index";
import type { Page, Product, ProductListPage, RenderRequest, RenderResult, SitemapIndexRequest, SitemapRequest, WidgetPrerenderRequest } from "../shared/contracts/index";
import { createApi, isApiError, withServerReads } from "../shared/http/index";
import type { Api } from "../shared/http/index";
import {
  accountResource,
  categoriesAtom,
  createPageStore,
  favouriteProductsHandedOverAtom,
  feedbackForm,
  latestBlogPosts,
  loadCartAtom,
  loadCategoriesAtom,
  loadFavouriteProductsAtom,
  loadPageAtom,
  loadProductAtom,
  loadProductPageAtom,
  loadSearchPageAtom,
  orders,
  pageKey,
  pagesAtom,
  productListKey,
  productPagesAtom,
  productsAtom,
  siteFooter,
  siteHeader,
} from "../shared/state/index";
import type { Resource, Store } from "../shared/state/index";
import { App } from "./App";
import { consentInCookies, cookieBannerStartAtom } from "./cookie-consent";
import type { PageRoute } from "./App";
import { documentHtml } from "./document";
import { catalogHead, categoryHead, designerHead, mainPageHead, notFoundHead, pageHead, productHead, screenHead, serviceUnavailableHead } from "./head";
import type { PageHead } from "./head";
import { pageCrumbs } from "./pages/WebsitePage";
import { matchRoute, PRIVATE_PATHS } from "./routes";
import { loadAccountPageData } from "./account-data";
import { loadLayoutData } from "./layout-data";
import { routePage, routePageModule } from "./route-page";
import { takeSiteSnapshot } from "./snapshot";
import type { CatalogView, CatalogViewFilters } from "../shared/domain/index";
import { accountPath, catalogPath, designerPath, HOME_PATH, pagePath, productPath, SCREEN_PATHS, searchPath, successPath } from "../shared/domain/index";
import { accountTitle } from "../widgets/account-area/index";
import { prerenderAccount } from "../widgets/account/index";
import { prerenderCartButton } from "../widgets/cart-button/index";
import { prerenderCatalog } from "../widgets/catalog/index";

function unavailable(resource: Resource<unknown> | undefined): boolean {
  return resource?.status === "error" && (resource.httpStatus === 0 || resource.httpStatus >= 500);
}

/** The product of a product or designer page, loaded into the page's store. */
type PageProduct = { kind: "ready"; data: Product } | { kind: "unavailable" } | { kind: "missing"; archived: boolean };

async function loadPageProduct(store: Store, productId: number): Promise<PageProduct> {
  await store.set(loadProductAtom, productId);
  const product = store.get(productsAtom)[String(productId)];
  if (product?.status === "ready") return { kind: "ready", data: product.data };
  if (unavailable(product)) return { kind: "unavailable" };
  return { kind: "missing", archived: product?.status === "error" && product.httpStatus === 410 };
}

/** The filters without the category: a category's page keeps to its own (as the Catalog does). */
function withoutCategory(filters: CatalogViewFilters): CatalogViewFilters {
  const { categoryId: _bound, ...rest } = filters;
  return rest;
}

/** Loads the catalogue page the address names; its products when they loaded (for the page's ItemList JSON-LD). */
async function loadCatalogPage(store: Store, view: CatalogView, categoryId: number | undefined): Promise<ProductListPage | undefined> {
  const limit = PRODUCT_LIST_DEFAULT_LIMIT;
  // The same query the Catalog asks for, so the browser hydrates from this page of the list.
  const filters = view.filters ?? {};
  const query = categoryId === undefined ? { ...filters, sort: view.sort, offset: view.page * limit, limit } : { ...withoutCategory(filters), categoryId, sort: view.sort, offset: view.page * limit, limit };
  await store.set(loadProductPageAtom, query);
  const products = store.get(productPagesAtom)[productListKey(query)];
  return products?.status === "ready" ? products.data : undefined;
}

/** A site-wide block's data when it loaded (layout-data.ts loads the header and footer content). */
function readyValue<T>(resource: Resource<T> | undefined): T | null {
  return resource?.status === "ready" ? resource.data : null;
}

/** What a page's components show besides the page itself, loaded now so the first paint has it. */
async function loadPageExtras(store: Store, page: Page): Promise<void> {
  const keys = new Set(page.components.map((component) => component.key));
  const loads: Promise<void>[] = [];
  if (keys.has("BlogTeasers") || (page.kind === "blog" && page.parent !== null)) loads.push(store.set(latestBlogPosts.loadAtom));
  if (page.kind === "contacts") loads.push(store.set(feedbackForm.loadAtom));
  await Promise.all(loads);
}

type Outcome = { head: PageHead; status: number } | { redirect: RenderResult };

async function websitePage(store: Store, slug: string): Promise<Outcome> {
  await store.set(loadPageAtom, slug);
  const page = store.get(pagesAtom)[pageKey(slug)];
  if (page?.status !== "ready") {
    if (unavailable(page)) return { status: 503, head: serviceUnavailableHead(pagePath(slug)) };
    // Spec §2: an address that names no page leads to the main page (which must itself exist).
    if (slug !== "") return { redirect: { status: 302, redirect: HOME_PATH } };
    return { status: 404, head: notFoundHead() };
  }
  await loadPageExtras(store, page.data);
  if (slug === "") {
    // The main page speaks for the whole site: the Organization and the WebSite with its search.
    const head = mainPageHead(page.data, readyValue(store.get(siteHeader.valueAtom)), readyValue(store.get(siteFooter.valueAtom)));
    return { status: 200, head };
  }
  const canonical = pagePath(page.data.slug);
  return { status: 200, head: pageHead(page.data, canonical, pageCrumbs(page.data)) };
}

/**
 * The visitor's account for the header: without the session cookie nobody is signed in (the
 * browser is told so and does not ask); with it, the profile (a session that has ended is nobody
 * too). A failure leaves the account to the browser.
 */
async function loadAccount(store: Store, api: Api, headers: Record<string, string> | undefined): Promise<void> {
  if (!hasSessionCookie(headers)) {
    store.set(accountResource.valueAtom, { status: "ready", data: null });
    return;
  }
  try {
    store.set(accountResource.valueAtom, { status: "ready", data: await api.getProfile() });
  } catch (error) {
    if (isApiError(error) && error.status === 401) store.set(accountResource.valueAtom, { status: "ready", data: null });
  }
}

function hasSessionCookie(headers: Record<string, string> | undefined): boolean {
  return (headers?.cookie ?? "").split(";").some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}

/**
 * The visitor's favourite cards for /izbrannoe: none without the session cookie (nobody has any
 * and nothing is asked); with it, the session's (a visitor's temporary account keeps favourites too).
 */
async function loadFavourites(store: Store, headers: Record<string, string> | undefined): Promise<void> {
  if (!hasSessionCookie(headers)) {
    store.set(favouriteProductsHandedOverAtom, { status: "ready", data: [] });
    return;
  }
  await store.set(loadFavouriteProductsAtom);
}

/** Renders one page of the storefront with its data, the same tree the browser then hydrates. */
export async function render(request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url, request.origin);
  const route = matchRoute(url.pathname, url.searchParams);
  if (route.name === "redirect") return { status: route.permanent ? 301 : 302, redirect: route.to };

  const httpApi = createApi({ baseURL: request.apiBase, fetch: request.fetch, headers: request.headers });
  // The server's reads (its services, in process, in this page's one request scope) where it gives them.
  const api = request.reads ? withServerReads(httpApi, request.reads) : httpApi;
  const store = createPageStore(api);
  store.set(cookieBannerStartAtom, consentInCookies(request.headers.cookie) ? "accepted" : "shown");
  // The layout's header and footer are drawn complete (layout-data.ts), beside the page's own data,
  // and so is the account area: the visitor's account when the request carries a session.
  await Promise.all([store.set(loadCategoriesAtom), loadLayoutData(store), loadAccount(store, api, request.headers)]);
  const categories = store.get(categoriesAtom);
  const category =
    route.name === "category" && categories?.status === "ready"
      ? categories.data.find((item) => item.slug === route.categorySlug)
      : undefined;

  let status = 200;
  let head: PageHead;
  const pageRoute: PageRoute = route;
  switch (route.name) {
    case "main":
    case "page": {
      const outcome = await websitePage(store, route.name === "main" ? "" : route.slug);
      if ("redirect" in outcome) return outcome.redirect;
      ({ status, head } = outcome);
      break;
    }
    case "search": {
      if (route.query) await store.set(loadSearchPageAtom, { search: route.query, offset: 0, limit: SEARCH_DEFAULT_LIMIT });
      const path = searchPath(route.query);
      head = route.query
        ? screenHead(`Поиск: ${route.query}`, `Результаты поиска по запросу «${route.query}»: товары и страницы типографии «Оттиск».`, path)
        : screenHead("Поиск по сайту", "Поиск товаров, услуг и статей типографии «Оттиск».", path);
      break;
    }
    case "favourites":
      // Drawn with the session's cards (issue 31): the list is complete before the script runs.
      await loadFavourites(store, request.headers);
      head = screenHead("Избранное", "Товары, отмеченные звёздочкой: вернитесь к ним, чтобы заказать.", SCREEN_PATHS.favourites);
      break;
    case "cart":
      // The cart of the account loaded above (its selected company), or the empty one without a
      // session (the service answers it without the database): drawn before the script runs.
      await store.set(loadCartAtom);
      head = screenHead("Корзина", "Корзина, доставка и оформление заказа в типографии «Оттиск».", SCREEN_PATHS.cart);
      break;
    case "success":
      // The order with the page's session; without one the read answers the route's 401 at once.
      if (route.orderId !== null) await store.set(orders.loadAtom, route.orderId);
      head = screenHead(
        "Заказ оформлен",
        "Заказ оформлен: номер заказа и что будет дальше.",
        route.orderId === null ? SCREEN_PATHS.success : successPath(route.orderId),
      );
      break;
    case "account":
      // The page's own data with the visitor's session (the account is loaded above), so it is drawn complete.
      await loadAccountPageData(store, route.page);
      head = screenHead(accountTitle(route.page), "Личный кабинет типографии «Оттиск»: заказы, документы, уведомления и данные профиля.", accountPath(route.page));
      break;
    case "catalog":
      head = catalogHead(catalogPath(), await loadCatalogPage(store, route.view, undefined));
      break;
    case "category":
      if (category) {
        head = categoryHead(category, catalogPath(category.slug), await loadCatalogPage(store, route.view, category.id));
      } else {
        status = unavailable(categories) ? 503 : 404;
        head = status === 404 ? notFoundHead() : serviceUnavailableHead();
      }
      break;
    case "designer": {
      const product = await loadPageProduct(store, route.productId);
      if (product.kind === "unavailable") {
        status = 503;
        head = serviceUnavailableHead();
        break;
      }
      // As the product page: a product that cannot be loaded leads back to the catalogue.
      if (product.kind === "missing") return { status: 302, redirect: catalogPath() };
      // Nothing to design: a product that takes no layout.
      if (product.data.details.length === 0) return { status: 302, redirect: catalogPath() };
      const productCanonical = productPath(product.data.category.slug, product.data.id);
      const canonical = designerPath(product.data.id);
      head = designerHead(
        product.data,
        canonical,
        [
          { name: "Каталог", path: catalogPath() },
          { name: product.data.category.name, path: catalogPath(product.data.category.slug) },
          { name: product.data.seoName || product.data.productName, path: productCanonical },
          { name: "Конструктор макета", path: canonical },
        ],
        route.designId !== null || route.orderProductId !== null,
      );
      break;
    }
    case "product": {
      const product = await loadPageProduct(store, route.productId);
      if (product.kind === "unavailable") {
        status = 503;
        head = serviceUnavailableHead();
        break;
      }
      if (product.kind === "missing") {
        // Archived (issue 29, the API's 410): no longer sold, its address leads to its category for good.
        // Spec §2: a product that cannot be loaded (a hidden one too) leads back to the catalogue.
        return product.archived ? { status: 301, redirect: catalogPath(route.categorySlug) } : { status: 302, redirect: catalogPath() };
      }
      const canonical = productPath(product.data.category.slug, product.data.id);
      if (product.data.category.slug !== route.categorySlug) return { status: 301, redirect: canonical };
      head = productHead(product.data, canonical, [
        { name: "Каталог", path: catalogPath() },
        { name: product.data.category.name, path: catalogPath(product.data.category.slug) },
        { name: product.data.seoName || product.data.productName, path: canonical },
      ]);
      break;
    }
  }
  if (unavailable(categories) && status === 200) status = 503;

  const page = await routePage(pageRoute);
  const appHtml = renderToString(
    <Provider store={store}>
      <App route={pageRoute} page={page} />
    </Provider>,
  );
  const pageModule = routePageModule(pageRoute);
  const pageChunks = pageModule === null ? [] : (request.assets.pageChunks[pageModule] ?? []);
  return {
    status,
    html: documentHtml({ head, origin: request.origin, appHtml, snapshot: takeSiteSnapshot(store), assets: request.assets, pageChunks }),
  };
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * `GET /sitemap-N.xml` (sitemaps.org): one file of the sitemap — the main page, the website's pages
 * that have an address of their own (spec §2 routes), the catalogue and its categories in the first,
 * the products in the others (the server cuts them by keyset, ≤ 50,000 each); `lastmod` where the
 * shop knows when the page changed. The per-visitor screens (cart, favourites, search, payment) are left out.
 */
export function sitemap(request: SitemapRequest): string {
  const entries = new Map<string, string | null>();
  const add = (path: string, lastmod: string | null) => {
    if (!entries.has(path)) entries.set(path, lastmod);
  };
  for (const page of request.pages) {
    const path = pagePath(page.slug);
    const route = matchRoute(path, new URLSearchParams());
    if (route.name === "main" || route.name === "page" || route.name === "catalog") add(path, page.updatedAt);
  }
  if (request.withRoots) {
    add(HOME_PATH, null);
    add(catalogPath(), null);
  }
  for (const slug of request.categorySlugs) add(catalogPath(slug), null);
  for (const product of request.products) add(productPath(product.categorySlug, product.id), null);
  const urls = Array.from(entries, ([path, lastmod]) =>
    [
      "  <url>",
      `    <loc>${escapeXml(request.origin + path)}</loc>`,
      ...(lastmod ? [`    <lastmod>${escapeXml(new Date(lastmod).toISOString())}</lastmod>`] : []),
      "  </url>",
    ].join("\n"),
  );
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, "</urlset>", ""].join("\n");
}

/** `GET /sitemap.xml`: the sitemaps.org index of the sitemap's files, as robots.txt names it. */
export function sitemapIndex(request: SitemapIndexRequest): string {
  const files = request.files.map((path) => `  <sitemap>\n    <loc>${escapeXml(request.origin + path)}</loc>\n  </sitemap>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...files, "</sitemapindex>", ""].join("\n");
}

/** `GET /robots.txt`: everything may be crawled except the API and the per-visitor screens. */
export function robots(origin: string): string {
  return ["User-agent: *", "Allow: /", ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}

/** An embedded element's first paint, drawn here so a partner page shows it before the element's code arrives. */
export async function prerenderWidget(request: WidgetPrerenderRequest): Promise<{ html: string; styles: string[]; snapshot: unknown } | null> {
  switch (request.tag) {
    case "ottisk-catalog":
      return prerenderCatalog(request);
    case "ottisk-account":
      return prerenderAccount(request);
    case "ottisk-cart-button":
      return prerenderCartButton(request);
  }
}
