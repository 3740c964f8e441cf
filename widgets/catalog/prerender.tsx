import { PRODUCT_LIST_DEFAULT_LIMIT } from "../../shared/contracts/wire";
import { categoriesAtom, loadCategoriesAtom, loadProductPageAtom, takeCatalogSnapshot } from "../../shared/state/index";
import type { CatalogSnapshot } from "../../shared/state/index";
import { defaultProductUrl } from "../product-url";
import { paintOnServer, serverPaintStore } from "../server-paint";
import type { ServerPaintInput } from "../server-paint";
import { catalogStyles } from "./catalog.styles";
import { CatalogElement } from "./CatalogElement";

/**
 * `<ottisk-catalog>`'s first paint on the shop's server: the same tree the element renders (the
 * page store's Provider and the error boundary around CatalogElement), drawn with the catalogue's first page, for a
 * visitor without a session. Null when there is nothing worth drawing (an unknown category, a
 * failed load): the element then draws itself.
 */
export async function prerenderCatalog(input: ServerPaintInput): Promise<{ html: string; styles: string[]; snapshot: CatalogSnapshot } | null> {
  const category = input.attributes.category || undefined;
  const pageSizeText = input.attributes["page-size"];
  const pageSize = pageSizeText && Number(pageSizeText) > 0 ? Math.floor(Number(pageSizeText)) : undefined;
  const productUrl = input.attributes["product-url"] || defaultProductUrl(input.origin);

  const store = serverPaintStore(input);
  await store.set(loadCategoriesAtom);
  const categories = store.get(categoriesAtom);
  if (categories?.status !== "ready") return null;
  const categoryId = category ? categories.data.find((item) => item.slug === category)?.id : undefined;
  if (category && categoryId === undefined) return null;
  // The element's first query: the default sort, the first page (Catalog.tsx).
  await store.set(loadProductPageAtom, { categoryId, sort: "NameAsc", offset: 0, limit: pageSize ?? PRODUCT_LIST_DEFAULT_LIMIT });
  const snapshot = takeCatalogSnapshot(store);
  if (Object.values(snapshot.productPages).some((page) => page.status !== "ready")) return null;

  const html = paintOnServer(store, (host) => (
    <CatalogElement
      host={host}
      apiBase={input.apiBase}
      {...(category ? { category } : {})}
      {...(pageSize ? { pageSize } : {})}
      productUrl={productUrl}
    />
  ));
  return { html, styles: [...catalogStyles], snapshot };
}
