import { shopYear } from "../../../shared/domain/dates";
import { promocodeUseProblem, readyDate } from "../../../shared/domain/index";
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod/mini";
import { INVOICE_NEEDS_COMPANY_MESSAGE } from "../../../shared/contracts/index";
import type { PaymentType } from "../../../shared/contracts/index";
import type { Database, DatabaseTransaction } from "../../db/client";
import { clientOrder, designOrder, product } from "../../db/schema";
import type { ClientOrderRow } from "../../db/schema";
import { actingClientId } from "../accounts/acting-client";
import type { BalanceService, LedgerRef } from "./balance.service";
import type { CacheInvalidation } from "../cache-invalidation";
import type { CartCheckout } from "../cart/cart-checkout";
import { paymentTypeOff } from "../cart/cart.service";
import { lockPromocode, promocodeUse } from "../cart/promocode-use";
import type { PaymentService } from "./payment.service";
import type { Viewer } from "../accounts/session.service";
import { isShopError, ShopError } from "../shop-error";
import type { MailOutbox } from "../mail/mail-outbox";
import { orderForLetter, tellClient } from "../mail/order-letters";
import { orderPlacedLetter } from "../mail/order-mail";
import { recordStatusEvent } from "./order-timeline";

/*
 * Placing an order (`POST /client-cart/place-order`), used by the order service. Placing is one
 * transaction: the cart row is locked (by the cart's checkout snapshot), the idempotency key checked
 * again under that lock, the order written, the in-order lines and the deliveries moved to it, and —
 * for the internal balance — the ledger debited under the client's ledger lock. What must not hold a
 * database lock (the invoice PDF, the call to YooKassa) is the order service's, after the commit,
 * and is retried by placing again with the same key.
 */

export interface PlaceOrderInput {
  companyId: number | null;
  paymentType: PaymentType;
  comment?: string | undefined;
  idempotencyKey: string;
}

export interface OrderPlacingDeps {
  carts: Pick<CartCheckout, "checkoutSnapshot" | "moveToOrder">;
  balance: Pick<BalanceService, "debitForOrder">;
  payments: Pick<PaymentService, "createPending">;
  /** Told after an order is placed: its products' times-ordered counts changed, which the catalogue's cached pages show. */
  caches: Pick<CacheInvalidation, "invalidate">;
  now: () => Date;
  /** The payment types the shop offers (OTTISK_PAYMENTS); another is refused (400 PAYMENT_TYPE_OFF). */
  offered: readonly PaymentType[];
  /** Woken after the commit that queued «Заказ принят». */
  mail?: Pick<MailOutbox, "wake"> | undefined;
}

const cartEmpty = () =>
  new ShopError({ statusCode: 400, code: "CART_EMPTY", messageUI: "В корзине нет товаров для заказа", message: "No in-order lines in the cart" });

/** The key may come in the body or the Idempotency-Key header; one is required, and two must agree. */
export function resolveIdempotencyKey(fromBody: string | undefined, fromHeader: string | undefined): string {
  if (fromBody !== undefined && fromHeader !== undefined && fromBody !== fromHeader) {
    throw new ShopError({
      statusCode: 400,
      code: "IDEMPOTENCY_KEY_MISMATCH",
      messageUI: "Ключ идемпотентности в заголовке и в теле запроса не совпадает",
      message: "Idempotency-Key header and body idempotencyKey differ",
    });
  }
  const key = fromBody ?? fromHeader;
  if (key === undefined) {
    throw new ShopError({
      statusCode: 400,
      code: "IDEMPOTENCY_KEY_REQUIRED",
      messageUI: "Не передан ключ идемпотентности заказа",
      message: "idempotencyKey (body) or Idempotency-Key (header) is required",
    });
  }
  return key;
}

