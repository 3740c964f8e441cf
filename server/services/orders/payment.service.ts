import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { randomUUID } from "node:crypto";
import type { FiscalReceipt, OrderRefund, PaymentRecord, PaymentSettlementRecord, YookassaNotification } from "../../../shared/contracts/index";
import { SCREEN_PATHS, successPath } from "../../../shared/domain/index";
import type { YookassaClient } from "../../adapters/yookassa";
import { yookassaValueToKopecks } from "../../adapters/yookassa";
import type { Database } from "../../db/client";
import { clientOrder, payment, paymentRefund, paymentSettlement } from "../../db/schema";
import type { ClientOrderRow, PaymentRefundRow, PaymentRow, PaymentSettlementRow } from "../../db/schema";
import { kopecksToRoubles } from "../catalog/catalog.mapper";
import { paymentRequest, refundRequest, settledReceipt, settlementReceiptRequest } from "./order-receipt";
import { formatBalance } from "./balance.service";
import type { MailOutbox } from "../mail/mail-outbox";
import { tellClient } from "../mail/order-letters";
import { paymentReceivedLetter } from "../mail/order-mail";
import { recordStatusEvent } from "./order-timeline";
import { ShopError } from "../shop-error";
import type { Viewer } from "../accounts/session.service";

/*
 * Card payments of Yookassa orders. With YooKassa's keys a payment is created at YooKassa and paid
 * on its page; its webhook is believed only after the payment is read back from YooKassa. Without
 * keys (a demo, a developer's machine) the shop's own test page stands in for YooKassa's: the
 * shopper presses «Оплатить» or «Отменить» and the order is paid or not, no money involved.
 */

export type PaymentProvider = "yookassa" | "test";

export interface TestPaymentPage {
  orderId: number;
  /** The client whose order it is: only their session (or an employee's) may see and use the page. */
  accountId: number;
  orderNumber: string;
  amountKopecks: number;
  status: PaymentRow["status"];
}

export interface PaymentService {
  readonly provider: PaymentProvider;
  /** In the placing transaction: the order's pending payment (its idempotence key and its request with the 54-ФЗ receipt fixed before any call out). */
  createPending(tx: Database, order: Pick<ClientOrderRow, "id" | "accountId" | "number" | "totalKopecks">, publicOrigin: string): Promise<PaymentRow>;
  /** After the order is committed: the payment's confirmation URL, asking YooKassa once if it is not known yet. */
  ensureConfirmation(row: PaymentRow, order: Pick<ClientOrderRow, "id" | "number">, publicOrigin: string): Promise<PaymentRow>;
  /** The latest payment of an order. */
  latestFor(orderId: number): Promise<PaymentRow | null>;
  /** What the test payment page shows to `viewer`; 404 when there is no such test payment, 403 when the order is not the viewer's (an employee may see any). */
  testPage(externalId: string, viewer: Viewer | null): Promise<TestPaymentPage>;
  /** The test page's buttons, for the order's own client or an employee (else 403): pays or cancels (once; a repeat changes nothing) and answers where to send the shopper (the order's success page either way). */
  completeTestPayment(externalId: string, action: "pay" | "cancel", publicOrigin: string, viewer: Viewer | null): Promise<string>;
  /**
   * In the cancelling transaction: the refund of the order's succeeded card payment, recorded with
   * its request (an offline test payment's refund succeeds at once); null when nothing was paid by card.
   */
  recordRefund(tx: Database, order: Pick<ClientOrderRow, "id" | "number">): Promise<PaymentRefundRow | null>;
  /** After the commit: sends a pending refund to YooKassa (same Idempotence-Key on every try); a failure leaves it pending and is logged. */
  sendRefund(refund: PaymentRefundRow, log?: FastifyBaseLogger): Promise<void>;
  /**
   * In the transaction that hands the order over (shipped, or done): the settlement receipt
   * («полный расчёт») of the order's succeeded card payment, recorded with its request (offline it
   * succeeds at once). Once per payment: a later call returns the first row. null when nothing was
   * paid by card. Returns the row only when this call recorded it (so the caller sends it once).
   */
  recordSettlement(tx: Database, order: Pick<ClientOrderRow, "id" | "number">): Promise<PaymentSettlementRow | null>;
  /** After the commit: sends a pending settlement receipt to YooKassa (same Idempotence-Key on every try); a failure leaves it pending and is logged. */
  sendSettlement(settlement: PaymentSettlementRow, log?: FastifyBaseLogger): Promise<void>;
  /** The order's refunds as the client's order shows them. */
  refundsOf(orderId: number): Promise<OrderRefund[]>;
  /** `GET /employee/order/{id}/payments`: the order's payments with their requests, refunds and settlement receipts; pending YooKassa refunds and receipts are sent again first. */
  records(orderId: number, log?: FastifyBaseLogger): Promise<PaymentRecord[]>;
  /** YooKassa's notification: refetches the payment and applies what YooKassa says; unknown payments are ignored. */
  handleYookassaNotification(notification: YookassaNotification, log: FastifyBaseLogger): Promise<void>;
}

