import { atom } from "jotai/vanilla";
import type { Category, Product, ProductListPage, ProductListQuery } from "../contracts/index";
import { isApiError, productListSearchParams } from "../http/index";
import { requireApi } from "./api.atoms";
import type { Resource } from "./resource";
import type { Store } from "./store";

/*
 * The catalogue's data, cached per store: categories once, product pages per query, products per id.
 * The load atoms ask the API only for what is missing or failed, so two elements showing the same
 * category make one request.
 */

export const categoriesAtom = atom<Resource<Category[]> | undefined>(undefined);
export const productPagesAtom = atom<Record<string, Resource<ProductListPage>>>({});
export const productsAtom = atom<Record<string, Resource<Product>>>({});

/** The cache key of a product list query: its query string as the API receives it. */
export function productListKey(query: ProductListQuery): string {
  const params = productListSearchParams(query);
  return Object.keys(params)
    .sort()
    .map((name) => `${name}=${String(params[name])}`)
    .join("&");
}

function failure(error: unknown): Resource<never> {
  if (isApiError(error)) return { status: "error", messageUI: error.messageUI, httpStatus: error.status };
  throw error;
}

function needsLoad(resource: Resource<unknown> | undefined): boolean {
  return resource === undefined || resource.status === "error";
}

export const loadCategoriesAtom = atom(null, async (get, set) => {
  if (!needsLoad(get(categoriesAtom))) return;
  const api = requireApi(get);
  set(categoriesAtom, { status: "loading" });
  try {
    set(categoriesAtom, { status: "ready", data: await api.getProductCategories() });
  } catch (error) {
    set(categoriesAtom, failure(error));
  }
});

export const loadProductPageAtom = atom(null, async (get, set, query: ProductListQuery) => {
  const key = productListKey(query);
  if (!needsLoad(get(productPagesAtom)[key])) return;
  const api = requireApi(get);
  const put = (resource: Resource<ProductListPage>) =>
    set(productPagesAtom, (pages) => ({ ...pages, [key]: resource }));
  put({ status: "loading" });
  try {
    put({ status: "ready", data: await api.getProducts(query) });
  } catch (error) {
    put(failure(error));
  }
});

export const loadProductAtom = atom(null, async (get, set, id: number) => {
  const key = String(id);
  if (!needsLoad(get(productsAtom)[key])) return;
  const api = requireApi(get);
  const put = (resource: Resource<Product>) => set(productsAtom, (products) => ({ ...products, [key]: resource }));
  put({ status: "loading" });
  try {
    put({ status: "ready", data: await api.getProduct(id) });
  } catch (error) {
    put(failure(error));
  }
});

/** What the server-side render hands to the browser: the catalogue data it already loaded. */
export interface CatalogSnapshot {
  categories?: Resource<Category[]>;
  productPages: Record<string, Resource<ProductListPage>>;
  products: Record<string, Resource<Product>>;
}

export function takeCatalogSnapshot(store: Store): CatalogSnapshot {
  const categories = store.get(categoriesAtom);
  return {
    ...(categories ? { categories } : {}),
    productPages: store.get(productPagesAtom),
    products: store.get(productsAtom),
  };
}

/** Seeds a fresh store with a snapshot, before the first render, so hydration sees the server's data. */
export function restoreCatalogSnapshot(store: Store, snapshot: CatalogSnapshot): void {
  if (snapshot.categories) store.set(categoriesAtom, snapshot.categories);
  store.set(productPagesAtom, snapshot.productPages);
  store.set(productsAtom, snapshot.products);
}

/**
 * Adds a snapshot's data to a store that may already hold some (the page's store, shared by other
 * elements): what the store has stays, what it lacks comes from the snapshot.
 */
export function mergeCatalogSnapshot(store: Store, snapshot: CatalogSnapshot): void {
  if (snapshot.categories && !store.get(categoriesAtom)) store.set(categoriesAtom, snapshot.categories);
  store.set(productPagesAtom, (pages) => ({ ...snapshot.productPages, ...pages }));
  store.set(productsAtom, (products) => ({ ...snapshot.products, ...products }));
}
