import { asc, eq, inArray } from "drizzle-orm";
import { ORDER_STATUS_LABELS, orderStatusValues, TRACKING_CARRIER_LABELS, trackingCarrierValues } from "../../../shared/contracts/index";
import type { EmployeeOrder, OrderStatus, OrderTimelineEntry, OrderTracking, TrackingCarrier } from "../../../shared/contracts/index";
import { TRACKING_URLS } from "../../adapters/delivery/tracking";
import type { Database } from "../../db/client";
import { account, orderStatusEvent } from "../../db/schema";
import type { ClientOrderRow } from "../../db/schema";

/*
 * The order's timeline and tracking (issue 30). Every status an order reaches is a row of
 * `order_status_event`, written in the transaction of the change: placing writes «new» (and «paid»
 * for the balance), a payment that makes the order paid writes «paid», an employee's move writes the
 * new status with the employee. An order placed before the table existed has no such rows: its
 * timeline starts with its creation (created_at), then «paid» at paid_at when paid, then whatever was
 * written since — no SQL backfill is needed.
 */

/** Database or transaction: anything drizzle can insert with. */
type Writer = Pick<Database, "insert">;

export async function recordStatusEvent(db: Writer, event: { orderId: number; status: OrderStatus; at: Date; employeeId?: number | null }): Promise<void> {
  await db.insert(orderStatusEvent).values({ orderId: event.orderId, status: event.status, at: event.at, employeeId: event.employeeId ?? null });
}

function isOrderStatus(value: string): value is OrderStatus {
  return (orderStatusValues as readonly string[]).includes(value);
}

function isCarrier(value: string): value is TrackingCarrier {
  return (trackingCarrierValues as readonly string[]).includes(value);
}

export type EmployeeTimelineEntry = EmployeeOrder["timeline"][number];

/** The timelines of these orders, oldest first, with who made each change. */
export async function timelinesOf(db: Database, orders: readonly Pick<ClientOrderRow, "id" | "createdAt" | "paidAt">[]): Promise<Map<number, EmployeeTimelineEntry[]>> {
  const ids = orders.map((order) => order.id);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ event: orderStatusEvent, employee: { id: account.id, name: account.name, surname: account.surname } })
          .from(orderStatusEvent)
          .leftJoin(account, eq(account.id, orderStatusEvent.employeeId))
          .where(inArray(orderStatusEvent.orderId, ids))
          .orderBy(asc(orderStatusEvent.at), asc(orderStatusEvent.id));
  const entry = (status: OrderStatus, at: Date, employee: EmployeeTimelineEntry["employee"]): EmployeeTimelineEntry => ({
    status,
    statusLabel: ORDER_STATUS_LABELS[status],
    at: at.toISOString(),
    employee,
  });
  return new Map(
    orders.map((order) => {
      const own = rows.flatMap((row) => {
        const status = row.event.status;
        return row.event.orderId === order.id && isOrderStatus(status) ? [entry(status, row.event.at, row.employee)] : [];
      });
      // An order from before the timeline: its creation, and its payment when it was paid, from its own dates.
      const before = [
        ...(own.some((item) => item.status === "new") ? [] : [entry("new", order.createdAt, null)]),
        ...(order.paidAt && !own.some((item) => item.status === "paid") ? [entry("paid", order.paidAt, null)] : []),
      ];
      return [order.id, [...before, ...own]];
    }),
  );
}

/** The client's view of a timeline: without the employees' names. */
export function clientTimeline(entries: readonly EmployeeTimelineEntry[]): OrderTimelineEntry[] {
  return entries.map(({ status, statusLabel, at }) => ({ status, statusLabel, at }));
}

/** The order's parcel, when an employee set its carrier and number. */
export function trackingOf(row: Pick<ClientOrderRow, "trackingCarrier" | "trackingNumber">): OrderTracking | null {
  if (row.trackingCarrier === null || row.trackingNumber === null || !isCarrier(row.trackingCarrier)) return null;
  return {
    carrier: row.trackingCarrier,
    carrierLabel: TRACKING_CARRIER_LABELS[row.trackingCarrier],
    number: row.trackingNumber,
    url: TRACKING_URLS[row.trackingCarrier](row.trackingNumber),
  };
}
