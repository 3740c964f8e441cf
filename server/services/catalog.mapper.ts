import type { Category, CategoryRef, Product, ProductCard } from "../../shared/contracts/index";
import type { ProductCategoryRow, ProductRow } from "../db/schema";

/*
 * The one place where catalogue rows become contract objects: kopecks become roubles, file paths
 * become absolute URLs, column names become the API's names. Nothing else in the server builds
 * a Category or a Product by hand.
 */

/** Files under the files folder are served at `/files/`; each path segment is URL-encoded. */
export function publicFileUrl(publicOrigin: string, path: string): string {
  return `${publicOrigin}/files/${path.split("/").map(encodeURIComponent).join("/")}`;
}

/** The API speaks roubles; the database keeps whole kopecks so sums never drift. */
export function kopecksToRoubles(kopecks: number): number {
  return kopecks / 100;
}

export function toCategory(row: ProductCategoryRow, productCount: number, publicOrigin: string): Category {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    photoUrl: row.photoPath === null ? null : publicFileUrl(publicOrigin, row.photoPath),
    productCount,
    seoName: row.seoName,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    seoKeywords: row.seoKeywords,
  };
}

export type CategoryRefRow = Pick<ProductCategoryRow, "id" | "slug" | "name">;

export function toCategoryRef(row: CategoryRefRow): CategoryRef {
  return { id: row.id, slug: row.slug, name: row.name };
}

export function toProductCard(row: ProductRow, category: CategoryRefRow, publicOrigin: string, inFavorite: boolean): ProductCard {
  const firstPhoto = row.photoPaths[0];
  return {
    id: row.id,
    productName: row.name,
    photoUrl: firstPhoto === undefined ? null : publicFileUrl(publicOrigin, firstPhoto),
    inFavorite,
    category: toCategoryRef(category),
    priceFrom: kopecksToRoubles(row.priceAfterDiscountKopecks),
    discountPct: row.discountPct,
    productionTimeDay: row.productionTimeDay,
    timesOrdered: row.timesOrdered,
  };
}

export function toProduct(row: ProductRow, category: CategoryRefRow, publicOrigin: string, inFavorite: boolean): Product {
  return {
    ...toProductCard(row, category, publicOrigin, inFavorite),
    description: row.description,
    photos: row.photoPaths.map((path) => publicFileUrl(publicOrigin, path)),
    seoName: row.seoName,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    seoKeywords: row.seoKeywords,
  };
}
