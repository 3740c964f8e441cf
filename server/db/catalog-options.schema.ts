import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, unique } from "drizzle-orm/pg-core";
import type { PreflightProfile } from "../../shared/contracts/preflight-profile";
import { product, productCategory } from "./catalog.schema";

/*
 * What a product is made of and what it costs: print options in groups (format, paper, colours,
 * finishing), the unit price by quantity tier, and the details that need a layout, each with its
 * print-readiness profile. The price of a cart line is computed from these on the server.
 */

/** The option groups of a product; `finishing` may hold several choices, the others exactly one. */
export const productOptionGroupValues = ["format", "paper", "colors", "finishing"] as const;

export const productOption = pgTable(
  "product_option",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    group: text("group", { enum: productOptionGroupValues }).notNull(),
    /** Stable code the cart line keeps, e.g. `90x50`, `coated-300`, `4+4`, `lamination-matte`. */
    code: text("code").notNull(),
    label: text("label").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    isDefault: boolean("is_default").notNull().default(false),
    /** The base unit price is multiplied by this percentage (100 = unchanged; 4+4 might be 160). */
    pricePct: integer("price_pct").notNull().default(100),
    /** Added to the unit price after the percentage, in kopecks. */
    unitPriceKopecks: integer("unit_price_kopecks").notNull().default(0),
    /** Added once per cart line (a cutting die, plates), in kopecks. */
    setupPriceKopecks: integer("setup_price_kopecks").notNull().default(0),
    /** Format: the trimmed size in millimetres. */
    widthMm: integer("width_mm"),
    heightMm: integer("height_mm"),
    /** Paper: grams per square metre, for the parcel weight. */
    paperGsm: integer("paper_gsm"),
    /** Colours: printed sides (4+0 → 1, 4+4 → 2). */
    sides: integer("sides"),
  },
  (table) => [
    unique("product_option_product_group_code_unique").on(table.productId, table.group, table.code),
    index("product_option_product_id_idx").on(table.productId),
    check("product_option_price_pct_check", sql`${table.pricePct} BETWEEN 1 AND 1000`),
  ],
);

/** Unit price by run length: a line of `quantity` pieces pays the tier with the largest `min_quantity` not above it. */
export const productPriceTier = pgTable(
  "product_price_tier",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    minQuantity: integer("min_quantity").notNull(),
    /** Kopecks per piece at the default options, before the discount. */
    unitPriceKopecks: integer("unit_price_kopecks").notNull(),
  },
  (table) => [
    unique("product_price_tier_product_min_unique").on(table.productId, table.minQuantity),
    check("product_price_tier_min_quantity_check", sql`${table.minQuantity} >= 1`),
    check("product_price_tier_unit_price_check", sql`${table.unitPriceKopecks} >= 0`),
  ],
);

/** A part of the product that needs its own layout («Лицевая сторона», «Обложка» …). */
export const productDetail = pgTable(
  "product_detail",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    /** The print-readiness profile (preflight) the layout of this detail is checked against. */
    profile: jsonb("profile").$type<PreflightProfile>().notNull(),
    /** The detail needs a layout only when this option code is chosen (the back side with 4+4); null: always. */
    requiresOptionCode: text("requires_option_code"),
  },
  (table) => [unique("product_detail_product_name_unique").on(table.productId, table.name)],
);

/** Services the shop sells beside products (design, proofs, urgent prepress …): GET /product-service. */
export const productService = pgTable("product_service", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  priceKopecks: integer("price_kopecks").notNull(),
  /** What the price is for: «за макет», «за час», «за заказ». */
  unit: text("unit").notNull().default(""),
  photoPath: text("photo_path"),
  sortOrder: integer("sort_order").notNull().default(0),
  /**
   * A design service for one product kind: the category whose products it designs (its price and
   * days are shown to the client before a design order); null: a service for any product.
   */
  categoryId: integer("category_id").references(() => productCategory.id, { onDelete: "set null" }),
  /** Working days the designer needs (the design order's deadline). */
  productionDays: integer("production_days").notNull().default(1),
});

export type ProductOptionRow = typeof productOption.$inferSelect;
export type ProductPriceTierRow = typeof productPriceTier.$inferSelect;
export type ProductDetailRow = typeof productDetail.$inferSelect;
export type ProductServiceRow = typeof productService.$inferSelect;
