import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimit } from "../db/schema";

/*
 * Fixed-window counters in the database, so every API node counts the same hits: one statement
 * adds a hit and reads the total (INSERT … ON CONFLICT DO UPDATE … RETURNING), which keeps the
 * count exact under parallel requests. A window that has ended starts again at one hit. Used by
 * the request limits (@fastify/rate-limit's store) and by the quotas (uploads, checks). `take` and
 * `give` count amounts instead of hits (the upload budgets' KiB): a take that would pass its
 * maximum is refused in the same statement, so parallel uploads on every node never overshoot.
 */

export interface WindowCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** When the window ends and the count starts again. */
  resetAt: Date;
}

export interface RateLimitService {
  /** Adds one hit to `key` in a window of `windowMs` and gives the window's total. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The window's total without adding a hit; zero when there is none or it has ended. */
  peek(key: string): Promise<WindowCount | null>;
  /**
   * Adds `amount` to `key` in a window of `windowMs` only when the window's total stays at most
   * `max`; answers whether it was taken and the window's total (with it, or without it when refused).
   */
  take(key: string, amount: number, max: number, windowMs: number): Promise<WindowCount & { taken: boolean }>;
  /** Takes `amount` back from the current window of `key` (never below zero); nothing when the window has ended. */
  give(key: string, amount: number): Promise<void>;
  /** Forgets a key's hits (e.g. a quota refunded when the upload it counted failed). */
  reset(key: string): Promise<void>;
  /** Deletes the windows that have ended; a tidy-up, the counts are right without it. */
  sweep(): Promise<number>;
}

export function createRateLimitService(db: Database, now: () => number = Date.now): RateLimitService {
  const service: RateLimitService = {
    async hit(key, windowMs) {
      const time = new Date(now());
      const resetAt = new Date(time.getTime() + windowMs);
      const [row] = await db
        .insert(rateLimit)
        .values({ key, hits: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimit.key,
          set: {
            hits: sql`CASE WHEN ${rateLimit.resetAt} <= ${time.toISOString()}::timestamptz THEN 1 ELSE ${rateLimit.hits} + 1 END`,
            resetAt: sql`CASE WHEN ${rateLimit.resetAt} <= ${time.toISOString()}::timestamptz THEN ${resetAt.toISOString()}::timestamptz ELSE ${rateLimit.resetAt} END`,
          },
        })
        .returning({ hits: rateLimit.hits, resetAt: rateLimit.resetAt });
      if (!row) throw new Error(`The rate-limit counter ${key} was not written`);
      return row;
    },

    async take(key, amount, max, windowMs) {
      const time = new Date(now());
      const resetAt = new Date(time.getTime() + windowMs);
      const ended = sql`${rateLimit.resetAt} <= ${time.toISOString()}::timestamptz`;
      const rows =
        amount > max
          ? []
          : await db
              .insert(rateLimit)
              .values({ key, hits: amount, resetAt })
              .onConflictDoUpdate({
                target: rateLimit.key,
                set: {
                  hits: sql`CASE WHEN ${ended} THEN ${amount}::integer ELSE ${rateLimit.hits} + ${amount}::integer END`,
                  resetAt: sql`CASE WHEN ${ended} THEN ${resetAt.toISOString()}::timestamptz ELSE ${rateLimit.resetAt} END`,
                },
                setWhere: sql`${ended} OR ${rateLimit.hits} + ${amount}::integer <= ${max}::integer`,
              })
              .returning({ hits: rateLimit.hits, resetAt: rateLimit.resetAt });
      const row = rows[0];
      if (row) return { ...row, taken: true };
      const current = await service.peek(key);
      return { hits: current?.hits ?? 0, resetAt: current?.resetAt ?? resetAt, taken: false };
    },

    async give(key, amount) {
      await db
        .update(rateLimit)
        .set({ hits: sql`GREATEST(${rateLimit.hits} - ${amount}::integer, 0)` })
        .where(and(eq(rateLimit.key, key), gt(rateLimit.resetAt, new Date(now()))));
    },

    async peek(key) {
      const rows = await db.select({ hits: rateLimit.hits, resetAt: rateLimit.resetAt }).from(rateLimit).where(sql`${rateLimit.key} = ${key}`);
      const row = rows[0];
      return row && row.resetAt.getTime() > now() ? row : null;
    },

    async reset(key) {
      await db.delete(rateLimit).where(sql`${rateLimit.key} = ${key}`);
    },

    async sweep() {
      const gone = await db.delete(rateLimit).where(lt(rateLimit.resetAt, new Date(now()))).returning({ key: rateLimit.key });
      return gone.length;
    },
  };
  return service;
}
