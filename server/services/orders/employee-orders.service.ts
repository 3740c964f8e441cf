import { and, asc, count, desc, eq, or, sql } from "drizzle-orm";
import type { AnyColumn, SQL } from "drizzle-orm";
import { EMPLOYEE_ORDER_LIST_DEFAULT_LIMIT, ORDER_STATUS_LABELS, orderStatusValues } from "../../../shared/contracts/index";
import type { EmployeeOrder, EmployeeOrderListPage, OrderStatus, OrderStatusChange, OrderStatusCounts } from "../../../shared/contracts/index";
import type { Database, DatabaseTransaction } from "../../db/client";
import { account, balanceEntry, clientOrder, company, designOrder, orderProduct, orderStatusCount } from "../../db/schema";
import type { AccountRow, ClientOrderRow, PaymentRefundRow, PaymentSettlementRow } from "../../db/schema";
import type { PaymentService } from "./payment.service";
import { toDesignOrder } from "../files/files.mapper";
import type { LayoutService } from "../files/layout.service";
import type { MailOutbox } from "../mail/mail-outbox";
import { pickupPlaceOf, tellClient } from "../mail/order-letters";
import { handedToDeliveryLetter, paymentReceivedLetter, readyForPickupLetter, statusChangedLetter } from "../mail/order-mail";
import type { LetterRecipient, OrderLetter } from "../mail/order-mail";
import { auditActorOf, recordAudit } from "../backoffice/audit";
import { recordStatusEvent, timelinesOf, trackingOf } from "./order-timeline";
import { formatBalance } from "./balance.service";
import { toOrderSummary } from "./order.mapper";
import type { OrderService } from "./order.service";
import type { Viewer } from "../accounts/session.service";
import { ShopError } from "../shop-error";
import { returnedLayoutsOf } from "../backoffice/prepress.service";

/*
 * The employee's panel over every client's orders (issue 15): the list with its filters, one order
 * with the client, the company and the lines' design orders, and the status change that tells the
 * client in «Уведомления» (the notification is written in the same transaction as the change).
 *
 * Status rules (server/docs/prices-and-orders.md "Employee orders"):
 * - new → paid (only an order paid by invoice: the bank transfer arrived; cards and the balance
 *   mark themselves paid), new → in_production (work starts before payment), new → cancelled;
 * - paid → in_production | cancelled; in_production → shipped | cancelled; shipped → done | cancelled;
 * - done and cancelled are final. Setting the status the order already has changes nothing (200,
 *   no second notification); any other move is 409 ORDER_STATUS_FORBIDDEN.
 * Moving to paid marks the payment paid; cancelling an unpaid order cancels its payment. Cancelling
 * a paid order returns its money (issue 30, server/docs/receipts.md): a card payment by a ЮKassa
 * refund with its receipt, a balance payment back to the balance; a bank transfer by the accounting.
 * Handing a card-paid order over (shipped; done, should it ever come first or the payment arrive
 * late) records its settlement receipt («полный расчёт») once, sent to ЮKassa after the commit.
 */

export interface EmployeeOrderListInput {
  status?: OrderStatus | undefined;
  clientId?: number | undefined;
  search?: string | undefined;
  offset?: number | undefined;
  limit?: number | undefined;
}

export interface EmployeeOrderService {
  /** `GET /employee/order`: every client's orders, newest first, with the counts per status. */
  list(employee: Viewer, query: EmployeeOrderListInput): Promise<EmployeeOrderListPage>;
  /** `GET /employee/order/{id}`: any client's order; 404 when there is none. */
  get(employee: Viewer, orderId: number, publicOrigin: string): Promise<EmployeeOrder>;
  /** `PATCH /employee/order/{id}/status`: 409 for a move the rules forbid. */
  changeStatus(employee: Viewer, orderId: number, status: OrderStatus, publicOrigin: string, tracking?: StatusTracking): Promise<EmployeeOrder>;
}

export interface EmployeeOrderServiceDeps {
  orders: Pick<OrderService, "readAnyOrder">;
  layouts: Pick<LayoutService, "latestCheckId">;
  /** The refund of a cancelled card order and the settlement receipt of a handed-over one (recorded in the status change's transaction, sent after it). */
  payments: Pick<PaymentService, "recordRefund" | "sendRefund" | "recordSettlement" | "sendSettlement">;
  now?: () => Date;
  /** Woken after a status change queued its letter (issue 30). */
  mail?: Pick<MailOutbox, "wake">;
}

/** The carrier and tracking number set with «shipped». */
export type StatusTracking = NonNullable<OrderStatusChange["tracking"]>;

/**
 * The letter of a status an employee set (server/docs/letters.md): «paid» is the payment letter;
 * «shipped» is «готов к выдаче» for a self-pickup order (it waits at the shop's point) and «передан в
 * доставку» with the carrier's tracking otherwise; the others are status news.
 */
