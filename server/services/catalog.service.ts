import { and, asc, count, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { PRODUCT_LIST_DEFAULT_LIMIT } from "../../shared/contracts/index";
import type {
  Category,
  CategoryTreeNode,
  Product,
  ProductCard,
  ProductListPage,
  ProductListQuery,
  ProductPriceQuery,
  ProductPriceQuote,
  ProductServiceItem,
  ProductSort,
} from "../../shared/contracts/index";
import { computePrice } from "../../shared/domain/pricing";
import type { Database } from "../db/client";
import { favorite, product, productCategory, productService } from "../db/schema";
import { toCategory, toCategoryTreeNode, toPriceQuote, toProduct, toProductCard, toProductService } from "./catalog.mapper";
import type { TierPrice } from "./catalog.mapper";
import { loadPricedProduct, productNotFound, quoteRows, toPricingProduct } from "./pricing.service";
import type { PricedProductRows } from "./pricing.service";
import { ShopError } from "./shop-error";

/**
 * The catalogue as the storefront reads it. `publicOrigin` makes photo URLs absolute, e.g.
 * `https://ottisk.ru`; `viewerId` is the caller's account, whose favourites set `inFavorite`.
 */
export interface CatalogService {
  listCategories(publicOrigin: string): Promise<Category[]>;
  listProducts(query: ProductListQuery, publicOrigin: string, viewerId: number | null): Promise<ProductListPage>;
  /**
   * Throws a 404 ShopError when there is no such product. `isUrgent`: the urgent production time and
   * prices (a 400 when the product cannot be made urgently).
   */
  getProduct(id: number, publicOrigin: string, viewerId: number | null, isUrgent?: boolean): Promise<Product>;
  /** The price of a choice for the product page (`GET /public/product/{id}/price`); absent quantity: the smallest run. */
  quoteProduct(id: number, query: ProductPriceQuery): Promise<ProductPriceQuote>;
  /** The cards of these products in the order asked, unknown ids left out, duplicates once. */
  listProductsByIds(ids: readonly number[], publicOrigin: string, viewerId: number | null): Promise<ProductCard[]>;
  /** The caller's favourite products, newest first; none for an anonymous caller. */
  listFavoriteProducts(publicOrigin: string, viewerId: number | null): Promise<ProductCard[]>;
  /** Every category in the shop's order with its products А–Я, for menus. */
  categoryTree(publicOrigin: string): Promise<CategoryTreeNode[]>;
  listServices(publicOrigin: string): Promise<ProductServiceItem[]>;
  /** Throws a 404 ShopError when there is no such service. */
  getService(id: number, publicOrigin: string): Promise<ProductServiceItem>;
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

function urgencyUnavailable(id: number): ShopError {
  return new ShopError({ statusCode: 400, code: "URGENCY_UNAVAILABLE", messageUI: "Этот товар нельзя изготовить срочно", message: `Product ${id} has no urgent production` });
}

/** The price of each tier's smallest run at the default options; a tier the rules refuse is left out. */
function tierPrices(rows: PricedProductRows, isUrgent: boolean): TierPrice[] {
  const pricing = toPricingProduct(rows);
  return rows.tiers.flatMap((tier) => {
    const result = computePrice(pricing, { options: {}, quantity: tier.minQuantity, isUrgent });
    return result.ok ? [{ minQuantity: tier.minQuantity, unitPriceKopecks: result.price.unitPriceKopecks, priceKopecks: result.price.priceKopecks }] : [];
  });
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

    async getProduct(id, publicOrigin, viewerId, isUrgent = false) {
      const [row] = await db
        .select({ product, category: categoryRef, inFavorite: inFavoriteColumn })
        .from(product)
        .innerJoin(productCategory, eq(productCategory.id, product.categoryId))
        .leftJoin(favorite, favoriteJoin(viewerId))
        .where(eq(product.id, id))
        .limit(1);
      if (!row) throw productNotFound(id);
      if (isUrgent && row.product.urgentProductionTimeDay === null) throw urgencyUnavailable(id);
      const rows = await loadPricedProduct(db, id);
      if (!rows) throw productNotFound(id);
      return toProduct(row.product, row.category, publicOrigin, row.inFavorite, {
        isUrgent,
        options: rows.options,
        details: rows.details,
        tiers: tierPrices(rows, isUrgent),
      });
    },

    async quoteProduct(id, query) {
      const rows = await loadPricedProduct(db, id);
      if (!rows) throw productNotFound(id);
      const smallest = rows.tiers[0]?.minQuantity ?? 1;
      const options = { format: query.format, paper: query.paper, colors: query.colors, finishing: query.finishing };
      return toPriceQuote(quoteRows(rows, { options, quantity: query.quantity ?? smallest, isUrgent: query.isUrgent ?? false }));
    },

    async listProductsByIds(ids, publicOrigin, viewerId) {
      const rows = await db
        .select({ product, category: categoryRef, inFavorite: inFavoriteColumn })
        .from(product)
        .innerJoin(productCategory, eq(productCategory.id, product.categoryId))
        .leftJoin(favorite, favoriteJoin(viewerId))
        .where(inArray(product.id, [...new Set(ids)]));
      const byId = new Map(rows.map((row) => [row.product.id, row]));
      return [...new Set(ids)].flatMap((id) => {
        const row = byId.get(id);
        return row ? [toProductCard(row.product, row.category, publicOrigin, row.inFavorite)] : [];
      });
    },

    async listFavoriteProducts(publicOrigin, viewerId) {
      if (viewerId === null) return [];
      const rows = await db
        .select({ product, category: categoryRef })
        .from(favorite)
        .innerJoin(product, eq(product.id, favorite.productId))
        .innerJoin(productCategory, eq(productCategory.id, product.categoryId))
        .where(eq(favorite.accountId, viewerId))
        .orderBy(desc(favorite.createdAt), desc(product.id));
      return rows.map((row) => toProductCard(row.product, row.category, publicOrigin, true));
    },

    async categoryTree(publicOrigin) {
      const categories = await db
        .select({ id: productCategory.id, slug: productCategory.slug, name: productCategory.name, photoPath: productCategory.photoPath })
        .from(productCategory)
        .orderBy(asc(productCategory.sortOrder), asc(productCategory.id));
      const products = await db
        .select({ id: product.id, name: product.name, slug: product.slug, categoryId: product.categoryId })
        .from(product)
        .orderBy(...orderings.NameAsc);
      return categories.map((category) =>
        toCategoryTreeNode(
          category,
          products.filter((each) => each.categoryId === category.id),
          publicOrigin,
        ),
      );
    },

    async listServices(publicOrigin) {
      const rows = await db.select().from(productService).orderBy(asc(productService.sortOrder), asc(productService.id));
      return rows.map((row) => toProductService(row, publicOrigin));
    },

    async getService(id, publicOrigin) {
      const [row] = await db.select().from(productService).where(eq(productService.id, id)).limit(1);
      if (!row) {
        throw new ShopError({ statusCode: 404, code: "PRODUCT_SERVICE_NOT_FOUND", messageUI: "Услуга не найдена", message: `Product service ${id} does not exist` });
      }
      return toProductService(row, publicOrigin);
    },
  };
}
