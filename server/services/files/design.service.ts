import { and, desc, eq, inArray } from "drizzle-orm";
import type { DesignOrder, DesignOrderCreate, DesignOrderPatch, DesignQuote } from "../../../shared/contracts/index";
import type { Database } from "../../db/client";
import { orderProduct } from "../../db/cart.schema";
import { account } from "../../db/accounts.schema";
import { designMessage } from "../../db/schema";
import { designOrder, layout } from "../../db/files.schema";
import { storedFile } from "../../db/stored-file.schema";
import type { DesignOrderRow } from "../../db/files.schema";
import { toDesignOrder } from "./files.mapper";
import type { FileService } from "./file.service";
import type { LayoutService } from "./layout.service";
import { recordNotification } from "../mail/notification-record";
import { queueMail } from "../mail/mail-outbox";
import { auditActorOf, recordAudit } from "../backoffice/audit";
import { designNewsForDesigner } from "../backoffice/design-mail";
import type { Viewer } from "../accounts/session.service";
import { kopecksToRoubles } from "../catalog/catalog.mapper";
import { quoteDesign } from "./design-quote";
import { ShopError } from "../shop-error";

/*
 * Design ordered from the shop for one detail of an order line (spec §3 Design): new → in_work →
 * waiting_client (the designer's layout waits for the client) → done once the client approves it,
 * or back to in_work when the client asks for changes; cancelled by the client while still new.
 * The price and due date come from the catalogue's design service (design-quote.ts) and are kept
 * as they were when the order was made. Only the client (or the employee acting for him) sees his
 * design orders; anyone else gets "not found". The designers' side is services/backoffice/design.service.ts.
 */

export interface DesignService {
  /** What a design of the line's product costs and when it is ready, were it ordered now. */
  quote(clientId: number, orderProductId: number): Promise<DesignQuote>;
  create(clientId: number, input: DesignOrderCreate, publicOrigin: string): Promise<DesignOrder>;
  /**
   * The client approves the designer's layout (status waiting_client): it becomes the detail's
   * approved layout, the design order is done; the designer gets a letter. Anything else is a 409.
   */
  approve(clientId: number, designId: number, publicOrigin: string): Promise<DesignOrder>;
  /** The client asks for changes to the designer's layout: the text is a message, the order goes back to in_work, the designer gets a letter. */
  requestChanges(clientId: number, authorId: number, designId: number, text: string, publicOrigin: string): Promise<DesignOrder>;
  update(clientId: number, designId: number, input: DesignOrderPatch, publicOrigin: string): Promise<DesignOrder>;
  cancel(clientId: number, designId: number, publicOrigin: string): Promise<DesignOrder>;
  /**
   * Staff: the designer takes the order into work, finishes or cancels it; the client is told in
   * «Уведомления» and the change is audited (objectType "design-order"), in the same transaction.
   * A closed order (done, cancelled) is a 409; the same status again changes nothing.
   */
  setStatus(viewer: Viewer, designId: number, status: "in_work" | "done" | "cancelled", publicOrigin: string): Promise<DesignOrder>;
}

/** What the client reads when the shop moves a design order. */
const STATUS_NEWS: Readonly<Record<"in_work" | "done" | "cancelled", (id: number) => string>> = {
  in_work: (id) => `Дизайнер взял в работу заказ дизайна № ${id}`,
  done: (id) => `Дизайн готов: заказ дизайна № ${id}`,
  cancelled: (id) => `Заказ дизайна № ${id} отменён типографией`,
};

const designNotFound = () =>
  new ShopError({ statusCode: 404, code: "DESIGN_NOT_FOUND", messageUI: "Заказ дизайна не найден", message: "No such design order for this client" });

const OPEN_STATUSES = ["new", "in_work", "waiting_client"];

const notWaiting = (status: string) =>
  new ShopError({
    statusCode: 409,
    code: "DESIGN_NOT_WAITING",
    messageUI:
      status === "done"
        ? "Макет уже утверждён"
        : status === "cancelled"
          ? "Заказ дизайна отменён"
          : "Дизайнер ещё не прислал макет: утвердить или вернуть его пока нельзя",
    message: `Design order is ${status}, not waiting_client`,
  });

