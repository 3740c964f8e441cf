import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { PrepressLayout, PrepressQueueItem, PrepressQueuePage, PrepressQueueQuery, PrepressQueueState } from "../../../shared/contracts/index";
import { PREPRESS_QUEUE_DEFAULT_LIMIT } from "../../../shared/contracts/index";
import type { Database, DatabaseTransaction } from "../../db/client";
import { account, company } from "../../db/accounts.schema";
import { orderProduct } from "../../db/cart.schema";
import { product } from "../../db/catalog.schema";
import { layout, layoutCheck } from "../../db/files.schema";
import type { LayoutRow } from "../../db/files.schema";
import { clientOrder } from "../../db/orders.schema";
import { storedFile } from "../../db/stored-file.schema";
import type { Viewer } from "../accounts/session.service";
import type { FileService, UploadedPart } from "../files/file.service";
import { findingsOf, toLayout } from "../files/files.mapper";
import { privateFileUrl } from "../files/file.service";
import { sniffPdf } from "../files/file-sniff";
import { fileTooLarge } from "../files/layout.service";
import type { LayoutService } from "../files/layout.service";
import type { MailOutbox } from "../mail/mail-outbox";
import { tellClient } from "../mail/order-letters";
import { layoutReturnedLetter } from "../mail/order-mail";
import { ShopError } from "../shop-error";
import { auditActorOf, recordAudit } from "./audit";

/*
 * The prepress queue (issue 29; server/docs/back-office-prepress.md). The queue holds the current
 * layouts (the newest of their line's detail) of placed orders' lines that the server's check found
 * problems in — status `failed`, approved by the client or not — or could not check (`error`).
 * The operator accepts one with a note, replaces its file with a corrected one (a new layout row;
 * the old one stays as history; the new one is checked again), or returns it to the client, who is
 * notified and must upload a new file; until then the order cannot go into production.
 */

/** The order statuses in which a layout may still be decided on, replaced or uploaded again (as layout.service.ts). */
const DECIDABLE_ORDER_STATUSES = ["new", "paid"] as const;

export interface PrepressService {
  list(query: PrepressQueueQuery): Promise<PrepressQueuePage>;
  get(layoutId: number, publicOrigin: string): Promise<PrepressLayout>;
  accept(viewer: Viewer, layoutId: number, note: string, publicOrigin: string): Promise<PrepressLayout>;
  returnToClient(viewer: Viewer, layoutId: number, message: string, publicOrigin: string): Promise<PrepressLayout>;
  replace(viewer: Viewer, layoutId: number, file: UploadedPart, publicOrigin: string): Promise<PrepressLayout>;
}

export interface PrepressServiceDeps {
  files: FileService;
  layouts: LayoutService;
  mail: MailOutbox;
  maxLayoutBytes: number;
}

const layoutNotFound = () => new ShopError({ statusCode: 404, code: "LAYOUT_NOT_FOUND", messageUI: "Макет не найден", message: "No such layout of a placed order" });

/** The details of a placed order whose current layout prepress returned: they hold the order out of production. */
export async function returnedLayoutsOf(db: Database | DatabaseTransaction, orderId: number): Promise<{ layoutId: number; detailName: string }[]> {
  return db
    .select({ layoutId: layout.id, detailName: layout.detailName })
    .from(layout)
    .innerJoin(orderProduct, eq(orderProduct.id, layout.orderProductId))
    .where(
      and(
        eq(orderProduct.orderId, orderId),
        eq(layout.prepressDecision, "returned"),
        newerLayoutMissing(),
      ),
    );
}

