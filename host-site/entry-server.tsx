import { Provider } from "jotai/react";
import { renderToString } from "react-dom/server";
import { PRODUCT_LIST_DEFAULT_LIMIT } from "../shared/contracts/index";
import type { RenderRequest, RenderResult, WidgetPrerenderRequest } from "../shared/contracts/index";
import { createApi } from "../shared/http/index";
import {
  categoriesAtom,
  createPageStore,
  loadCategoriesAtom,
  loadProductAtom,
  loadProductPageAtom,
  productsAtom,
  takeCatalogSnapshot,
} from "../shared/state/index";
import type { Resource, Store } from "../shared/state/index";
import type { CatalogView } from "../widgets/catalog/Catalog";
import { prerenderCatalog } from "../widgets/catalog/prerender";
import { App } from "./App";
import type { PageRoute } from "./App";
import { documentHtml } from "./document";
import { catalogHead, categoryHead, notFoundHead, productHead, serviceUnavailableHead } from "./head";
import type { PageHead } from "./head";
import { catalogPath, matchRoute, productPath } from "./routes";

function unavailable(resource: Resource<unknown> | undefined): boolean {
  return resource?.status === "error" && (resource.httpStatus === 0 || resource.httpStatus >= 500);
}

async function loadCatalogPage(store: Store, view: CatalogView, categoryId: number | undefined) {
  const limit = PRODUCT_LIST_DEFAULT_LIMIT;
  await store.set(loadProductPageAtom, { categoryId, sort: view.sort, offset: view.page * limit, limit });
}

/** Renders one page of the storefront with its data, the same tree the browser then hydrates. */
export async function render(request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url, request.origin);
  const route = matchRoute(url.pathname, url.searchParams);
  if (route.name === "redirect") return { status: route.permanent ? 301 : 302, redirect: route.to };

  const store = createPageStore(createApi({ baseURL: request.apiBase, fetch: request.fetch, headers: request.headers }));
  await store.set(loadCategoriesAtom);
  const categories = store.get(categoriesAtom);
  const category =
    route.name === "category" && categories?.status === "ready"
      ? categories.data.find((item) => item.slug === route.categorySlug)
      : undefined;

  let status = 200;
  let head: PageHead;
  const pageRoute: PageRoute = route;
  switch (route.name) {
    case "catalog":
      await loadCatalogPage(store, route.view, undefined);
      head = catalogHead(catalogPath());
      break;
    case "category":
      if (category) {
        await loadCatalogPage(store, route.view, category.id);
        head = categoryHead(category, catalogPath(category.slug));
      } else {
        status = unavailable(categories) ? 503 : 404;
        head = status === 404 ? notFoundHead() : serviceUnavailableHead();
      }
      break;
    case "product": {
      await store.set(loadProductAtom, route.productId);
      const product = store.get(productsAtom)[String(route.productId)];
      if (product?.status !== "ready") {
        if (unavailable(product)) {
          status = 503;
          head = serviceUnavailableHead();
          break;
        }
        // Spec §2: a product that cannot be loaded leads back to the catalogue.
        return { status: 302, redirect: catalogPath() };
      }
      const canonical = productPath(product.data.category.slug, product.data.id);
      if (product.data.category.slug !== route.categorySlug) return { status: 301, redirect: canonical };
      head = productHead(product.data, canonical);
      break;
    }
  }
  if (unavailable(categories) && status === 200) status = 503;

  const appHtml = renderToString(
    <Provider store={store}>
      <App route={pageRoute} />
    </Provider>,
  );
  return {
    status,
    html: documentHtml({ head, origin: request.origin, appHtml, snapshot: takeCatalogSnapshot(store), assets: request.assets }),
  };
}

/** An embedded element's first paint, drawn here so a partner page shows it before the element's code arrives. */
export async function prerenderWidget(request: WidgetPrerenderRequest): Promise<{ html: string; styles: string[]; snapshot: unknown } | null> {
  switch (request.tag) {
    case "ottisk-catalog":
      return prerenderCatalog(request);
  }
}
