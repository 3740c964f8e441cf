import { eq } from "drizzle-orm";
import type { Cart, CartTarget } from "../../../shared/contracts/index";
import { promocodeDiscount, promocodeNotFoundMessage } from "../../../shared/domain/index";
import type { Database } from "../../db/client";
import { cart, promocode } from "../../db/schema";
import { loadState } from "./cart-access";
import type { CartAccess } from "./cart-access";
import type { Viewer } from "../accounts/session.service";
import { ShopError } from "../shop-error";

/*
 * The cart's promocode: one code per cart, checked against the in-order lines when it is applied
 * (shared/domain's promocodeDiscount: active, valid from/to, use in all and by this client,
 * minimum order, categories) and again by the cart's evaluation on every answer, and once more
 * under the code's row lock when the order is placed (orders/order-placing.ts).
 */

export interface CartPromocodes {
  applyPromocode(viewer: Viewer, code: string, target: CartTarget, publicOrigin: string): Promise<Cart>;
  removePromocode(viewer: Viewer, target: CartTarget, publicOrigin: string): Promise<Cart>;
}

export function createCartPromocodes(db: Database, access: CartAccess): CartPromocodes {
  const { resolveOwner, mutate, now } = access;
  return {
    async applyPromocode(viewer, code, target, publicOrigin) {
      const owner = await resolveOwner(db, viewer, target);
      return mutate(owner, publicOrigin, async (tx, row) => {
        const [found] = await tx.select().from(promocode).where(eq(promocode.code, code.trim().toUpperCase())).limit(1);
        if (!found || !found.active) {
          throw new ShopError({ statusCode: 404, code: "PROMOCODE_NOT_FOUND", messageUI: promocodeNotFoundMessage, message: `No active promocode ${code}` });
        }
        // The cart as it would be with this code: its lines' categories and the code's use so far (promocode-use.ts).
        const state = await loadState(tx, { ...row, promocodeId: found.id });
        const lines = state.lines.map(({ line, product }) => ({ priceKopecks: line.priceKopecks, inOrder: line.inOrder, categoryId: product.categoryId }));
        const outcome = promocodeDiscount(lines, found, now(), state.promocodeContext);
        if (outcome.problem) {
          throw new ShopError({
            statusCode: 400,
            code: outcome.problem.code,
            messageUI: outcome.problem.messageUI,
            message: `Promocode ${found.code} does not apply: ${outcome.problem.code}`,
          });
        }
        if (row.promocodeId === found.id) return { changed: false, linesChanged: false };
        await tx.update(cart).set({ promocodeId: found.id }).where(eq(cart.id, row.id));
        return { changed: true, linesChanged: false };
      });
    },

    async removePromocode(viewer, target, publicOrigin) {
      const owner = await resolveOwner(db, viewer, target);
      return mutate(owner, publicOrigin, async (tx, row) => {
        if (row.promocodeId === null) return { changed: false, linesChanged: false };
        await tx.update(cart).set({ promocodeId: null }).where(eq(cart.id, row.id));
        return { changed: true, linesChanged: false };
      });
    },
  };
}
