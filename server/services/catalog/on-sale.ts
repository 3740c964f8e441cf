import { and, notInArray, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { product, productCategory } from "../../db/schema";

/*
 * What the storefront shows (issue 29): a product on sale is neither hidden nor archived, and its
 * category is not hidden. Listings, category counts, the category tree, search, the sitemap,
 * favourites and the partner widgets' cards all read through these conditions; the back office
 * sees everything.
 */

/** The product itself is on sale: the predicate of the listing indexes (catalog.schema.ts), so they serve it. */
export const productItselfOnSale: SQL = sql`(NOT ${product.hidden} AND ${product.archivedAt} IS NULL)`;

/** On sale with its category shown, for queries on `product` without a join (a NOT IN of the few hidden categories). */
export const productOnSale: SQL = sql`(${productItselfOnSale} AND ${product.categoryId} NOT IN (SELECT ${productCategory.id} FROM ${productCategory} WHERE ${productCategory.hidden}))`;

/**
 * On sale, with the hidden categories' ids already known (catalog.service.ts keeps them with the
 * category counts): the category test then reads the listing index's category column.
 */
export function productOnSaleOutside(hiddenCategoryIds: readonly number[]): SQL {
  return (hiddenCategoryIds.length === 0 ? productItselfOnSale : and(productItselfOnSale, notInArray(product.categoryId, [...hiddenCategoryIds]))) ?? productItselfOnSale;
}

/** The column `archived_at IS NULL` of the product, for answers that keep archived products' lines (the cart). */
export const productArchivedColumn = sql<boolean>`(${product.archivedAt} IS NOT NULL)`;
