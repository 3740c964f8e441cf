import { and, eq, gt, inArray, lt, notExists } from "drizzle-orm";
import type { Database } from "../../db/client";
import { account, session } from "../../db/accounts.schema";
import { designOrder } from "../../db/files.schema";
import { clientOrder } from "../../db/orders.schema";

/*
 * Visitors' temporary accounts that nobody can reach any more: every session of theirs has expired
 * (a day for one never used again, 90 days once used, see session.service.ts), so a script that
 * opened accounts and left keeps nothing. Deleting the account takes its favourites, cart and
 * layouts with it (the foreign keys cascade); the layout files it leaves without an owner are then
 * deleted from storage too. An account with a design order or an order is kept: staff may still be
 * working on it. Runs with the request limits' tidy-up (plugins/rate-limits.ts), a batch at a time.
 */

const BATCH = 500;
/** An account younger than this is left alone: its first session may be a moment behind it. */
const GRACE_MS = 60 * 60 * 1000;

export interface VisitorSweep {
  /** Deletes abandoned temporary accounts and their files; answers how many accounts went. */
  sweep(now?: Date): Promise<number>;
}

/** What the sweep needs of the file service (files/file.service.ts): deleting stored files no row refers to any more. */
export interface OwnerlessFiles {
  dropOwnerless(olderThan: Date): Promise<unknown>;
}

export function createVisitorSweep(db: Database, files: OwnerlessFiles): VisitorSweep {
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
      return gone.length;
    },
  };
}
