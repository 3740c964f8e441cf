import type { ProductListQuery } from "../contracts/index";

type QueryValue = string | number | boolean;

/**
 * The product list's query as spec §7 sends it: empty productionTimeDay, discount, maxPrice and
 * categoryId are dropped (0, false and "" count as empty); minPrice is dropped only when undefined,
 * so a lower bound of 0 is kept.
 */
export function productListSearchParams(query: ProductListQuery): Record<string, QueryValue> {
  const params: Record<string, QueryValue> = {};
  if (query.productionTimeDay) params.productionTimeDay = query.productionTimeDay;
  if (query.discount) params.discount = query.discount;
  if (query.maxPrice) params.maxPrice = query.maxPrice;
  if (query.categoryId) params.categoryId = query.categoryId;
  if (query.minPrice !== undefined) params.minPrice = query.minPrice;
  if (query.sort !== undefined) params.sort = query.sort;
  if (query.offset !== undefined) params.offset = query.offset;
  if (query.limit !== undefined) params.limit = query.limit;
  return params;
}