/** 409 when the code's usage limits were reached since the cart counted them (another order took the last use). */
async function checkPromocodeUse(tx: DatabaseTransaction, promocodeId: number, clientId: number): Promise<void> {
  const locked = await lockPromocode(tx, promocodeId);
  if (!locked) return;
  const problem = promocodeUseProblem(locked, await promocodeUse(tx, promocodeId, clientId));
  if (problem !== null) {
    throw new ShopError({
      statusCode: 409,
      code: problem.code,
      messageUI: `${problem.messageUI}: уберите его из корзины, чтобы оформить заказ`,
      message: `Promocode ${locked.code} reached its usage limit while the order was placed`,
    });
  }
}

/** `2026-000042`: the year the order was placed (Moscow time) and its id, six digits at least. */
export function orderNumber(placedAt: Date, orderId: number): string {
  return `${shopYear(placedAt)}-${String(orderId).padStart(6, "0")}`;
}

const nextIdSchema = z.object({ rows: z.array(z.object({ id: z.coerce.number().check(z.int(), z.positive()) })).check(z.length(1)) });

/** The ledger an order is paid from: its client's, for its company or the personal profile. */
export const orderLedger = (row: ClientOrderRow): LedgerRef => ({ clientId: row.accountId, companyId: row.companyId });

