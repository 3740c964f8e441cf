import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import type { YookassaPaymentRequest, YookassaRefundRequest, YookassaSettlementReceiptRequest } from "../../shared/contracts/receipts";
import { account, company } from "./accounts.schema";
import { storedFile } from "./stored-file.schema";

/*
 * Placed orders, their payments and the clients' balance ledger. Money in kopecks. An order is made
 * once per idempotency key and client, so a repeated "place order" returns the first order.
 */

export const paymentTypeValues = ["Invoice", "Yookassa", "InternalBalance"] as const;

export const clientOrder = pgTable(
  "client_order",
  {
    id: serial("id").primaryKey(),
    /** What the client and the shop call the order, e.g. `2026-000042`. */
    number: text("number").notNull().unique(),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "restrict" }),
    companyId: integer("company_id").references(() => company.id, { onDelete: "set null" }),
    /** The employee who placed it in client mode; null when the client did. */
    placedById: integer("placed_by_id").references(() => account.id, { onDelete: "set null" }),
    /** new → paid → in_production → shipped → done, or cancelled. */
    status: text("status").notNull().default("new"),
    paymentType: text("payment_type", { enum: paymentTypeValues }).notNull(),
    /** pending | paid | cancelled */
    paymentStatus: text("payment_status").notNull().default("pending"),
    itemsKopecks: integer("items_kopecks").notNull(),
    discountKopecks: integer("discount_kopecks").notNull().default(0),
    deliveryKopecks: integer("delivery_kopecks").notNull().default(0),
    totalKopecks: integer("total_kopecks").notNull(),
    /** The VAT included in the total. */
    vatKopecks: integer("vat_kopecks").notNull(),
    promocodeCode: text("promocode_code"),
    /**
     * The promocode the order used (its usage limits count these, cancelled orders aside); null when none.
     * No foreign key: cart.schema.ts (where promocodes live) imports this file, and a code is never deleted, only disabled.
     */
    promocodeId: integer("promocode_id"),
    comment: text("comment").notNull().default(""),
    /** «Будет готово …» (YYYY-MM-DD), computed once at placing (shared/domain/production-calendar.ts); null for older orders. */
    readyDate: text("ready_date"),
    idempotencyKey: text("idempotency_key").notNull(),
    invoiceFileId: integer("invoice_file_id").references((): AnyPgColumn => storedFile.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Handed to delivery (issue 30): the carrier (`cdek`, `boxberry`, `dpd`, `yandex`) and its tracking number; null until an employee sets them. */
    trackingCarrier: text("tracking_carrier"),
    trackingNumber: text("tracking_number"),
  },
  (table) => [
    unique("client_order_account_idempotency_unique").on(table.accountId, table.idempotencyKey),
    index("client_order_account_id_idx").on(table.accountId, table.createdAt),
    /** The employee's list of all orders, by status. */
    index("client_order_status_idx").on(table.status, table.createdAt),
    index("client_order_promocode_id_idx").on(table.promocodeId, table.accountId),
    /** The employee's list of all orders, newest first, without a status filter. */
    index("client_order_created_at_idx").on(table.createdAt, table.id),
    index("client_order_company_id_idx").on(table.companyId),
    index("client_order_invoice_file_id_idx").on(table.invoiceFileId),
    check("client_order_total_check", sql`${table.totalKopecks} >= 0`),
  ],
);

/**
 * How many orders have each status (issue 31): the employee's order list shows these counts, and
 * counting every order on each request grows with the shop. Kept by the database itself, in the
 * transaction of every write to client_order (a statement trigger with transition tables, installed
 * at start-up with a recount: db/order-status-counts.ts), so no write path can forget it.
 */
export const orderStatusCount = pgTable("order_status_count", {
  status: text("status").primaryKey(),
  orders: integer("orders").notNull().default(0),
});

/**
 * The order's timeline (issue 30): one row per status it reached, the creation first. Written in the
 * transaction of the change: placing, a payment (card, webhook, test page, the balance), an employee's
 * move (`employee_id`: who made it; null for the client and the shop itself).
 */
export const orderStatusEvent = pgTable(
  "order_status_event",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => clientOrder.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    employeeId: integer("employee_id").references(() => account.id, { onDelete: "set null" }),
  },
  (table) => [index("order_status_event_order_idx").on(table.orderId, table.at, table.id)],
);

