import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Cart, CartMove, CartProductAdd, CartProductUpdate, CartTarget } from "../../../shared/contracts/index";
import type { Database, DatabaseTransaction } from "../../db/client";
import { account, cart, clientOrder, delivery, designOrder, layout, orderProduct, recipient } from "../../db/schema";
import { actingClientId } from "../accounts/acting-client";
import { bumpVersion, findCart, loadLines, openLockedCart } from "./cart-access";
import { ownsCompany } from "../accounts/company.service";
import type { CartAccess, CartOwner } from "./cart-access";
import { loadPricedProduct, productNotFound, quoteRows } from "../catalog/pricing.service";
import type { PricedProductRows, PriceQuote } from "../catalog/pricing.service";
import type { Viewer } from "../accounts/session.service";
import { ShopError } from "../shop-error";

/*
 * The cart's lines: added, changed, ticked for the order, removed, moved between the client's carts,
 * repeated from earlier orders, and brought along from a visitor's cart at sign-in. Lines are priced
 * with the pricing service's own functions (what app.pricing.quote runs): the product's rows are
 * loaded before the transaction, and `quoteRows` (pure) prices the line as it is under the lock, so
 * a price always matches its line. A change of the lines re-prices the deliveries (cart-access.ts).
 */

/** Lines in one cart; a larger cart is a script, not a shopper. */
export const CART_MAX_LINES = 200;

const lineNotFound = () =>
  new ShopError({ statusCode: 404, code: "CART_LINE_NOT_FOUND", messageUI: "Такой позиции нет в корзине.", message: "No such line in the caller's carts" });
const nothingToMove = () =>
  new ShopError({ statusCode: 400, code: "CART_NOTHING_TO_MOVE", messageUI: "В той корзине нет товаров, переносить нечего", message: "The source cart has no lines to move" });

export interface CartLines {
  addLine(viewer: Viewer, input: CartProductAdd, publicOrigin: string): Promise<Cart>;
  updateLine(viewer: Viewer, lineId: number, patch: CartProductUpdate, publicOrigin: string): Promise<Cart>;
  removeLine(viewer: Viewer, lineId: number, publicOrigin: string): Promise<Cart>;
  changeInOrder(viewer: Viewer, lineIds: number[], inOrder: boolean, publicOrigin: string): Promise<Cart>;
  /**
   * Lines of one of the acting client's carts moved to another of his carts (personal ↔ company),
   * with their layouts and design orders; answers the target cart. See server/docs/cart-and-pages.md, "Moving lines".
   */
  moveLines(viewer: Viewer, input: CartMove, publicOrigin: string): Promise<Cart>;
  /** A line of one of the client's earlier orders, copied into the cart at today's price, with its layouts. */
  repeatLine(viewer: Viewer, orderLineId: number, target: CartTarget, publicOrigin: string): Promise<Cart>;
  /** Lines of the client's earlier orders, copied as repeatLine does, all in one change: all of them or none. */
  repeatLines(viewer: Viewer, orderLineIds: number[], target: CartTarget, publicOrigin: string): Promise<Cart>;
}

/**
 * Moves a visitor's carts into the account they sign in to, in the sign-in's transaction and before
 * the temporary account is deleted: the lines (their layouts follow them) join the account's cart
 * for its selected company (or the personal one); deliveries, the promocode and the comment come
 * along only where the target has none. The moved deliveries were priced for the visitor's lines
 * alone, so they show `upToDate: false` until chosen again.
 */
export async function mergeVisitorCart(tx: DatabaseTransaction, temporaryId: number, accountId: number): Promise<void> {
  const sources = await tx.select().from(cart).where(eq(cart.accountId, temporaryId)).orderBy(asc(cart.id)).for("update");
  if (sources.length === 0) return;
  const [owner] = await tx.select({ selectedCompanyId: account.selectedCompanyId }).from(account).where(eq(account.id, accountId));
  let companyId = owner?.selectedCompanyId ?? null;
  if (companyId !== null && !(await ownsCompany(tx, accountId, companyId))) companyId = null;
  const target = await openLockedCart(tx, accountId, companyId);
  let promocodeId = target.promocodeId;
  let comment = target.comment;
  let hasDeliveries = (await tx.select({ id: delivery.id }).from(delivery).where(eq(delivery.cartId, target.id)).limit(1)).length > 0;
  for (const source of sources) {
    await tx.update(orderProduct).set({ cartId: target.id, updatedAt: new Date() }).where(eq(orderProduct.cartId, source.id));
    if (!hasDeliveries) {
      const moved = await tx.update(delivery).set({ cartId: target.id, updatedAt: new Date() }).where(eq(delivery.cartId, source.id)).returning({ id: delivery.id });
      hasDeliveries = moved.length > 0;
    }
    promocodeId ??= source.promocodeId;
    if (comment === "") comment = source.comment;
  }
  await tx
    .update(cart)
    .set({ promocodeId, comment, version: sql`${cart.version} + 1`, updatedAt: sql`now()` })
    .where(eq(cart.id, target.id));
}

