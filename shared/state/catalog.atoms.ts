import type { Category, Product, ProductListPage, ProductListQuery } from "../contracts/index";
import { productListSearchParams } from "../http/index";
import { keyedResource, storeResource } from "./resource";
import type { Resource } from "./resource";
import type { Store } from "./store";

/*
 * The catalogue's data, cached per store: categories once, product pages per query, products per id.
 * The load atoms ask the API only for what is missing or failed, so two elements showing the same
 * category make one request.
 */

/** The catalogue's categories, once per store. */
export const categories = storeResource((api) => api.getProductCategories());
/** Product list pages by query (productListKey). */
export const productPages = keyedResource<ProductListQuery, ProductListPage>({ key: productListKey, fetch: (api, query) => api.getProducts(query) });
/** Products with their page's fields, by id. */
export const products = keyedResource<number, Product>({ key: (id) => String(id), fetch: (api, id) => api.getProduct(id) });

export const categoriesAtom = categories.valueAtom;
export const productPagesAtom = productPages.entriesAtom;
export const productsAtom = products.entriesAtom;
export const loadCategoriesAtom = categories.loadAtom;
export const loadProductPageAtom = productPages.loadAtom;
export const loadProductAtom = products.loadAtom;

/** The cache key of a product list query: its query string as the API receives it. */
export function productListKey(query: ProductListQuery): string {
  const params = productListSearchParams(query);
  return Object.keys(params)
    .sort()
    .map((name) => `${name}=${String(params[name])}`)
    .join("&");
}

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