/** The detail's newest layout: no later row of the same line and detail (the queue and the order read the current one). */
function newerLayoutMissing(): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM layout AS newer_layout WHERE newer_layout.order_product_id = ${layout.orderProductId} AND newer_layout.detail_name = ${layout.detailName} AND newer_layout.id > ${layout.id})`;
}

function personName(row: { name: string; surname: string; email: string | null } | null): string | null {
  if (!row) return null;
  const name = `${row.name} ${row.surname}`.trim();
  return name === "" ? (row.email ?? "") : name;
}

function reasonOf(row: Pick<LayoutRow, "status" | "approvedAt">): PrepressQueueItem["reason"] | null {
  if (row.status === "error") return "check_failed";
  if (row.status !== "failed") return null;
  return row.approvedAt ? "approved_with_findings" : "findings";
}

function layoutStatusOf(status: string): PrepressQueueItem["layoutStatus"] {
  return status === "uploaded" || status === "checking" || status === "passed" || status === "failed" || status === "error" ? status : "uploaded";
}

export function createPrepressService(db: Database, deps: PrepressServiceDeps): PrepressService {
  const uploader = alias(account, "uploader");
  const decider = alias(account, "decider");

  const isCurrent = newerLayoutMissing();
  const needsReview = inArray(layout.status, ["failed", "error"]);
  const stateFilters: Record<PrepressQueueState, SQL | undefined> = {
    waiting: and(isNull(layout.prepressDecision), needsReview, inArray(clientOrder.status, [...DECIDABLE_ORDER_STATUSES])),
    accepted: eq(layout.prepressDecision, "accepted"),
    returned: eq(layout.prepressDecision, "returned"),
  };
  const inQueue = and(isCurrent, ne(clientOrder.status, "cancelled"));

  async function present(layoutId: number, publicOrigin: string): Promise<PrepressLayout> {
    const [found] = await db
      .select({
        layout,
        file: storedFile,
        order: clientOrder,
        line: orderProduct,
        productName: product.name,
        client: account,
        companyName: company.name,
        uploader: { name: uploader.name, surname: uploader.surname, email: uploader.email },
        decider: { name: decider.name, surname: decider.surname, email: decider.email },
      })
      .from(layout)
      .innerJoin(storedFile, eq(storedFile.id, layout.fileId))
      .innerJoin(orderProduct, eq(orderProduct.id, layout.orderProductId))
      .innerJoin(clientOrder, eq(clientOrder.id, orderProduct.orderId))
      .innerJoin(product, eq(product.id, orderProduct.productId))
      .innerJoin(account, eq(account.id, clientOrder.accountId))
      .leftJoin(company, eq(company.id, clientOrder.companyId))
      .leftJoin(uploader, eq(uploader.id, layout.uploadedById))
      .leftJoin(decider, eq(decider.id, layout.prepressById))
      .where(eq(layout.id, layoutId));
    if (!found) throw layoutNotFound();
    const siblings = await db
      .select({ layout, file: storedFile, uploader: { name: uploader.name, surname: uploader.surname, email: uploader.email } })
      .from(layout)
      .innerJoin(storedFile, eq(storedFile.id, layout.fileId))
      .leftJoin(uploader, eq(uploader.id, layout.uploadedById))
      .where(and(eq(layout.orderProductId, found.layout.orderProductId), eq(layout.detailName, found.layout.detailName)))
      .orderBy(desc(layout.id));
    const current = siblings[0]?.layout.id === found.layout.id;
    const [latestCheck] = await db.select().from(layoutCheck).where(eq(layoutCheck.layoutId, layoutId)).orderBy(desc(layoutCheck.id)).limit(1);
    const uploaderName = found.layout.uploadedById === null ? null : personName(found.uploader);
    const deciderName = found.layout.prepressById === null ? null : personName(found.decider);
    return {
      layout: toLayout(found.layout, found.file, publicOrigin),
      current,
      reason: reasonOf(found.layout),
      checkError: latestCheck?.state === "failed" ? latestCheck.error : null,
      pitstopDesignId: latestCheck?.id ?? null,
      checkState: latestCheck?.state ?? null,
      order: { id: found.order.id, number: found.order.number, status: found.order.status, createdAt: found.order.createdAt.toISOString() },
      line: { id: found.line.id, productName: found.productName, quantity: found.line.quantity },
      client: {
        id: found.client.id,
        name: personName(found.client) ?? "",
        email: found.client.email,
        phone: found.client.phone,
        companyName: found.companyName,
      },
      uploadedBy: uploaderName,
      decidedBy: deciderName,
      editable: current && (DECIDABLE_ORDER_STATUSES as readonly string[]).includes(found.order.status),
      history: siblings
        .filter((item) => item.layout.id !== found.layout.id)
        .map((item) => ({
          layoutId: item.layout.id,
          fileName: item.file.originalName,
          fileUrl: privateFileUrl(publicOrigin, item.file.id),
          uploadedBy:
            item.layout.uploadedById === null ? null : personName(item.uploader),
          uploadedAt: item.layout.createdAt.toISOString(),
          decision: item.layout.prepressDecision,
        })),
    };
  }

  /**
   * Locks the layout's row and answers it with its order, when a decision may be made on it: the
   * detail's current layout, in a placed order still before production; else 404 or 409.
   */
  async function lockDecidable(tx: DatabaseTransaction, layoutId: number) {
    const [found] = await tx
      .select({ layout, order: clientOrder, email: account.email })
      .from(layout)
      .innerJoin(orderProduct, eq(orderProduct.id, layout.orderProductId))
      .innerJoin(clientOrder, eq(clientOrder.id, orderProduct.orderId))
      .innerJoin(account, eq(account.id, clientOrder.accountId))
      .where(eq(layout.id, layoutId))
      .for("update", { of: layout });
    if (!found) throw layoutNotFound();
    const [later] = await tx
      .select({ id: layout.id })
      .from(layout)
      .where(and(eq(layout.orderProductId, found.layout.orderProductId), eq(layout.detailName, found.layout.detailName), gt(layout.id, layoutId)))
      .limit(1);
    if (later) {
      throw new ShopError({
        statusCode: 409,
        code: "LAYOUT_REPLACED",
        messageUI: "Этот макет уже заменён новым файлом: откройте текущий макет строки",
        message: `Layout ${layoutId} was replaced by ${later.id}`,
      });
    }
    if (!(DECIDABLE_ORDER_STATUSES as readonly string[]).includes(found.order.status)) {
      throw new ShopError({
        statusCode: 409,
        code: "LAYOUT_LOCKED",
        messageUI: `Заказ № ${found.order.number} уже в производстве или закрыт: решение по макету изменить нельзя`,
        message: `Order status ${found.order.status} takes no prepress decisions`,
      });
    }
    return found;
  }

  async function decide(viewer: Viewer, layoutId: number, decision: "accepted" | "returned", note: string, notify: (tx: DatabaseTransaction, found: Awaited<ReturnType<typeof lockDecidable>>) => Promise<boolean>) {
    const mailed = await db.transaction(async (tx) => {
      const found = await lockDecidable(tx, layoutId);
      const at = new Date();
      await tx.update(layout).set({ prepressDecision: decision, prepressNote: note, prepressById: viewer.account.id, prepressAt: at }).where(eq(layout.id, layoutId));
      await recordAudit(tx, auditActorOf(viewer), {
        objectType: "layout",
        objectId: layoutId,
        action: decision === "accepted" ? "accept" : "return",
        before: { prepressDecision: found.layout.prepressDecision, prepressNote: found.layout.prepressNote },
        after: { prepressDecision: decision, prepressNote: note },
      });
      return notify(tx, found);
    });
    if (mailed) deps.mail.wake();
  }

  return {
    async list(query) {
      const state = query.state ?? "waiting";
      const offset = query.offset ?? 0;
      const limit = query.limit ?? PREPRESS_QUEUE_DEFAULT_LIMIT;
      const base = () =>
        db
          .select({
            layout,
            fileName: storedFile.originalName,
            order: { id: clientOrder.id, number: clientOrder.number, status: clientOrder.status },
            productName: product.name,
            client: { name: account.name, surname: account.surname, email: account.email },
            uploader: { name: uploader.name, surname: uploader.surname, email: uploader.email },
          })
          .from(layout)
          .innerJoin(storedFile, eq(storedFile.id, layout.fileId))
          .innerJoin(orderProduct, eq(orderProduct.id, layout.orderProductId))
          .innerJoin(clientOrder, eq(clientOrder.id, orderProduct.orderId))
          .innerJoin(product, eq(product.id, orderProduct.productId))
          .innerJoin(account, eq(account.id, clientOrder.accountId))
          .leftJoin(uploader, eq(uploader.id, layout.uploadedById));
      const [rows, [counts]] = await Promise.all([
        base()
          .where(and(inQueue, stateFilters[state]))
          .orderBy(asc(layout.createdAt), asc(layout.id))
          .offset(offset)
          .limit(limit),
        db
          .select({
            waiting: sql<number>`count(*) FILTER (WHERE ${stateFilters.waiting})`.mapWith(Number),
            accepted: sql<number>`count(*) FILTER (WHERE ${stateFilters.accepted})`.mapWith(Number),
            returned: sql<number>`count(*) FILTER (WHERE ${stateFilters.returned})`.mapWith(Number),
          })
          .from(layout)
          .innerJoin(orderProduct, eq(orderProduct.id, layout.orderProductId))
          .innerJoin(clientOrder, eq(clientOrder.id, orderProduct.orderId))
          .where(inQueue),
      ]);
      const stateCounts = { waiting: counts?.waiting ?? 0, accepted: counts?.accepted ?? 0, returned: counts?.returned ?? 0 };
      return {
        items: rows.map((row): PrepressQueueItem => {
          const findings = findingsOf(row.layout.findings) ?? [];
          return {
            layoutId: row.layout.id,
            orderId: row.order.id,
            orderNumber: row.order.number,
            orderStatus: row.order.status,
            orderProductId: row.layout.orderProductId,
            productName: row.productName,
            detailName: row.layout.detailName,
            clientName: personName(row.client) ?? "",
            fileName: row.fileName,
            layoutStatus: layoutStatusOf(row.layout.status),
            reason: reasonOf(row.layout) ?? "findings",
            findingCount: findings.length,
            findingCodes: [...new Set(findings.map((finding) => finding.code))].sort((a, b) => a - b),
            approvedByClientAt: row.layout.approvedAt?.toISOString() ?? null,
            uploadedBy:
              row.layout.uploadedById === null ? null : personName(row.uploader),
            decision: row.layout.prepressDecision,
            uploadedAt: row.layout.createdAt.toISOString(),
          };
        }),
        total: stateCounts[state],
        offset,
        limit,
        stateCounts,
      };
    },

    get: present,

    async accept(viewer, layoutId, note, publicOrigin) {
      await decide(viewer, layoutId, "accepted", note, () => Promise.resolve(false));
      return present(layoutId, publicOrigin);
    },

    async returnToClient(viewer, layoutId, message, publicOrigin) {
      await decide(viewer, layoutId, "returned", message, async (tx, found) => {
        // The letter and the notification in the same words (order-mail.ts); essential: always sent.
        return tellClient(tx, { accountId: found.order.accountId, companyId: found.order.companyId, orderId: found.order.id, kind: "order_status" }, (to) =>
          layoutReturnedLetter(to, publicOrigin, found.order, found.layout.detailName, message),
        );
      });
      return present(layoutId, publicOrigin);
    },

    async replace(viewer, layoutId, file, publicOrigin) {
      if (file.sizeBytes > deps.maxLayoutBytes) throw fileTooLarge(deps.maxLayoutBytes);
      const pdf = sniffPdf(file.ends);
      if (!pdf) throw new ShopError({ statusCode: 400, code: "NOT_A_PDF", messageUI: "Загрузите макет в формате PDF", message: "The corrected layout is not a PDF by its content" });
      if (!pdf.complete) {
        throw new ShopError({
          statusCode: 400,
          code: "PDF_TRUNCATED",
          messageUI: "Файл PDF загрузился не полностью или повреждён: загрузите его ещё раз",
          message: "The PDF has no %%EOF near its end",
        });
      }
      // Checked before the file is staged, so a refused replacement leaves nothing behind.
      const owner = await db.transaction(async (tx) => lockDecidable(tx, layoutId));
      const staged = await deps.files.stage({ ownerAccountId: owner.order.accountId, kind: "layout", originalName: file.fileName, contentType: "application/pdf", upload: file });
      let created: { newId: number; orderId: number; clientId: number; orderProductId: number; detailName: string };
      try {
        created = await db.transaction(async (tx) => {
          const found = await lockDecidable(tx, layoutId);
          const [stored] = await tx.insert(storedFile).values(staged.values).returning();
          if (!stored) throw new Error("stored_file insert returned nothing");
          const [inserted] = await tx
            .insert(layout)
            .values({ orderProductId: found.layout.orderProductId, detailName: found.layout.detailName, fileId: stored.id, status: "uploaded", uploadedById: viewer.account.id })
            .returning();
          if (!inserted) throw new Error("layout insert returned nothing");
          await recordAudit(tx, auditActorOf(viewer), {
            objectType: "layout",
            objectId: layoutId,
            action: "replace",
            before: { layoutId, fileId: found.layout.fileId },
            after: { layoutId: inserted.id, fileId: stored.id },
          });
          return { newId: inserted.id, orderId: found.order.id, clientId: found.order.accountId, orderProductId: found.layout.orderProductId, detailName: found.layout.detailName };
        });
      } catch (error) {
        await staged.discard();
        throw error;
      }
      // The corrected file is checked like any upload; the client's quota does not count it (no admit).
      await deps.layouts.startCheck(created.clientId, { orderId: created.orderId, productId: created.orderProductId, detailName: created.detailName });
      return present(created.newId, publicOrigin);
    },
  };
}