async function findByKey(executor: Database, clientId: number, key: string): Promise<ClientOrderRow | null> {
  const [row] = await executor
    .select()
    .from(clientOrder)
    .where(and(eq(clientOrder.accountId, clientId), eq(clientOrder.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/**
 * Places the client's cart as an order and answers the order's row: the new one, or the one placed
 * before with the same idempotency key (then nothing is written).
 */
export async function placeOrderRow(db: Database, deps: OrderPlacingDeps, viewer: Viewer, input: PlaceOrderInput, publicOrigin: string): Promise<ClientOrderRow> {
  const clientId = actingClientId(viewer);
  const placedBefore = await findByKey(db, clientId, input.idempotencyKey);
  if (placedBefore) return placedBefore;

  // OTTISK_PAYMENTS may leave card payments out (a public shop without YooKassa keys): nothing else takes them.
  if (!deps.offered.includes(input.paymentType)) throw paymentTypeOff(input.paymentType);
  // An invoice names a company as the buyer: a person pays by card or from the balance.
  if (input.paymentType === "Invoice" && input.companyId === null) {
    throw new ShopError({ statusCode: 400, code: "INVOICE_NEEDS_COMPANY", messageUI: INVOICE_NEEDS_COMPANY_MESSAGE, message: "An invoice is issued to a company only" });
  }

  const placedAt = deps.now();
  const placedId = await db.transaction(async (tx) => {
    let snapshot;
    try {
      // Locks the cart row until the commit: a second request for this cart waits here.
      snapshot = await deps.carts.checkoutSnapshot(viewer, { clientId, companyId: input.companyId }, tx);
    } catch (error) {
      if (isShopError(error) && error.code === "CART_EMPTY") throw cartEmpty();
      throw error;
    }
    // The request that held the lock before may have placed this very key: answer its order.
    const placedMeanwhile = await findByKey(tx, clientId, input.idempotencyKey);
    if (placedMeanwhile) return placedMeanwhile.id;
    if (snapshot.lines.length === 0) throw cartEmpty();
    const [problem] = snapshot.problems;
    if (problem !== undefined) {
      throw new ShopError({ statusCode: 400, code: "CART_NOT_READY", messageUI: problem, message: `The cart cannot be ordered: ${snapshot.problems.join("; ")}` });
    }
    if (input.paymentType === "Yookassa" && snapshot.totalKopecks <= 0) {
      throw new ShopError({
        statusCode: 400,
        code: "NOTHING_TO_PAY",
        messageUI: `Заказ на 0 ₽ нельзя оплатить картой: выберите оплату ${input.companyId === null ? "с баланса" : "по счёту"}`,
        message: "A zero total cannot be paid through YooKassa",
      });
    }

    // The code's usage limits, counted again under its row's lock: of two carts placing a one-use
    // code at once, the second waits here for the first's commit and then sees its order.
    // A cart still holding a used-up code is refused too: the client saw its discount and must choose.
    if (snapshot.promocode !== null) await checkPromocodeUse(tx, snapshot.promocode.id, clientId);
    const promocodeId = snapshot.promocode !== null && snapshot.discountKopecks > 0 ? snapshot.promocode.id : null;

    const [next] = nextIdSchema.parse(await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('client_order', 'id')) AS id`)).rows;
    if (!next) throw new Error("No order id from the sequence");
    const [created] = await tx
      .insert(clientOrder)
      .values({
        id: next.id,
        number: orderNumber(placedAt, next.id),
        accountId: clientId,
        companyId: snapshot.cart.companyId,
        placedById: viewer.account.id === clientId ? null : viewer.account.id,
        status: "new",
        paymentType: input.paymentType,
        paymentStatus: "pending",
        itemsKopecks: snapshot.itemsKopecks,
        discountKopecks: snapshot.discountKopecks,
        deliveryKopecks: snapshot.deliveryKopecks,
        totalKopecks: snapshot.totalKopecks,
        vatKopecks: snapshot.vatKopecks,
        promocodeCode: snapshot.discountKopecks > 0 ? (snapshot.promocode?.code ?? null) : null,
        promocodeId,
        comment: input.comment ?? snapshot.cart.comment,
        // «Будет готово …» fixed now, so it does not move later: the longest in-order line, from the moment of placing.
        readyDate: readyDate(placedAt, Math.max(0, ...snapshot.lines.map((line) => line.productionTimeDay))),
        idempotencyKey: input.idempotencyKey,
        createdAt: placedAt,
      })
      .onConflictDoNothing({ target: [clientOrder.accountId, clientOrder.idempotencyKey] })
      .returning();
    // The same key placed from another cart of this client at this moment: that order is the answer.
    if (!created) return null;

    const lineIds = snapshot.lines.map((line) => line.id);
    await deps.carts.moveToOrder(tx, snapshot.cart.id, created.id);
    await tx.update(designOrder).set({ orderId: created.id, updatedAt: new Date() }).where(inArray(designOrder.orderProductId, lineIds));
    const productIds = [...new Set(snapshot.lines.map((line) => line.productId))];
    await tx
      .update(product)
      .set({ timesOrdered: sql`${product.timesOrdered} + 1` })
      .where(inArray(product.id, productIds));

    await recordStatusEvent(tx, { orderId: created.id, status: "new", at: placedAt });
    if (input.paymentType === "InternalBalance") {
      await deps.balance.debitForOrder(tx, orderLedger(created), { amountKopecks: created.totalKopecks, orderId: created.id, orderNumber: created.number });
      await tx.update(clientOrder).set({ paymentStatus: "paid", status: "paid", paidAt: placedAt }).where(eq(clientOrder.id, created.id));
      await recordStatusEvent(tx, { orderId: created.id, status: "paid", at: placedAt });
    } else if (input.paymentType === "Yookassa") {
      await deps.payments.createPending(tx, created, publicOrigin);
    }
    // «Заказ принят» (issue 30), in this transaction; an invoice order's letter carries the invoice PDF, read when it is sent.
    const letterOrder = await orderForLetter(tx, created);
    await tellClient(
      tx,
      { accountId: created.accountId, companyId: created.companyId, orderId: created.id, kind: "order_status" },
      (to) => orderPlacedLetter(to, publicOrigin, letterOrder),
      input.paymentType === "Invoice" ? [{ kind: "order_invoice", orderId: created.id }] : [],
    );
    return created.id;
  });

  // The products' times-ordered counts grew: every node's cached catalogue pages show the new ones.
  if (placedId !== null) await deps.caches.invalidate("catalog");
  if (placedId !== null) deps.mail?.wake();
  const [placed] =
    placedId === null
      ? [await findByKey(db, clientId, input.idempotencyKey)]
      : await db.select().from(clientOrder).where(eq(clientOrder.id, placedId));
  if (!placed) throw new Error(`The order of key ${input.idempotencyKey} is not there after placing`);
  return placed;
}