export function testPaymentUrl(publicOrigin: string, externalId: string): string {
  return `${publicOrigin}/api/payment/test/${encodeURIComponent(externalId)}`;
}

export function successPaymentUrl(publicOrigin: string, orderId: number): string {
  return `${publicOrigin}${successPath(orderId)}`;
}

/** The cart page (no longer where a cancelled payment returns: the order's success page offers «Оплатить» again). */
export function cartUrl(publicOrigin: string): string {
  return `${publicOrigin}${SCREEN_PATHS.cart}`;
}

const testPaymentNotFound = () =>
  new ShopError({ statusCode: 404, code: "PAYMENT_NOT_FOUND", messageUI: "Платёж не найден", message: "No such test payment" });

const testPaymentNotYours = () =>
  new ShopError({
    statusCode: 403,
    code: "PAYMENT_NOT_YOURS",
    messageUI: "Этот платёж относится к заказу другого покупателя. Войдите в аккаунт, в котором оформлен заказ, и откройте оплату из заказа.",
    message: "The test payment's order belongs to another account than the caller's session",
  });

/**
 * The test page's link is no capability of its own (issue 28): it may leak through history, logs or
 * a shared screen. Only the session of the client whose order it is, or an employee's, may see the
 * page and press its buttons.
 */
function assertMayUseTestPayment(viewer: Viewer | null, orderAccountId: number): void {
  if (viewer?.account.typeUser === "employee" && !viewer.account.temporary) return;
  if (viewer && viewer.account.id === orderAccountId) return;
  throw testPaymentNotYours();
}

/**
 * Marks the payment succeeded and its order paid; a payment already succeeded changes nothing. The
 * update that made the order paid tells the client (notification and «Заказ оплачен», issue 30) and,
 * when the order moved from «new», writes «paid» into its timeline. True when a letter was queued.
 */
export async function markPaymentSucceeded(tx: Database, row: Pick<PaymentRow, "id" | "orderId">, publicOrigin: string): Promise<boolean> {
  await tx
    .update(payment)
    .set({ status: "succeeded", updatedAt: new Date() })
    .where(and(eq(payment.id, row.id), ne(payment.status, "succeeded")));
  const [before] = await tx.select({ status: clientOrder.status }).from(clientOrder).where(eq(clientOrder.id, row.orderId)).for("update");
  const paid = await tx
    .update(clientOrder)
    .set({
      paymentStatus: "paid",
      status: sql`CASE WHEN ${clientOrder.status} = 'new' THEN 'paid' ELSE ${clientOrder.status} END`,
      paidAt: sql`coalesce(${clientOrder.paidAt}, now())`,
    })
    .where(and(eq(clientOrder.id, row.orderId), ne(clientOrder.paymentStatus, "paid")))
    .returning({ id: clientOrder.id, accountId: clientOrder.accountId, companyId: clientOrder.companyId, number: clientOrder.number, totalKopecks: clientOrder.totalKopecks, paidAt: clientOrder.paidAt });
  // The client hears of it once: only the update that made the order paid writes the news.
  let mailed = false;
  for (const order of paid) {
    if (before?.status === "new") await recordStatusEvent(tx, { orderId: order.id, status: "paid", at: order.paidAt ?? new Date() });
    mailed = await tellClient(tx, { accountId: order.accountId, companyId: order.companyId, orderId: order.id, kind: "payment" }, (to) =>
      paymentReceivedLetter(to, publicOrigin, order, "Оплата картой прошла"),
    );
  }
  return mailed;
}

