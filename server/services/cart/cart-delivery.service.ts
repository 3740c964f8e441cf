import { and, eq, sql } from "drizzle-orm";
import type { Cart, CartTarget, DeliveryRequest, DeliveryUpdateRequest } from "../../../shared/contracts/index";
import type { Database, DatabaseTransaction } from "../../db/client";
import { cart, delivery, recipient } from "../../db/schema";
import type { DeliveryRow } from "../../db/schema";
import { actingClientId } from "../accounts/acting-client";
import { bumpVersion, loadLines, lockCartRow, openLockedCart } from "./cart-access";
import type { CartAccess, CartOwner } from "./cart-access";
import { cartAggregate, sameAggregate } from "./cart.mapper";
import type { CartAggregate } from "./cart.mapper";
import type { DeliveryQuote, DeliveryQuoteService } from "../geo/delivery-quote.service";
import type { Viewer } from "../accounts/session.service";
import { ShopError } from "../shop-error";

/*
 * The cart's deliveries (spec §4 "each cart delivery"). Deliveries are priced by app.deliveryQuotes
 * OUTSIDE any transaction (a provider's API may be slow, and PGlite has one connection): the inputs
 * are read, the quotes fetched, then a short transaction writes them only if the lines still add up
 * to the same weight and production time — otherwise it reads and asks again.
 */

/** A cart may hold this many deliveries (spec §4: "each cart delivery"). */
export const CART_MAX_DELIVERIES = 5;
/** Attempts to price deliveries while other tabs keep changing the lines. */
const DELIVERY_PRICING_ATTEMPTS = 5;

const deliveryNotFound = () =>
  new ShopError({ statusCode: 404, code: "CART_DELIVERY_NOT_FOUND", messageUI: "Такой доставки нет в корзине.", message: "No such delivery in the caller's carts" });

export interface CartDeliveries {
  addDelivery(viewer: Viewer, input: DeliveryRequest, target: CartTarget, publicOrigin: string): Promise<Cart>;
  updateDelivery(viewer: Viewer, input: DeliveryUpdateRequest, publicOrigin: string): Promise<Cart>;
  removeDelivery(viewer: Viewer, deliveryId: number, publicOrigin: string): Promise<Cart>;
}

/** Delivery prices for the cart's lines as they are: the quotes the cart's other parts ask for. */
export interface DeliveryPricing {
  /**
   * Prices the cart's deliveries again for its lines as they are (after a line changed). A delivery
   * whose method no longer takes the parcel keeps its old price and weight, so the cart shows it as
   * not up to date. `skipId` is a delivery just priced by the caller.
   */
  repriceDeliveries(cartId: number, skipId: number | null): Promise<void>;
  /**
   * Quotes a delivery for the cart's lines outside any transaction, then writes it with `write`
   * under the lock if the lines still add up to the same parcel; asks again otherwise.
   */
  writeQuotedDelivery(
    cartId: number,
    input: DeliveryRequest,
    write: (tx: DatabaseTransaction, quote: DeliveryQuote, aggregate: CartAggregate) => Promise<number>,
  ): Promise<number>;
}

