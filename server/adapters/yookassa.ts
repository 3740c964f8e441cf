import { ofetch } from "ofetch";
import { z } from "zod/mini";
import type { YookassaPaymentRequest, YookassaRefundRequest, YookassaSettlementReceiptRequest } from "../../shared/contracts/index";

/*
 * YooKassa's API v3, the two calls the shop needs: create a payment (POST /v3/payments, Basic auth
 * shopId:secretKey, an Idempotence-Key so a retried call never charges twice) and read one
 * (GET /v3/payments/{id}), which is what the webhook trusts instead of the notification's body.
 * A refund (POST /v3/refunds) returns a paid payment's money when an employee cancels its order.
 * Both requests carry the 54-ФЗ `receipt` (services/orders/fiscal-receipt.ts). When a card-paid
 * order is handed over, a separate receipt (POST /v3/receipts, «полный расчёт») offsets the advance.
 * Switched on by YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY; without them the shop takes payments on
 * its built-in test page (services/orders/payment.service.ts).
 */

export const YOOKASSA_DEFAULT_BASE_URL = "https://api.yookassa.ru";

/** The part of YooKassa's payment object the shop reads. */
export const yookassaPaymentSchema = z.object({
  id: z.string(),
  status: z.enum(["pending", "waiting_for_capture", "succeeded", "canceled"]),
  paid: z.optional(z.boolean()),
  amount: z.object({ value: z.string(), currency: z.string() }),
  confirmation: z.optional(z.object({ type: z.string(), confirmation_url: z.optional(z.string()) })),
  metadata: z.optional(z.record(z.string(), z.string())),
});
export type YookassaPayment = z.infer<typeof yookassaPaymentSchema>;

/** The part of YooKassa's refund object the shop reads. */
export const yookassaRefundSchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  status: z.enum(["pending", "succeeded", "canceled"]),
  amount: z.object({ value: z.string(), currency: z.string() }),
});
export type YookassaRefund = z.infer<typeof yookassaRefundSchema>;

/** The part of YooKassa's receipt object the shop reads. */
export const yookassaReceiptSchema = z.object({
  id: z.string(),
  type: z.string(),
  payment_id: z.optional(z.string()),
  status: z.enum(["pending", "succeeded", "canceled"]),
});
export type YookassaReceipt = z.infer<typeof yookassaReceiptSchema>;

export interface YookassaClient {
  /** `POST /v3/payments` with the body the payment service built (payment.request_json). */
  createPayment(request: YookassaPaymentRequest, idempotenceKey: string): Promise<YookassaPayment>;
  getPayment(paymentId: string): Promise<YookassaPayment>;
  /** `POST /v3/refunds` with the body the refund service built (payment_refund.request_json). */
  createRefund(request: YookassaRefundRequest, idempotenceKey: string): Promise<YookassaRefund>;
  /** `POST /v3/receipts` with the settlement receipt the payment service built (payment_settlement.request_json). */
  createReceipt(request: YookassaSettlementReceiptRequest, idempotenceKey: string): Promise<YookassaReceipt>;
}

export interface YookassaOptions {
  shopId: string;
  secretKey: string;
  baseUrl?: string;
  timeoutMs?: number;
}

/** 123450 kopecks → "1234.50", the amount format YooKassa takes and gives. */
export function kopecksToYookassaValue(kopecks: number): string {
  return `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, "0")}`;
}

/** "1234.50" (or "1234.5", "1234") → 123450; null when it is not an amount. */
export function yookassaValueToKopecks(value: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** YooKassa's description is at most 128 characters. */
export const YOOKASSA_DESCRIPTION_MAX = 128;

export function createYookassaClient(options: YookassaOptions): YookassaClient {
  const client = ofetch.create({
    baseURL: (options.baseUrl ?? YOOKASSA_DEFAULT_BASE_URL).replace(/\/+$/, ""),
    timeout: options.timeoutMs ?? 10_000,
    retry: 0,
    headers: {
      accept: "application/json",
      authorization: `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString("base64")}`,
    },
  });
  return {
    async createPayment(request, idempotenceKey) {
      const answer: unknown = await client("/v3/payments", { method: "POST", headers: { "idempotence-key": idempotenceKey }, body: request });
      return yookassaPaymentSchema.parse(answer);
    },
    async createRefund(request, idempotenceKey) {
      const answer: unknown = await client("/v3/refunds", { method: "POST", headers: { "idempotence-key": idempotenceKey }, body: request });
      return yookassaRefundSchema.parse(answer);
    },
    async createReceipt(request, idempotenceKey) {
      const answer: unknown = await client("/v3/receipts", { method: "POST", headers: { "idempotence-key": idempotenceKey }, body: request });
      return yookassaReceiptSchema.parse(answer);
    },
    async getPayment(paymentId) {
      const answer: unknown = await client(`/v3/payments/${encodeURIComponent(paymentId)}`, { method: "GET" });
      return yookassaPaymentSchema.parse(answer);
    },
  };
}