/** What a status change leaves to do after its commit: wake the outbox, send a refund or a settlement receipt. */
interface StatusChangeOutcome {
  mailed: boolean;
  refund: PaymentRefundRow | null;
  settlement: PaymentSettlementRow | null;
}

async function statusLetter(
  tx: DatabaseTransaction,
  before: ClientOrderRow,
  row: ClientOrderRow,
  publicOrigin: string,
  moneyBack: string | null,
): Promise<(to: LetterRecipient) => OrderLetter> {
  const status = isOrderStatus(row.status) ? row.status : "new";
  if (status === "paid") return (to) => paymentReceivedLetter(to, publicOrigin, row, "Оплата по счёту поступила");
  if (status === "shipped") {
    const tracking = trackingOf(row);
    const pickup = tracking ? null : await pickupPlaceOf(tx, row.id);
    if (pickup) return (to) => readyForPickupLetter(to, publicOrigin, row, pickup);
    return (to) => handedToDeliveryLetter(to, publicOrigin, row, tracking);
  }
  return (to) => statusChangedLetter(to, publicOrigin, row, status, before.paymentStatus === "paid" ? (moneyBack ?? "Заказ был оплачен: менеджер свяжется с вами, чтобы вернуть деньги.") : null);
}

/** Where each status may go (before the rule about marking payment by hand). */
export const ORDER_STATUS_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: ["paid", "in_production", "cancelled"],
  paid: ["in_production", "cancelled"],
  in_production: ["shipped", "cancelled"],
  shipped: ["done", "cancelled"],
  done: [],
  cancelled: [],
};

function isOrderStatus(value: string): value is OrderStatus {
  return (orderStatusValues as readonly string[]).includes(value);
}

/** The statuses this order may move to now. */
export function nextStatuses(row: Pick<ClientOrderRow, "status" | "paymentType">): OrderStatus[] {
  if (!isOrderStatus(row.status)) return [];
  return ORDER_STATUS_MOVES[row.status].filter((next) => next !== "paid" || row.paymentType === "Invoice");
}

/** ё and е are one letter to someone typing a name. */
function folded(column: SQL | AnyColumn): SQL {
  return sql`translate(lower(${column}), 'ё', 'е')`;
}

const orderNotFound = () => new ShopError({ statusCode: 404, code: "ORDER_NOT_FOUND", messageUI: "Заказ не найден", message: "No such order" });

/** An employee acting for a client sees what the client sees; the panel of all orders is outside client mode. */
function requireOwnDesk(employee: Viewer): void {
  if (employee.placeClientId !== null) {
    throw new ShopError({
      statusCode: 403,
      code: "CLIENT_MODE_ACTIVE",
      messageUI: "Вы работаете в режиме клиента. Выйдите из него, чтобы открыть заказы всех клиентов.",
      message: "The employee's session is in client mode",
    });
  }
}

function personOf(row: Pick<AccountRow, "id" | "name" | "surname" | "email" | "phone">) {
  return { id: row.id, name: row.name, surname: row.surname, email: row.email, phone: row.phone };
}

