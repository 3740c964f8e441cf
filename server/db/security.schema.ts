import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/*
 * What keeps the shop safe in public and must agree across API nodes, so it lives in the database,
 * not in a node's memory: used hand-off links, request counters of the rate limits and quotas,
 * and the sign-in throttle's backoff.
 */

/** A hand-off link taken once: its nonce until the link would have expired anyway (then it can go). */
export const handoffUse = pgTable(
  "handoff_use",
  {
    nonce: text("nonce").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("handoff_use_expires_idx").on(table.expiresAt)],
);

/**
 * A fixed-window counter: `key` names what is counted and for whom (e.g. `upload:acct:12`,
 * `temp-account:ip:203.0.113.7`); `hits` grows atomically (INSERT … ON CONFLICT DO UPDATE) until
 * `reset_at`, when the window starts again.
 */
export const rateLimit = pgTable(
  "rate_limit",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull().default(0),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("rate_limit_reset_idx").on(table.resetAt)],
);

/**
 * The sign-in throttle: failures counted per key (an account from an address, an account from
 * anywhere, an address) and the moment the next attempt is allowed (exponential backoff).
 */
export const loginThrottle = pgTable(
  "login_throttle",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull().default(0),
    blockedUntil: timestamp("blocked_until", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("login_throttle_updated_idx").on(table.updatedAt)],
);

export type RateLimitRow = typeof rateLimit.$inferSelect;
export type LoginThrottleRow = typeof loginThrottle.$inferSelect;

/**
 * A secret the shop made for itself on first start, when the operator set none (the hand-off
 * links' signing key): kept here so every node signs and checks with the same one, and a restart
 * does not void the links and known-device cookies already given out.
 */
export const shopSecret = pgTable("shop_secret", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
