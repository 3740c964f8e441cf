import { and, asc, count, desc, eq, gt, lte, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { PRODUCT_LIST_DEFAULT_LIMIT } from "../../shared/contracts/index";
import type { Category, Product, ProductListPage, ProductListQuery, ProductSort } from "../../shared/contracts/index";
import type { Database } from "../db/client";
import { favorite, product, productCategory } from "../db/schema";
import { toCategory, toProduct, toProductCard } from "./catalog.mapper";
import { ShopError } from "./shop-error";

/**
 * The catalogue as the storefront reads it. `publicOrigin` makes photo URLs absolute, e.g.
 * `https://ottisk.ru`; `viewerId` is the caller's account, whose favourites set `inFavorite`.
 */
export interface CatalogService {
  listCategories(publicOrigin: string): Promise<Category[]>;
  listProducts(query: ProductListQuery, publicOrigin: string, viewerId: number | null): Promise<ProductListPage>;
  /** Throws a 404 ShopError when there is no such product. */
  getProduct(id: number, publicOrigin: string, viewerId: number | null): Promise<Product>;
}

const categoryRef = { id: productCategory.id, slug: productCategory.slug, name: productCategory.name };

/** The caller's favourite mark: a left join on their own favourites only (none for an anonymous caller). */
function favoriteJoin(viewerId: number | null): SQL {
  return and(eq(favorite.productId, product.id), eq(favorite.accountId, viewerId ?? 0)) ?? sql`false`;
}
const inFavoriteColumn = sql<boolean>`${favorite.accountId} IS NOT NULL`;

/** Byte-wise order of the JS-made key: the same А–Я on PGlite (C locale only) and any PostgreSQL. */
const nameOrder = sql`${product.nameSortKey} COLLATE "C"`;

/** Every sort ends with the id, so pages never overlap or skip products that tie. The Desc sorts are the exact reverse of the Asc ones. */
const orderings: Record<ProductSort, SQL[]> = {
  NameAsc: [asc(nameOrder), asc(product.id)],
  NameDesc: [desc(nameOrder), desc(product.id)],
  TimesOrderedAsc: [asc(product.timesOrdered), asc(product.id)],
  TimesOrderedDesc: [desc(product.timesOrdered), desc(product.id)],
};

/**
 * Price bounds come in roubles and may carry kopecks (99.5); comparing as numeric in the
 * database keeps 0.29 ₽ from turning into 28.999… kopecks.
 */
function priceAtLeast(roubles: number): SQL {
  return sql`${product.priceAfterDiscountKopecks} >= ${String(roubles)}::numeric * 100`;
}
function priceAtMost(roubles: number): SQL {
  return sql`${product.priceAfterDiscountKopecks} <= ${String(roubles)}::numeric * 100`;
}

/** The filters of spec §3 and §7; `discount=false` and absent values do not filter. */
function productFilter(query: ProductListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.productionTimeDay !== undefined) conditions.push(lte(product.productionTimeDay, query.productionTimeDay));
  if (query.discount === true) conditions.push(gt(product.discountPct, 0));
  if (query.minPrice !== undefined) conditions.push(priceAtLeast(query.minPrice));
  if (query.maxPrice !== undefined) conditions.push(priceAtMost(query.maxPrice));
  if (query.categoryId !== undefined) conditions.push(eq(product.categoryId, query.categoryId));
  return conditions.length === 0 ? undefined : and(...conditions);
}

function productNotFound(id: number): ShopError {
  return new ShopError({ statusCode: 404, code: "PRODUCT_NOT_FOUND", messageUI: "Товар не найден", message: `Product ${id} does not exist` });
}

export function createCatalogService(db: Database): CatalogService {
  return {
    async listCategories(publicOrigin) {
      const rows = await db
        .select({ category: productCategory, productCount: count(product.id) })
        .from(productCategory)
        .leftJoin(product, eq(product.categoryId, productCategory.id))
        .groupBy(productCategory.id)
        .orderBy(asc(productCategory.sortOrder), asc(productCategory.id));
      return rows.map((row) => toCategory(row.category, row.productCount, publicOrigin));
    },

    async listProducts(query, publicOrigin, viewerId) {
      const where = productFilter(query);
      const offset = query.offset ?? 0;
      const limit = query.limit ?? PRODUCT_LIST_DEFAULT_LIMIT;
      const [counted] = await db.select({ total: count() }).from(product).where(where);
      const rows = await db
        .select({ product, category: categoryRef, inFavorite: inFavoriteColumn })
        .from(product)
        .innerJoin(productCategory, eq(productCategory.id, product.categoryId))
        .leftJoin(favorite, favoriteJoin(viewerId))
        .where(where)
        .orderBy(...orderings[query.sort ?? "NameAsc"])
        .offset(offset)
        .limit(limit);
      return {
        items: rows.map((row) => toProductCard(row.product, row.category, publicOrigin, row.inFavorite)),
        total: counted?.total ?? 0,
        offset,
        limit,
      };
    },

    async getProduct(id, publicOrigin, viewerId) {
      const [row] = await db
        .select({ product, category: categoryRef, inFavorite: inFavoriteColumn })
        .from(product)
        .innerJoin(productCategory, eq(productCategory.id, product.categoryId))
        .leftJoin(favorite, favoriteJoin(viewerId))
        .where(eq(product.id, id))
        .limit(1);
      if (!row) throw productNotFound(id);
      return toProduct(row.product, row.category, publicOrigin, row.inFavorite);
    },
  };
}
