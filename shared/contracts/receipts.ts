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
  /** 12: VAT at the calculated rate 22/122 (an advance, paid before the goods are handed over); 11: 22 % (the settlement receipt at hand-over). */
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

/** What a settlement receipt offsets: the advance the card payment made («зачёт предоплаты»). */
export const receiptSettlementSchema = z.object({ type: z.literal("prepayment"), amount: yookassaAmountSchema });
export type ReceiptSettlement = z.infer<typeof receiptSettlementSchema>;

/**
 * The body of `POST /v3/receipts` for the settlement receipt («чек зачёта предоплаты», полный
 * расчёт) sent when a card-paid order is handed over: the payment's items as `full_payment` at
 * `vat_code` 11 (22 %), the advance offset by `settlements`.
 */
export const yookassaSettlementReceiptRequestSchema = z.object({
  customer: z.object({ email: z.optional(z.string()), phone: z.optional(z.string()) }),
  type: z.literal("payment"),
  payment_id: z.string(),
  send: z.literal(true),
  items: z.array(fiscalReceiptItemSchema),
  tax_system_code: z.number().check(z.int()),
  settlements: z.array(receiptSettlementSchema),
});
export type YookassaSettlementReceiptRequest = z.infer<typeof yookassaSettlementReceiptRequestSchema>;

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

/** The settlement receipt of a payment, with what was sent, for employees. */
export const paymentSettlementRecordSchema = z.object({
  id: entityIdSchema,
  /** Roubles: the advance offset, the payment's whole amount. */
  amount: z.number(),
  status: refundStatusSchema,
  /** ЮKassa's receipt id (null until it answers; `test-receipt-…` offline). */
  externalId: z.nullable(z.string()),
  /** ISO date-time: when the order was handed over. */
  createdAt: z.string(),
  request: yookassaSettlementReceiptRequestSchema,
});
export type PaymentSettlementRecord = z.infer<typeof paymentSettlementRecordSchema>;

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
  /** The settlement receipt sent when the order was handed over; null before that (or for a payment never made). */
  settlement: z.nullable(paymentSettlementRecordSchema),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/** `GET /employee/order/{id}/payments`: the order's card payments, oldest first. */
export const paymentRecordListSchema = z.object({ items: z.array(paymentRecordSchema) });
export type PaymentRecordList = z.infer<typeof paymentRecordListSchema>;