/** Marks a payment that has not succeeded canceled, and its order's payment cancelled unless it is paid. */
export async function markPaymentCanceled(tx: Database, row: Pick<PaymentRow, "id" | "orderId">): Promise<void> {
  const changed = await tx
    .update(payment)
    .set({ status: "canceled", updatedAt: new Date() })
    .where(and(eq(payment.id, row.id), inArray(payment.status, ["pending", "waiting_for_capture"])))
    .returning({ id: payment.id });
  if (changed.length === 0) return;
  await tx
    .update(clientOrder)
    .set({ paymentStatus: "cancelled" })
    .where(and(eq(clientOrder.id, row.orderId), eq(clientOrder.paymentStatus, "pending")));
}

function paymentStatusOf(status: string): PaymentRecord["status"] {
  return status === "waiting_for_capture" || status === "succeeded" || status === "canceled" ? status : "pending";
}

function toSettlementRecord(row: PaymentSettlementRow): PaymentSettlementRecord {
  const status = row.status === "succeeded" || row.status === "canceled" ? row.status : "pending";
  return { id: row.id, amount: kopecksToRoubles(row.amountKopecks), status, externalId: row.externalId, createdAt: row.createdAt.toISOString(), request: row.requestJson };
}

function toOrderRefund(row: PaymentRefundRow): OrderRefund {
  const status = row.status === "succeeded" || row.status === "canceled" ? row.status : "pending";
  return { id: row.id, amount: kopecksToRoubles(row.amountKopecks), status, createdAt: row.createdAt.toISOString() };
}

/** Where the payment letters' links point and the outbox to wake after their commit (issue 30). */
export interface PaymentLetters {
  publicOrigin: string;
  mail: Pick<MailOutbox, "wake">;
  /** Where a refund ЮKassa did not take is reported when the caller gives no logger of its own. */
  log?: FastifyBaseLogger;
}

