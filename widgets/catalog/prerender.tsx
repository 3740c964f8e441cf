import { Provider } from "jotai/react";
import { renderToString } from "react-dom/server";
import { PRODUCT_LIST_DEFAULT_LIMIT } from "../../shared/contracts/wire";
import { createApi } from "../../shared/http/index";
import { categoriesAtom, createPageStore, loadCategoriesAtom, loadProductPageAtom, takeCatalogSnapshot } from "../../shared/state/index";
import type { CatalogSnapshot } from "../../shared/state/index";
import { ErrorBoundary } from "../../shared/ui/index";
import { catalogStyles } from "./catalog.styles";
import { defaultProductUrl } from "../product-url";
import { CatalogElement } from "./CatalogElement";

export interface CatalogPrerenderInput {
  attributes: Record<string, string>;
  origin: string;
  apiBase: string;
  fetch: typeof globalThis.fetch;
}

/**
 * `<ottisk-catalog>`'s first paint on the shop's server: the same tree the element renders (the
 * page store's Provider and the error boundary around CatalogElement), drawn with the catalogue's first page, for a
 * visitor without a session. Null when there is nothing worth drawing (an unknown category, a
 * failed load): the element then draws itself.
 */
export async function prerenderCatalog(input: CatalogPrerenderInput): Promise<{ html: string; styles: string[]; snapshot: CatalogSnapshot } | null> {
  const category = input.attributes.category || undefined;
  const pageSizeText = input.attributes["page-size"];
  const pageSize = pageSizeText && Number(pageSizeText) > 0 ? Math.floor(Number(pageSizeText)) : undefined;
  const productUrl = input.attributes["product-url"] || defaultProductUrl(input.origin);

  const store = createPageStore(createApi({ baseURL: input.apiBase, fetch: input.fetch }));
  await store.set(loadCategoriesAtom);
  const categories = store.get(categoriesAtom);
  if (categories?.status !== "ready") return null;
  const categoryId = category ? categories.data.find((item) => item.slug === category)?.id : undefined;
  if (category && categoryId === undefined) return null;
  // The element's first query: the default sort, the first page (Catalog.tsx).
  await store.set(loadProductPageAtom, { categoryId, sort: "NameAsc", offset: 0, limit: pageSize ?? PRODUCT_LIST_DEFAULT_LIMIT });
  const snapshot = takeCatalogSnapshot(store);
  if (Object.values(snapshot.productPages).some((page) => page.status !== "ready")) return null;

  // Nothing is clicked in a server render, so the element the events would come from is never used.
  const noHost = undefined as unknown as HTMLElement;
  const html = renderToString(
    <Provider store={store}>
      <ErrorBoundary>
        <CatalogElement
          host={noHost}
          apiBase={input.apiBase}
          {...(category ? { category } : {})}
          {...(pageSize ? { pageSize } : {})}
          productUrl={productUrl}
        />
      </ErrorBoundary>
    </Provider>,
  );
  return { html, styles: [...catalogStyles], snapshot };
}
