import { and, count, desc, eq, inArray, isNull, max, ne, or } from "drizzle-orm";
import { DOCUMENT_LIST_DEFAULT_LIMIT } from "../../../shared/contracts/index";
import type { DocumentListPage, OrderDocument } from "../../../shared/contracts/index";
import type { Database } from "../../db/client";
import { notification } from "../../db/mail.schema";
import { clientOrder, orderStatusEvent } from "../../db/schema";
import type { ClientOrderRow } from "../../db/schema";
import { kopecksToRoubles } from "../catalog/catalog.mapper";

/*
 * The account area's documents (issue 15): for each order of an account, its invoice (orders paid
 * by invoice, while not cancelled) and its closing document, «Акт выполненных работ», once the order
 * is shipped or done; for a company's finished order also its УПД, and for an order paid by card
 * the receipt's page (issue 30). The documents are made by the order service
 * (`GET /client-order/{id}/invoice`, `…/act`, `…/upd`, `…/receipt`); this lists them.
 */

/** An order is finished — the work is done and an act can close it — once shipped or done. */
export const FINISHED_ORDER_STATUSES = ["shipped", "done"] as const;

export function isFinishedOrder(row: Pick<ClientOrderRow, "status">): boolean {
  return FINISHED_ORDER_STATUSES.some((status) => status === row.status);
}

export function invoiceDocumentUrl(publicOrigin: string, orderId: number): string {
  return `${publicOrigin}/api/client-order/${orderId}/invoice`;
}

export function actDocumentUrl(publicOrigin: string, orderId: number): string {
  return `${publicOrigin}/api/client-order/${orderId}/act`;
}

export function updDocumentUrl(publicOrigin: string, orderId: number): string {
  return `${publicOrigin}/api/client-order/${orderId}/upd`;
}

export function receiptDocumentUrl(publicOrigin: string, orderId: number): string {
  return `${publicOrigin}/api/client-order/${orderId}/receipt`;
}

/**
 * The day the work of each order was finished, the act's date: when it last became «shipped» or
 * «done» by its timeline (order_status_event, issue 30); an order of the timeline without such an
 * event, when it was paid, else placed. An order from before the timeline (no events): when the
 * client was last told of its status (the news of «shipped» or «done»), else paid, else placed.
 */
export async function closingDates(db: Database, orders: Pick<ClientOrderRow, "id" | "paidAt" | "createdAt">[]): Promise<Map<number, Date>> {
  const ids = orders.map((order) => order.id);
  const news =
    ids.length === 0
      ? []
      : await db
          .select({ orderId: notification.orderId, at: max(notification.createdAt) })
          .from(notification)
          .where(and(inArray(notification.orderId, ids), eq(notification.kind, "order_status")))
          .groupBy(notification.orderId);
  const told = new Map(news.flatMap((item) => (item.orderId === null || item.at === null ? [] : [[item.orderId, item.at] as const])));
  const events = ids.length === 0 ? [] : await db.select({ orderId: orderStatusEvent.orderId, status: orderStatusEvent.status, at: orderStatusEvent.at }).from(orderStatusEvent).where(inArray(orderStatusEvent.orderId, ids));
  const finishedAt = (orderId: number): Date | null =>
    events
      .filter((event) => event.orderId === orderId && FINISHED_ORDER_STATUSES.some((status) => status === event.status))
      .reduce<Date | null>((latest, event) => (latest === null || event.at > latest ? event.at : latest), null);
  return new Map(
    orders.map((order) => {
      const ofTimeline = events.some((event) => event.orderId === order.id);
      return [order.id, (ofTimeline ? finishedAt(order.id) : told.get(order.id)) ?? order.paidAt ?? order.createdAt];
    }),
  );
}

export interface DocumentListInput {
  clientId: number;
  /** null: the personal profile's orders. */
  companyId: number | null;
  offset?: number | undefined;
  limit?: number | undefined;
}

/** `GET /client-account/documents`: the account's documents, newest order first, paged by orders. */
export async function listOrderDocuments(db: Database, input: DocumentListInput, publicOrigin: string): Promise<DocumentListPage> {
  const offset = input.offset ?? 0;
  const limit = input.limit ?? DOCUMENT_LIST_DEFAULT_LIMIT;
  const where = and(
    eq(clientOrder.accountId, input.clientId),
    input.companyId === null ? isNull(clientOrder.companyId) : eq(clientOrder.companyId, input.companyId),
    or(
      and(eq(clientOrder.paymentType, "Invoice"), ne(clientOrder.status, "cancelled")),
      inArray(clientOrder.status, [...FINISHED_ORDER_STATUSES]),
      and(eq(clientOrder.paymentType, "Yookassa"), eq(clientOrder.paymentStatus, "paid")),
    ),
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(clientOrder).where(where).orderBy(desc(clientOrder.createdAt), desc(clientOrder.id)).offset(offset).limit(limit),
    db.select({ total: count() }).from(clientOrder).where(where),
  ]);
  const finished = rows.filter(isFinishedOrder);
  const dates = await closingDates(db, finished);
  const items = rows.flatMap((row): OrderDocument[] => {
    const common = { orderId: row.id, orderNumber: row.number, number: row.number, total: kopecksToRoubles(row.totalKopecks) };
    const closed = (dates.get(row.id) ?? row.createdAt).toISOString();
    const act: OrderDocument[] = isFinishedOrder(row) ? [{ ...common, kind: "act", date: closed, url: actDocumentUrl(publicOrigin, row.id) }] : [];
    const upd: OrderDocument[] = isFinishedOrder(row) && row.companyId !== null ? [{ ...common, kind: "upd", date: closed, url: updDocumentUrl(publicOrigin, row.id) }] : [];
    const invoice: OrderDocument[] =
      row.paymentType === "Invoice" && row.status !== "cancelled" ? [{ ...common, kind: "invoice", date: row.createdAt.toISOString(), url: invoiceDocumentUrl(publicOrigin, row.id) }] : [];
    const receipt: OrderDocument[] =
      row.paymentType === "Yookassa" && row.paymentStatus === "paid"
        ? [{ ...common, kind: "receipt", date: (row.paidAt ?? row.createdAt).toISOString(), url: receiptDocumentUrl(publicOrigin, row.id) }]
        : [];
    return [...act, ...upd, ...invoice, ...receipt];
  });
  return { items, total: total?.total ?? 0, offset, limit };
}
