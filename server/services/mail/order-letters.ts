import { asc, eq, inArray } from "drizzle-orm";
import { DELIVERY_METHOD_LABELS, DELIVERY_TYPE_LABELS } from "../../../shared/contracts/index";
import type { Database } from "../../db/client";
import { account, clientOrder, delivery, orderProduct, product, productOption, selfPickupPoint } from "../../db/schema";
import type { ClientOrderRow, DeliveryRow } from "../../db/schema";
import { queueMail } from "./mail-outbox";
import type { MailAttachmentDraft } from "./mail-outbox";
import { recordNotification } from "./notification-record";
import type { NotificationDraft } from "./notification-record";
import { ORDER_LETTERS } from "./order-mail";
import type { LetterRecipient, OrderLetter, OrderLetterOrder, PickupPlace } from "./order-mail";

/*
 * Telling a client of an order's event (issue 30): the notification of «Уведомления» always, and the
 * letter in the words of the same template (order-mail.ts) when the client has an address and either
 * the letter is essential or the client did not turn order news off (account.order_news_by_mail).
 * Called inside the event's transaction; the caller wakes the outbox after the commit when this
 * answered true.
 */

type Executor = Pick<Database, "select" | "insert">;

export interface ClientToTell {
  accountId: number;
  companyId: number | null;
  orderId?: number | null;
  designOrderId?: number | null;
  kind: NotificationDraft["kind"];
}

/** The client's address and name, and whether non-essential letters go; null address: a temporary account (no letters). */
export async function recipientOf(db: Pick<Database, "select">, accountId: number): Promise<{ to: LetterRecipient | null; orderNewsByMail: boolean }> {
  const [row] = await db.select({ email: account.email, name: account.name, orderNewsByMail: account.orderNewsByMail }).from(account).where(eq(account.id, accountId)).limit(1);
  return { to: row?.email ? { email: row.email, name: row.name } : null, orderNewsByMail: row?.orderNewsByMail ?? false };
}

/** Writes the notification and, when it goes, the letter; true when a letter was queued. */
export async function tellClient(
  db: Executor,
  target: ClientToTell,
  letterFor: (to: LetterRecipient) => OrderLetter,
  attachments: readonly MailAttachmentDraft[] = [],
): Promise<boolean> {
  const { to, orderNewsByMail } = await recipientOf(db, target.accountId);
  const letter = letterFor(to ?? { email: "", name: "" });
  await recordNotification(db, {
    accountId: target.accountId,
    companyId: target.companyId,
    kind: target.kind,
    orderId: target.orderId ?? null,
    designOrderId: target.designOrderId ?? null,
    title: letter.notification.title,
    body: letter.notification.body,
  });
  if (!to) return false;
  if (!ORDER_LETTERS[letter.kind].essential && !orderNewsByMail) return false;
  await queueMail(db, { ...letter.mail, attachments });
  return true;
}

const OPTION_GROUPS = ["format", "paper", "colors", "finishing"] as const;

function deliveryWords(row: DeliveryRow, pickupName: string | null): OrderLetterOrder["deliveries"][number] {
  const methods: Readonly<Record<string, string>> = DELIVERY_METHOD_LABELS;
  const types: Readonly<Record<string, string>> = DELIVERY_TYPE_LABELS;
  const method = methods[row.deliveryMethod] ?? row.deliveryMethod;
  const type = row.deliveryType === "SelfPickup" ? undefined : types[row.deliveryType];
  const place = row.address || pickupName || (row.pickupPointCode ? `пункт выдачи ${row.pickupPointCode}` : "");
  return { method: type ? `${method}, ${type}` : method, place, priceKopecks: row.priceKopecks, deliveryDate: row.deliveryDate };
}

/** The shop's pickup point of a self-pickup delivery (its code is the point's id). */
async function pickupPointOf(db: Pick<Database, "select">, row: DeliveryRow) {
  const id = row.deliveryMethod === "SelfPickup" && row.pickupPointCode && /^\d{1,9}$/.test(row.pickupPointCode) ? Number(row.pickupPointCode) : 0;
  if (id === 0) return null;
  const [point] = await db.select().from(selfPickupPoint).where(eq(selfPickupPoint.id, id)).limit(1);
  return point ?? null;
}

/** The order as the order-placed letter describes it: lines with their options, deliveries, totals. */
export async function orderForLetter(db: Pick<Database, "select">, row: ClientOrderRow): Promise<OrderLetterOrder> {
  const lines = await db
    .select({ line: orderProduct, productName: product.name })
    .from(orderProduct)
    .innerJoin(product, eq(product.id, orderProduct.productId))
    .where(eq(orderProduct.orderId, row.id))
    .orderBy(asc(orderProduct.createdAt), asc(orderProduct.id));
  const productIds = [...new Set(lines.map((item) => item.line.productId))];
  const options =
    productIds.length === 0
      ? []
      : await db.select({ productId: productOption.productId, group: productOption.group, code: productOption.code, label: productOption.label }).from(productOption).where(inArray(productOption.productId, productIds));
  const deliveries = await db.select().from(delivery).where(eq(delivery.orderId, row.id)).orderBy(asc(delivery.id));
  const points = await Promise.all(deliveries.map((item) => pickupPointOf(db, item)));
  return {
    id: row.id,
    number: row.number,
    createdAt: row.createdAt,
    paymentType: row.paymentType,
    itemsKopecks: row.itemsKopecks,
    discountKopecks: row.discountKopecks,
    deliveryKopecks: row.deliveryKopecks,
    totalKopecks: row.totalKopecks,
    vatKopecks: row.vatKopecks,
    promocode: row.promocodeCode,
    readyDate: row.readyDate,
    lines: lines.map(({ line, productName }) => ({
      title: productName,
      details: OPTION_GROUPS.flatMap((group) => {
        const chosen = group === "finishing" ? (line.options.finishing ?? []) : [line.options[group]].filter((code): code is string => code !== undefined);
        return chosen.map((code) => options.find((option) => option.productId === line.productId && option.group === group && option.code === code)?.label ?? code);
      }).join(", "),
      quantity: line.quantity,
      priceKopecks: line.priceKopecks,
      urgent: line.isUrgent,
    })),
    deliveries: deliveries.map((item, index) => deliveryWords(item, points[index] ? `${points[index].name}, ${points[index].address}` : null)),
  };
}

/** The shop's pickup point the order waits at, when its delivery is self-pickup; null otherwise. */
export async function pickupPlaceOf(db: Pick<Database, "select">, orderId: number): Promise<PickupPlace | null> {
  const deliveries = await db.select().from(delivery).where(eq(delivery.orderId, orderId)).orderBy(asc(delivery.id));
  const own = deliveries.find((item) => item.deliveryMethod === "SelfPickup");
  if (!own) return null;
  const point = await pickupPointOf(db, own);
  return point ? { name: point.name, address: point.address, hours: point.operatingMode, phone: point.phone } : { name: "Пункт самовывоза типографии", address: own.address, hours: "", phone: "" };
}

/** The order row, read inside the event's transaction. */
export async function orderRow(db: Pick<Database, "select">, orderId: number): Promise<ClientOrderRow | null> {
  const [row] = await db.select().from(clientOrder).where(eq(clientOrder.id, orderId)).limit(1);
  return row ?? null;
}
