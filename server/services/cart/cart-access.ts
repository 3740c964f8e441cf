import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Cart, CartElsewhere, CartTarget, PaymentType } from "../../../shared/contracts/index";
import type { Database, DatabaseTransaction } from "../../db/client";
import {
  cart,
  company,
  delivery,
  designOrder,
  layout,
  orderProduct,
  product,
  productCategory,
  productDetail,
  layoutCheck,
  productOption,
  promocode,
  storedFile,
} from "../../db/schema";
import type { CartRow, OrderProductRow } from "../../db/schema";
import { actingClientId } from "../accounts/acting-client";
import { evaluateCart, toCart } from "./cart.mapper";
import { promocodeContext } from "./promocode-use";
import { requireOwnCompany } from "../accounts/company.service";
import type { CartOwnerView, CartState } from "./cart.mapper";
import type { Viewer } from "../accounts/session.service";
import { ShopError } from "../shop-error";
import { productArchivedColumn } from "../catalog/on-sale";

/*
 * Reaching a client's cart (spec §3, §4, §7 "Cart"), shared by the cart's lines, promocode,
 * deliveries and checkout (cart-lines.service.ts, cart-promocode.service.ts,
 * cart-delivery.service.ts, cart-checkout.ts; cart.service.ts composes them into app.carts).
 * Every change runs in one transaction that first locks
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


/** Whose cart a call works on. */
export interface CartOwner {
  accountId: number;
  companyId: number | null;
  temporary: boolean;
}

/** The result of a change made under the cart's lock: whether anything changed, and whether the lines did. */
export interface CartChange {
  changed: boolean;
  linesChanged: boolean;
}

const cartNotYours = () =>
  new ShopError({ statusCode: 403, code: "CART_NOT_YOURS", messageUI: "Это корзина другого клиента.", message: "clientId is not the caller's client" });

