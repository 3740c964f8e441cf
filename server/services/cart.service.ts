import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Cart, CartElsewhere, CartMove, CartProductAdd, CartProductUpdate, CartTarget, CartUpdate, DeliveryRequest, DeliveryUpdateRequest } from "../../shared/contracts/index";
import { promocodeDiscount, promocodeNotFoundMessage } from "../../shared/domain/index";
import type { Database } from "../db/client";
import {
  account,
  cart,
  clientOrder,
  company,
  delivery,
  designOrder,
  layout,
  orderProduct,
  product,
  productCategory,
  productDetail,
  preflightJob,
  productOption,
  promocode,
  recipient,
  storedFile,
} from "../db/schema";
import type { CartRow, DeliveryRow, OrderProductRow, PromocodeRow } from "../db/schema";
import { actingClientId } from "./acting-client";
import { cartAggregate, emptyCart, evaluateCart, sameAggregate, toCart } from "./cart.mapper";
import type { CartAggregate, CartOwnerView, CartState } from "./cart.mapper";
import type { DeliveryQuote, DeliveryQuoteService } from "./delivery-quote.service";
import { loadPricedProduct, productNotFound, quoteRows } from "./pricing.service";
import type { PricedProductRows, PriceQuote } from "./pricing.service";
import type { Viewer } from "./session.service";
import { ShopError } from "./shop-error";

/*
 * The client cart (spec §3, §4, §7 "Cart"). Every change runs in one transaction that first locks
 * the cart row (SELECT … FOR UPDATE), then changes it and bumps `version` and `updated_at`, so two
 * tabs changing one cart at once are serialised and nothing is lost.
 *
 * Lines are priced with the pricing service's own functions (what app.pricing.quote runs): the
 * product's rows are loaded before the transaction, and `quoteRows` (pure) prices the line as it is
 * under the lock, so a price always matches its line. Deliveries are priced by app.deliveryQuotes OUTSIDE any
 * transaction (a provider's API may be slow, and PGlite has one connection): the inputs are read,
 * the quotes fetched, then a short transaction writes them only if the lines still add up to the
 * same weight and production time — otherwise it reads and asks again.
 */

/** The transaction Drizzle hands to `db.transaction(async (tx) => …)`; usable wherever a Database is. */
export type DatabaseTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A cart may hold this many deliveries (spec §4: "each cart delivery"). */
export const CART_MAX_DELIVERIES = 5;
/** Lines in one cart; a larger cart is a script, not a shopper. */
export const CART_MAX_LINES = 200;
/** Attempts to price deliveries while other tabs keep changing the lines. */
const DELIVERY_PRICING_ATTEMPTS = 5;

/** What the orders area takes from the cart to place an order (see README "Cart"). */
export interface CheckoutSnapshot {
  cart: CartRow;
  /** The in-order lines only, oldest first. */
  lines: OrderProductRow[];
  deliveries: DeliveryRow[];
  /** The cart's code, even when it gives nothing now (then discountKopecks is 0 and problems do not mention it). */
  promocode: PromocodeRow | null;
  itemsKopecks: number;
  discountKopecks: number;
  deliveryKopecks: number;
  totalKopecks: number;
  vatKopecks: number;
  /** Russian reasons the cart cannot be ordered now; empty when it can. */
  problems: string[];
}

