import { and, eq, sql } from "drizzle-orm";
import type { CartTarget } from "../../../shared/contracts/index";
import type { Database, DatabaseTransaction } from "../../db/client";
import { cart, delivery, orderProduct } from "../../db/schema";
import type { CartRow, DeliveryRow, OrderProductRow, PromocodeRow } from "../../db/schema";
import { findCart, loadState, lockCartRow } from "./cart-access";
import type { CartAccess } from "./cart-access";
import { evaluateCart } from "./cart.mapper";
import type { Viewer } from "../accounts/session.service";
import { ShopError } from "../shop-error";

/*
 * What the orders area takes from the cart (order-placing.ts): the cart as an order would take it,
 * read under the cart's lock, and the move of its in-order lines and deliveries to the placed order.
 */

/** What the orders area takes from the cart to place an order (see server/docs/cart-and-pages.md, "Cart"). */
export interface CheckoutSnapshot {
  cart: CartRow;
  /** The in-order lines only, oldest first. */
  lines: OrderProductRow[];
  deliveries: DeliveryRow[];
  /** The cart's code, even when it gives nothing now (then discountKopecks is 0 and problems do not mention it). */
  promocode: PromocodeRow | null;
  /** The in-order lines and their design orders (cart.mapper.ts evaluateCart). */
  itemsKopecks: number;
  discountKopecks: number;
  deliveryKopecks: number;
  totalKopecks: number;
  vatKopecks: number;
  /** Russian reasons the cart cannot be ordered now; empty when it can. */
  problems: string[];
}

export interface CartCheckout {
  /**
   * The cart as an order would take it. With `tx` the cart row is locked (FOR UPDATE) in that
   * transaction, so the caller can place the order from exactly this state. 400 CART_EMPTY when the
   * client has no such cart.
   */
  checkoutSnapshot(viewer: Viewer, target: CartTarget, tx?: DatabaseTransaction): Promise<CheckoutSnapshot>;
  /** Locks the cart row in `tx` until it ends; null when there is no such cart. */
  lockCart(tx: DatabaseTransaction, cartId: number): Promise<CartRow | null>;
  /**
   * Moves the cart's in-order lines and its deliveries to a placed order, clears the promocode and
   * the comment, bumps the version. Call in the transaction that holds the lock (lockCart).
   */
  moveToOrder(tx: DatabaseTransaction, cartId: number, orderId: number): Promise<void>;
}

export function createCartCheckout(db: Database, access: CartAccess): CartCheckout {
  const { resolveOwner, now } = access;
  return {
    async checkoutSnapshot(viewer, target, tx) {
      const exec: Database = tx ?? db;
      const owner = await resolveOwner(exec, viewer, target);
      const found = await findCart(exec, owner.accountId, owner.companyId);
      const row = found && tx ? await lockCartRow(tx, found.id) : found;
      if (!row) {
        throw new ShopError({ statusCode: 400, code: "CART_EMPTY", messageUI: "Корзина пуста: добавьте товары, чтобы оформить заказ", message: "The client has no such cart" });
      }
      const state = await loadState(exec, row);
      const evaluation = evaluateCart(state, now(), owner.temporary);
      return {
        cart: row,
        lines: state.lines.map((item) => item.line).filter((line) => line.inOrder),
        deliveries: state.deliveries,
        promocode: state.promocode,
        // The order keeps items − discount + delivery = total: the lines' design orders are items too.
        itemsKopecks: evaluation.totals.itemsKopecks + evaluation.designKopecks,
        discountKopecks: evaluation.totals.discountKopecks,
        deliveryKopecks: evaluation.totals.deliveryKopecks,
        totalKopecks: evaluation.totals.totalKopecks,
        vatKopecks: evaluation.totals.vatKopecks,
        problems: evaluation.problems.map((problem) => problem.messageUI),
      };
    },

    lockCart: lockCartRow,

    async moveToOrder(tx, cartId, orderId) {
      await tx
        .update(orderProduct)
        .set({ cartId: null, orderId, updatedAt: new Date() })
        .where(and(eq(orderProduct.cartId, cartId), eq(orderProduct.inOrder, true)));
      await tx.update(delivery).set({ cartId: null, orderId, updatedAt: new Date() }).where(eq(delivery.cartId, cartId));
      await tx
        .update(cart)
        .set({ promocodeId: null, comment: "", version: sql`${cart.version} + 1`, updatedAt: sql`now()` })
        .where(eq(cart.id, cartId));
    },
  };
}
