import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { account } from "./accounts.schema";

/** A message sent through the site's feedback form, kept for the shop's managers. */
export const feedbackRequest = pgTable(
  "feedback_request",
  {
    id: serial("id").primaryKey(),
    /** The answers by field key, as checked against the form's definition. */
    values: jsonb("values").$type<Record<string, string | boolean>>().notNull(),
    pageUrl: text("page_url"),
    accountId: integer("account_id").references(() => account.id, { onDelete: "set null" }),
    ip: text("ip").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("feedback_request_created_at_idx").on(table.createdAt)],
);
