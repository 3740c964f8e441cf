import { and, asc, count, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { z } from "zod/mini";
import type { SQL } from "drizzle-orm";
import { PRODUCT_LIST_DEFAULT_LIMIT } from "../../../shared/contracts/index";
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
} from "../../../shared/contracts/index";
import { computePrice } from "../../../shared/domain/pricing";
import { readyDate } from "../../../shared/domain/production-calendar";
import type { Database } from "../../db/client";
import { favorite, product, productCategory, productService } from "../../db/schema";
import type { CacheInvalidation } from "../cache-invalidation";
import { toCategory, toCategoryTreeNode, toPriceQuote, toProduct, toProductCard, toProductService } from "./catalog.mapper";
import type { TierPrice } from "./catalog.mapper";
import { loadPricedProduct, productNotFound, quoteRows, toPricingProduct } from "./pricing.service";
import type { PricedProductRows } from "./pricing.service";
import { ShopError } from "../shop-error";
import { productItselfOnSale, productOnSale, productOnSaleOutside } from "./on-sale";

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
  /**
   * «Будет готово …» of an order placed now that takes `productionTimeDay` working days: a product's
   * `readyDate` as getProduct makes it from the product's (urgent or not) `productionTimeDay`, for a
   * product page kept in memory (plugins/render-reads.ts).
   */
  readyDate(productionTimeDay: number): string;
  /** The price of a choice for the product page (`GET /public/product/{id}/price`); absent quantity: the smallest run. */
  quoteProduct(id: number, query: ProductPriceQuery): Promise<ProductPriceQuote>;
  /** The cards of these products in the order asked, unknown ids left out, duplicates once. */
  listProductsByIds(ids: readonly number[], publicOrigin: string, viewerId: number | null): Promise<ProductCard[]>;
  /** The caller's favourite products, newest first; none for an anonymous caller. */
  listFavoriteProducts(publicOrigin: string, viewerId: number | null): Promise<ProductCard[]>;
  /** Every category in the shop's order with its first products А–Я (CATEGORY_TREE_PRODUCTS_LIMIT) and its product count, for menus. */
  categoryTree(publicOrigin: string): Promise<CategoryTreeNode[]>;
  /**
   * The sitemap's products after `afterId` by id (keyset: each chunk is an index walk from where the
   * last one ended, however deep), at most `limit`.
   */
  sitemapProducts(afterId: number, limit: number): Promise<{ id: number; categorySlug: string }[]>;
  /** The last product id of each run of `chunkSize` products by id: where the sitemap's product files end. */
  sitemapProductBounds(chunkSize: number): Promise<number[]>;
  listServices(publicOrigin: string): Promise<ProductServiceItem[]>;
  /** Throws a 404 ShopError when there is no such service. */
  getService(id: number, publicOrigin: string): Promise<ProductServiceItem>;
}

const categoryRef = { id: productCategory.id, slug: productCategory.slug, name: productCategory.name };

/**
 * The columns of a card (catalog.mapper.ts ProductCardRow), not the whole row: PGlite turns every
 * column of every row into JavaScript, and the row also holds the description, the SEO texts and
 * the search vector (server/docs/performance.md, "The signed-in listing and the cart").
 */
const cardColumns = {
  id: product.id,
  name: product.name,
  photoPaths: product.photoPaths,
  priceAfterDiscountKopecks: product.priceAfterDiscountKopecks,
  discountPct: product.discountPct,
  productionTimeDay: product.productionTimeDay,
  timesOrdered: product.timesOrdered,
};

/** Products on sale per shown category, and the hidden categories' ids (their products are off the storefront). */
type CatalogState = Map<number, number> & { hiddenIds: number[] };

function productArchived(id: number): ShopError {
  return new ShopError({
    statusCode: 410,
    code: "PRODUCT_ARCHIVED",
    messageUI: "Этот товар больше не продаётся",
    message: `Product ${id} is archived`,
  });
}

/** Archived: 410; hidden, or in a hidden category: as if there were none (404). */
export function ensureOnSale(id: number, row: { hidden: boolean; archivedAt: Date | null }, categoryHidden: boolean): void {
  if (row.archivedAt !== null) throw productArchived(id);
  if (row.hidden || categoryHidden) throw productNotFound(id);
}

/** A menu shows a category's first products; the rest are a click on the category away (its count says how many). */
export const CATEGORY_TREE_PRODUCTS_LIMIT = 20;

/**
 * How long the products-per-category counts are reused. Counting reads an index entry per product
 * (31,000 at 1000× the demo catalogue) and every page's menu shows them; the catalogue changes only
 * through the admin panel or an import, so counts up to this old are fine (the anonymous API
 * answers are cached as long: PUBLIC_CACHE_TTL_MS in app.ts). A write that says so
 * (cache-invalidation.ts, topic "catalog") drops them sooner, on every node.
 */
export const CATEGORY_COUNTS_TTL_MS = 30_000;

const treeRowSchema = z.object({
  category_id: z.coerce.number(),
  id: z.coerce.number(),
  name: z.string(),
  slug: z.string(),
});
const sitemapBoundSchema = z.object({ id: z.coerce.number() });

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

