import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { account } from "./accounts.schema";
import { clientOrder } from "./orders.schema";
import { designOrder } from "./files.schema";

/*
 * The account area's mail and messages: single-use e-mail links (confirmation, password reset),
 * the outbox every e-mail passes through (written in the same transaction as what it announces,
 * then delivered by SMTP or into the data folder), the client's notifications, and the messages of
 * a design order between the customer and the designer.
 */

export const emailTokenPurposeValues = ["confirm_email", "reset_password"] as const;

/** A link sent by e-mail: only its SHA-256 is kept, it works once and not after `expires_at`. */
export const emailToken = pgTable(
  "email_token",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: emailTokenPurposeValues }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("email_token_account_idx").on(table.accountId, table.purpose), index("email_token_expires_idx").on(table.expiresAt)],
);

/** An e-mail to send: kept until delivered (`sent_at`), retried after a failure. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** Not before this moment (a failed attempt waits before the next one). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("mail_outbox_pending_idx").on(table.sentAt, table.nextAttemptAt)],
);

export const mailAttachmentKindValues = ["order_invoice"] as const;

/**
 * A file a letter carries (issue 30), resolved when the letter is sent, not when it is queued: the
 * order's invoice PDF is made after the placing transaction commits, so the letter names the order
 * and the sender reads (or makes) its invoice. A failure to read it is a failed attempt, retried.
 */
export const mailAttachment = pgTable(
  "mail_attachment",
  {
    id: serial("id").primaryKey(),
    mailId: integer("mail_id")
      .notNull()
      .references(() => mailOutbox.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: mailAttachmentKindValues }).notNull(),
    orderId: integer("order_id").references(() => clientOrder.id, { onDelete: "cascade" }),
  },
  (table) => [index("mail_attachment_mail_idx").on(table.mailId)],
);

export const notificationKindValues = ["order_status", "payment", "design_status", "design_message"] as const;

/** What the client is told in «Уведомления»: an order's status, a payment, a design order's news. */
export const notification = pgTable(
  "notification",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    /** The company the news concerns; null: the personal profile. */
    companyId: integer("company_id"),
    kind: text("kind", { enum: notificationKindValues }).notNull(),
    orderId: integer("order_id").references(() => clientOrder.id, { onDelete: "cascade" }),
    designOrderId: integer("design_order_id").references(() => designOrder.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("notification_account_idx").on(table.accountId, table.createdAt),
    check("notification_text_check", sql`length(${table.title}) > 0`),
  ],
);

/** A message on a design order: the customer's question or the designer's answer. */
export const designMessage = pgTable(
  "design_message",
  {
    id: serial("id").primaryKey(),
    designOrderId: integer("design_order_id")
      .notNull()
      .references(() => designOrder.id, { onDelete: "cascade" }),
    /** Who wrote it; null when that account is gone. */
    authorId: integer("author_id").references(() => account.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("design_message_design_order_idx").on(table.designOrderId, table.createdAt)],
);

export type EmailTokenRow = typeof emailToken.$inferSelect;
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type MailAttachmentRow = typeof mailAttachment.$inferSelect;
export type NotificationRow = typeof notification.$inferSelect;
export type DesignMessageRow = typeof designMessage.$inferSelect;
