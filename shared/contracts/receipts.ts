import { z } from "zod/mini";
import { entityIdSchema } from "./catalog";

/*
 * Fiscal receipts (54-ФЗ) as ЮKassa's API v3 takes them in `receipt` of a payment or a refund, and
 * what the shop records of each payment and refund (issue 30). Field names are ЮKassa's own
 * (snake_case), so the recorded request is the body the shop sends. server/docs/receipts.md explains
 * every value.
 */

/** ЮKassa's amount: a string with two decimals, in roubles. */
export const yookassaAmountSchema = z.object({ value: z.string(), currency: z.literal("RUB") });
export type YookassaAmount = z.infer<typeof yookassaAmountSchema>;

/** One position of a receipt: an order line or a delivery. */
export const fiscalReceiptItemSchema = z.object({
  /** The line's name, at most 128 characters (ЮKassa's limit). */
  description: z.string().check(z.maxLength(128)),
  quantity: z.number(),
  /** The price of one unit, VAT included, after the order's discount. */
  amount: yookassaAmountSchema,
  /** 12: VAT at the calculated rate 22/122 (an advance, paid before the goods are handed over). */
  vat_code: z.number().check(z.int()),
  payment_subject: z.enum(["commodity", "service"]),
  payment_mode: z.enum(["full_prepayment", "full_payment"]),
  measure: z.literal("piece"),
});
export type FiscalReceiptItem = z.infer<typeof fiscalReceiptItemSchema>;

/** The `receipt` object of ЮKassa's payment or refund. */
export const fiscalReceiptSchema = z.object({
  customer: z.object({ email: z.optional(z.string()), phone: z.optional(z.string()) }),
  items: z.array(fiscalReceiptItemSchema),
  /** 1: ОСН (the shop pays VAT). */
  tax_system_code: z.number().check(z.int()),
});
export type FiscalReceipt = z.infer<typeof fiscalReceiptSchema>;

/** The body of `POST /v3/payments` the shop sends (or, offline, would send). */
export const yookassaPaymentRequestSchema = z.object({
  amount: yookassaAmountSchema,
  capture: z.boolean(),
  confirmation: z.object({ type: z.literal("redirect"), return_url: z.string() }),
  description: z.string(),
  metadata: z.record(z.string(), z.string()),
  receipt: fiscalReceiptSchema,
});
export type YookassaPaymentRequest = z.infer<typeof yookassaPaymentRequestSchema>;

/** The body of `POST /v3/refunds`. */
export const yookassaRefundRequestSchema = z.object({
  payment_id: z.string(),
  amount: yookassaAmountSchema,
  description: z.string(),
  receipt: fiscalReceiptSchema,
});
export type YookassaRefundRequest = z.infer<typeof yookassaRefundRequestSchema>;

/** pending: recorded, not yet accepted by ЮKassa; succeeded; canceled: ЮKassa refused it. */
export const refundStatusSchema = z.enum(["pending", "succeeded", "canceled"]);
export type RefundStatus = z.infer<typeof refundStatusSchema>;

/** A refund as the client's order shows it («Возврат 1 234,00 ₽ оформлен 28 ноября»). */
export const orderRefundSchema = z.object({
  id: entityIdSchema,
  /** Roubles. */
  amount: z.number(),
  status: refundStatusSchema,
  /** ISO date-time. */
  createdAt: z.string(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/** A refund with what was sent, for employees. */
export const paymentRefundRecordSchema = z.extend(orderRefundSchema, {
  externalId: z.nullable(z.string()),
  request: yookassaRefundRequestSchema,
});
export type PaymentRefundRecord = z.infer<typeof paymentRefundRecordSchema>;

/** One payment of an order with the request sent for it (null for a payment recorded before issue 30). */
export const paymentRecordSchema = z.object({
  id: entityIdSchema,
  provider: z.enum(["yookassa", "test"]),
  externalId: z.nullable(z.string()),
  status: z.enum(["pending", "waiting_for_capture", "succeeded", "canceled"]),
  /** Roubles. */
  amount: z.number(),
  createdAt: z.string(),
  request: z.nullable(yookassaPaymentRequestSchema),
  refunds: z.array(paymentRefundRecordSchema),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/** `GET /employee/order/{id}/payments`: the order's card payments, oldest first. */
export const paymentRecordListSchema = z.object({ items: z.array(paymentRecordSchema) });
export type PaymentRecordList = z.infer<typeof paymentRecordListSchema>;
