import { z } from "zod/mini";
import { entityIdSchema } from "./catalog";
import { designStatusValues, layoutSchema } from "./files";
import { idInput, idTextInput, optionalIdTextInput, safeText } from "./input";
import { preprocess, queryBoolean } from "./query";
import { orderRefundSchema } from "./receipts";
import { IDEMPOTENCY_KEY_HEADER } from "./wire";

/*
 * Placed orders and their payment (spec §7 POST /client-cart/place-order; the order pages the spec
 * does not show). Money is in roubles, as everywhere in the API. An order is made once per client
 * and idempotency key: placing again with the same key answers the first order.
 */

/** Spec §3 "Payment types". */
export const paymentTypeValues = ["Invoice", "Yookassa", "InternalBalance"] as const;
export const paymentTypeSchema = z.enum(paymentTypeValues, { error: "Выберите способ оплаты: счёт, ЮKassa или внутренний баланс" });
export type PaymentType = z.infer<typeof paymentTypeSchema>;

/** What place-order answers (400 INVOICE_NEEDS_COMPANY) to an invoice for the personal profile. */
export const INVOICE_NEEDS_COMPANY_MESSAGE = "Счёт выставляется только на компанию: выберите компанию или оплатите картой";

/**
 * The payment types a cart's profile may use: an invoice is for a company, a person pays by card or
 * from the balance; of those, only the ones the shop offers (`offered`, OTTISK_PAYMENTS; all by default).
 */
export function paymentTypesFor(companyId: number | null, offered: readonly PaymentType[] = paymentTypeValues): readonly PaymentType[] {
  return paymentTypeValues.filter((type) => offered.includes(type) && (companyId !== null || type !== "Invoice"));
}

/** What place-order and «Оплатить» answer (400 PAYMENT_TYPE_OFF) to a payment type the shop does not offer. */
export const PAYMENT_TYPE_OFF_MESSAGE = "Этот способ оплаты в магазине отключён: выберите другой";

/** new → paid → in_production → shipped → done, or cancelled. */
export const orderStatusSchema = z.enum(["new", "paid", "in_production", "shipped", "done", "cancelled"]);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const orderPaymentStatusSchema = z.enum(["pending", "paid", "cancelled"]);
export type OrderPaymentStatus = z.infer<typeof orderPaymentStatusSchema>;

export const IDEMPOTENCY_KEY_MIN_LENGTH = 8;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;
/** The header that may carry the idempotency key instead of the body. */
export { IDEMPOTENCY_KEY_HEADER } from "./wire";

export const idempotencyKeySchema = z
  .string({ error: "Не передан ключ идемпотентности заказа" })
  .check(
    z.trim(),
    z.minLength(IDEMPOTENCY_KEY_MIN_LENGTH, { error: `Ключ идемпотентности — от ${IDEMPOTENCY_KEY_MIN_LENGTH} до ${IDEMPOTENCY_KEY_MAX_LENGTH} знаков` }),
    z.maxLength(IDEMPOTENCY_KEY_MAX_LENGTH, { error: `Ключ идемпотентности — от ${IDEMPOTENCY_KEY_MIN_LENGTH} до ${IDEMPOTENCY_KEY_MAX_LENGTH} знаков` }),
    z.regex(/^[\x21-\x7e]+$/, { error: "Ключ идемпотентности — латинские буквы, цифры и знаки без пробелов" }),
  );

export const ORDER_COMMENT_MAX_LENGTH = 2000;

/**
 * `POST /client-cart/place-order`. The idempotency key may come in the body or in the
 * `Idempotency-Key` header; the body wins when both come and they differ (then 400).
 */
export const placeOrderRequestSchema = z.object({
  companyId: z.nullable(idInput("Компания указана неверно")),
  paymentType: paymentTypeSchema,
  comment: z.optional(
    z
      .string({ error: "Комментарий — это текст" })
      .check(safeText(), z.trim(), z.maxLength(ORDER_COMMENT_MAX_LENGTH, { error: `Комментарий — не длиннее ${ORDER_COMMENT_MAX_LENGTH} знаков` })),
  ),
  idempotencyKey: z.optional(idempotencyKeySchema),
});
/** As the client sends it. */
export type PlaceOrderRequest = z.input<typeof placeOrderRequestSchema>;
export type PlaceOrder = z.infer<typeof placeOrderRequestSchema>;