export function createDeliveryPricing(db: Database, deliveryQuotes: DeliveryQuoteService): DeliveryPricing {
  /** The delivery price for the cart's in-order lines as they are now. */
  function quoteFor(aggregate: CartAggregate, input: Pick<DeliveryRow, "cityKladrId" | "deliveryMethod" | "tariffCode" | "pickupPointCode">): Promise<DeliveryQuote> {
    return deliveryQuotes.quote({
      cityKladrId: input.cityKladrId,
      deliveryMethod: input.deliveryMethod as DeliveryQuote["deliveryMethod"],
      // A line without a known size weighs nothing by the formula; a parcel still weighs something.
      weightGrams: Math.max(aggregate.weightGrams, 1),
      isUrgent: aggregate.isUrgent,
      productionTimeDay: aggregate.productionTimeDay,
      tariffCode: input.tariffCode,
      pickupPointCode: input.pickupPointCode,
    });
  }


  async function repriceDeliveries(cartId: number, skipId: number | null): Promise<void> {
    for (let attempt = 0; attempt < DELIVERY_PRICING_ATTEMPTS; attempt += 1) {
      const aggregate = cartAggregate(await loadLines(db, cartId));
      if (aggregate.inOrderCount === 0) return;
      const deliveries = (await db.select().from(delivery).where(eq(delivery.cartId, cartId))).filter((item) => item.id !== skipId);
      if (deliveries.length === 0) return;
      const quotes = await Promise.all(
        deliveries.map(async (item) => {
          try {
            return { item, quote: await quoteFor(aggregate, item) };
          } catch (error) {
            if (error instanceof ShopError && error.statusCode < 500) return { item, quote: null };
            throw error;
          }
        }),
      );
      const written = await db.transaction(async (tx) => {
        if (!(await lockCartRow(tx, cartId))) return true;
        if (!sameAggregate(aggregate, cartAggregate(await loadLines(tx, cartId)))) return false;
        let changed = false;
        for (const { item, quote } of quotes) {
          if (!quote) continue;
          if (item.priceKopecks === quote.priceKopecks && item.deliveryDate === quote.deliveryDate && item.weightGrams === aggregate.weightGrams) continue;
          // Only the delivery as it was quoted: one chosen anew meanwhile keeps its own price.
          const updated = await tx
            .update(delivery)
            .set({ priceKopecks: quote.priceKopecks, deliveryDate: quote.deliveryDate, tariffCode: quote.tariffCode, weightGrams: aggregate.weightGrams, updatedAt: new Date() })
            .where(and(eq(delivery.id, item.id), eq(delivery.cartId, cartId), sql`date_trunc('milliseconds', ${delivery.updatedAt}) = ${item.updatedAt.toISOString()}::timestamptz`))
            .returning({ id: delivery.id });
          changed ||= updated.length > 0;
        }
        if (changed) await bumpVersion(tx, cartId);
        return true;
      });
      if (written) return;
    }
  }

  function noLinesForDelivery(): ShopError {
    return new ShopError({
      statusCode: 400,
      code: "CART_NOTHING_TO_DELIVER",
      messageUI: "Отметьте для заказа хотя бы один товар, чтобы выбрать доставку",
      message: "No in-order lines to price a delivery for",
    });
  }

  async function writeQuotedDelivery(
    cartId: number,
    input: DeliveryRequest,
    write: (tx: DatabaseTransaction, quote: DeliveryQuote, aggregate: CartAggregate) => Promise<number>,
  ): Promise<number> {
    for (let attempt = 0; ; attempt += 1) {
      const aggregate = cartAggregate(await loadLines(db, cartId));
      if (aggregate.inOrderCount === 0) throw noLinesForDelivery();
      const quote = await quoteFor(aggregate, input);
      const written = await db.transaction(async (tx) => {
        if (!(await lockCartRow(tx, cartId))) throw deliveryNotFound();
        const current = cartAggregate(await loadLines(tx, cartId));
        if (!sameAggregate(aggregate, current) && attempt < DELIVERY_PRICING_ATTEMPTS - 1) return null;
        if (current.inOrderCount === 0) throw noLinesForDelivery();
        const id = await write(tx, quote, aggregate);
        await bumpVersion(tx, cartId);
        return id;
      });
      if (written !== null) return written;
    }
  }

  return { repriceDeliveries, writeQuotedDelivery };
}

