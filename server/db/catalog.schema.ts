import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import type { SizeLimits } from "../../shared/domain/pricing";
import { tsvector } from "./columns";

/*
 * The catalogue: categories and products. Money is kept in kopecks (whole numbers, no rounding
 * drift); the API speaks roubles. Photos are paths relative to the files folder
 * (`catalog/vizitki-1.svg`), so the public address of the shop can change without touching the data.
 */

/** The SEO fields a category and a product carry (spec §3); empty text when not filled in. */
const seoColumns = () => ({
  seoName: text("seo_name").notNull().default(""),
  seoTitle: text("seo_title").notNull().default(""),
  seoDescription: text("seo_description").notNull().default(""),
  seoKeywords: text("seo_keywords").notNull().default(""),
});

export const productCategory = pgTable("product_category", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  photoPath: text("photo_path"),
  /** Categories are listed by this number, then by id: the shop decides the order, not the alphabet. */
  sortOrder: integer("sort_order").notNull().default(0),
  /** A hidden category (and its products) is left out of the storefront; the back office still sees it. */
  hidden: boolean("hidden").notNull().default(false),
  ...seoColumns(),
});

/** The predicate of the storefront's listing indexes: the product itself is on sale (its category is checked apart). */
export const PRODUCT_ON_SALE = sql`NOT hidden AND archived_at IS NULL`;

export const product = pgTable(
  "product",
  {
    id: serial("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => productCategory.id, { onDelete: "restrict" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    /**
     * The name prepared for the А–Я sort (see `productNameSortKey`): PGlite knows only the C
     * locale, so the Russian order is made in JS and compared byte-wise on both databases.
     */
    nameSortKey: text("name_sort_key").notNull(),
    description: text("description").notNull().default(""),
    /** Paths under the files folder, the first one is the card's photo; empty shows the placeholder. */
    photoPaths: text("photo_paths").array().notNull().default(sql`'{}'::text[]`),
    /** The lowest price of the smallest run before the discount, VAT included. */
    priceFromKopecks: integer("price_from_kopecks").notNull(),
    discountPct: integer("discount_pct").notNull().default(0),
    /**
     * The price the shopper pays, computed by the database so the card and the price filters can
     * never disagree about rounding (half a kopeck rounds up). bigint keeps `price × 100` from
     * overflowing for large banners.
     */
    priceAfterDiscountKopecks: integer("price_after_discount_kopecks")
      .notNull()
      .generatedAlwaysAs(sql`(((price_from_kopecks::bigint * (100 - discount_pct)) + 50) / 100)::integer`),
    /** Working days the shop needs to print the product. */
    productionTimeDay: integer("production_time_day").notNull(),
    timesOrdered: integer("times_ordered").notNull().default(0),
    /** Urgent production: this many working days instead (null: the product cannot be made urgently). */
    urgentProductionTimeDay: integer("urgent_production_time_day"),
    /** Urgency makes the line dearer by this percentage. */
    urgentSurchargePct: integer("urgent_surcharge_pct").notNull().default(0),
    /** Sheets of the chosen paper in one piece (a 24-page A4 brochure: 6 A3 sheets), for the parcel weight. */
    sheetsPerUnit: integer("sheets_per_unit").notNull().default(1),
    /** Priced per square metre in the shopper's own size within these limits (banners, canvas); null: sold in its formats. */
    sizeLimits: jsonb("size_limits").$type<SizeLimits>(),
    ...seoColumns(),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('russian', coalesce(name, '')), 'A') || setweight(to_tsvector('russian', coalesce(description, '')), 'C')`,
      ),
    /**
     * The name folded as the site search folds a query (search-terms.ts: lower case, ё as е; PGlite's
     * C-locale lower() leaves Cyrillic alone, hence translate), trigram-indexed so the search finds
     * «визиток» among thousands of products without reading each name.
     */
    searchName: text("search_name")
      .notNull()
      .generatedAlwaysAs(
        sql`translate(lower(name), 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯё', 'абвгдеежзийклмнопрстуфхцчшщъыьэюяе')`,
      ),
    /** Hidden from the storefront for a while (not sold now, comes back); the back office still lists it. */
    hidden: boolean("hidden").notNull().default(false),
    /** No longer sold: out of listings, search and the sitemap; its page answers 410. Carts and orders keep their lines. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Product pages live at catalog/{category}/{id}, but a slug is unique within its category for readable links later.
    unique("product_category_id_slug_unique").on(table.categoryId, table.slug),
    /*
     * One index per listing order, with and without the category filter (catalog.service.ts), so
     * a page — a deep one included — is a walk of the index in the ORDER BY's order, never a sort
     * of the whole catalogue. The category ones also serve the category counts and tree (index-only).
     */
    /*
     * The storefront lists only products on sale, so the listing indexes hold only those (partial:
     * the listings' `NOT hidden AND archived_at IS NULL` matches their predicate, issue 29). The
     * whole-catalogue ones end with the category, so leaving out a hidden category's products is
     * read from the index too (after the unique id it changes no order).
     */
    index("product_category_name_sort_key_idx").on(table.categoryId, sql`${table.nameSortKey} COLLATE "C"`, table.id).where(PRODUCT_ON_SALE),
    index("product_category_times_ordered_idx").on(table.categoryId, table.timesOrdered, table.id).where(PRODUCT_ON_SALE),
    index("product_name_sort_key_idx").on(sql`${table.nameSortKey} COLLATE "C"`, table.id, table.categoryId).where(PRODUCT_ON_SALE),
    index("product_times_ordered_idx").on(table.timesOrdered, table.id, table.categoryId).where(PRODUCT_ON_SALE),
    check("product_price_from_kopecks_check", sql`${table.priceFromKopecks} >= 0`),
    check("product_discount_pct_check", sql`${table.discountPct} BETWEEN 0 AND 100`),
    check("product_production_time_day_check", sql`${table.productionTimeDay} >= 1`),
    check("product_times_ordered_check", sql`${table.timesOrdered} >= 0`),
    check("product_urgent_surcharge_pct_check", sql`${table.urgentSurchargePct} BETWEEN 0 AND 500`),
    index("product_search_idx").using("gin", table.searchVector),
    index("product_search_name_idx").using("gin", sql`${table.searchName} gin_trgm_ops`),
    // The site search's nearest names first (`search_name <->> word`, a KNN walk): it scores only the best few.
    // Of the products on sale only (the site search's KNN walk filters by the same predicate, issue 29).
    index("product_search_name_knn_idx").using("gist", sql`${table.searchName} gist_trgm_ops`).where(PRODUCT_ON_SALE),
  ],
);

export type ProductCategoryRow = typeof productCategory.$inferSelect;
export type NewProductCategoryRow = typeof productCategory.$inferInsert;
export type ProductRow = typeof product.$inferSelect;
export type NewProductRow = typeof product.$inferInsert;