export function createCartLines(db: Database, access: CartAccess): CartLines {
  const { resolveOwner, mutate, view, repriceDeliveries } = access;

  /** The cart of the acting client that holds this line (any of the client's carts), or 404. */
  async function ownerOfLine(viewer: Viewer, lineId: number): Promise<{ owner: CartOwner; cartId: number; productId: number }> {
    const accountId = actingClientId(viewer);
    const [row] = await db
      .select({ cartId: cart.id, companyId: cart.companyId, productId: orderProduct.productId })
      .from(orderProduct)
      .innerJoin(cart, eq(cart.id, orderProduct.cartId))
      .where(and(eq(orderProduct.id, lineId), eq(cart.accountId, accountId)))
      .limit(1);
    if (!row) throw lineNotFound();
    return { owner: { accountId, companyId: row.companyId, temporary: viewer.account.temporary }, cartId: row.cartId, productId: row.productId };
  }

  /** The product's rows the price depends on (the catalogue, not the cart: read before the cart is locked). */
  async function pricedProduct(productId: number, newLine = false): Promise<PricedProductRows> {
    const rows = await loadPricedProduct(db, productId);
    if (!rows) throw productNotFound(productId);
    // A line already in the cart keeps its product (issue 29: it says it is no longer sold); a new one needs a product on sale.
    if (newLine && rows.product.archivedAt !== null) {
      throw new ShopError({ statusCode: 410, code: "PRODUCT_ARCHIVED", messageUI: "Этот товар больше не продаётся", message: `Product ${productId} is archived` });
    }
    if (newLine && rows.product.hidden) throw productNotFound(productId);
    return rows;
  }

  function linePrice(quote: PriceQuote) {
    return {
      options: quote.options,
      quantity: quote.quantity,
      isUrgent: quote.isUrgent,
      unitPriceKopecks: quote.unitPriceKopecks,
      priceKopecks: quote.priceKopecks,
      weightGrams: quote.weightGrams,
      productionTimeDay: quote.productionTimeDay,
    };
  }

  async function ensureRoomForLine(tx: DatabaseTransaction, cartId: number): Promise<void> {
    const [row] = await tx.select({ total: sql<number>`count(*)::int` }).from(orderProduct).where(eq(orderProduct.cartId, cartId));
    if ((row?.total ?? 0) >= CART_MAX_LINES) {
      throw new ShopError({
        statusCode: 400,
        code: "CART_FULL",
        messageUI: `В корзине уже ${CART_MAX_LINES} позиций: оформите заказ или удалите лишнее`,
        message: "Too many lines in the cart",
      });
    }
  }

  const service: CartLines = {
    async addLine(viewer, input, publicOrigin) {
      const owner = await resolveOwner(db, viewer, input);
      const rows = await pricedProduct(input.productId, true);
      return mutate(owner, publicOrigin, async (tx, row) => {
        await ensureRoomForLine(tx, row.id);
        const quote = quoteRows(rows, { options: input.options, quantity: input.quantity, isUrgent: input.isUrgent });
        await tx.insert(orderProduct).values({ cartId: row.id, productId: input.productId, ...linePrice(quote) });
        return { changed: true, linesChanged: true };
      });
    },

    async updateLine(viewer, lineId, patch, publicOrigin) {
      const { owner, productId } = await ownerOfLine(viewer, lineId);
      const rows = await pricedProduct(productId);
      if (rows.product.archivedAt !== null) {
        throw new ShopError({
          statusCode: 410,
          code: "PRODUCT_ARCHIVED",
          messageUI: "Этот товар больше не продаётся: тираж и параметры изменить нельзя, позицию можно только удалить",
          message: `Product ${productId} is archived`,
        });
      }
      return mutate(owner, publicOrigin, async (tx, row) => {
        const [line] = await tx
          .select()
          .from(orderProduct)
          .where(and(eq(orderProduct.id, lineId), eq(orderProduct.cartId, row.id)));
        if (!line) throw lineNotFound();
        const quote = quoteRows(rows, {
          options: patch.options ?? line.options,
          quantity: patch.quantity ?? line.quantity,
          isUrgent: patch.isUrgent ?? line.isUrgent,
        });
        await tx
          .update(orderProduct)
          .set({ ...linePrice(quote), updatedAt: new Date() })
          .where(eq(orderProduct.id, lineId));
        return { changed: true, linesChanged: true };
      });
    },

    async removeLine(viewer, lineId, publicOrigin) {
      const { owner } = await ownerOfLine(viewer, lineId);
      return mutate(owner, publicOrigin, async (tx, row) => {
        const removed = await tx
          .delete(orderProduct)
          .where(and(eq(orderProduct.id, lineId), eq(orderProduct.cartId, row.id)))
          .returning({ id: orderProduct.id });
        if (removed.length === 0) throw lineNotFound();
        return { changed: true, linesChanged: true };
      });
    },

    async changeInOrder(viewer, lineIds, inOrder, publicOrigin) {
      const ids = [...new Set(lineIds)];
      const first = ids[0];
      if (first === undefined) throw lineNotFound();
      const { owner } = await ownerOfLine(viewer, first);
      return mutate(owner, publicOrigin, async (tx, row) => {
        const lines = await tx
          .select({ id: orderProduct.id, inOrder: orderProduct.inOrder })
          .from(orderProduct)
          .where(and(inArray(orderProduct.id, ids), eq(orderProduct.cartId, row.id)));
        // All of them or none: a line of another cart (or nobody's) changes nothing.
        if (lines.length !== ids.length) throw lineNotFound();
        if (lines.every((line) => line.inOrder === inOrder)) return { changed: false, linesChanged: false };
        await tx
          .update(orderProduct)
          .set({ inOrder, updatedAt: new Date() })
          .where(and(inArray(orderProduct.id, ids), eq(orderProduct.cartId, row.id)));
        return { changed: true, linesChanged: true };
      });
    },

    async moveLines(viewer, input, publicOrigin) {
      // The contract refuses the same cart twice; a direct caller of the service gets the same answer.
      if (input.fromCompanyId === input.toCompanyId) throw nothingToMove();
      const from = await resolveOwner(db, viewer, { companyId: input.fromCompanyId });
      const to = await resolveOwner(db, viewer, { companyId: input.toCompanyId });
      const moved = await db.transaction(async (tx) => {
        const source = await findCart(tx, from.accountId, from.companyId);
        if (!source) throw nothingToMove();
        await tx.insert(cart).values({ accountId: to.accountId, companyId: to.companyId }).onConflictDoNothing();
        const target = await findCart(tx, to.accountId, to.companyId);
        if (!target) throw new Error(`The cart of account ${to.accountId} was not found right after it was opened`);
        // Both carts locked, the lower id first, so two opposite moves at once cannot deadlock.
        await tx.select({ id: cart.id }).from(cart).where(inArray(cart.id, [source.id, target.id])).orderBy(asc(cart.id)).for("update");

        const sourceLines = await loadLines(tx, source.id);
        const wanted = input.lineIds === undefined ? null : new Set(input.lineIds);
        const lines = wanted === null ? sourceLines : sourceLines.filter((line) => wanted.has(line.id));
        // All of them or none, as change-in-order: a line of another cart (or nobody's) moves nothing.
        if (wanted !== null && lines.length !== wanted.size) throw lineNotFound();
        if (lines.length === 0) throw nothingToMove();
        const [targetCount] = await tx.select({ total: sql<number>`count(*)::int` }).from(orderProduct).where(eq(orderProduct.cartId, target.id));
        if ((targetCount?.total ?? 0) + lines.length > CART_MAX_LINES) {
          throw new ShopError({
            statusCode: 400,
            code: "CART_FULL",
            messageUI: `В корзине может быть не больше ${CART_MAX_LINES} позиций: оформите заказ или удалите лишнее`,
            message: "The move would overfill the target cart",
          });
        }
        const ids = lines.map((line) => line.id);
        // Prices do not depend on whose cart a line is in (pricing.service.ts knows no account), so
        // a line keeps its price; its layouts hang on the line and come along by themselves.
        await tx.update(orderProduct).set({ cartId: target.id, updatedAt: new Date() }).where(inArray(orderProduct.id, ids));
        await tx
          .update(designOrder)
          .set({ companyId: to.companyId, updatedAt: new Date() })
          .where(and(inArray(designOrder.orderProductId, ids), eq(designOrder.accountId, to.accountId)));

        // Deliveries stay with the lines left behind. A source left empty hands its deliveries to a
        // target that has none (its recipient only if the recipient belongs to the target's account),
        // and drops them otherwise: a delivery of nothing cannot be priced or ordered.
        const sourceEmpty = sourceLines.length === ids.length;
        if (sourceEmpty) {
          const [targetDelivery] = await tx.select({ id: delivery.id }).from(delivery).where(eq(delivery.cartId, target.id)).limit(1);
          if (targetDelivery) {
            await tx.delete(delivery).where(eq(delivery.cartId, source.id));
          } else {
            const handed = await tx
              .update(delivery)
              .set({ cartId: target.id, updatedAt: new Date() })
              .where(eq(delivery.cartId, source.id))
              .returning({ id: delivery.id, recipientId: delivery.recipientId });
            const recipientIds = handed.flatMap((item) => (item.recipientId === null ? [] : [item.recipientId]));
            if (recipientIds.length > 0) {
              const foreign = await tx
                .select({ id: recipient.id })
                .from(recipient)
                .where(and(inArray(recipient.id, recipientIds), sql`${recipient.companyId} is distinct from ${to.companyId}`));
              if (foreign.length > 0) {
                await tx
                  .update(delivery)
                  .set({ recipientId: null })
                  .where(and(eq(delivery.cartId, target.id), inArray(delivery.recipientId, foreign.map((item) => item.id))));
              }
            }
          }
        }
        await bumpVersion(tx, source.id);
        await bumpVersion(tx, target.id);
        return { sourceId: source.id, targetId: target.id, sourceEmpty };
      });
      await repriceDeliveries(moved.targetId);
      if (!moved.sourceEmpty) await repriceDeliveries(moved.sourceId);
      return view(moved.targetId, to.temporary, publicOrigin);
    },

    repeatLine(viewer, orderLineId, target, publicOrigin) {
      return service.repeatLines(viewer, [orderLineId], target, publicOrigin);
    },

    async repeatLines(viewer, orderLineIds, target, publicOrigin) {
      const owner = await resolveOwner(db, viewer, target);
      const ids = [...new Set(orderLineIds)];
      const sources =
        ids.length === 0
          ? []
          : await db
              .select({ line: orderProduct })
              .from(orderProduct)
              .innerJoin(clientOrder, eq(clientOrder.id, orderProduct.orderId))
              .where(and(inArray(orderProduct.id, ids), eq(clientOrder.accountId, owner.accountId)))
              .orderBy(asc(orderProduct.createdAt), asc(orderProduct.id));
      if (sources.length === 0 || sources.length !== ids.length) {
        throw new ShopError({ statusCode: 404, code: "ORDER_LINE_NOT_FOUND", messageUI: "Такой позиции нет в ваших заказах.", message: `Not every order line of ${ids.join(", ")} is this client's` });
      }
      const priced = await Promise.all(sources.map(async ({ line }) => ({ original: line, rows: await pricedProduct(line.productId, true) })));
      return mutate(owner, publicOrigin, async (tx, row) => {
        for (const { original, rows } of priced) {
          await ensureRoomForLine(tx, row.id);
          const quote = quoteRows(rows, { options: original.options, quantity: original.quantity, isUrgent: original.isUrgent });
          const [copy] = await tx
            .insert(orderProduct)
            .values({ cartId: row.id, productId: original.productId, repeatOfId: original.id, ...linePrice(quote) })
            .returning({ id: orderProduct.id });
          if (!copy) throw new Error("The repeated line was not saved");
          // A repeat prints the same artwork: the latest layout of each detail still needed comes along.
          const layouts = await tx.select().from(layout).where(eq(layout.orderProductId, original.id)).orderBy(asc(layout.id));
          const latest = new Map(layouts.filter((item) => quote.layoutDetails.includes(item.detailName)).map((item) => [item.detailName, item]));
          if (latest.size > 0) {
            await tx.insert(layout).values(
              [...latest.values()].map((item) => ({
                orderProductId: copy.id,
                detailName: item.detailName,
                fileId: item.fileId,
                status: item.status,
                findings: item.findings,
                browserFindings: item.browserFindings,
                approvedAt: item.approvedAt,
              })),
            );
          }
        }
        return { changed: true, linesChanged: true };
      });
    },

  };
  return service;
}
