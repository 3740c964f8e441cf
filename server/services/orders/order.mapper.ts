import type { Order, OrderDelivery, OrderLine, OrderPayment, OrderPaymentStatus, OrderRefund, OrderStatus, OrderSummary } from "../../../shared/contracts/index";
import type { ClientOrderRow, DeliveryRow, DesignOrderRow, LayoutRow, OrderProductRow, PaymentRow, StoredFileRow } from "../../db/schema";
import { kopecksToRoubles } from "../catalog/catalog.mapper";
import { privateFileUrl } from "../files/file.service";
import { designStatusOf, toLayout } from "../files/files.mapper";

/*
 * The one place order rows become the API's orders: kopecks become roubles, dates ISO text, the
 * invoice's file id its URL, the payment row what the shopper needs to pay.
 */

export interface OrderLineRow {
  line: OrderProductRow;
  productName: string;
  /** The chosen options' labels, in the groups' order (format, paper, colours, finishing). */
  optionLabels: string[];
  /** The current layout of each detail that has one, with its file. */
  layouts: { layout: LayoutRow; file: StoredFileRow }[];
  /** The line's design orders, oldest first; none when left out. */
  designs?: DesignOrderRow[] | undefined;
}

/** What the payment part of an order is made from, by payment type. */
export type OrderPaymentSource =
  | { type: "Invoice"; invoiceFileId: number | null }
  | { type: "Yookassa"; payment: PaymentRow | null }
  | { type: "InternalBalance"; balanceKopecks: number };

const ORDER_STATUSES: readonly OrderStatus[] = ["new", "paid", "in_production", "shipped", "done", "cancelled"];
const PAYMENT_STATUSES: readonly OrderPaymentStatus[] = ["pending", "paid", "cancelled"];
const YOOKASSA_STATUSES = ["pending", "waiting_for_capture", "succeeded", "canceled"] as const;

function orderStatus(value: string): OrderStatus {
  const found = ORDER_STATUSES.find((status) => status === value);
  if (!found) throw new Error(`Unknown order status "${value}"`);
  return found;
}

function paymentStatus(value: string): OrderPaymentStatus {
  const found = PAYMENT_STATUSES.find((status) => status === value);
  if (!found) throw new Error(`Unknown payment status "${value}"`);
  return found;
}

function yookassaStatus(value: string): (typeof YOOKASSA_STATUSES)[number] {
  const found = YOOKASSA_STATUSES.find((status) => status === value);
  if (!found) throw new Error(`Unknown YooKassa payment status "${value}"`);
  return found;
}

/** «90×50 мм, мелованная 300 г/м²»: a line's options as one text (the invoice's line name). */
export function lineTitle(row: OrderLineRow): string {
  return row.optionLabels.length === 0 ? row.productName : `${row.productName} (${row.optionLabels.join(", ")})`;
}

export function toOrderLine(row: OrderLineRow, publicOrigin: string): OrderLine {
  const { line } = row;
  return {
    id: line.id,
    productId: line.productId,
    productName: row.productName,
    options: {
      ...(line.options.format === undefined ? {} : { format: line.options.format }),
      ...(line.options.paper === undefined ? {} : { paper: line.options.paper }),
      ...(line.options.colors === undefined ? {} : { colors: line.options.colors }),
      ...(line.options.finishing === undefined ? {} : { finishing: line.options.finishing }),
    },
    optionLabels: row.optionLabels,
    quantity: line.quantity,
    isUrgent: line.isUrgent,
    unitPrice: kopecksToRoubles(line.unitPriceKopecks),
    price: kopecksToRoubles(line.priceKopecks),
    productionTimeDay: line.productionTimeDay,
    layouts: row.layouts.map(({ layout, file }) => toLayout(layout, file, publicOrigin)),
    designOrders: (row.designs ?? []).map((design) => ({
      designId: design.id,
      detailName: design.detailName,
      status: designStatusOf(design.status),
      comment: design.comment,
      price: kopecksToRoubles(design.priceKopecks),
      dueDate: design.dueDate,
      createdAt: design.createdAt.toISOString(),
    })),
  };
}

export function toOrderDelivery(row: DeliveryRow): OrderDelivery {
  return {
    id: row.id,
    deliveryType: row.deliveryType,
    cityKladrId: row.cityKladrId,
    deliveryMethod: row.deliveryMethod,
    address: row.address,
    tariffCode: row.tariffCode,
    pickupPointCode: row.pickupPointCode,
    price: kopecksToRoubles(row.priceKopecks),
    deliveryDate: row.deliveryDate,
  };
}

export function toOrderPayment(source: OrderPaymentSource, publicOrigin: string): OrderPayment {
  switch (source.type) {
    case "Invoice":
      return { type: "Invoice", invoiceUrl: source.invoiceFileId === null ? null : privateFileUrl(publicOrigin, source.invoiceFileId) };
    case "Yookassa":
      return {
        type: "Yookassa",
        confirmationUrl: source.payment?.confirmationUrl ?? null,
        status: source.payment ? yookassaStatus(source.payment.status) : "pending",
      };
    case "InternalBalance":
      return { type: "InternalBalance", balance: kopecksToRoubles(source.balanceKopecks) };
  }
}

function orderFields(row: ClientOrderRow) {
  return {
    id: row.id,
    number: row.number,
    status: orderStatus(row.status),
    paymentType: row.paymentType,
    paymentStatus: paymentStatus(row.paymentStatus),
    companyId: row.companyId,
    itemsSum: kopecksToRoubles(row.itemsKopecks),
    discount: kopecksToRoubles(row.discountKopecks),
    deliverySum: kopecksToRoubles(row.deliveryKopecks),
    total: kopecksToRoubles(row.totalKopecks),
    vat: kopecksToRoubles(row.vatKopecks),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt === null ? null : row.paidAt.toISOString(),
  };
}

export function toOrderSummary(row: ClientOrderRow, lineCount: number): OrderSummary {
  return { ...orderFields(row), lineCount };
}

/** The order without its timeline and tracking (order-timeline.ts adds them). */
export function toOrder(
  row: ClientOrderRow,
  lines: OrderLineRow[],
  deliveries: DeliveryRow[],
  payment: OrderPaymentSource,
  publicOrigin: string,
  refunds: OrderRefund[] = [],
): Omit<Order, "timeline" | "tracking"> {
  return {
    ...orderFields(row),
    promocode: row.promocodeCode,
    comment: row.comment,
    placedById: row.placedById,
    readyDate: row.readyDate,
    lines: lines.map((line) => toOrderLine(line, publicOrigin)),
    deliveries: deliveries.map(toOrderDelivery),
    payment: toOrderPayment(payment, publicOrigin),
    refunds,
  };
}
