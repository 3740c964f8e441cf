import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { account } from "./accounts.schema";

/*
 * Stored files (layouts, website files, invoices, annotated proofs) kept through the storage
 * interface under `storage_key`. Orders, layouts and design orders point here, so this table
 * imports only the accounts.
 */

export const storedFile = pgTable(
  "stored_file",
  {
    id: serial("id").primaryKey(),
    ownerAccountId: integer("owner_account_id").references((): AnyPgColumn => account.id, { onDelete: "set null" }),
    /** layout | website | invoice | annotation */
    kind: text("kind").notNull(),
    /** Where the storage keeps it: a path under the files folder, or an S3 object key. */
    storageKey: text("storage_key").notNull().unique(),
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("stored_file_owner_idx").on(table.ownerAccountId)],
);

export type StoredFileRow = typeof storedFile.$inferSelect;