export function createEmployeeOrderService(db: Database, deps: EmployeeOrderServiceDeps): EmployeeOrderService {
  const now = deps.now ?? (() => new Date());

  async function present(orderId: number, publicOrigin: string): Promise<EmployeeOrder> {
    const order = await deps.orders.readAnyOrder(orderId, publicOrigin);
    const [row] = await db
      .select({ order: clientOrder, client: account, company })
      .from(clientOrder)
      .innerJoin(account, eq(account.id, clientOrder.accountId))
      .leftJoin(company, eq(company.id, clientOrder.companyId))
      .where(eq(clientOrder.id, orderId))
      .limit(1);
    if (!row) throw orderNotFound();
    const placedById = row.order.placedById;
    const [placedBy] =
      placedById === null
        ? []
        : await db.select({ id: account.id, name: account.name, surname: account.surname }).from(account).where(eq(account.id, placedById)).limit(1);
    const designs = await db.select().from(designOrder).where(eq(designOrder.orderId, orderId)).orderBy(asc(designOrder.createdAt), asc(designOrder.id));
    const designOrders = await Promise.all(
      designs.map(async (design) =>
        toDesignOrder(
          design,
          null,
          design.orderProductId === null ? null : await deps.layouts.latestCheckId(design.orderProductId, design.detailName),
          publicOrigin,
        ),
      ),
    );
    const found = row.company;
    const timelines = await timelinesOf(db, [row.order]);
    return {
      ...order,
      timeline: timelines.get(orderId) ?? [],
      client: personOf(row.client),
      company: found ? { id: found.id, name: found.name, inn: found.inn, kpp: found.kpp, ogrn: found.ogrn, legalAddress: found.legalAddress } : null,
      placedBy: placedBy ?? null,
      designOrders,
      nextStatuses: nextStatuses(row.order),
    };
  }

  /** A paid order cancelled: its money goes back the way it came (the card's refund is sent after the commit). */
  async function returnMoney(tx: Database, row: ClientOrderRow): Promise<{ news: string; refund: PaymentRefundRow | null }> {
    if (row.paymentType === "Yookassa") {
      const refund = await deps.payments.recordRefund(tx, row);
      if (refund) return { news: `Деньги — ${formatBalance(refund.amountKopecks)} — возвращаются на карту, которой был оплачен заказ: банк зачислит их в течение нескольких дней.`, refund };
    }
    if (row.paymentType === "InternalBalance" && row.totalKopecks > 0) {
      await tx.insert(balanceEntry).values({ accountId: row.accountId, companyId: row.companyId, amountKopecks: row.totalKopecks, reason: `Возврат за отменённый заказ № ${row.number}`, orderId: row.id });
      return { news: `${formatBalance(row.totalKopecks)} возвращены на баланс.`, refund: null };
    }
    return { news: "Заказ был оплачен: менеджер свяжется с вами, чтобы вернуть деньги.", refund: null };
  }

  return {
    async list(employee, query) {
      requireOwnDesk(employee);
      const offset = query.offset ?? 0;
      const limit = query.limit ?? EMPLOYEE_ORDER_LIST_DEFAULT_LIMIT;
      const search = query.search?.trim() ?? "";
      const pattern = `%${search.toLocaleLowerCase("ru").replaceAll("ё", "е").replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const matches =
        search === ""
          ? undefined
          : or(
              sql`lower(${clientOrder.number}) LIKE ${pattern}`,
              sql`${folded(account.name)} LIKE ${pattern}`,
              sql`${folded(account.surname)} LIKE ${pattern}`,
              sql`${folded(sql`${account.name} || ' ' || ${account.surname}`)} LIKE ${pattern}`,
              sql`${folded(sql`${account.surname} || ' ' || ${account.name}`)} LIKE ${pattern}`,
              sql`lower(coalesce(${account.email}, '')) LIKE ${pattern}`,
              sql`${folded(sql`coalesce(${company.name}, '')`)} LIKE ${pattern}`,
              sql`coalesce(${company.inn}, '') LIKE ${pattern}`,
            );
      // The counts per status follow the client and the search, not the status filter (the filter's own choices).
      const around = and(query.clientId === undefined ? undefined : eq(clientOrder.accountId, query.clientId), matches);
      const where = and(around, query.status === undefined ? undefined : eq(clientOrder.status, query.status));
      // Counted per listed order (order_product_order_id_idx), not grouped over every order's lines.
      const lineCount = sql<number>`(SELECT count(*) FROM ${orderProduct} AS line WHERE line.order_id = ${clientOrder}.id)`.mapWith(Number);
      const [rows, counted] = await Promise.all([
        db
          .select({ order: clientOrder, lines: lineCount, client: account, company })
          .from(clientOrder)
          .innerJoin(account, eq(account.id, clientOrder.accountId))
          .leftJoin(company, eq(company.id, clientOrder.companyId))
          .where(where)
          .orderBy(desc(clientOrder.createdAt), desc(clientOrder.id))
          .offset(offset)
          .limit(limit),
        // Every order: the counts the database keeps with each write (db/order-status-counts.ts), not a
        // scan of the orders; a client or a search counts its own (few) orders.
        around === undefined
          ? db.select({ status: orderStatusCount.status, orders: orderStatusCount.orders }).from(orderStatusCount)
          : db
              .select({ status: clientOrder.status, orders: count() })
              .from(clientOrder)
              .innerJoin(account, eq(account.id, clientOrder.accountId))
              .leftJoin(company, eq(company.id, clientOrder.companyId))
              .where(around)
              .groupBy(clientOrder.status),
      ]);
      const statusCounts: OrderStatusCounts = { new: 0, paid: 0, in_production: 0, shipped: 0, done: 0, cancelled: 0 };
      for (const item of counted) if (isOrderStatus(item.status)) statusCounts[item.status] = item.orders;
      return {
        items: rows.map((row) => ({
          ...toOrderSummary(row.order, Number(row.lines ?? 0)),
          client: personOf(row.client),
          company: row.company ? { id: row.company.id, name: row.company.name, inn: row.company.inn } : null,
        })),
        total: query.status === undefined ? Object.values(statusCounts).reduce((sum, value) => sum + value, 0) : statusCounts[query.status],
        offset,
        limit,
        statusCounts,
      };
    },

    async get(employee, orderId, publicOrigin) {
      requireOwnDesk(employee);
      return present(orderId, publicOrigin);
    },

    async changeStatus(employee, orderId, status, publicOrigin, tracking) {
      requireOwnDesk(employee);
      const done = await db.transaction(async (tx): Promise<StatusChangeOutcome> => {
        // The row lock: two employees moving one order at once go one after the other, the second by the first's result.
        const [row] = await tx.select().from(clientOrder).where(eq(clientOrder.id, orderId)).for("update");
        if (!row) throw orderNotFound();
        if (tracking !== undefined && status !== "shipped") {
          throw new ShopError({
            statusCode: 400,
            code: "TRACKING_NEEDS_SHIPPED",
            messageUI: `Трек-номер указывают, когда заказ передают в доставку: выберите статус «${ORDER_STATUS_LABELS.shipped}»`,
            message: `Tracking with status ${status}`,
          });
        }
        const trackingChanged = tracking !== undefined && (tracking.carrier !== row.trackingCarrier || tracking.number !== row.trackingNumber);
        if (row.status === status && !trackingChanged) return { mailed: false, refund: null, settlement: null };
        const from = isOrderStatus(row.status) ? ORDER_STATUS_LABELS[row.status] : row.status;
        if (row.status !== status && !nextStatuses(row).includes(status)) {
          const byHand = status === "paid" && row.status === "new" && row.paymentType !== "Invoice";
          throw new ShopError({
            statusCode: 409,
            code: "ORDER_STATUS_FORBIDDEN",
            messageUI: byHand
              ? `Отметить оплату вручную можно только у заказа по счёту: заказ № ${row.number} оплачивается ${row.paymentType === "Yookassa" ? "картой через ЮKassa" : "с баланса"} и станет оплаченным сам.`
              : `Заказ № ${row.number} сейчас «${from}»: перевести его в «${ORDER_STATUS_LABELS[status]}» нельзя.`,
            message: `Order ${orderId}: ${row.status} → ${status} is not allowed`,
          });
        }
        // A layout prepress sent back holds the order until the client uploads a new file (issue 29).
        const returned = status === "in_production" ? await returnedLayoutsOf(tx, orderId) : [];
        if (returned.length > 0) {
          throw new ShopError({
            statusCode: 409,
            code: "LAYOUT_RETURNED",
            messageUI: `Заказ № ${row.number} ждёт от клиента новый макет (${returned.map((item) => `«${item.detailName}»`).join(", ")}): передать его в производство пока нельзя.`,
            message: `Order ${orderId} has layouts returned by prepress`,
          });
        }
        const changedAt = now();
        const statusChanged = row.status !== status;
        const [updated] = await tx
          .update(clientOrder)
          .set({
            status,
            ...(status === "paid" ? { paymentStatus: "paid", paidAt: row.paidAt ?? changedAt } : {}),
            ...(status === "cancelled" && row.paymentStatus === "pending" ? { paymentStatus: "cancelled" } : {}),
            ...(tracking !== undefined ? { trackingCarrier: tracking.carrier, trackingNumber: tracking.number } : {}),
          })
          .where(eq(clientOrder.id, orderId))
          .returning();
        if (!updated) throw orderNotFound();
        const moneyBack = statusChanged && status === "cancelled" && row.paymentStatus === "paid" ? await returnMoney(tx, row) : null;
        // 54-ФЗ: the card paid an advance; the goods handed over take the settlement receipt (once per payment).
        const handedOver = statusChanged && (status === "shipped" || status === "done") && row.paymentType === "Yookassa" && row.paymentStatus === "paid";
        const settlement = handedOver ? await deps.payments.recordSettlement(tx, row) : null;
        if (statusChanged) await recordStatusEvent(tx, { orderId, status, at: changedAt, employeeId: employee.account.id });
        await recordAudit(tx, auditActorOf(employee), {
          objectType: "order",
          objectId: orderId,
          action: statusChanged ? "status" : "tracking",
          before: { status: row.status, trackingCarrier: row.trackingCarrier, trackingNumber: row.trackingNumber },
          after: { status, trackingCarrier: updated.trackingCarrier, trackingNumber: updated.trackingNumber },
        });
        const letter = await statusLetter(tx, row, updated, publicOrigin, moneyBack?.news ?? null);
        const mailed = await tellClient(tx, { accountId: row.accountId, companyId: row.companyId, orderId, kind: "order_status" }, letter);
        return { mailed, refund: moneyBack?.refund ?? null, settlement };
      });
      if (done.mailed) deps.mail?.wake();
      if (done.refund) await deps.payments.sendRefund(done.refund);
      if (done.settlement) await deps.payments.sendSettlement(done.settlement);
      return present(orderId, publicOrigin);
    },
  };
}
