import { and, eq, gt, inArray, isNull, lt, notExists } from "drizzle-orm";
import type { Database } from "../../db/client";
import { account, session } from "../../db/accounts.schema";
import { cart, orderProduct } from "../../db/cart.schema";
import { designOrder, layout } from "../../db/files.schema";
import { clientOrder } from "../../db/orders.schema";
import { VISITOR_LAYOUT_MAX_AGE_MS } from "../../limits";

/*
 * Visitors' temporary accounts that nobody can reach any more: every session of theirs has expired
 * (a day for one never used again, 90 days once used, see session.service.ts), so a script that
 * opened accounts and left keeps nothing. Deleting the account takes its favourites, cart and
 * layouts with it (the foreign keys cascade); the layout files it leaves without an owner are then
 * deleted from storage too. An account with a design order or an order is kept: staff may still be
 * working on it. Runs with the request limits' tidy-up (plugins/rate-limits.ts), a batch at a time.
 *
 * A live visitor's layouts are kept at most a day (VISITOR_LAYOUT_MAX_AGE_MS), so uploads from
 * visitors cannot pile up for the months their session may last: the layouts of lines in visitors'
 * carts (a visitor places no order; lines that reached a placed order through sign-in are the
 * client's) uploaded longer ago go with their checks, their files' rows and bytes (unless a design
 * order names the file), and so do visitors' files nothing refers to (an annotation never attached).
 * The line stays: the cart shows the detail's layout as missing, to be uploaded again.
 */

const BATCH = 500;
/** An account younger than this is left alone: its first session may be a moment behind it. */
const GRACE_MS = 60 * 60 * 1000;

export interface VisitorSweep {
  /** Deletes abandoned temporary accounts and their files, and live visitors' layouts older than a day; answers how many accounts went. */
  sweep(now?: Date): Promise<number>;
}

/** What the sweep needs of the file service (files/file.service.ts): deleting stored files no row refers to any more. */
export interface OwnerlessFiles {
  dropOwnerless(olderThan: Date): Promise<unknown>;
  dropVisitorsOrphans(olderThan: Date): Promise<unknown>;
  dropUnreferenced(tx: Database, fileIds: readonly number[]): Promise<string[]>;
  removeStored(keys: readonly string[]): Promise<void>;
}

export function createVisitorSweep(db: Database, files: OwnerlessFiles): VisitorSweep {
  /** Visitors' layouts uploaded before `olderThan` (a batch), their rows and files; answers how many went. */
  async function expireLayouts(olderThan: Date): Promise<number> {
    const expired = db
      .select({ id: layout.id })
      .from(layout)
      .innerJoin(orderProduct, eq(orderProduct.id, layout.orderProductId))
      .innerJoin(cart, eq(cart.id, orderProduct.cartId))
      .innerJoin(account, eq(account.id, cart.accountId))
      .where(and(eq(account.temporary, true), isNull(orderProduct.orderId), lt(layout.createdAt, olderThan)))
      .limit(BATCH);
    const { count, keys } = await db.transaction(async (tx) => {
      const gone = await tx.delete(layout).where(inArray(layout.id, expired)).returning({ fileId: layout.fileId });
      return { count: gone.length, keys: await files.dropUnreferenced(tx, gone.map((row) => row.fileId)) };
    });
    await files.removeStored(keys);
    await files.dropVisitorsOrphans(olderThan);
    return count;
  }

  return {
    async sweep(now = new Date()) {
      const bornBefore = new Date(now.getTime() - GRACE_MS);
      const abandoned = db
        .select({ id: account.id })
        .from(account)
        .where(
          and(
            eq(account.temporary, true),
            lt(account.createdAt, bornBefore),
            notExists(db.select({ one: session.id }).from(session).where(and(eq(session.accountId, account.id), gt(session.expiresAt, now)))),
            notExists(db.select({ one: designOrder.id }).from(designOrder).where(eq(designOrder.accountId, account.id))),
            notExists(db.select({ one: clientOrder.id }).from(clientOrder).where(eq(clientOrder.accountId, account.id))),
          ),
        )
        .limit(BATCH);
      const gone = await db.delete(account).where(and(inArray(account.id, abandoned), eq(account.temporary, true))).returning({ id: account.id });
      if (gone.length > 0) await files.dropOwnerless(bornBefore);
      await expireLayouts(new Date(now.getTime() - VISITOR_LAYOUT_MAX_AGE_MS));
      return gone.length;
    },
  };
}