/** The other headers pass through untouched (cookies, authorization). */
export const placeOrderHeadersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z.optional(idempotencyKeySchema),
});

/** A design ordered from the shop for one detail of an order line (files.ts has the whole design order). */
export const orderLineDesignSchema = z.object({
  designId: entityIdSchema,
  detailName: z.string(),
  status: z.enum(designStatusValues),
  comment: z.string(),
  /** Roubles: the design's price (inside the order's items total). */
  price: z.number().check(z.gte(0)),
  /** YYYY-MM-DD: when the designer promised the layout; null for older design orders. */
  dueDate: z.nullable(z.string()),
  /** ISO date-time. */
  createdAt: z.string(),
});
export type OrderLineDesign = z.infer<typeof orderLineDesignSchema>;

/** A line of a placed order: what the client saw in the cart, frozen. */
export const orderLineSchema = z.object({
  id: entityIdSchema,
  productId: entityIdSchema,
  productName: z.string(),
  options: z.object({
    format: z.optional(z.string()),
    paper: z.optional(z.string()),
    colors: z.optional(z.string()),
    finishing: z.optional(z.array(z.string())),
  }),
  /** The chosen options as the shop names them, e.g. «90×50 мм», «Мелованная 300 г/м²». */
  optionLabels: z.array(z.string()),
  quantity: z.number().check(z.int(), z.positive()),
  isUrgent: z.boolean(),
  /** Roubles per piece and for the line, after the product's discount and urgency. */
  unitPrice: z.number(),
  price: z.number(),
  productionTimeDay: z.number().check(z.int()),
  /** The line's current layouts, one per detail that has one: file, the server's findings, the customer's approval. */
  layouts: z.array(layoutSchema),
  /** The line's design orders, oldest first (cancelled ones too, so the history reads whole). */
  designOrders: z.array(orderLineDesignSchema),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderDeliverySchema = z.object({
  id: entityIdSchema,
  deliveryType: z.string(),
  cityKladrId: z.string(),
  deliveryMethod: z.string(),
  address: z.string(),
  tariffCode: z.nullable(z.string()),
  pickupPointCode: z.nullable(z.string()),
  price: z.number(),
  /** ISO `YYYY-MM-DD`. */
  deliveryDate: z.nullable(z.string()),
});
export type OrderDelivery = z.infer<typeof orderDeliverySchema>;

/** How the order is paid, by its payment type. */
export const orderPaymentSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("Invoice"),
    /** The invoice PDF (`/api/file/{id}`); null only while it is being made. */
    invoiceUrl: z.nullable(z.string()),
  }),
  z.object({
    type: z.literal("Yookassa"),
    /** Where to send the shopper to pay; null when the payment service did not answer. */
    confirmationUrl: z.nullable(z.string()),
    status: z.enum(["pending", "waiting_for_capture", "succeeded", "canceled"]),
  }),
  z.object({
    type: z.literal("InternalBalance"),
    /** The balance of the order's ledger (client and company) in roubles, after this order. */
    balance: z.number(),
  }),
]);
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** Carriers whose tracking number an employee sets when the order is handed to delivery (issue 30). */
export const trackingCarrierValues = ["cdek", "boxberry", "dpd", "yandex"] as const;
export const trackingCarrierSchema = z.enum(trackingCarrierValues, { error: "Выберите службу доставки: СДЭК, Boxberry, DPD или Яндекс Доставка" });
export type TrackingCarrier = z.infer<typeof trackingCarrierSchema>;

export const TRACKING_CARRIER_LABELS: Readonly<Record<TrackingCarrier, string>> = {
  cdek: "СДЭК",
  boxberry: "Boxberry",
  dpd: "DPD",
  yandex: "Яндекс Доставка",
};

