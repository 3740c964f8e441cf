import { and, asc, count, eq, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { EMPLOYEE_DESIGN_PAGE_SIZE } from "../../../shared/contracts/index";
import type { EmployeeDesignOrder, EmployeeDesignOrderList, EmployeeDesignOrderListQuery, EmployeeDesignOrderSummary } from "../../../shared/contracts/index";
import { shopDay } from "../../../shared/domain/index";
import type { Database, DatabaseTransaction } from "../../db/client";
import { account, company } from "../../db/accounts.schema";
import { orderProduct } from "../../db/cart.schema";
import { product } from "../../db/catalog.schema";
import { designOrder, layout } from "../../db/files.schema";
import type { DesignOrderRow } from "../../db/files.schema";
import { storedFile } from "../../db/stored-file.schema";
import type { Viewer } from "../accounts/session.service";
import { kopecksToRoubles } from "../catalog/catalog.mapper";
import { privateFileUrl } from "../files/file.service";
import type { UploadedPart } from "../files/file.service";
import { designStatusOf, findingsOf } from "../files/files.mapper";
import type { LayoutService } from "../files/layout.service";
import { tellClient as tellOrderClient } from "../mail/order-letters";
import { designNewsLetter } from "../mail/order-mail";
import { ShopError } from "../shop-error";
import { auditActorOf, recordAudit } from "./audit";

/*
 * The designers' queue (issue 29): every design order by status, taken by one designer («Взять в
 * работу»), the finished layout uploaded as a layout of the line's detail (checked like any
 * upload) which puts the order in waiting_client, and the shop's own status moves. Every write is
 * one transaction with its audit entry (objectType "design-order"), the client's notification and
 * letter. The client's side (quote, approve, ask for changes) is services/files/design.service.ts.
 */

export interface BackOfficeDesignService {
  list(viewer: Viewer, query: EmployeeDesignOrderListQuery): Promise<EmployeeDesignOrderList>;
  get(id: number, publicOrigin: string): Promise<EmployeeDesignOrder>;
  /** The caller takes a new design order: designer_id, in_work. Taken by someone else: 409 DESIGN_TAKEN; the caller's own again: no change. */
  take(viewer: Viewer, id: number, publicOrigin: string): Promise<EmployeeDesignOrder>;
  /** The designer's finished layout: a layout of the line's detail, its check queued, the order waiting_client. */
  uploadLayout(viewer: Viewer, id: number, file: UploadedPart, publicOrigin: string): Promise<EmployeeDesignOrder>;
  /** in_work (back to work from waiting_client) or cancelled (by the shop, while open). */
  setStatus(viewer: Viewer, id: number, status: "in_work" | "cancelled", publicOrigin: string): Promise<EmployeeDesignOrder>;
}

const OPEN = ["new", "in_work", "waiting_client"];

/** The queue's order: what needs work first, then by due date. */
const STATUS_RANK = sql`CASE ${designOrder.status} WHEN 'new' THEN 0 WHEN 'in_work' THEN 1 WHEN 'waiting_client' THEN 2 WHEN 'done' THEN 3 ELSE 4 END`;

const notFound = () => new ShopError({ statusCode: 404, code: "DESIGN_NOT_FOUND", messageUI: "Заказ дизайна не найден", message: "No such design order" });

const closed = (status: string) =>
  new ShopError({
    statusCode: 409,
    code: "DESIGN_CLOSED",
    messageUI: status === "done" ? "Дизайн уже утверждён клиентом: заказ закрыт" : "Заказ дизайна отменён",
    message: `Design order is ${status}`,
  });

/** The audited fields of a design order. */
function audited(row: DesignOrderRow): Record<string, unknown> {
  return { status: row.status, designerId: row.designerId, resultLayoutId: row.resultLayoutId, approvedAt: row.approvedAt };
}

function fullName(name: string | null, surname: string | null, email: string | null): string {
  const joined = `${name ?? ""} ${surname ?? ""}`.trim();
  return joined || email || "—";
}

export function createBackOfficeDesignService(db: Database, deps: { layouts: LayoutService; now?: () => Date }): BackOfficeDesignService {
  const now = deps.now ?? (() => new Date());
  const designer = alias(account, "designer");

  const baseSelect = () =>
    db
      .select({
        row: designOrder,
        clientName: account.name,
        clientSurname: account.surname,
        clientEmail: account.email,
        companyName: company.name,
        productName: product.name,
        designerName: designer.name,
        designerSurname: designer.surname,
        designerEmail: designer.email,
        cartId: orderProduct.cartId,
        lineOrderId: orderProduct.orderId,
      })
      .from(designOrder)
      .innerJoin(account, eq(account.id, designOrder.accountId))
      .innerJoin(product, eq(product.id, designOrder.productId))
      .leftJoin(company, eq(company.id, designOrder.companyId))
      .leftJoin(designer, eq(designer.id, designOrder.designerId))
      .leftJoin(orderProduct, eq(orderProduct.id, designOrder.orderProductId));

  type Joined = Awaited<ReturnType<ReturnType<typeof baseSelect>["execute"]>>[number];

  function summary(joined: Joined): EmployeeDesignOrderSummary {
    const { row } = joined;
    const today = shopDay(now());
    return {
      id: row.id,
      status: designStatusOf(row.status),
      client: { id: row.accountId, name: fullName(joined.clientName, joined.clientSurname, joined.clientEmail), email: joined.clientEmail },
      companyName: joined.companyName ?? null,
      product: { id: row.productId, name: joined.productName },
      detailName: row.detailName,
      price: kopecksToRoubles(row.priceKopecks),
      dueDate: row.dueDate,
      overdue: row.dueDate !== null && OPEN.includes(row.status) && row.dueDate < today,
      designer: row.designerId === null ? null : { id: row.designerId, name: fullName(joined.designerName, joined.designerSurname, joined.designerEmail) },
      orderId: joined.lineOrderId ?? row.orderId,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function get(id: number, publicOrigin: string): Promise<EmployeeDesignOrder> {
    const [joined] = await baseSelect().where(eq(designOrder.id, id));
    if (!joined) throw notFound();
    const { row } = joined;
    let resultLayout: EmployeeDesignOrder["resultLayout"] = null;
    if (row.resultLayoutId !== null) {
      const [found] = await db.select({ layout, file: storedFile }).from(layout).innerJoin(storedFile, eq(storedFile.id, layout.fileId)).where(eq(layout.id, row.resultLayoutId));
      if (found) {
        resultLayout = {
          layoutId: found.layout.id,
          fileUrl: privateFileUrl(publicOrigin, found.file.id),
          fileName: found.file.originalName,
          status: found.layout.status,
          findings: findingsOf(found.layout.findings ?? null),
          approvedAt: found.layout.approvedAt?.toISOString() ?? null,
          uploadedAt: found.layout.createdAt.toISOString(),
        };
      }
    }
    return {
      ...summary(joined),
      comment: row.comment,
      annotatedFileUrl: row.annotatedFileId === null ? null : privateFileUrl(publicOrigin, row.annotatedFileId),
      cartId: joined.lineOrderId === null ? (joined.cartId ?? null) : null,
      orderProductId: row.orderProductId,
      resultLayout,
      approvedAt: row.approvedAt?.toISOString() ?? null,
    };
  }

  async function rowOf(id: number): Promise<DesignOrderRow> {
    const [row] = await db.select().from(designOrder).where(eq(designOrder.id, id));
    if (!row) throw notFound();
    return row;
  }

  /**
   * The client's notification and letter about a design order's news, in `tx`, through the order
   * letters' template (order-mail.ts): a result (the layout to approve, done, cancelled) always goes,
   * «taken into work» is news the client may turn off.
   */
  async function tellClient(tx: DatabaseTransaction, row: DesignOrderRow, title: string, body: string, publicOrigin: string): Promise<void> {
    const result = row.status === "waiting_client" || row.status === "done" || row.status === "cancelled";
    await tellOrderClient(tx, { accountId: row.accountId, companyId: row.companyId, orderId: row.orderId, designOrderId: row.id, kind: "design_status" }, (to) =>
      designNewsLetter(to, publicOrigin, row.id, title, body, result),
    );
  }

  /** Moves a design order from the status just read (a parallel change wins: then 409), with audit and the client's news. */
  async function move(
    viewer: Viewer,
    before: DesignOrderRow,
    action: string,
    changes: Partial<Pick<DesignOrderRow, "status" | "designerId" | "resultLayoutId" | "approvedAt">>,
    news: { title: string; body: string } | null,
    publicOrigin: string,
  ): Promise<void> {
    const moved = await db.transaction(async (tx) => {
      const [after] = await tx
        .update(designOrder)
        .set({ ...changes, updatedAt: now() })
        .where(and(eq(designOrder.id, before.id), eq(designOrder.status, before.status)))
        .returning();
      if (!after) return false;
      await recordAudit(tx, auditActorOf(viewer), { objectType: "design-order", objectId: after.id, action, before: audited(before), after: audited(after) });
      if (news) await tellClient(tx, after, news.title, news.body, publicOrigin);
      return true;
    });
    if (!moved) {
      throw new ShopError({
        statusCode: 409,
        code: "DESIGN_CHANGED",
        messageUI: "Заказ дизайна только что изменился: обновите страницу",
        message: `Design order ${before.id} changed meanwhile`,
      });
    }
  }

  return {
    async list(viewer, query) {
      const page = query.page ?? 1;
      const mine = query.mine === "1" ? eq(designOrder.designerId, viewer.account.id) : undefined;
      const filters: SQL[] = [];
      if (mine) filters.push(mine);
      if (query.status) filters.push(eq(designOrder.status, query.status));
      const where = filters.length ? and(...filters) : undefined;
      const rows = await baseSelect()
        .where(where)
        .orderBy(STATUS_RANK, sql`${designOrder.dueDate} ASC NULLS LAST`, asc(designOrder.id))
        .limit(EMPLOYEE_DESIGN_PAGE_SIZE)
        .offset((page - 1) * EMPLOYEE_DESIGN_PAGE_SIZE);
      const counts = await db.select({ status: designOrder.status, n: count() }).from(designOrder).where(mine).groupBy(designOrder.status);
      const statusCounts = Object.fromEntries(counts.map((item) => [item.status, item.n]));
      const total = query.status ? (statusCounts[query.status] ?? 0) : counts.reduce((sum, item) => sum + item.n, 0);
      return { items: rows.map(summary), total, page, pageSize: EMPLOYEE_DESIGN_PAGE_SIZE, statusCounts };
    },

    get,

    async take(viewer, id, publicOrigin) {
      const row = await rowOf(id);
      if (row.designerId === viewer.account.id && row.status !== "new") {
        if (!OPEN.includes(row.status)) throw closed(row.status);
        return get(id, publicOrigin);
      }
      if (row.designerId !== null && row.designerId !== viewer.account.id) {
        const current = await get(id, publicOrigin);
        throw new ShopError({
          statusCode: 409,
          code: "DESIGN_TAKEN",
          messageUI: `Заказ дизайна уже взял в работу другой дизайнер: ${current.designer?.name ?? "—"}`,
          message: `Design order ${id} is taken by ${row.designerId}`,
        });
      }
      if (row.status !== "new") throw closed(row.status);
      await move(viewer, row, "take", { status: "in_work", designerId: viewer.account.id }, { title: `Дизайнер взял в работу заказ дизайна № ${row.id}`, body: `Деталь «${row.detailName}».` }, publicOrigin).catch(
        async (error: unknown) => {
          // Taken by someone else between the read and the write: answer as for a taken order.
          const latest = await rowOf(id);
          if (latest.designerId !== null && latest.designerId !== viewer.account.id) {
            throw new ShopError({ statusCode: 409, code: "DESIGN_TAKEN", messageUI: "Заказ дизайна уже взял в работу другой дизайнер", message: `Design order ${id} was taken meanwhile` });
          }
          throw error;
        },
      );
      return get(id, publicOrigin);
    },

    async uploadLayout(viewer, id, file, publicOrigin) {
      const row = await rowOf(id);
      if (row.status === "new") {
        throw new ShopError({ statusCode: 409, code: "DESIGN_NOT_TAKEN", messageUI: "Сначала возьмите заказ дизайна в работу", message: "Design order is new" });
      }
      if (!OPEN.includes(row.status)) throw closed(row.status);
      if (row.designerId !== viewer.account.id && !viewer.account.roles.includes("admin")) {
        throw new ShopError({ statusCode: 409, code: "DESIGN_TAKEN", messageUI: "Этот заказ дизайна ведёт другой дизайнер", message: `Design order ${id} is taken by ${row.designerId}` });
      }
      if (row.orderProductId === null) {
        throw new ShopError({ statusCode: 409, code: "ORDER_PRODUCT_NOT_FOUND", messageUI: "Строки заказа больше нет: макет загрузить некуда", message: "The design order's line is gone" });
      }
      // Stored as the client's layout of the detail (the client's file, uploaded by the designer) and checked like any upload.
      const uploaded = await deps.layouts.uploadLayout(row.accountId, { orderProductId: String(row.orderProductId), detailName: row.detailName }, file, publicOrigin, viewer.account.id);
      const { line } = await deps.layouts.lineOf(row.accountId, row.orderProductId);
      await deps.layouts.startCheck(row.accountId, { orderId: line.orderId ?? line.cartId ?? 0, productId: line.id, detailName: row.detailName });
      const fresh = await rowOf(id);
      await move(
        viewer,
        fresh,
        "upload-layout",
        { status: "waiting_client", resultLayoutId: uploaded.id, approvedAt: null },
        { title: `Дизайнер прислал макет по заказу дизайна № ${row.id}`, body: `Деталь «${row.detailName}»: посмотрите макет в корзине и утвердите его или попросите правки.` },
        publicOrigin,
      );
      return get(id, publicOrigin);
    },

    async setStatus(viewer, id, status, publicOrigin) {
      const row = await rowOf(id);
      if (row.status === status) return get(id, publicOrigin);
      if (!OPEN.includes(row.status)) throw closed(row.status);
      if (status === "in_work" && row.status !== "waiting_client") {
        throw new ShopError({
          statusCode: 409,
          code: "DESIGN_STATUS_FORBIDDEN",
          messageUI: "Вернуть в работу можно только заказ, который ждёт клиента; новый заказ возьмите в работу",
          message: `in_work from ${row.status}`,
        });
      }
      const news =
        status === "cancelled"
          ? { title: `Заказ дизайна № ${row.id} отменён типографией`, body: `Деталь «${row.detailName}».` }
          : { title: `Дизайнер продолжает работу над заказом дизайна № ${row.id}`, body: `Деталь «${row.detailName}».` };
      await move(viewer, row, `status:${status}`, { status }, news, publicOrigin);
      return get(id, publicOrigin);
    },
  };
}