/** Opens the owner's cart if it has none, and locks it for the rest of the transaction. */
export async function openLockedCart(tx: DatabaseTransaction, accountId: number, companyId: number | null): Promise<CartRow> {
  await tx.insert(cart).values({ accountId, companyId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(cart)
    .where(and(eq(cart.accountId, accountId), companyId === null ? isNull(cart.companyId) : eq(cart.companyId, companyId)))
    .for("update");
  if (!row) throw new Error(`The cart of account ${accountId} was not found right after it was opened`);
  return row;
}

/** Locks the cart row in `tx` until it ends; null when there is no such cart. */
export async function lockCartRow(tx: DatabaseTransaction, cartId: number): Promise<CartRow | null> {
  const [row] = await tx.select().from(cart).where(eq(cart.id, cartId)).for("update");
  return row ?? null;
}

export async function bumpVersion(tx: DatabaseTransaction, cartId: number): Promise<void> {
  await tx
    .update(cart)
    .set({ version: sql`${cart.version} + 1`, updatedAt: sql`now()` })
    .where(eq(cart.id, cartId));
}

export async function findCart(db: Database, accountId: number, companyId: number | null): Promise<CartRow | null> {
  const [row] = await db
    .select()
    .from(cart)
    .where(and(eq(cart.accountId, accountId), companyId === null ? isNull(cart.companyId) : eq(cart.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

export async function loadLines(db: Database, cartId: number): Promise<OrderProductRow[]> {
  return db.select().from(orderProduct).where(eq(orderProduct.cartId, cartId)).orderBy(asc(orderProduct.id));
}

/** Reads everything the cart's answer needs. */
export async function loadState(db: Database, row: CartRow): Promise<CartState> {
  const lines = await db
    .select({
      line: orderProduct,
      product: { id: product.id, name: product.name, photoPaths: product.photoPaths, categoryId: product.categoryId, categorySlug: productCategory.slug, archived: productArchivedColumn },
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
  const checks = layoutIds.length ? await db.select({ id: layoutCheck.id, layoutId: layoutCheck.layoutId }).from(layoutCheck).where(inArray(layoutCheck.layoutId, layoutIds)) : [];
  const designs = lineIds.length
    ? await db
        .select()
        .from(designOrder)
        .where(and(inArray(designOrder.orderProductId, lineIds), ne(designOrder.status, "cancelled")))
        .orderBy(asc(designOrder.id))
    : [];
  const deliveries = await db.select().from(delivery).where(eq(delivery.cartId, row.id)).orderBy(asc(delivery.id));
  const [promo] = row.promocodeId === null ? [] : await db.select().from(promocode).where(eq(promocode.id, row.promocodeId)).limit(1);
  const promocodeRules = promo ? await promocodeContext(db, promo, row.accountId) : {};
  const owner = await loadOwnerView(db, row.accountId, row.companyId);
  return { cart: row, lines, options, details, layouts, layoutFiles, checks, designs, deliveries, promocode: promo ?? null, promocodeContext: promocodeRules, owner };
}

/**
 * Whose cart this is (the company's name) and which of the client's other carts hold lines: the
 * storefront says which account the cart belongs to and offers to move the others' lines here.
 */
export async function loadOwnerView(db: Database, accountId: number, companyId: number | null): Promise<CartOwnerView> {
  const [named] = companyId === null ? [] : await db.select({ name: company.name }).from(company).where(eq(company.id, companyId)).limit(1);
  const others = await db
    .select({ companyId: cart.companyId, companyName: company.name, lineCount: sql<number>`count(${orderProduct.id})::int` })
    .from(cart)
    .innerJoin(orderProduct, eq(orderProduct.cartId, cart.id))
    .leftJoin(company, eq(company.id, cart.companyId))
    .where(and(eq(cart.accountId, accountId), companyId === null ? sql`${cart.companyId} is not null` : sql`${cart.companyId} is distinct from ${companyId}`))
    .groupBy(cart.companyId, company.name);
  return { companyName: named?.name ?? null, otherCarts: sortOtherCarts(others) };
}

/** The client's other carts as the answer lists them: the personal profile first, then companies А–Я. */
export function sortOtherCarts(others: readonly CartElsewhere[]): CartElsewhere[] {
  return others
    .map((item) => ({ companyId: item.companyId, companyName: item.companyId === null ? null : item.companyName, lineCount: item.lineCount }))
    .sort((a, b) => (a.companyId === null ? -1 : b.companyId === null ? 1 : (a.companyName ?? "").localeCompare(b.companyName ?? "", "ru")));
}

/** What every part of the cart does with it: find whose it is, change it under its lock, answer it. */
export interface CartAccess {
  now: () => Date;
  /** Whose cart, checked: the acting client (403 for an employee outside client mode), their company (404 otherwise). */
  resolveOwner(exec: Database, viewer: Viewer, target: CartTarget): Promise<CartOwner>;
  /** The cart as the API answers it. */
  view(cartId: number, temporary: boolean, publicOrigin: string): Promise<Cart>;
  /**
   * Runs `change` on the locked cart and bumps the version when it reports a change. Lines that
   * changed (`linesChanged`) re-price the deliveries afterwards. Answers the cart.
   */
  mutate(owner: CartOwner, publicOrigin: string, change: (tx: DatabaseTransaction, row: CartRow) => Promise<CartChange>): Promise<Cart>;
  /** Prices the cart's deliveries again for its lines as they are now (cart-delivery.service.ts). */
  repriceDeliveries(cartId: number): Promise<void>;
}

/** `offered`: the shop's payment types (OTTISK_PAYMENTS), listed in every cart it answers. */
export function createCartAccess(db: Database, now: () => Date, repriceDeliveries: (cartId: number) => Promise<void>, offered: readonly PaymentType[]): CartAccess {
  async function resolveOwner(exec: Database, viewer: Viewer, target: CartTarget): Promise<CartOwner> {
    const accountId = actingClientId(viewer);
    if (target.clientId !== undefined && target.clientId !== accountId) throw cartNotYours();
    const companyId = target.companyId === undefined ? (viewer.account.typeUser === "employee" ? viewer.placeCompanyId : null) : target.companyId;
    if (companyId !== null) await requireOwnCompany(exec, accountId, companyId);
    return { accountId, companyId, temporary: viewer.account.temporary };
  }

  async function view(cartId: number, temporary: boolean, publicOrigin: string): Promise<Cart> {
    const [row] = await db.select().from(cart).where(eq(cart.id, cartId)).limit(1);
    if (!row) throw new Error(`Cart ${cartId} vanished`);
    const state = await loadState(db, row);
    return toCart(state, evaluateCart(state, now(), temporary), publicOrigin, offered);
  }

  async function mutate(
    owner: CartOwner,
    publicOrigin: string,
    change: (tx: DatabaseTransaction, row: CartRow) => Promise<CartChange>,
  ): Promise<Cart> {
    const { cartId, linesChanged } = await db.transaction(async (tx) => {
      const row = await openLockedCart(tx, owner.accountId, owner.companyId);
      const result = await change(tx, row);
      if (result.changed) await bumpVersion(tx, row.id);
      return { cartId: row.id, linesChanged: result.changed && result.linesChanged };
    });
    if (linesChanged) await repriceDeliveries(cartId);
    return view(cartId, owner.temporary, publicOrigin);
  }

  return { now, resolveOwner, view, mutate, repriceDeliveries };
}
