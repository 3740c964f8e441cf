import { eq } from "drizzle-orm";
import { PAYMENT_TYPE_OFF_MESSAGE, paymentTypeValues } from "../../../shared/contracts/index";
import type { Cart, CartTarget, CartUpdate, PaymentType } from "../../../shared/contracts/index";
import type { Database } from "../../db/client";
import { cart } from "../../db/schema";
import { createCartAccess, loadOwnerView } from "./cart-access";
import { createCartViewReader } from "./cart-view";
import { createCartCheckout } from "./cart-checkout";
import type { CartCheckout } from "./cart-checkout";
import { createCartDeliveries, createDeliveryPricing } from "./cart-delivery.service";
import type { CartDeliveries } from "./cart-delivery.service";
import { createCartLines } from "./cart-lines.service";
import type { CartLines } from "./cart-lines.service";
import { createCartPromocodes } from "./cart-promocode.service";
import type { CartPromocodes } from "./cart-promocode.service";
import { emptyCart, evaluateCart, toCart } from "./cart.mapper";
import type { DeliveryQuoteService } from "../geo/delivery-quote.service";
import type { Viewer } from "../accounts/session.service";
import { ShopError } from "../shop-error";

/*
 * The client cart (spec §3, §4, §7 "Cart"), `app.carts`: the cart itself (its answer, comment and
 * payment type) here, and the parts it is made of — lines (cart-lines.service.ts), the promocode
 * (cart-promocode.service.ts), deliveries (cart-delivery.service.ts) and the checkout the orders
 * area takes (cart-checkout.ts) — on the locked change of cart-access.ts.
 */

export interface CartService extends CartLines, CartPromocodes, CartDeliveries, CartCheckout {
  /** The cart, or an empty one when there is none yet (nothing is written; an anonymous caller gets the empty personal cart). */
  getCart(viewer: Viewer | null, target: CartTarget, publicOrigin: string): Promise<Cart>;
  updateCart(viewer: Viewer, input: CartUpdate, publicOrigin: string): Promise<Cart>;
}

const staleVersion = () =>
  new ShopError({
    statusCode: 409,
    code: "CART_VERSION_CONFLICT",
    messageUI: "Корзина изменилась в другой вкладке, обновите страницу",
    message: "The cart's version is not the one the caller saw",
  });

/** `offered`: the payment types the shop offers (OTTISK_PAYMENTS; all by default): the carts list them, and choosing another is refused. */
/** 400 to a payment type the shop does not offer (OTTISK_PAYMENTS): in the cart, at place-order and «Оплатить». */
export const paymentTypeOff = (type: PaymentType) =>
  new ShopError({ statusCode: 400, code: "PAYMENT_TYPE_OFF", messageUI: PAYMENT_TYPE_OFF_MESSAGE, message: `The shop does not offer ${type} payments (OTTISK_PAYMENTS)` });

export function createCartService(
  db: Database,
  deliveryQuotes: DeliveryQuoteService,
  now: () => Date = () => new Date(),
  offered: readonly PaymentType[] = paymentTypeValues,
): CartService {
  const pricing = createDeliveryPricing(db, deliveryQuotes);
  const access = createCartAccess(db, now, (cartId) => pricing.repriceDeliveries(cartId, null), offered);
  const { resolveOwner, mutate } = access;
  const readCartView = createCartViewReader(db);
  return {
    ...createCartLines(db, access),
    ...createCartPromocodes(db, access),
    ...createCartDeliveries(db, access, pricing),
    ...createCartCheckout(db, access),

    async getCart(viewer, target, publicOrigin) {
      if (!viewer) return emptyCart(null, null, true, undefined, offered);
      const owner = await resolveOwner(db, viewer, target);
      const state = await readCartView(owner.accountId, owner.companyId);
      if (!state) return emptyCart(owner.accountId, owner.companyId, owner.temporary, await loadOwnerView(db, owner.accountId, owner.companyId), offered);
      return toCart(state, evaluateCart(state, now(), owner.temporary), publicOrigin, offered);
    },

    async updateCart(viewer, input, publicOrigin) {
      if (input.paymentType !== undefined && input.paymentType !== null && !offered.includes(input.paymentType)) throw paymentTypeOff(input.paymentType);
      const owner = await resolveOwner(db, viewer, input);
      return mutate(owner, publicOrigin, async (tx, row) => {
        const set: { comment?: string; paymentType?: string | null } = {};
        if (input.comment !== undefined && input.comment !== row.comment) set.comment = input.comment;
        if (input.paymentType !== undefined && input.paymentType !== row.paymentType) set.paymentType = input.paymentType;
        const changes = Object.keys(set).length > 0;
        // A retry of a change that already went through finds nothing to change: that is a success, not a conflict.
        if (input.version !== undefined && input.version !== row.version && changes) throw staleVersion();
        if (!changes) return { changed: false, linesChanged: false };
        await tx.update(cart).set(set).where(eq(cart.id, row.id));
        return { changed: true, linesChanged: false };
      });
    },
  };
}
