import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { DesignDocument } from "../../shared/contracts/layout-design";
import { account } from "./accounts.schema";
import { product } from "./catalog.schema";

/*
 * The layout designer (issue 32): the designs accounts save («Мои макеты»), the pictures they
 * upload for them (the bytes in the private file storage under `storage_key`), and the templates
 * the designer offers (loaded from server/seed/layout-design-templates/*.json, changed in the back
 * office). A design and a picture belong to the account the session is (a visitor's temporary one
 * too); they move to the client's account at sign-in or registration, with the cart.
 */

export const layoutDesign = pgTable(
  "layout_design",
  {
    id: uuid("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references((): AnyPgColumn => account.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The design document as the contract has it (shared/contracts/layout-design.ts). */
    document: jsonb("document").$type<DesignDocument>().notNull(),
    /** 1 when created, one more at each save (the editor's stale-save check). */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("layout_design_account_idx").on(table.accountId, table.updatedAt)],
);

export const layoutDesignImage = pgTable(
  "layout_design_image",
  {
    id: uuid("id").primaryKey(),
    /**
     * Whose picture it is; null once the account is gone (an abandoned visitor's): the sweep then
     * removes the row and its bytes (the bytes are not in the database, so no cascade can).
     */
    accountId: integer("account_id").references((): AnyPgColumn => account.id, { onDelete: "set null" }),
    storageKey: text("storage_key").notNull().unique(),
    widthPx: integer("width_px").notNull(),
    heightPx: integer("height_px").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** image/jpeg or image/png, judged by the bytes. */
    contentType: text("content_type").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("layout_design_image_account_idx").on(table.accountId)],
);

export const layoutDesignTemplate = pgTable(
  "layout_design_template",
  {
    /** The template's code (its JSON's `id`, e.g. `card-classic-90x50`). */
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** business-card | flyer | sticker */
    kind: text("kind").notNull(),
    document: jsonb("document").$type<DesignDocument>().notNull(),
    active: boolean("active").notNull().default(true),
    /** The list's order: lower first, then by id. */
    position: integer("position").notNull().default(0),
    /** `seed`: loaded from its file and never changed since; `back-office`: added or changed there (the files never overwrite it). */
    source: text("source", { enum: ["seed", "back-office"] }).notNull().default("seed"),
    updatedById: integer("updated_by_id").references((): AnyPgColumn => account.id, { onDelete: "set null" }),
    updatedByName: text("updated_by_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("layout_design_template_list_idx").on(table.active, table.position, table.id)],
);

export type LayoutDesignRow = typeof layoutDesign.$inferSelect;
export type LayoutDesignImageRow = typeof layoutDesignImage.$inferSelect;
export type LayoutDesignTemplateRow = typeof layoutDesignTemplate.$inferSelect;
