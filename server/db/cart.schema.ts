import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { account, company, recipient } from "./accounts.schema";
import { clientOrder } from "./orders.schema";
import { product } from "./catalog.schema";

/*
 * The client cart: one per client and company (null company = the personal profile). Its lines
 * (order products) and deliveries move to the order when it is placed: `cart_id` becomes null and
 * `order_id` is set, so an order keeps exactly what the client saw. `version` grows with every
 * change, so two tabs editing at once are serialised rather than lost.
 */

/** The options chosen for a line: group → option code (finishing: several codes); a per-m² product's line adds its size in mm. */
export type ChosenOptions = Partial<Record<"format" | "paper" | "colors", string>> & { finishing?: string[]; widthMm?: number; heightMm?: number };

export const promocode = pgTable(
  "promocode",
  {
    id: serial("id").primaryKey(),
    /** Stored upper-case; matched case-insensitively. */
    code: text("code").notNull().unique(),
    kind: text("kind", { enum: ["percent", "fixed"] }).notNull(),
    /** Percent (1–100) or kopecks off the products' sum. */
    value: integer("value").notNull(),
    minSumKopecks: integer("min_sum_kopecks").notNull().default(0),
    /** Valid from this moment (null: at once) until `expires_at` (null: no end). */
    validFrom: timestamp("valid_from", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** How many orders may use the code in all, and per client (the account); null: no limit. */
    usageLimitTotal: integer("usage_limit_total"),
    usageLimitPerClient: integer("usage_limit_per_client"),
    /** The categories whose lines the code lowers; empty: every line. */
    categoryIds: integer("category_ids").array().notNull().default(sql`'{}'::integer[]`),
    active: boolean("active").notNull().default(true),
    description: text("description").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("promocode_value_check", sql`${table.value} > 0`)],
);

export const cart = pgTable(
  "cart",
  {
    id: serial("id").primaryKey(),
    /** The client (or a visitor's temporary account) the cart belongs to. */
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    companyId: integer("company_id").references(() => company.id, { onDelete: "cascade" }),
    promocodeId: integer("promocode_id").references(() => promocode.id, { onDelete: "set null" }),
    comment: text("comment").notNull().default(""),
    paymentType: text("payment_type"),
    version: integer("version").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique("cart_account_company_unique").on(table.accountId, table.companyId).nullsNotDistinct()],
);

/** A line of a cart or of an order: a product with its options, quantity and price. */
export const orderProduct = pgTable(
  "order_product",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id").references(() => cart.id, { onDelete: "cascade" }),
    orderId: integer("order_id").references((): AnyPgColumn => clientOrder.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "restrict" }),
    options: jsonb("options").$type<ChosenOptions>().notNull().default(sql`'{}'::jsonb`),
    quantity: integer("quantity").notNull(),
    isUrgent: boolean("is_urgent").notNull().default(false),
    /** Kopecks per piece and for the whole line, after the product's discount and urgency. */
    unitPriceKopecks: integer("unit_price_kopecks").notNull(),
    priceKopecks: integer("price_kopecks").notNull(),
    weightGrams: integer("weight_grams").notNull().default(0),
    productionTimeDay: integer("production_time_day").notNull(),
    inOrder: boolean("in_order").notNull().default(true),
    /** The line of an earlier order this one repeats. */
    repeatOfId: integer("repeat_of_id").references((): AnyPgColumn => orderProduct.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("order_product_cart_id_idx").on(table.cartId),
    index("order_product_order_id_idx").on(table.orderId),
    // Foreign keys: deleting a product or a line (set null on repeats) looks them up here instead of reading every line.
    index("order_product_product_id_idx").on(table.productId),
    index("order_product_repeat_of_id_idx").on(table.repeatOfId),
    check("order_product_quantity_check", sql`${table.quantity} >= 1`),
    check("order_product_owner_check", sql`${table.cartId} IS NOT NULL OR ${table.orderId} IS NOT NULL`),
  ],
);

/** A delivery of a cart or an order (spec §3 delivery request data), with its price and date. */
export const delivery = pgTable(
  "delivery",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id").references(() => cart.id, { onDelete: "cascade" }),
    orderId: integer("order_id").references((): AnyPgColumn => clientOrder.id, { onDelete: "cascade" }),
    deliveryType: text("delivery_type").notNull(),
    cityKladrId: text("city_kladr_id").notNull(),
    deliveryMethod: text("delivery_method").notNull(),
    address: text("address").notNull().default(""),
    recipientId: integer("recipient_id").references(() => recipient.id, { onDelete: "set null" }),
    tariffCode: text("tariff_code"),
    /** A pickup point of the provider or the shop's self-pickup point. */
    pickupPointCode: text("pickup_point_code"),
    priceKopecks: integer("price_kopecks").notNull().default(0),
    /** The expected delivery date, ISO `YYYY-MM-DD`. */
    deliveryDate: text("delivery_date"),
    weightGrams: integer("weight_grams").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("delivery_cart_id_idx").on(table.cartId),
    index("delivery_order_id_idx").on(table.orderId),
    check("delivery_owner_check", sql`${table.cartId} IS NOT NULL OR ${table.orderId} IS NOT NULL`),
  ],
);

export type PromocodeRow = typeof promocode.$inferSelect;
export type CartRow = typeof cart.$inferSelect;
export type OrderProductRow = typeof orderProduct.$inferSelect;
export type DeliveryRow = typeof delivery.$inferSelect;
