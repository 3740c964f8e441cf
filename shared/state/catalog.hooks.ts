import type { Category, Product, ProductListPage, ProductListQuery } from "../contracts/index";
import { categories, productPages, products } from "./catalog.atoms";
import { LOADING } from "./resource";
import type { Resource } from "./resource";
import { useKeyedResource, useResource } from "./resource.hooks";

/** The catalogue's categories, loaded on first use. */
export function useCategories(): Resource<Category[]> {
  return useResource(categories).resource;
}

/** One page of the product list; `query` null waits (e.g. until a category slug is resolved). A new query object with the same filters makes no new request. */
export function useProductPage(query: ProductListQuery | null): Resource<ProductListPage> {
  return useKeyedResource(productPages, query).resource ?? LOADING;
}

/** One product with its page's fields. */
export function useProduct(id: number): Resource<Product> {
  return useKeyedResource(products, id).resource ?? LOADING;
}
