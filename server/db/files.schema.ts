import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import type { PreflightProfile } from "../../shared/contracts/preflight-profile";
import { account, company } from "./accounts.schema";
import { orderProduct } from "./cart.schema";
import { clientOrder } from "./orders.schema";
import { product } from "./catalog.schema";
import { storedFile } from "./stored-file.schema";

/*
 * The work on files: layouts, design orders and the layouts' print-readiness checks. The files
 * themselves are in stored-file.schema.ts.
 */

/** The customer's layout of one detail of a line, with the server's print-readiness report and the approval. */
export const layout = pgTable(
  "layout",
  {
    id: serial("id").primaryKey(),
    orderProductId: integer("order_product_id")
      .notNull()
      .references(() => orderProduct.id, { onDelete: "cascade" }),
    detailName: text("detail_name").notNull(),
    fileId: integer("file_id")
      .notNull()
      .references((): AnyPgColumn => storedFile.id, { onDelete: "restrict" }),
    /** uploaded → checking → passed | failed | error */
    status: text("status").notNull().default("uploaded"),
    /** The server's findings (codes of spec §5) once the check is done. */
    findings: jsonb("findings").$type<unknown[]>(),
    /** The browser's findings, kept to report disagreements. */
    browserFindings: jsonb("browser_findings").$type<unknown[]>(),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /** Who uploaded it when it was not the client: the designer of a design order, or prepress with a corrected file. */
    uploadedById: integer("uploaded_by_id").references((): AnyPgColumn => account.id, { onDelete: "set null" }),
    /**
     * Prepress's decision on the layout: `accepted` (printed as it is, with `prepress_note`),
     * `returned` (the client must upload a new file; `prepress_note` is the message); null: not reviewed.
     */
    prepressDecision: text("prepress_decision", { enum: ["accepted", "returned"] }),
    prepressNote: text("prepress_note").notNull().default(""),
    prepressById: integer("prepress_by_id").references((): AnyPgColumn => account.id, { onDelete: "set null" }),
    prepressAt: timestamp("prepress_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("layout_order_product_id_idx").on(table.orderProductId, table.detailName), index("layout_file_id_idx").on(table.fileId)],
);

/** A design ordered from the shop instead of (or to fix) the customer's layout (spec §3 Design). */
export const designOrder = pgTable(
  "design_order",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    companyId: integer("company_id").references(() => company.id, { onDelete: "set null" }),
    orderProductId: integer("order_product_id").references((): AnyPgColumn => orderProduct.id, { onDelete: "set null" }),
    orderId: integer("order_id").references((): AnyPgColumn => clientOrder.id, { onDelete: "set null" }),
    productId: integer("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "restrict" }),
    detailName: text("detail_name").notNull(),
    comment: text("comment").notNull().default(""),
    /** new | in_work | waiting_client | done | cancelled */
    status: text("status").notNull().default("new"),
    /** The designer who took it (null: in the queue). */
    designerId: integer("designer_id").references((): AnyPgColumn => account.id, { onDelete: "set null" }),
    /** The price and deadline the client was shown when ordering (from the design service of the product's kind). */
    priceKopecks: integer("price_kopecks").notNull().default(0),
    dueDate: text("due_date"),
    /** The designer's finished layout (a layout row of the line, checked like any upload). */
    resultLayoutId: integer("result_layout_id").references((): AnyPgColumn => layout.id, { onDelete: "set null" }),
    /** When the client approved the designer's layout in the proof view. */
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /** The customer's annotated PDF (comments for the designer). */
    annotatedFileId: integer("annotated_file_id").references((): AnyPgColumn => storedFile.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("design_order_account_idx").on(table.accountId),
    // The cart and the order read the design orders of their lines; the employee's order page those of the order.
    index("design_order_order_product_id_idx").on(table.orderProductId),
    index("design_order_order_id_idx").on(table.orderId),
    index("design_order_annotated_file_id_idx").on(table.annotatedFileId),
  ],
);

/** A print-readiness check of a layout (pitstopDesignId in spec §3): queued → running → done | failed. */
export const layoutCheck = pgTable(
  "layout_check",
  {
    id: serial("id").primaryKey(),
    layoutId: integer("layout_id")
      .notNull()
      .references((): AnyPgColumn => layout.id, { onDelete: "cascade" }),
    profile: jsonb("profile").$type<PreflightProfile>().notNull(),
    /** Whose check it is (the layout's client): the queue takes accounts in turn, so one cannot starve the others. */
    accountId: integer("account_id").references((): AnyPgColumn => account.id, { onDelete: "set null" }),
    state: text("state", { enum: ["queued", "running", "done", "failed"] }).notNull().default("queued"),
    findings: jsonb("findings").$type<unknown[]>(),
    /** Russian text for a file the engine could not read, or a check that ran out of time or memory. */
    error: text("error"),
    durationMs: integer("duration_ms"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the current attempt started; with `state` it is the attempt's lease: only the worker that set it may finish the check. */
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** How many times a worker has taken the check: a check whose workers keep dying fails after a few. */
    attempts: integer("attempts").notNull().default(0),
  },
  (table) => [
    index("layout_check_state_idx").on(table.state, table.createdAt),
    index("layout_check_account_idx").on(table.accountId, table.state),
    // The cart's checks of its layouts and a layout's latest check (layout.service.ts), without reading the whole history.
    index("layout_check_layout_id_idx").on(table.layoutId, table.id),
    // One open check per layout: two starts at once (a double click, two nodes) give one check, not two.
    uniqueIndex("layout_check_one_open_idx").on(table.layoutId).where(sql`${table.state} IN ('queued', 'running')`),
  ],
);

export type LayoutRow = typeof layout.$inferSelect;
export type DesignOrderRow = typeof designOrder.$inferSelect;
export type LayoutCheckRow = typeof layoutCheck.$inferSelect;
