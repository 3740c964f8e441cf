import { and, asc, eq, ne } from "drizzle-orm";
import { DELIVERY_METHOD_LABELS } from "../../../shared/contracts/index";
import type { FiscalReceipt, YookassaPaymentRequest, YookassaRefundRequest, YookassaSettlementReceiptRequest } from "../../../shared/contracts/index";
import { kopecksToYookassaValue, YOOKASSA_DESCRIPTION_MAX } from "../../adapters/yookassa";
import type { Database } from "../../db/client";
import { account, delivery, designOrder, orderProduct, product } from "../../db/schema";
import type { ClientOrderRow } from "../../db/schema";
import { buildFiscalReceipt, VAT_CODE_22 } from "./fiscal-receipt";

/*
 * An order's receipt and the requests that carry it: the payment's body (`POST /v3/payments`), the
 * refund's (`POST /v3/refunds`) and the settlement receipt's at hand-over (`POST /v3/receipts`),
 * read from the order as it was placed. The same bodies go to
 * ЮKassa and, offline, into the test payment's record (payment.request_json).
 */

type OrderRef = Pick<ClientOrderRow, "id" | "accountId" | "number" | "totalKopecks">;

/** «Визитки, 100 шт, срочно» — an order line as its receipt item names it. */
function lineName(productName: string, quantity: number, urgent: boolean): string {
  return `${productName}, ${quantity} шт${urgent ? ", срочно" : ""}`;
}

/** The 54-ФЗ receipt of paying the whole order by card (full_prepayment: the goods are made and handed over later). */
export async function orderReceipt(db: Database, order: OrderRef): Promise<FiscalReceipt> {
  const [lines, deliveries, designs, [person]] = await Promise.all([
    db
      .select({ name: product.name, quantity: orderProduct.quantity, urgent: orderProduct.isUrgent, sumKopecks: orderProduct.priceKopecks })
      .from(orderProduct)
      .innerJoin(product, eq(product.id, orderProduct.productId))
      .where(eq(orderProduct.orderId, order.id))
      .orderBy(asc(orderProduct.createdAt), asc(orderProduct.id)),
    db.select({ method: delivery.deliveryMethod, sumKopecks: delivery.priceKopecks }).from(delivery).where(eq(delivery.orderId, order.id)).orderBy(asc(delivery.id)),
    // A design ordered from the shop is a service of its line, priced into the order's items (cart-checkout.ts).
    db
      .select({ detailName: designOrder.detailName, sumKopecks: designOrder.priceKopecks })
      .from(designOrder)
      .where(and(eq(designOrder.orderId, order.id), ne(designOrder.status, "cancelled")))
      .orderBy(asc(designOrder.id)),
    db.select({ email: account.email, phone: account.phone }).from(account).where(eq(account.id, order.accountId)).limit(1),
  ]);
  const methodLabels: Readonly<Record<string, string>> = DELIVERY_METHOD_LABELS;
  return buildFiscalReceipt({
    email: person?.email ?? null,
    phone: person?.phone ?? null,
    lines: lines.map((line) => ({ name: lineName(line.name, line.quantity, line.urgent), sumKopecks: line.sumKopecks })),
    // The services: each paid delivery and each design order (payment_subject "service", as a delivery).
    deliveries: [
      ...designs.map((design) => ({ name: `Разработка макета: ${design.detailName}`, sumKopecks: design.sumKopecks })),
      ...deliveries.map((item) => ({ name: `Доставка: ${methodLabels[item.method] ?? item.method}`, sumKopecks: item.sumKopecks })),
    ],
    totalKopecks: order.totalKopecks,
  });
}

/** The body of `POST /v3/payments` for the order: amount, capture, the return address, metadata and the receipt. */
export async function paymentRequest(db: Database, order: OrderRef, amountKopecks: number, returnUrl: string): Promise<YookassaPaymentRequest> {
  return {
    amount: { value: kopecksToYookassaValue(amountKopecks), currency: "RUB" },
    capture: true,
    confirmation: { type: "redirect", return_url: returnUrl },
    description: `Заказ № ${order.number} в типографии «Оттиск»`.slice(0, YOOKASSA_DESCRIPTION_MAX),
    metadata: { orderId: String(order.id) },
    receipt: await orderReceipt(db, order),
  };
}

/** The body of `POST /v3/refunds` returning a whole payment: its receipt has the payment's items (a «возврат прихода»). */
export function refundRequest(payment: { externalId: string; amountKopecks: number; receipt: FiscalReceipt }, orderNumber: string): YookassaRefundRequest {
  return {
    payment_id: payment.externalId,
    amount: { value: kopecksToYookassaValue(payment.amountKopecks), currency: "RUB" },
    description: `Возврат по заказу № ${orderNumber}: заказ отменён`.slice(0, YOOKASSA_DESCRIPTION_MAX),
    receipt: payment.receipt,
  };
}

/**
 * The payment's receipt as handed over: the same items, now `full_payment` («полный расчёт») at
 * `vat_code` 11 (22 %) — the goods are delivered, the advance's calculated rate no longer applies.
 */
export function settledReceipt(receipt: FiscalReceipt): FiscalReceipt {
  return { ...receipt, items: receipt.items.map((item) => ({ ...item, payment_mode: "full_payment", vat_code: VAT_CODE_22 })) };
}

/**
 * The body of `POST /v3/receipts` for the settlement receipt («чек зачёта предоплаты») of a paid
 * payment whose order is handed over: `type: payment`, the payment's id, `send: true` (ЮKassa's cash
 * register sends it to the customer), the payment's items settled, and the whole advance offset
 * (`settlements: [{ type: prepayment }]`). The items sum to the advance: the payment's did.
 */
export function settlementReceiptRequest(payment: { externalId: string; amountKopecks: number; receipt: FiscalReceipt }): YookassaSettlementReceiptRequest {
  const settled = settledReceipt(payment.receipt);
  return {
    customer: settled.customer,
    type: "payment",
    payment_id: payment.externalId,
    send: true,
    items: settled.items,
    tax_system_code: settled.tax_system_code,
    settlements: [{ type: "prepayment", amount: { value: kopecksToYookassaValue(payment.amountKopecks), currency: "RUB" } }],
  };
}