/** The parcel: carrier, tracking number and the carrier's public tracking page. */
export const orderTrackingSchema = z.object({
  carrier: trackingCarrierSchema,
  carrierLabel: z.string(),
  number: z.string(),
  url: z.string(),
});
export type OrderTracking = z.infer<typeof orderTrackingSchema>;

/** One status the order reached, oldest first; the order's creation is the first. */
export const orderTimelineEntrySchema = z.object({
  status: orderStatusSchema,
  /** «Оплачен», as the order pages say it. */
  statusLabel: z.string(),
  /** ISO date-time. */
  at: z.string(),
});
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;

const orderFields = {
  id: entityIdSchema,
  /** What the client and the shop call the order, e.g. `2026-000042`. */
  number: z.string(),
  status: orderStatusSchema,
  paymentType: paymentTypeSchema,
  paymentStatus: orderPaymentStatusSchema,
  /** null: the personal profile. */
  companyId: z.nullable(entityIdSchema),
  /** Roubles: products, the promocode's discount, deliveries, the total and the VAT it includes. */
  itemsSum: z.number(),
  discount: z.number(),
  deliverySum: z.number(),
  total: z.number(),
  vat: z.number(),
  /** ISO date-time. */
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
};

/** One order in the client's list. */
export const orderSummarySchema = z.object({ ...orderFields, lineCount: z.number().check(z.int()) });
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** `POST /client-cart/place-order`, `GET /client-order/{id}`. */
export const orderSchema = z.object({
  ...orderFields,
  promocode: z.nullable(z.string()),
  comment: z.string(),
  /** The employee who placed it in client mode; null when the client did. */
  placedById: z.nullable(entityIdSchema),
  /** «Будет готово …», `YYYY-MM-DD`: fixed when the order was placed (production calendar, cut-off, the longest line); null for orders placed before it was kept. */
  readyDate: z.nullable(z.iso.date()),
  lines: z.array(orderLineSchema),
  deliveries: z.array(orderDeliverySchema),
  payment: orderPaymentSchema,
  /** Card refunds of a cancelled paid order (issue 30), oldest first; empty when none. */
  refunds: z.array(orderRefundSchema),
  /** Every status the order reached, oldest first, the creation included (issue 30). */
  timeline: z.array(orderTimelineEntrySchema),
  /** Set when the order is handed to a carrier; null before. */
  tracking: z.nullable(orderTrackingSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const ORDER_LIST_DEFAULT_LIMIT = 20;
export const ORDER_LIST_MAX_LIMIT = 100;

const countText = (min: number, max: number, messageUI: string) =>
  z.optional(
    preprocess(
      (value) => (value === "" ? undefined : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value),
      z.optional(z.number({ error: messageUI }).check(z.int({ error: messageUI }), z.gte(min, { error: messageUI }), z.lte(max, { error: messageUI }))),
    ),
  );

/**
 * `GET /client-order`: newest first; companyId narrows to one company's orders, `personal=true` to
 * the personal profile's (no company); neither: all the client's orders.
 */
export const orderListQuerySchema = z.object({
  offset: countText(0, 1_000_000, "offset — целое число от 0"),
  limit: countText(1, ORDER_LIST_MAX_LIMIT, `limit — целое число от 1 до ${ORDER_LIST_MAX_LIMIT}`),
  companyId: optionalIdTextInput("Компания указана неверно"),
  personal: queryBoolean({ messageUI: "personal — true или false" }),
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

export const orderListPageSchema = z.object({
  items: z.array(orderSummarySchema),
  total: z.number().check(z.int()),
  offset: z.number().check(z.int()),
  limit: z.number().check(z.int()),
});
export type OrderListPage = z.infer<typeof orderListPageSchema>;

export const orderIdParamsSchema = z.object({
  id: idTextInput("Номер заказа указан неверно"),
});

/** `GET /client-account/balance?companyId=`: the ledger of the personal profile or of a company. */
export const balanceQuerySchema = z.object({ companyId: optionalIdTextInput("Компания указана неверно") });

export const BALANCE_ENTRIES_SHOWN = 20;

export const balanceEntrySchema = z.object({
  id: entityIdSchema,
  /** Roubles: top-ups positive, payments negative. */
  amount: z.number(),
  reason: z.string(),
  orderId: z.nullable(entityIdSchema),
  orderNumber: z.nullable(z.string()),
  createdAt: z.string(),
});
export type BalanceEntry = z.infer<typeof balanceEntrySchema>;

export const balanceSchema = z.object({
  companyId: z.nullable(entityIdSchema),
  /** Roubles available to pay orders. */
  balance: z.number(),
  /** The latest entries, newest first. */
  entries: z.array(balanceEntrySchema),
});
export type Balance = z.infer<typeof balanceSchema>;

/** `GET /payment/test/{paymentId}` and its form: the built-in test payment (no YooKassa keys). */
export const testPaymentParamsSchema = z.object({
  paymentId: z.string().check(z.regex(/^test-[0-9a-f-]{36}$/, { error: "Платёж не найден" })),
});

export const testPaymentFormSchema = z.object({
  action: z.enum(["pay", "cancel"], { error: "Выберите: оплатить или отменить" }),
});

/** YooKassa's notification (`POST /payment/yookassa/webhook`): only the payment id is trusted, the rest is refetched. */
export const yookassaNotificationSchema = z.looseObject({
  type: z.literal("notification", { error: "Ожидалось уведомление ЮKassa" }),
  event: z.string({ error: "Ожидалось уведомление ЮKassa" }).check(safeText("Ожидалось уведомление ЮKassa"), z.maxLength(100, { error: "Ожидалось уведомление ЮKassa" })),
  object: z.looseObject({
    id: z.string({ error: "Ожидалось уведомление ЮKassa" }).check(safeText("Ожидалось уведомление ЮKassa"), z.minLength(1), z.maxLength(100)),
  }),
});
export type YookassaNotification = z.infer<typeof yookassaNotificationSchema>;

/* ---------------------------------------------------------------------------------------------- */
/* The account area's documents (issue 15): invoices and closing documents of an account.          */

/**
 * invoice: «Счёт на оплату» of an order paid by invoice; act: «Акт выполненных работ» of a shipped or
 * done order; upd: the УПД (status 1) of a company's shipped or done order; receipt: the shop's copy
 * of a card payment's receipt (an HTML page, issue 30).
 */
export const orderDocumentKindSchema = z.enum(["invoice", "act", "upd", "receipt"]);
export type OrderDocumentKind = z.infer<typeof orderDocumentKindSchema>;

export const orderDocumentSchema = z.object({
  kind: orderDocumentKindSchema,
  orderId: entityIdSchema,
  orderNumber: z.string(),
  /** The document's own number (the order's number for both kinds). */
  number: z.string(),
  /** ISO date-time: the invoice's is the order's placing, the act's the day the work was finished. */
  date: z.string(),
  /** Roubles, VAT included. */
  total: z.number(),
  /** The PDF: `GET /api/client-order/{id}/invoice`, `…/act` or `…/upd`; the receipt's page `…/receipt`; with the session. */
  url: z.string(),
});
export type OrderDocument = z.infer<typeof orderDocumentSchema>;

export const DOCUMENT_LIST_DEFAULT_LIMIT = 20;
export const DOCUMENT_LIST_MAX_LIMIT = 100;

/**
 * `GET /client-account/documents?companyId=`: the documents of a company, or of the personal profile
 * without companyId. Paged by orders (an order has one or two documents), newest first.
 */
export const documentListQuerySchema = z.object({
  companyId: optionalIdTextInput("Компания указана неверно"),
  offset: countText(0, 1_000_000, "offset — целое число от 0"),
  limit: countText(1, DOCUMENT_LIST_MAX_LIMIT, `limit — целое число от 1 до ${DOCUMENT_LIST_MAX_LIMIT}`),
});
export type DocumentListQuery = z.input<typeof documentListQuerySchema>;

export const documentListPageSchema = z.object({
  items: z.array(orderDocumentSchema),
  /** Orders with documents, of which `offset`…`offset + limit` are on this page. */
  total: z.number().check(z.int()),
  offset: z.number().check(z.int()),
  limit: z.number().check(z.int()),
});
export type DocumentListPage = z.infer<typeof documentListPageSchema>;