/** Only a category (or nothing) filters: the total is the category counts' (no count of its own). */
function onlyCategoryFilter(query: ProductListQuery): boolean {
  return query.productionTimeDay === undefined && query.discount !== true && query.minPrice === undefined && query.maxPrice === undefined;
}

export function createCatalogService(
  db: Database,
  options: {
    now?: () => number;
    /** The clock «Будет готово …» dates count from (tests fix it; the app passes the delivery clock). */
    clock?: () => Date;
    invalidation?: Pick<CacheInvalidation, "onInvalidate">;
  } = {},
): CatalogService {
  const now = options.now ?? Date.now;
  const clock = options.clock ?? (() => new Date());
  let cachedCounts: { counts: Promise<CatalogState>; expiresAt: number } | null = null;
  options.invalidation?.onInvalidate(["catalog"], () => {
    cachedCounts = null;
  });

  /**
   * Products on sale per category, from the category indexes (index-only), and the hidden
   * categories, reused for CATEGORY_COUNTS_TTL_MS (a catalogue write drops them at once).
   */
  function categoryCounts(): Promise<CatalogState> {
    if (cachedCounts && cachedCounts.expiresAt > now()) return cachedCounts.counts;
    const counts = Promise.all([
      db.select({ categoryId: product.categoryId, products: count() }).from(product).where(productItselfOnSale).groupBy(product.categoryId),
      db.select({ id: productCategory.id }).from(productCategory).where(eq(productCategory.hidden, true)),
    ]).then(([rows, hidden]) => {
      const hiddenIds = hidden.map((row) => row.id);
      const perCategory = new Map(rows.filter((row) => !hiddenIds.includes(row.categoryId)).map((row) => [row.categoryId, row.products]));
      return Object.assign(perCategory, { hiddenIds });
    });
    const entry = { counts, expiresAt: now() + CATEGORY_COUNTS_TTL_MS };
    cachedCounts = entry;
    // A failed count is not kept: the next caller asks the database again.
    counts.catch(() => {
      if (cachedCounts === entry) cachedCounts = null;
    });
    return counts;
  }

  return {
    async listCategories(publicOrigin) {
      const [rows, counts] = await Promise.all([
        db.select().from(productCategory).where(eq(productCategory.hidden, false)).orderBy(asc(productCategory.sortOrder), asc(productCategory.id)),
        categoryCounts(),
      ]);
      return rows.map((row) => toCategory(row, counts.get(row.id) ?? 0, publicOrigin));
    },

    async listProducts(query, publicOrigin, viewerId) {
      const state = await categoryCounts();
      const where = and(productFilter(query), productOnSaleOutside(state.hiddenIds));
      const offset = query.offset ?? 0;
      const limit = query.limit ?? PRODUCT_LIST_DEFAULT_LIMIT;
      const order = orderings[query.sort ?? "NameAsc"];
      const total = onlyCategoryFilter(query)
        ? Promise.resolve(
            query.categoryId === undefined ? [...state.values()].reduce((sum, value) => sum + value, 0) : (state.get(query.categoryId) ?? 0),
          )
        : db
            .select({ total: count() })
            .from(product)
            .where(where)
            .then(([counted]) => counted?.total ?? 0);
      // The page's ids first, from the index that matches the order (product_*_idx, index-only where
      // the filter is the category's): a deep offset skips index entries, not whole rows; then the
      // cards of just those ids.
      const page = db.select({ id: product.id }).from(product).where(where).orderBy(...order).offset(offset).limit(limit).as("page");
      const rows = await db
        .select({ product: cardColumns, category: categoryRef, inFavorite: inFavoriteColumn })
        .from(page)
        .innerJoin(product, eq(product.id, page.id))
        .innerJoin(productCategory, eq(productCategory.id, product.categoryId))
        .leftJoin(favorite, favoriteJoin(viewerId))
        .orderBy(...order);
      return {
        items: rows.map((row) => toProductCard(row.product, row.category, publicOrigin, row.inFavorite)),
        total: await total,
        offset,
        limit,
      };
    },

    async getProduct(id, publicOrigin, viewerId, isUrgent = false) {
      const [row] = await db
        .select({ product, category: categoryRef, categoryHidden: productCategory.hidden, inFavorite: inFavoriteColumn })
        .from(product)
        .innerJoin(productCategory, eq(productCategory.id, product.categoryId))
        .leftJoin(favorite, favoriteJoin(viewerId))
        .where(eq(product.id, id))
        .limit(1);
      if (!row) throw productNotFound(id);
      ensureOnSale(id, row.product, row.categoryHidden);
      if (isUrgent && row.product.urgentProductionTimeDay === null) throw urgencyUnavailable(id);
      const rows = await loadPricedProduct(db, id);
      if (!rows) throw productNotFound(id);
      return toProduct(row.product, row.category, publicOrigin, row.inFavorite, {
        isUrgent,
        options: rows.options,
        details: rows.details,
        tiers: tierPrices(rows, isUrgent),
        readyDate: readyDate(clock(), isUrgent && row.product.urgentProductionTimeDay !== null ? row.product.urgentProductionTimeDay : row.product.productionTimeDay),
      });
    },

    readyDate(productionTimeDay) {
      return readyDate(clock(), productionTimeDay);
    },

    async quoteProduct(id, query) {
      const rows = await loadPricedProduct(db, id);
      if (!rows) throw productNotFound(id);
      const [category] = await db.select({ hidden: productCategory.hidden }).from(productCategory).where(eq(productCategory.id, rows.product.categoryId)).limit(1);
      ensureOnSale(id, rows.product, category?.hidden ?? true);
      const smallest = rows.tiers[0]?.minQuantity ?? 1;
      const options = { format: query.format, paper: query.paper, colors: query.colors, finishing: query.finishing, widthMm: query.width, heightMm: query.height };
      const quote = quoteRows(rows, { options, quantity: query.quantity ?? smallest, isUrgent: query.isUrgent ?? false });
      return toPriceQuote(quote, readyDate(clock(), quote.productionTimeDay));
    },

    async listProductsByIds(ids, publicOrigin, viewerId) {
      const rows = await db
        .select({ product: cardColumns, category: categoryRef, inFavorite: inFavoriteColumn })
        .from(product)
        .innerJoin(productCategory, eq(productCategory.id, product.categoryId))
        .leftJoin(favorite, favoriteJoin(viewerId))
        .where(and(inArray(product.id, [...new Set(ids)]), productItselfOnSale, eq(productCategory.hidden, false)));
      const byId = new Map(rows.map((row) => [row.product.id, row]));
      return [...new Set(ids)].flatMap((id) => {
        const row = byId.get(id);
        return row ? [toProductCard(row.product, row.category, publicOrigin, row.inFavorite)] : [];
      });
    },

    async listFavoriteProducts(publicOrigin, viewerId) {
      if (viewerId === null) return [];
      const rows = await db
        .select({ product: cardColumns, category: categoryRef })
        .from(favorite)
        .innerJoin(product, eq(product.id, favorite.productId))
        .innerJoin(productCategory, eq(productCategory.id, product.categoryId))
        .where(and(eq(favorite.accountId, viewerId), productItselfOnSale, eq(productCategory.hidden, false)))
        .orderBy(desc(favorite.createdAt), desc(product.id));
      return rows.map((row) => toProductCard(row.product, row.category, publicOrigin, true));
    },

    async categoryTree(publicOrigin) {
      const [categories, counts] = await Promise.all([
        db
          .select({ id: productCategory.id, slug: productCategory.slug, name: productCategory.name, photoPath: productCategory.photoPath })
          .from(productCategory)
          .where(eq(productCategory.hidden, false))
          .orderBy(asc(productCategory.sortOrder), asc(productCategory.id)),
        categoryCounts(),
      ]);
      // Each category's first products А–Я: a short walk of product_category_name_sort_key_idx per category.
      const result = await db.execute(sql`
        SELECT first.category_id, first.id, first.name, first.slug
        FROM ${productCategory} AS c
        CROSS JOIN LATERAL (
          SELECT p.category_id, p.id, p.name, p.slug, p.name_sort_key
          FROM ${product} AS p
          WHERE p.category_id = c.id AND NOT p.hidden AND p.archived_at IS NULL
          ORDER BY p.name_sort_key COLLATE "C", p.id
          LIMIT ${CATEGORY_TREE_PRODUCTS_LIMIT}
        ) AS first
        WHERE NOT c.hidden
        ORDER BY first.category_id, first.name_sort_key COLLATE "C", first.id`);
      // Both drivers answer execute() with { rows }, but the shared Database type cannot say so.
      const products = z.array(treeRowSchema).parse((result as { rows: unknown }).rows);
      return categories.map((category) =>
        toCategoryTreeNode(
          category,
          products.filter((each) => each.category_id === category.id),
          counts.get(category.id) ?? 0,
          publicOrigin,
        ),
      );
    },

    async sitemapProducts(afterId, limit) {
      return db
        .select({ id: product.id, categorySlug: productCategory.slug })
        .from(product)
        .innerJoin(productCategory, eq(productCategory.id, product.categoryId))
        .where(and(gt(product.id, afterId), productItselfOnSale, eq(productCategory.hidden, false)))
        .orderBy(asc(product.id))
        .limit(limit);
    },

    async sitemapProductBounds(chunkSize) {
      // Jumps of chunkSize along the primary key: each an index-only walk, all of them one pass over the ids.
      const bounds: number[] = [];
      for (let after = 0; ; ) {
        const result = await db.execute(sql`SELECT id FROM ${product} WHERE id > ${after} AND ${productOnSale} ORDER BY id OFFSET ${chunkSize - 1} LIMIT 1`);
        const [next] = z.array(sitemapBoundSchema).parse((result as { rows: unknown }).rows);
        if (!next) {
          const last = await db.select({ id: product.id }).from(product).where(and(gt(product.id, after), productOnSale)).orderBy(desc(product.id)).limit(1);
          if (last[0]) bounds.push(last[0].id);
          return bounds;
        }
        bounds.push(next.id);
        after = next.id;
      }
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