export function createCartDeliveries(db: Database, access: CartAccess, pricing: DeliveryPricing): CartDeliveries {
  const { resolveOwner, mutate, view } = access;
  const { writeQuotedDelivery } = pricing;

  async function ownerOfDelivery(viewer: Viewer, deliveryId: number): Promise<{ owner: CartOwner; cartId: number }> {
    const accountId = actingClientId(viewer);
    const [row] = await db
      .select({ cartId: cart.id, companyId: cart.companyId })
      .from(delivery)
      .innerJoin(cart, eq(cart.id, delivery.cartId))
      .where(and(eq(delivery.id, deliveryId), eq(cart.accountId, accountId)))
      .limit(1);
    if (!row) throw deliveryNotFound();
    return { owner: { accountId, companyId: row.companyId, temporary: viewer.account.temporary }, cartId: row.cartId };
  }


  async function checkRecipient(exec: Database, accountId: number, recipientId: number | null): Promise<void> {
    if (recipientId === null) return;
    const [row] = await exec
      .select({ id: recipient.id })
      .from(recipient)
      .where(and(eq(recipient.id, recipientId), eq(recipient.accountId, accountId)))
      .limit(1);
    if (!row) throw new ShopError({ statusCode: 404, code: "RECIPIENT_NOT_FOUND", messageUI: "Получатель не найден.", message: `No recipient ${recipientId} for this client` });
  }

  function deliveryColumns(input: DeliveryRequest, quote: DeliveryQuote, aggregate: CartAggregate) {
    return {
      deliveryType: input.deliveryType,
      cityKladrId: input.cityKladrId,
      deliveryMethod: input.deliveryMethod,
      address: input.address,
      recipientId: input.recipientId,
      tariffCode: quote.tariffCode,
      pickupPointCode: input.pickupPointCode,
      priceKopecks: quote.priceKopecks,
      deliveryDate: quote.deliveryDate,
      weightGrams: aggregate.weightGrams,
      updatedAt: new Date(),
    };
  }

  return {
    async addDelivery(viewer, input, target, publicOrigin) {
      const owner = await resolveOwner(db, viewer, target);
      await checkRecipient(db, owner.accountId, input.recipientId);
      const cartId = await db.transaction(async (tx) => (await openLockedCart(tx, owner.accountId, owner.companyId)).id);
      await writeQuotedDelivery(cartId, input, async (tx, quote, aggregate) => {
        const [row] = await tx.select({ total: sql<number>`count(*)::int` }).from(delivery).where(eq(delivery.cartId, cartId));
        if ((row?.total ?? 0) >= CART_MAX_DELIVERIES) {
          throw new ShopError({
            statusCode: 400,
            code: "CART_TOO_MANY_DELIVERIES",
            messageUI: `В корзине может быть не больше ${CART_MAX_DELIVERIES} доставок`,
            message: "Too many deliveries in the cart",
          });
        }
        const [created] = await tx
          .insert(delivery)
          .values({ cartId, ...deliveryColumns(input, quote, aggregate) })
          .returning({ id: delivery.id });
        if (!created) throw new Error("The delivery was not saved");
        return created.id;
      });
      return view(cartId, owner.temporary, publicOrigin);
    },

    async updateDelivery(viewer, input, publicOrigin) {
      const { owner, cartId } = await ownerOfDelivery(viewer, input.id);
      await checkRecipient(db, owner.accountId, input.recipientId);
      await writeQuotedDelivery(cartId, input, async (tx, quote, aggregate) => {
        const updated = await tx
          .update(delivery)
          .set(deliveryColumns(input, quote, aggregate))
          .where(and(eq(delivery.id, input.id), eq(delivery.cartId, cartId)))
          .returning({ id: delivery.id });
        if (updated.length === 0) throw deliveryNotFound();
        return input.id;
      });
      return view(cartId, owner.temporary, publicOrigin);
    },

    async removeDelivery(viewer, deliveryId, publicOrigin) {
      const { owner } = await ownerOfDelivery(viewer, deliveryId);
      return mutate(owner, publicOrigin, async (tx, row) => {
        const removed = await tx
          .delete(delivery)
          .where(and(eq(delivery.id, deliveryId), eq(delivery.cartId, row.id)))
          .returning({ id: delivery.id });
        if (removed.length === 0) throw deliveryNotFound();
        return { changed: true, linesChanged: false };
      });
    },

  };
}