export function createDesignService(
  db: Database,
  layouts: LayoutService,
  files: Pick<FileService, "dropUnreferenced" | "removeStored">,
  now: () => Date = () => new Date(),
): DesignService {
  /** The designer's e-mail, for the letters about the client's answer; null without a designer or an address. */
  async function designerEmail(designerId: number | null): Promise<string | null> {
    if (designerId === null) return null;
    const [row] = await db.select({ email: account.email }).from(account).where(eq(account.id, designerId));
    return row?.email ?? null;
  }

  async function present(row: DesignOrderRow, publicOrigin: string): Promise<DesignOrder> {
    let line: { cartId: number | null; orderId: number | null } | null = null;
    if (row.orderProductId !== null) {
      const [found] = await db.select({ cartId: orderProduct.cartId, orderId: orderProduct.orderId }).from(orderProduct).where(eq(orderProduct.id, row.orderProductId));
      line = found ?? null;
    }
    const checkId = row.orderProductId === null ? null : await layouts.latestCheckId(row.orderProductId, row.detailName);
    return toDesignOrder(row, line, checkId, publicOrigin);
  }

  async function own(clientId: number, designId: number): Promise<DesignOrderRow> {
    const [row] = await db.select().from(designOrder).where(and(eq(designOrder.id, designId), eq(designOrder.accountId, clientId)));
    if (!row) throw designNotFound();
    return row;
  }

  return {
    async quote(clientId, orderProductId) {
      const { line } = await layouts.lineOf(clientId, orderProductId);
      const quote = await quoteDesign(db, line.productId, now());
      return { serviceName: quote.serviceName, price: kopecksToRoubles(quote.priceKopecks), productionDays: quote.productionDays, dueDate: quote.dueDate };
    },

    async create(clientId, input, publicOrigin) {
      const orderProductId = input.orderProductId ?? input.productId;
      if (orderProductId === undefined) throw designNotFound();
      const { line, companyId } = await layouts.lineOf(clientId, orderProductId);
      if (input.orderId !== undefined && line.cartId !== input.orderId && line.orderId !== input.orderId) {
        throw new ShopError({ statusCode: 404, code: "ORDER_PRODUCT_NOT_FOUND", messageUI: "Строка заказа не найдена", message: "The line is not in that cart or order" });
      }
      const details = await layouts.layoutDetailsOf(line);
      const detail = details.find((candidate) => candidate.name === input.detailName);
      if (!detail) {
        throw new ShopError({
          statusCode: 400,
          code: "UNKNOWN_DETAIL",
          messageUI: details.length ? `У этого товара есть детали: ${details.map((item) => `«${item.name}»`).join(", ")}` : "Для этого товара дизайн не заказывается",
          message: `Detail "${input.detailName}" is not a layout detail of line ${line.id}`,
        });
      }
      const [open] = await db
        .select({ id: designOrder.id })
        .from(designOrder)
        .where(and(eq(designOrder.orderProductId, line.id), eq(designOrder.detailName, detail.name), inArray(designOrder.status, OPEN_STATUSES)));
      if (open) {
        throw new ShopError({ statusCode: 409, code: "DESIGN_ALREADY_ORDERED", messageUI: "Дизайн этой детали уже заказан", message: `Design order ${open.id} is open` });
      }
      // The price and the due date the client was quoted, kept from now on whatever the catalogue does later.
      const quote = await quoteDesign(db, line.productId, now());
      const [row] = await db
        .insert(designOrder)
        .values({
          accountId: clientId,
          companyId,
          orderProductId: line.id,
          orderId: line.orderId,
          productId: line.productId,
          detailName: detail.name,
          comment: input.comment,
          priceKopecks: quote.priceKopecks,
          dueDate: quote.dueDate,
        })
        .returning();
      if (!row) throw new Error("design_order insert returned nothing");
      return present(row, publicOrigin);
    },

    async update(clientId, designId, input, publicOrigin) {
      const row = await own(clientId, designId);
      if (!OPEN_STATUSES.includes(row.status)) {
        throw new ShopError({ statusCode: 409, code: "DESIGN_CLOSED", messageUI: "Заказ дизайна уже закрыт: изменить его нельзя", message: `Design order is ${row.status}` });
      }
      if (input.annotatedFileId !== undefined && input.annotatedFileId !== null) {
        const [file] = await db
          .select({ id: storedFile.id })
          .from(storedFile)
          .where(and(eq(storedFile.id, input.annotatedFileId), eq(storedFile.ownerAccountId, clientId), inArray(storedFile.kind, ["annotation", "layout"])));
        if (!file) {
          throw new ShopError({
            statusCode: 400,
            code: "ANNOTATED_FILE_NOT_FOUND",
            messageUI: "Файл с пометками не найден: загрузите его ещё раз",
            message: "annotatedFileId is not the client's annotation or layout",
            issues: [{ field: "annotatedFileId", messageUI: "Файл с пометками не найден: загрузите его ещё раз" }],
          });
        }
      }
      // The annotated PDF it replaces goes when nothing else refers to it: its row in the same
      // transaction, its bytes after the commit.
      const replacedFileId = input.annotatedFileId !== undefined && row.annotatedFileId !== null && row.annotatedFileId !== input.annotatedFileId ? row.annotatedFileId : null;
      const { updated, dropped } = await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(designOrder)
          .set({
            ...(input.comment !== undefined ? { comment: input.comment } : {}),
            ...(input.annotatedFileId !== undefined ? { annotatedFileId: input.annotatedFileId } : {}),
            updatedAt: new Date(),
          })
          .where(eq(designOrder.id, row.id))
          .returning();
        return { updated: changed, dropped: replacedFileId === null ? [] : await files.dropUnreferenced(tx, [replacedFileId]) };
      });
      if (!updated) throw designNotFound();
      await files.removeStored(dropped);
      return present(updated, publicOrigin);
    },

    async cancel(clientId, designId, publicOrigin) {
      const row = await own(clientId, designId);
      if (row.status === "cancelled") return present(row, publicOrigin);
      if (row.status !== "new") {
        throw new ShopError({
          statusCode: 409,
          code: "DESIGN_NOT_CANCELLABLE",
          messageUI: row.status === "done" ? "Дизайн уже готов: отменить заказ нельзя" : "Дизайнер уже работает над заказом: отменить его нельзя",
          message: `Design order is ${row.status}`,
        });
      }
      const [updated] = await db
        .update(designOrder)
        .set({ status: "cancelled", updatedAt: new Date() })
        .where(and(eq(designOrder.id, row.id), eq(designOrder.status, "new")))
        .returning();
      // Taken into work between the read and the update: answer as for in_work.
      if (!updated) return this.cancel(clientId, designId, publicOrigin);
      return present(updated, publicOrigin);
    },

    async approve(clientId, designId, publicOrigin) {
      const row = await own(clientId, designId);
      if (row.status !== "waiting_client" || row.resultLayoutId === null || row.orderProductId === null) throw notWaiting(row.status);
      // The designer's layout must still be the detail's current one (a newer upload replaces it).
      const [current] = await db
        .select({ id: layout.id })
        .from(layout)
        .where(and(eq(layout.orderProductId, row.orderProductId), eq(layout.detailName, row.detailName)))
        .orderBy(desc(layout.id))
        .limit(1);
      if (current?.id !== row.resultLayoutId) throw notWaiting("in_work");
      // Through the layouts' own approval: someone else's line is a 404, an order in production a 409.
      await layouts.setApproval(clientId, row.resultLayoutId, true, publicOrigin);
      const email = await designerEmail(row.designerId);
      const updated = await db.transaction(async (tx) => {
        const at = now();
        const [changed] = await tx
          .update(designOrder)
          .set({ status: "done", approvedAt: at, updatedAt: at })
          .where(and(eq(designOrder.id, row.id), eq(designOrder.status, "waiting_client")))
          .returning();
        if (!changed) return null;
        if (email) {
          await queueMail(tx, designNewsForDesigner(email, publicOrigin, changed.id, `Клиент утвердил макет по заказу дизайна № ${changed.id}`, `Деталь «${changed.detailName}».`));
        }
        return changed;
      });
      if (!updated) throw notWaiting((await own(clientId, designId)).status);
      return present(updated, publicOrigin);
    },

    async requestChanges(clientId, authorId, designId, text, publicOrigin) {
      const row = await own(clientId, designId);
      if (row.status !== "waiting_client") throw notWaiting(row.status);
      const email = await designerEmail(row.designerId);
      const updated = await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(designOrder)
          .set({ status: "in_work", updatedAt: now() })
          .where(and(eq(designOrder.id, row.id), eq(designOrder.status, "waiting_client")))
          .returning();
        if (!changed) return null;
        await tx.insert(designMessage).values({ designOrderId: changed.id, authorId, text });
        if (email) {
          await queueMail(tx, designNewsForDesigner(email, publicOrigin, changed.id, `Клиент просит правки по заказу дизайна № ${changed.id}`, text));
        }
        return changed;
      });
      if (!updated) throw notWaiting((await own(clientId, designId)).status);
      return present(updated, publicOrigin);
    },

    async setStatus(viewer, designId, status, publicOrigin) {
      const [row] = await db.select().from(designOrder).where(eq(designOrder.id, designId));
      if (!row) throw designNotFound();
      if (row.status === status) return present(row, publicOrigin);
      if (!OPEN_STATUSES.includes(row.status)) {
        throw new ShopError({
          statusCode: 409,
          code: "DESIGN_CLOSED",
          messageUI: row.status === "done" ? "Дизайн уже готов: статус не меняется" : "Заказ дизайна отменён: статус не меняется",
          message: `Design order is ${row.status}`,
        });
      }
      const updated = await db.transaction(async (tx) => {
        // Only from the status just read: a parallel change (the client's cancel) wins, and this one answers 409 below.
        const [changed] = await tx
          .update(designOrder)
          .set({ status, updatedAt: new Date() })
          .where(and(eq(designOrder.id, row.id), eq(designOrder.status, row.status)))
          .returning();
        if (!changed) return null;
        await recordAudit(tx, auditActorOf(viewer), {
          objectType: "design-order",
          objectId: changed.id,
          action: `status:${status}`,
          before: { status: row.status },
          after: { status: changed.status },
        });
        await recordNotification(tx, {
          accountId: changed.accountId,
          companyId: changed.companyId,
          kind: "design_status",
          orderId: changed.orderId,
          designOrderId: changed.id,
          title: STATUS_NEWS[status](changed.id),
          body: `Деталь «${changed.detailName}».`,
        });
        return changed;
      });
      if (!updated) return this.setStatus(viewer, designId, status, publicOrigin);
      return present(updated, publicOrigin);
    },
  };
}