export interface CartService {
  /** The cart, or an empty one when there is none yet (nothing is written; an anonymous caller gets the empty personal cart). */
  getCart(viewer: Viewer | null, target: CartTarget, publicOrigin: string): Promise<Cart>;
  addLine(viewer: Viewer, input: CartProductAdd, publicOrigin: string): Promise<Cart>;
  updateLine(viewer: Viewer, lineId: number, patch: CartProductUpdate, publicOrigin: string): Promise<Cart>;
  removeLine(viewer: Viewer, lineId: number, publicOrigin: string): Promise<Cart>;
  changeInOrder(viewer: Viewer, lineIds: number[], inOrder: boolean, publicOrigin: string): Promise<Cart>;
  /**
   * Lines of one of the acting client's carts moved to another of his carts (personal ↔ company),
   * with their layouts and design orders; answers the target cart. See README "Moving lines".
   */
  moveLines(viewer: Viewer, input: CartMove, publicOrigin: string): Promise<Cart>;
  /** A line of one of the client's earlier orders, copied into the cart at today's price, with its layouts. */
  repeatLine(viewer: Viewer, orderLineId: number, target: CartTarget, publicOrigin: string): Promise<Cart>;
  /** Lines of the client's earlier orders, copied as repeatLine does, all in one change: all of them or none. */
  repeatLines(viewer: Viewer, orderLineIds: number[], target: CartTarget, publicOrigin: string): Promise<Cart>;
  updateCart(viewer: Viewer, input: CartUpdate, publicOrigin: string): Promise<Cart>;
  applyPromocode(viewer: Viewer, code: string, target: CartTarget, publicOrigin: string): Promise<Cart>;
  removePromocode(viewer: Viewer, target: CartTarget, publicOrigin: string): Promise<Cart>;
  addDelivery(viewer: Viewer, input: DeliveryRequest, target: CartTarget, publicOrigin: string): Promise<Cart>;
  updateDelivery(viewer: Viewer, input: DeliveryUpdateRequest, publicOrigin: string): Promise<Cart>;
  removeDelivery(viewer: Viewer, deliveryId: number, publicOrigin: string): Promise<Cart>;
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

/** Whose cart a call works on. */
interface CartOwner {
  accountId: number;
  companyId: number | null;
  temporary: boolean;
}

const cartNotYours = () =>
  new ShopError({ statusCode: 403, code: "CART_NOT_YOURS", messageUI: "Это корзина другого клиента.", message: "clientId is not the caller's client" });
const companyNotFound = () =>
  new ShopError({ statusCode: 404, code: "COMPANY_NOT_FOUND", messageUI: "Компания не найдена.", message: "No such company for this client" });
const lineNotFound = () =>
  new ShopError({ statusCode: 404, code: "CART_LINE_NOT_FOUND", messageUI: "Такой позиции нет в корзине.", message: "No such line in the caller's carts" });
const deliveryNotFound = () =>
  new ShopError({ statusCode: 404, code: "CART_DELIVERY_NOT_FOUND", messageUI: "Такой доставки нет в корзине.", message: "No such delivery in the caller's carts" });
const nothingToMove = () =>
  new ShopError({ statusCode: 400, code: "CART_NOTHING_TO_MOVE", messageUI: "В той корзине нет товаров, переносить нечего", message: "The source cart has no lines to move" });
const staleVersion = () =>
  new ShopError({
    statusCode: 409,
    code: "CART_VERSION_CONFLICT",
    messageUI: "Корзина изменилась в другой вкладке, обновите страницу",
    message: "The cart's version is not the one the caller saw",
  });

/** Opens the owner's cart if it has none, and locks it for the rest of the transaction. */
async function openLockedCart(tx: DatabaseTransaction, accountId: number, companyId: number | null): Promise<CartRow> {
  await tx.insert(cart).values({ accountId, companyId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(cart)
    .where(and(eq(cart.accountId, accountId), companyId === null ? isNull(cart.companyId) : eq(cart.companyId, companyId)))
    .for("update");
  if (!row) throw new Error(`The cart of account ${accountId} was not found right after it was opened`);
  return row;
}

export async function lockCartRow(tx: DatabaseTransaction, cartId: number): Promise<CartRow | null> {
  const [row] = await tx.select().from(cart).where(eq(cart.id, cartId)).for("update");
  return row ?? null;
}

async function bumpVersion(tx: DatabaseTransaction, cartId: number): Promise<void> {
  await tx
    .update(cart)
    .set({ version: sql`${cart.version} + 1`, updatedAt: sql`now()` })
    .where(eq(cart.id, cartId));
}

async function findCart(db: Database, accountId: number, companyId: number | null): Promise<CartRow | null> {
  const [row] = await db
    .select()
    .from(cart)
    .where(and(eq(cart.accountId, accountId), companyId === null ? isNull(cart.companyId) : eq(cart.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

async function loadLines(db: Database, cartId: number): Promise<OrderProductRow[]> {
  return db.select().from(orderProduct).where(eq(orderProduct.cartId, cartId)).orderBy(asc(orderProduct.id));
}

/** Reads everything the cart's answer needs. */
async function loadState(db: Database, row: CartRow): Promise<CartState> {
  const lines = await db
    .select({
      line: orderProduct,
      product: { id: product.id, name: product.name, photoPaths: product.photoPaths, categorySlug: productCategory.slug },
    })
    .from(orderProduct)
    .innerJoin(product, eq(product.id, orderProduct.productId))
    .innerJoin(productCategory, eq(productCategory.id, product.categoryId))
    .where(eq(orderProduct.cartId, row.id))
    .orderBy(asc(orderProduct.id));
  const productIds = [...new Set(lines.map((item) => item.product.id))];
  const lineIds = lines.map((item) => item.line.id);
  // One after another: `db` may be a transaction, whose single connection takes one query at a time.
  const options = productIds.length ? await db.select().from(productOption).where(inArray(productOption.productId, productIds)) : [];
  const details = productIds.length ? await db.select().from(productDetail).where(inArray(productDetail.productId, productIds)) : [];
  const layouts = lineIds.length ? await db.select().from(layout).where(inArray(layout.orderProductId, lineIds)).orderBy(asc(layout.id)) : [];
  const layoutIds = layouts.map((row) => row.id);
  const layoutFiles = layoutIds.length
    ? await db.select({ id: storedFile.id, originalName: storedFile.originalName }).from(storedFile).where(inArray(storedFile.id, layouts.map((row) => row.fileId)))
    : [];
  const checks = layoutIds.length ? await db.select({ id: preflightJob.id, layoutId: preflightJob.layoutId }).from(preflightJob).where(inArray(preflightJob.layoutId, layoutIds)) : [];
  const designs = lineIds.length
    ? await db
        .select()
        .from(designOrder)
        .where(and(inArray(designOrder.orderProductId, lineIds), ne(designOrder.status, "cancelled")))
        .orderBy(asc(designOrder.id))
    : [];
  const deliveries = await db.select().from(delivery).where(eq(delivery.cartId, row.id)).orderBy(asc(delivery.id));
  const [promo] = row.promocodeId === null ? [] : await db.select().from(promocode).where(eq(promocode.id, row.promocodeId)).limit(1);
  const owner = await loadOwnerView(db, row.accountId, row.companyId);
  return { cart: row, lines, options, details, layouts, layoutFiles, checks, designs, deliveries, promocode: promo ?? null, owner };
}

/**
 * Whose cart this is (the company's name) and which of the client's other carts hold lines: the
 * storefront says which account the cart belongs to and offers to move the others' lines here.
 */
async function loadOwnerView(db: Database, accountId: number, companyId: number | null): Promise<CartOwnerView> {
  const [named] = companyId === null ? [] : await db.select({ name: company.name }).from(company).where(eq(company.id, companyId)).limit(1);
  const others = await db
    .select({ companyId: cart.companyId, companyName: company.name, lineCount: sql<number>`count(${orderProduct.id})::int` })
    .from(cart)
    .innerJoin(orderProduct, eq(orderProduct.cartId, cart.id))
    .leftJoin(company, eq(company.id, cart.companyId))
    .where(and(eq(cart.accountId, accountId), companyId === null ? sql`${cart.companyId} is not null` : sql`${cart.companyId} is distinct from ${companyId}`))
    .groupBy(cart.companyId, company.name);
  const otherCarts: CartElsewhere[] = others
    .map((item) => ({ companyId: item.companyId, companyName: item.companyId === null ? null : item.companyName, lineCount: item.lineCount }))
    .sort((a, b) => (a.companyId === null ? -1 : b.companyId === null ? 1 : (a.companyName ?? "").localeCompare(b.companyName ?? "", "ru")));
  return { companyName: named?.name ?? null, otherCarts };
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
  if (companyId !== null) {
    const [owned] = await tx
      .select({ id: company.id })
      .from(company)
      .where(and(eq(company.id, companyId), eq(company.accountId, accountId)));
    if (!owned) companyId = null;
  }
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

export function createCartService(db: Database, deliveryQuotes: DeliveryQuoteService, now: () => Date = () => new Date()): CartService {
  /** Whose cart, checked: the acting client (403 for an employee outside client mode), their company (404 otherwise). */
  async function resolveOwner(exec: Database, viewer: Viewer, target: CartTarget): Promise<CartOwner> {
    const accountId = actingClientId(viewer);
    if (target.clientId !== undefined && target.clientId !== accountId) throw cartNotYours();
    const companyId = target.companyId === undefined ? (viewer.account.typeUser === "employee" ? viewer.placeCompanyId : null) : target.companyId;
    if (companyId !== null) {
      const [owned] = await exec
        .select({ id: company.id })
        .from(company)
        .where(and(eq(company.id, companyId), eq(company.accountId, accountId)))
        .limit(1);
      if (!owned) throw companyNotFound();
    }
    return { accountId, companyId, temporary: viewer.account.temporary };
  }

  async function view(cartId: number, temporary: boolean, publicOrigin: string): Promise<Cart> {
    const [row] = await db.select().from(cart).where(eq(cart.id, cartId)).limit(1);
    if (!row) throw new Error(`Cart ${cartId} vanished`);
    const state = await loadState(db, row);
    return toCart(state, evaluateCart(state, now(), temporary), publicOrigin);
  }

  /**
   * Runs `change` on the locked cart and bumps the version when it reports a change. Lines that
   * changed (`linesChanged`) re-price the deliveries afterwards. Answers the cart.
   */
  async function mutate(
    owner: CartOwner,
    publicOrigin: string,
    change: (tx: DatabaseTransaction, row: CartRow) => Promise<{ changed: boolean; linesChanged: boolean }>,
  ): Promise<Cart> {
    const { cartId, linesChanged } = await db.transaction(async (tx) => {
      const row = await openLockedCart(tx, owner.accountId, owner.companyId);
      const result = await change(tx, row);
      if (result.changed) await bumpVersion(tx, row.id);
      return { cartId: row.id, linesChanged: result.changed && result.linesChanged };
    });
    if (linesChanged) await repriceDeliveries(cartId, null);
    return view(cartId, owner.temporary, publicOrigin);
  }

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

  /** The product's rows the price depends on (the catalogue, not the cart: read before the cart is locked). */
  async function pricedProduct(productId: number): Promise<PricedProductRows> {
    const rows = await loadPricedProduct(db, productId);
    if (!rows) throw productNotFound(productId);
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

  /**
   * Prices the cart's deliveries again for its lines as they are (after a line changed). A delivery
   * whose method no longer takes the parcel keeps its old price and weight, so the cart shows it as
   * not up to date. `skipId` is a delivery just priced by the caller.
   */
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

  async function checkRecipient(exec: Database, accountId: number, recipientId: number | null): Promise<void> {
    if (recipientId === null) return;
    const [row] = await exec
      .select({ id: recipient.id })
      .from(recipient)
      .where(and(eq(recipient.id, recipientId), eq(recipient.accountId, accountId)))
      .limit(1);
    if (!row) throw new ShopError({ statusCode: 404, code: "RECIPIENT_NOT_FOUND", messageUI: "Получатель не найден.", message: `No recipient ${recipientId} for this client` });
  }

  function noLinesForDelivery(): ShopError {
    return new ShopError({
      statusCode: 400,
      code: "CART_NOTHING_TO_DELIVER",
      messageUI: "Отметьте для заказа хотя бы один товар, чтобы выбрать доставку",
      message: "No in-order lines to price a delivery for",
    });
  }

  /**
   * Quotes a delivery for the cart's lines outside any transaction, then writes it with `write`
   * under the lock if the lines still add up to the same parcel; asks again otherwise.
   */
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

  const service: CartService = {
    async getCart(viewer, target, publicOrigin) {
      if (!viewer) return emptyCart(null, null, true);
      const owner = await resolveOwner(db, viewer, target);
      const row = await findCart(db, owner.accountId, owner.companyId);
      if (!row) return emptyCart(owner.accountId, owner.companyId, owner.temporary, await loadOwnerView(db, owner.accountId, owner.companyId));
      const state = await loadState(db, row);
      return toCart(state, evaluateCart(state, now(), owner.temporary), publicOrigin);
    },

    async addLine(viewer, input, publicOrigin) {
      const owner = await resolveOwner(db, viewer, input);
      const rows = await pricedProduct(input.productId);
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
      await repriceDeliveries(moved.targetId, null);
      if (!moved.sourceEmpty) await repriceDeliveries(moved.sourceId, null);
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
      const priced = await Promise.all(sources.map(async ({ line }) => ({ original: line, rows: await pricedProduct(line.productId) })));
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

    async updateCart(viewer, input, publicOrigin) {
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

    async applyPromocode(viewer, code, target, publicOrigin) {
      const owner = await resolveOwner(db, viewer, target);
      return mutate(owner, publicOrigin, async (tx, row) => {
        const [found] = await tx.select().from(promocode).where(eq(promocode.code, code.trim().toUpperCase())).limit(1);
        if (!found || !found.active) {
          throw new ShopError({ statusCode: 404, code: "PROMOCODE_NOT_FOUND", messageUI: promocodeNotFoundMessage, message: `No active promocode ${code}` });
        }
        const items = (await loadLines(tx, row.id)).reduce((sum, line) => (line.inOrder ? sum + line.priceKopecks : sum), 0);
        const outcome = promocodeDiscount(items, found, now());
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
        itemsKopecks: evaluation.totals.itemsKopecks,
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
  return service;
}
