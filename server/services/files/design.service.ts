import { and, eq, inArray } from "drizzle-orm";
import type { DesignOrder, DesignOrderCreate, DesignOrderPatch } from "../../../shared/contracts/index";
import type { Database } from "../../db/client";
import { orderProduct } from "../../db/cart.schema";
import { designOrder } from "../../db/files.schema";
import { storedFile } from "../../db/stored-file.schema";
import type { DesignOrderRow } from "../../db/files.schema";
import { toDesignOrder } from "./files.mapper";
import type { FileService } from "./file.service";
import type { LayoutService } from "./layout.service";
import { recordNotification } from "../mail/notification-record";
import { ShopError } from "../shop-error";

/*
 * Design ordered from the shop for one detail of an order line (spec §3 Design): new → in_work →
 * done, or cancelled by the client while still new. Only the client (or the employee acting for
 * him) sees his design orders; anyone else gets "not found".
 */

export interface DesignService {
  create(clientId: number, input: DesignOrderCreate, publicOrigin: string): Promise<DesignOrder>;
  update(clientId: number, designId: number, input: DesignOrderPatch, publicOrigin: string): Promise<DesignOrder>;
  cancel(clientId: number, designId: number, publicOrigin: string): Promise<DesignOrder>;
  /**
   * Staff: the designer takes the order into work, finishes or cancels it; the client is told in
   * «Уведомления» (in the same transaction). A closed order (done, cancelled) is a 409; the same
   * status again changes nothing.
   */
  setStatus(designId: number, status: "in_work" | "done" | "cancelled", publicOrigin: string): Promise<DesignOrder>;
}

/** What the client reads when the shop moves a design order. */
const STATUS_NEWS: Readonly<Record<"in_work" | "done" | "cancelled", (id: number) => string>> = {
  in_work: (id) => `Дизайнер взял в работу заказ дизайна № ${id}`,
  done: (id) => `Дизайн готов: заказ дизайна № ${id}`,
  cancelled: (id) => `Заказ дизайна № ${id} отменён типографией`,
};

const designNotFound = () =>
  new ShopError({ statusCode: 404, code: "DESIGN_NOT_FOUND", messageUI: "Заказ дизайна не найден", message: "No such design order for this client" });

const OPEN_STATUSES = ["new", "in_work"];

export function createDesignService(db: Database, layouts: LayoutService, files: Pick<FileService, "dropUnreferenced" | "removeStored">): DesignService {
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

    async setStatus(designId, status, publicOrigin) {
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
      if (!updated) return this.setStatus(designId, status, publicOrigin);
      return present(updated, publicOrigin);
    },
  };
}
