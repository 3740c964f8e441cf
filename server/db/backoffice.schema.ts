import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { account } from "./accounts.schema";

/*
 * The back office's audit: every write an employee makes there (catalogue, content, promocodes,
 * pickup points, employees, design and prepress decisions) is one row, written in the same
 * transaction as the change (services/backoffice/audit.ts), so a change without its row cannot exist.
 */

/** One changed field: its value before and after (JSON values; null for a field that was not there). */
export interface AuditFieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export const auditEntry = pgTable(
  "audit_entry",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Who made the change; the name is copied so the entry still reads well if the account changes. */
    employeeId: integer("employee_id").references(() => account.id, { onDelete: "set null" }),
    employeeName: text("employee_name").notNull(),
    /** What was changed: `category`, `product`, `page`, `site-block`, `promocode`, `pickup-point`, `employee`, `design-order`, `layout`, `catalog-import`. */
    objectType: text("object_type").notNull(),
    objectId: text("object_id").notNull(),
    /** `create`, `update`, `archive`, `disable`, `import`, … (the area's own verbs). */
    action: text("action").notNull(),
    changes: jsonb("changes").$type<AuditFieldChange[]>().notNull(),
  },
  (table) => [
    index("audit_entry_object_idx").on(table.objectType, table.objectId, table.id),
    index("audit_entry_employee_idx").on(table.employeeId, table.at),
    index("audit_entry_at_idx").on(table.at),
  ],
);

export type AuditEntryRow = typeof auditEntry.$inferSelect;
