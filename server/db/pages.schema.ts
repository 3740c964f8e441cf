import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { tsvector } from "./columns";

/*
 * The website's pages (main, blog posts, vacancies, services, instructions, contacts, generic pages)
 * with their components, and the site-wide blocks (header, footer, popup). Search runs on a
 * generated tsvector with PostgreSQL's `russian` configuration, so «визитка» finds «Визитки».
 */

/** What a page is; the storefront's routes of spec §2 list them by kind. */
export const websitePageKindValues = ["main", "blog", "vacancy", "service", "instruction", "contacts", "generic"] as const;

/** A page component as stored: the storefront renders it by `key` (Header, Footer, Text, Widget …). */
export interface StoredPageComponent {
  key: string;
  content: Record<string, unknown>;
}

export const websitePage = pgTable(
  "website_page",
  {
    id: serial("id").primaryKey(),
    /** The whole path without slashes at the ends: `blog/kak-podgotovit-maket`, `kontakty`, `` for main. */
    slug: text("slug").notNull().unique(),
    kind: text("kind", { enum: websitePageKindValues }).notNull(),
    parentId: integer("parent_id").references((): AnyPgColumn => websitePage.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** A short text for lists and teasers. */
    summary: text("summary").notNull().default(""),
    /** Plain text of the page's text blocks, for search. */
    bodyText: text("body_text").notNull().default(""),
    components: jsonb("components").$type<StoredPageComponent[]>().notNull().default(sql`'[]'::jsonb`),
    padBannerPath: text("pad_banner_path"),
    /** Top-level pages are the menu tabs, in this order. */
    sortOrder: integer("sort_order").notNull().default(0),
    showInMenu: boolean("show_in_menu").notNull().default(false),
    /** Draft (false) or published; a published page with `publish_at` in the future is scheduled, shown from then. */
    published: boolean("published").notNull().default(true),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    seoName: text("seo_name").notNull().default(""),
    seoTitle: text("seo_title").notNull().default(""),
    seoDescription: text("seo_description").notNull().default(""),
    seoKeywords: text("seo_keywords").notNull().default(""),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('russian', coalesce(name, '')), 'A') || setweight(to_tsvector('russian', coalesce(summary, '')), 'B') || setweight(to_tsvector('russian', coalesce(body_text, '')), 'C')`,
      ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("website_page_kind_idx").on(table.kind, table.createdAt),
    index("website_page_parent_id_idx").on(table.parentId),
    index("website_page_search_idx").using("gin", table.searchVector),
  ],
);

/** Site-wide blocks by key: `Header` (phones), `Footer` (company, addresses, social, files), `Popup`. */
export const websiteBlock = pgTable("website_block", {
  key: text("key").primaryKey(),
  content: jsonb("content").$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type WebsitePageRow = typeof websitePage.$inferSelect;
export type NewWebsitePageRow = typeof websitePage.$inferInsert;
export type WebsiteBlockRow = typeof websiteBlock.$inferSelect;