export function createPaymentService(db: Database, yookassa: YookassaClient | null, letters?: PaymentLetters): PaymentService {
  const log = letters?.log;
  const provider: PaymentProvider = yookassa ? "yookassa" : "test";

  async function byExternalId(externalId: string, expected: PaymentProvider): Promise<PaymentRow | null> {
    const [row] = await db
      .select()
      .from(payment)
      .where(and(eq(payment.externalId, externalId), eq(payment.provider, expected)))
      .limit(1);
    return row ?? null;
  }

  async function accountOf(orderId: number): Promise<number> {
    const [row] = await db.select({ accountId: clientOrder.accountId }).from(clientOrder).where(eq(clientOrder.id, orderId)).limit(1);
    if (!row) throw new Error(`Order ${orderId} vanished`);
    return row.accountId;
  }

  async function sendRefund(refund: PaymentRefundRow, requestLog?: FastifyBaseLogger): Promise<void> {
    if (!yookassa || refund.status !== "pending") return;
    try {
      const answer = await yookassa.createRefund(refund.requestJson, refund.idempotenceKey);
      await db
        .update(paymentRefund)
        .set({ externalId: answer.id, status: answer.status, updatedAt: new Date() })
        .where(and(eq(paymentRefund.id, refund.id), eq(paymentRefund.status, "pending")));
    } catch (error) {
      // Left pending: sent again (same key) when an employee opens the order's payments.
      (requestLog ?? log)?.error({ refundId: refund.id, orderId: refund.orderId, error: error instanceof Error ? error.message : String(error) }, "YooKassa did not take the refund: left pending");
    }
  }

  async function sendSettlement(settlement: PaymentSettlementRow, requestLog?: FastifyBaseLogger): Promise<void> {
    if (!yookassa || settlement.status !== "pending") return;
    try {
      const answer = await yookassa.createReceipt(settlement.requestJson, settlement.idempotenceKey);
      await db
        .update(paymentSettlement)
        .set({ externalId: answer.id, status: answer.status, updatedAt: new Date() })
        .where(and(eq(paymentSettlement.id, settlement.id), eq(paymentSettlement.status, "pending")));
    } catch (error) {
      // Left pending: sent again (same key) when an employee opens the order's payments.
      (requestLog ?? log)?.error(
        { settlementId: settlement.id, orderId: settlement.orderId, error: error instanceof Error ? error.message : String(error) },
        "YooKassa did not take the settlement receipt: left pending",
      );
    }
  }

  /** The order's latest payment that went through (what a refund or a settlement receipt is about); null when none. */
  async function paidPaymentOf(tx: Database, orderId: number): Promise<PaymentRow | null> {
    const [paid] = await tx
      .select()
      .from(payment)
      .where(and(eq(payment.orderId, orderId), eq(payment.status, "succeeded")))
      .orderBy(sql`${payment.id} DESC`)
      .limit(1);
    return paid ?? null;
  }

  /**
   * The common columns of a refund or settlement receipt of `paid`: sent to ЮKassa later (pending, its
   * own Idempotence-Key), or done at once by the offline test provider under an id of its own (`prefix-…`).
   */
  function recordOf(paid: PaymentRow, prefix: "test-receipt" | "test-refund") {
    const offline = paid.provider === "test";
    return {
      paymentId: paid.id,
      orderId: paid.orderId,
      amountKopecks: paid.amountKopecks,
      status: offline ? "succeeded" : "pending",
      externalId: offline ? `${prefix}-${randomUUID()}` : null,
      idempotenceKey: randomUUID(),
    };
  }

  /** The receipt the payment was made with (a payment made before issue 30 has none recorded: built now). */
  async function receiptOf(tx: Database, paid: PaymentRow, order: Pick<ClientOrderRow, "id" | "number">): Promise<FiscalReceipt> {
    return (paid.requestJson ?? (await paymentRequest(tx, { id: order.id, number: order.number, accountId: await accountOf(order.id), totalKopecks: paid.amountKopecks }, paid.amountKopecks, ""))).receipt;
  }

  return {
    provider,

    async recordSettlement(tx, order) {
      const paid = await paidPaymentOf(tx, order.id);
      if (!paid || paid.externalId === null || paid.amountKopecks <= 0) return null;
      const [row] = await tx
        .insert(paymentSettlement)
        .values({
          ...recordOf(paid, "test-receipt"),
          requestJson: settlementReceiptRequest({ externalId: paid.externalId, amountKopecks: paid.amountKopecks, receipt: await receiptOf(tx, paid, order) }),
        })
        // Handed over once: a second move (shipped → done) finds the first row and records nothing.
        .onConflictDoNothing({ target: paymentSettlement.paymentId })
        .returning();
      return row ?? null;
    },

    sendSettlement,

    async recordRefund(tx, order) {
      const paid = await paidPaymentOf(tx, order.id);
      if (!paid || paid.externalId === null) return null;
      const [already] = await tx.select().from(paymentRefund).where(eq(paymentRefund.paymentId, paid.id)).limit(1);
      if (already) return already;
      // After the hand-over's settlement receipt the refund returns goods settled in full: its items are the settled ones.
      const [settled] = await tx.select({ id: paymentSettlement.id }).from(paymentSettlement).where(eq(paymentSettlement.paymentId, paid.id)).limit(1);
      const paidReceipt = await receiptOf(tx, paid, order);
      const receipt = settled ? settledReceipt(paidReceipt) : paidReceipt;
      const [row] = await tx
        .insert(paymentRefund)
        .values({
          ...recordOf(paid, "test-refund"),
          requestJson: refundRequest({ externalId: paid.externalId, amountKopecks: paid.amountKopecks, receipt }, order.number),
        })
        .returning();
      return row ?? null;
    },

    sendRefund,

    async refundsOf(orderId) {
      const rows = await db.select().from(paymentRefund).where(eq(paymentRefund.orderId, orderId)).orderBy(asc(paymentRefund.id));
      return rows.map(toOrderRefund);
    },

    async records(orderId, log) {
      const pending = await db.select().from(paymentRefund).where(and(eq(paymentRefund.orderId, orderId), eq(paymentRefund.status, "pending")));
      for (const refund of pending) await sendRefund(refund, log);
      const unsent = await db.select().from(paymentSettlement).where(and(eq(paymentSettlement.orderId, orderId), eq(paymentSettlement.status, "pending")));
      for (const settlement of unsent) await sendSettlement(settlement, log);
      const [payments, refunds, settlements] = await Promise.all([
        db.select().from(payment).where(eq(payment.orderId, orderId)).orderBy(asc(payment.id)),
        db.select().from(paymentRefund).where(eq(paymentRefund.orderId, orderId)).orderBy(asc(paymentRefund.id)),
        db.select().from(paymentSettlement).where(eq(paymentSettlement.orderId, orderId)).orderBy(asc(paymentSettlement.id)),
      ]);
      const settlementOf = (paymentId: number): PaymentSettlementRecord | null => {
        const found = settlements.find((settlement) => settlement.paymentId === paymentId);
        return found ? toSettlementRecord(found) : null;
      };
      return payments.map((row) => ({
        id: row.id,
        provider: row.provider === "yookassa" ? "yookassa" : "test",
        externalId: row.externalId,
        status: paymentStatusOf(row.status),
        amount: kopecksToRoubles(row.amountKopecks),
        createdAt: row.createdAt.toISOString(),
        request: row.requestJson ?? null,
        refunds: refunds
          .filter((refund) => refund.paymentId === row.id)
          .map((refund) => ({ ...toOrderRefund(refund), externalId: refund.externalId, request: refund.requestJson })),
        settlement: settlementOf(row.id),
      }));
    },

    async createPending(tx, order, publicOrigin) {
      // Offline the payment's id is ours, random, so the test page's address cannot be guessed.
      const externalId = provider === "test" ? `test-${randomUUID()}` : null;
      const requestJson = await paymentRequest(tx, order, order.totalKopecks, successPaymentUrl(publicOrigin, order.id));
      const [row] = await tx
        .insert(payment)
        .values({
          orderId: order.id,
          provider,
          externalId,
          status: "pending",
          amountKopecks: order.totalKopecks,
          confirmationUrl: externalId === null ? null : testPaymentUrl(publicOrigin, externalId),
          idempotenceKey: randomUUID(),
          requestJson,
        })
        .returning();
      if (!row) throw new Error("The payment was not recorded");
      return row;
    },

    async ensureConfirmation(row, order, publicOrigin) {
      if (row.confirmationUrl !== null || row.status !== "pending" || !yookassa) return row;
      let created;
      try {
        // The same Idempotence-Key on every try: YooKassa answers a repeat with the first payment.
        // The request recorded with the payment (a payment made before issue 30 has none: built now).
        const request = row.requestJson ?? (await paymentRequest(db, { ...order, accountId: await accountOf(order.id), totalKopecks: row.amountKopecks }, row.amountKopecks, successPaymentUrl(publicOrigin, order.id)));
        created = await yookassa.createPayment(request, row.idempotenceKey);
      } catch (error) {
        throw new ShopError({
          statusCode: 502,
          code: "PAYMENT_PROVIDER_UNAVAILABLE",
          messageUI: `Заказ № ${order.number} оформлен, но платёжный сервис не ответил. Повторите оплату через минуту.`,
          message: `YooKassa did not create the payment: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
      const [updated] = await db
        .update(payment)
        .set({ externalId: created.id, confirmationUrl: created.confirmation?.confirmation_url ?? null, updatedAt: new Date() })
        .where(eq(payment.id, row.id))
        .returning();
      return updated ?? row;
    },

    async latestFor(orderId) {
      const [row] = await db.select().from(payment).where(eq(payment.orderId, orderId)).orderBy(sql`${payment.id} DESC`).limit(1);
      return row ?? null;
    },

    async testPage(externalId, viewer) {
      const [row] = await db
        .select({ orderId: clientOrder.id, accountId: clientOrder.accountId, number: clientOrder.number, amountKopecks: payment.amountKopecks, status: payment.status })
        .from(payment)
        .innerJoin(clientOrder, eq(clientOrder.id, payment.orderId))
        .where(and(eq(payment.externalId, externalId), eq(payment.provider, "test")))
        .limit(1);
      if (!row) throw testPaymentNotFound();
      assertMayUseTestPayment(viewer, row.accountId);
      return { orderId: row.orderId, accountId: row.accountId, orderNumber: row.number, amountKopecks: row.amountKopecks, status: row.status };
    },

    async completeTestPayment(externalId, action, publicOrigin, viewer) {
      const row = await byExternalId(externalId, "test");
      if (!row) throw testPaymentNotFound();
      const [order] = await db.select({ accountId: clientOrder.accountId }).from(clientOrder).where(eq(clientOrder.id, row.orderId)).limit(1);
      if (!order) throw testPaymentNotFound();
      assertMayUseTestPayment(viewer, order.accountId);
      await db.transaction(async (tx) => {
        if (action === "pay") return markPaymentSucceeded(tx, row, publicOrigin);
        await markPaymentCanceled(tx, row);
        return false;
      }).then((mailed) => {
        if (mailed) letters?.mail.wake();
      });
      // Paid or not, the order's success page: after a cancel it offers «Оплатить» again (issue 15).
      return successPaymentUrl(publicOrigin, row.orderId);
    },

    async handleYookassaNotification(notification, log) {
      const externalId = notification.object.id;
      if (!yookassa) {
        log.warn({ externalId, event: notification.event }, "YooKassa notification ignored: the shop runs without YooKassa keys");
        return;
      }
      const row = await byExternalId(externalId, "yookassa");
      if (!row) {
        log.warn({ externalId, event: notification.event }, "YooKassa notification for an unknown payment ignored");
        return;
      }
      let remote;
      try {
        remote = await yookassa.getPayment(externalId);
      } catch (error) {
        // Not 200: YooKassa sends the notification again later.
        throw new ShopError({
          statusCode: 502,
          code: "PAYMENT_PROVIDER_UNAVAILABLE",
          messageUI: "Платёжный сервис не ответил. Повторите позже.",
          message: `YooKassa did not answer GET /v3/payments/${externalId}: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
      const amountKopecks = yookassaValueToKopecks(remote.amount.value);
      if (remote.id !== externalId || remote.amount.currency !== "RUB" || amountKopecks !== row.amountKopecks || remote.metadata?.orderId !== String(row.orderId)) {
        log.error(
          { externalId, remoteAmount: remote.amount, expected: formatBalance(row.amountKopecks), remoteOrderId: remote.metadata?.orderId, orderId: row.orderId },
          "YooKassa payment does not match the order: ignored",
        );
        return;
      }
      if (remote.status === "succeeded") {
        if (await db.transaction((tx) => markPaymentSucceeded(tx, row, letters?.publicOrigin ?? ""))) letters?.mail.wake();
      } else if (remote.status === "canceled") {
        await db.transaction((tx) => markPaymentCanceled(tx, row));
      } else if (remote.status === "waiting_for_capture") {
        await db
          .update(payment)
          .set({ status: "waiting_for_capture", updatedAt: new Date() })
          .where(and(eq(payment.id, row.id), eq(payment.status, "pending")));
      }
    },
  };
}