/** A payment attempt with a provider (YooKassa, or the built-in test payment offline). */
export const payment = pgTable(
  "payment",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => clientOrder.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    /** The provider's payment id. */
    externalId: text("external_id").unique(),
    /** pending | waiting_for_capture | succeeded | canceled */
    status: text("status").notNull().default("pending"),
    amountKopecks: integer("amount_kopecks").notNull(),
    confirmationUrl: text("confirmation_url"),
    /** Sent to the provider as Idempotence-Key. */
    idempotenceKey: text("idempotence_key").notNull().unique(),
    /** The body of `POST /v3/payments` with its 54-ФЗ receipt: sent to ЮKassa, or recorded by the offline test payment (null before issue 30). */
    requestJson: jsonb("request_json").$type<YookassaPaymentRequest>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("payment_order_id_idx").on(table.orderId)],
);

/** A refund of a card payment (an employee cancelled the paid order), with its own 54-ФЗ receipt. */
export const paymentRefund = pgTable(
  "payment_refund",
  {
    id: serial("id").primaryKey(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payment.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => clientOrder.id, { onDelete: "cascade" }),
    amountKopecks: integer("amount_kopecks").notNull(),
    /** pending (recorded, not yet accepted by the provider) | succeeded | canceled */
    status: text("status").notNull().default("pending"),
    /** The provider's refund id; null until it answers. */
    externalId: text("external_id").unique(),
    /** Sent to the provider as Idempotence-Key: a retried refund never returns the money twice. */
    idempotenceKey: text("idempotence_key").notNull().unique(),
    /** The body of `POST /v3/refunds` with its receipt. */
    requestJson: jsonb("request_json").$type<YookassaRefundRequest>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    /** One refund per payment: a payment is refunded whole, once. */
    unique("payment_refund_payment_unique").on(table.paymentId),
    index("payment_refund_order_id_idx").on(table.orderId),
    check("payment_refund_amount_check", sql`${table.amountKopecks} > 0`),
  ],
);

/**
 * The settlement receipt («полный расчёт», зачёт предоплаты) of a card payment, recorded when its
 * order is handed over (shipped, or done): 54-ФЗ's second receipt after the advance's.
 */
export const paymentSettlement = pgTable(
  "payment_settlement",
  {
    id: serial("id").primaryKey(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payment.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => clientOrder.id, { onDelete: "cascade" }),
    /** The advance offset: the payment's whole amount. */
    amountKopecks: integer("amount_kopecks").notNull(),
    /** pending (recorded, not yet accepted by the provider) | succeeded | canceled */
    status: text("status").notNull().default("pending"),
    /** The provider's receipt id; null until it answers. */
    externalId: text("external_id").unique(),
    /** Sent to the provider as Idempotence-Key: a retried receipt is registered once. */
    idempotenceKey: text("idempotence_key").notNull().unique(),
    /** The body of `POST /v3/receipts`. */
    requestJson: jsonb("request_json").$type<YookassaSettlementReceiptRequest>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    /** One settlement receipt per payment: the goods are handed over once. */
    unique("payment_settlement_payment_unique").on(table.paymentId),
    index("payment_settlement_order_id_idx").on(table.orderId),
    check("payment_settlement_amount_check", sql`${table.amountKopecks} > 0`),
  ],
);

/** The balance ledger: top-ups positive, payments negative; the balance is the sum per client and company. */
export const balanceEntry = pgTable(
  "balance_entry",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    companyId: integer("company_id").references(() => company.id, { onDelete: "cascade" }),
    amountKopecks: integer("amount_kopecks").notNull(),
    reason: text("reason").notNull(),
    orderId: integer("order_id").references(() => clientOrder.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("balance_entry_account_idx").on(table.accountId, table.companyId), index("balance_entry_order_id_idx").on(table.orderId)],
);

export type ClientOrderRow = typeof clientOrder.$inferSelect;
export type PaymentRow = typeof payment.$inferSelect;
export type PaymentRefundRow = typeof paymentRefund.$inferSelect;
export type PaymentSettlementRow = typeof paymentSettlement.$inferSelect;
export type BalanceEntryRow = typeof balanceEntry.$inferSelect;
export type OrderStatusEventRow = typeof orderStatusEvent.$inferSelect;
