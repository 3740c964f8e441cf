import { useAtomValue, useSetAtom } from "jotai/react";
import { useEffect, useMemo } from "react";
import type { Category, Product, ProductListPage, ProductListQuery } from "../contracts/index";
import {
  categoriesAtom,
  loadCategoriesAtom,
  loadProductAtom,
  loadProductPageAtom,
  productListKey,
  productPagesAtom,
  productsAtom,
} from "./catalog.atoms";
import type { Resource } from "./resource";

const LOADING: Resource<never> = { status: "loading" };

/** The catalogue's categories, loaded on first use. */
export function useCategories(): Resource<Category[]> {
  const categories = useAtomValue(categoriesAtom);
  const load = useSetAtom(loadCategoriesAtom);
  useEffect(() => {
    void load();
  }, [load]);
  return categories ?? LOADING;
}

/** One page of the product list; `query` null waits (e.g. until a category slug is resolved). */
export function useProductPage(query: ProductListQuery | null): Resource<ProductListPage> {
  const key = query ? productListKey(query) : null;
  const pages = useAtomValue(productPagesAtom);
  const load = useSetAtom(loadProductPageAtom);
  // A new query object with the same filters must not start a new request: key by the query string.
  const stableQuery = useMemo(() => query, [key]);
  useEffect(() => {
    if (stableQuery) void load(stableQuery);
  }, [load, stableQuery]);
  return (key !== null ? pages[key] : undefined) ?? LOADING;
}

/** One product with its page's fields. */
export function useProduct(id: number): Resource<Product> {
  const products = useAtomValue(productsAtom);
  const load = useSetAtom(loadProductAtom);
  useEffect(() => {
    void load(id);
  }, [load, id]);
  return products[String(id)] ?? LOADING;
}
