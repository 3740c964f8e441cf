import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../../db/client";
import { account, favorite, session } from "../../db/schema";
import type { AccountRow, SessionRow } from "../../db/schema";

/*
 * Sessions are opaque random tokens; only their SHA-256 is stored. The same token travels as an
 * httpOnly cookie on the shop's own pages and as a bearer token from widgets on partner sites.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long a session lives: a remembered sign-in a month, an ordinary one a day. A visitor's
 * temporary account starts with a day (`temporary`: a script that never comes back leaves nothing
 * that lasts) and gets three months (`visitor`) once the visitor comes back to add to the cart or
 * the favourites (plugins/session.ts `ensureViewer` with `keep`).
 */
export const SESSION_LIFETIME_MS = { remembered: 30 * DAY_MS, ordinary: DAY_MS, temporary: DAY_MS, visitor: 90 * DAY_MS } as const;

/** Who is calling: the account behind the session and, for an employee in client mode, the client. */
export interface Viewer {
  sessionId: number;
  account: AccountRow;
  rememberMe: boolean;
  expiresAt: Date;
  placeClientId: number | null;
  placeCompanyId: number | null;
}

export interface OpenedSession {
  token: string;
  expiresAt: Date;
  /** Whether the cookie should outlive the browser. */
  persistent: boolean;
}

export interface SessionService {
  /** The viewer of a token, or null for an unknown or expired one. */
  resolve(token: string): Promise<Viewer | null>;
  /**
   * For a page of cards served to a signed-in caller: whether the token is a live session, and which
   * of `productIds` its account keeps as favourites, in one statement (the session's lookup and the
   * favourites folded together). Null for an unknown or expired token, as `resolve` answers.
   */
  favoriteMarks(token: string, productIds: readonly number[]): Promise<Set<number> | null>;
  /**
   * Which of `productIds` an account (a viewer already looked up) keeps as favourites: the marks the
   * server render lays on the anonymous pages it keeps (plugins/render-reads.ts).
   */
  favoriteMarksOf(accountId: number, productIds: readonly number[]): Promise<Set<number>>;
  /** The viewer of a session by its id, or null when it ended or expired (the hand-off to the shop's pages). */
  byId(sessionId: number): Promise<Viewer | null>;
  open(accountId: number, kind: keyof typeof SESSION_LIFETIME_MS): Promise<OpenedSession>;
  close(sessionId: number): Promise<void>;
  /** A visitor's temporary account with its session (spec §1: browse, keep favourites and a cart before signing in). */
  openTemporary(): Promise<{ viewer: Viewer; opened: OpenedSession }>;
  setPlaceClient(sessionId: number, placeClientId: number | null, placeCompanyId: number | null): Promise<void>;
  /** Gives a visitor's session the `visitor` lifetime from now; the new expiry. */
  keepVisitor(sessionId: number): Promise<Date>;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function viewerOf(row: { session: SessionRow; account: AccountRow }): Viewer {
  return {
    sessionId: row.session.id,
    account: row.account,
    rememberMe: row.session.rememberMe,
    expiresAt: row.session.expiresAt,
    placeClientId: row.session.placeClientId,
    placeCompanyId: row.session.placeCompanyId,
  };
}

export function createSessionService(db: Database): SessionService {
  // A prepared statement: built once, and on PostgreSQL planned once per connection (PGlite: db/pglite-prepared.ts).
  const favoriteMarksQuery = db
    .select({
      productIds: sql<number[]>`array(SELECT ${favorite.productId} FROM ${favorite} WHERE ${favorite.accountId} = ${session.accountId} AND ${favorite.productId} = ANY(${sql.placeholder("productIds")}::int[]))`,
    })
    .from(session)
    .innerJoin(account, eq(account.id, session.accountId))
    .where(and(eq(session.tokenHash, sql.placeholder("tokenHash")), gt(session.expiresAt, sql`${sql.placeholder("now")}::timestamptz`), isNull(account.disabledAt)))
    .limit(1)
    .prepare("session_favorite_marks");
  const accountFavoriteMarksQuery = db
    .select({ productId: favorite.productId })
    .from(favorite)
    .where(and(eq(favorite.accountId, sql.placeholder("accountId")), sql`${favorite.productId} = ANY(${sql.placeholder("productIds")}::int[])`))
    .prepare("account_favorite_marks");
  // Every signed-in request's lookup, prepared likewise.
  const resolveQuery = db
    .select({ session, account })
    .from(session)
    .innerJoin(account, eq(account.id, session.accountId))
    // A disabled employee's sessions are deleted when they are disabled; the check here is the second lock.
    .where(and(eq(session.tokenHash, sql.placeholder("tokenHash")), gt(session.expiresAt, sql`${sql.placeholder("now")}::timestamptz`), isNull(account.disabledAt)))
    .limit(1)
    .prepare("session_resolve");

  const service: SessionService = {
    async resolve(token) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      const [row] = await resolveQuery.execute({ tokenHash: hashToken(token), now: new Date().toISOString() });
      return row ? viewerOf(row) : null;
    },

    async favoriteMarks(token, productIds) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      const ids = productIds.filter((id) => Number.isSafeInteger(id));
      // The ids as one array literal: a plain text parameter, which both drivers send alike.
      const [row] = await favoriteMarksQuery.execute({ tokenHash: hashToken(token), productIds: `{${ids.join(",")}}`, now: new Date().toISOString() });
      return row ? new Set(row.productIds) : null;
    },

    async favoriteMarksOf(accountId, productIds) {
      const ids = productIds.filter((id) => Number.isSafeInteger(id));
      if (ids.length === 0) return new Set();
      const rows = await accountFavoriteMarksQuery.execute({ accountId, productIds: `{${ids.join(",")}}` });
      return new Set(rows.map((row) => row.productId));
    },

    async byId(sessionId) {
      const [row] = await db
        .select({ session, account })
        .from(session)
        .innerJoin(account, eq(account.id, session.accountId))
        .where(and(eq(session.id, sessionId), gt(session.expiresAt, new Date()), isNull(account.disabledAt)))
        .limit(1);
      return row ? viewerOf(row) : null;
    },

    async open(accountId, kind) {
      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS[kind]);
      await db.insert(session).values({ tokenHash: hashToken(token), accountId, rememberMe: kind !== "ordinary", expiresAt });
      // Expired sessions of this account are of no use to anyone: tidy them while we are here.
      await db.delete(session).where(and(eq(session.accountId, accountId), lt(session.expiresAt, new Date())));
      return { token, expiresAt, persistent: kind !== "ordinary" };
    },

    async close(sessionId) {
      await db.delete(session).where(eq(session.id, sessionId));
    },

    async openTemporary() {
      const [created] = await db.insert(account).values({ temporary: true }).returning();
      if (!created) throw new Error("The temporary account was not created");
      const opened = await service.open(created.id, "temporary");
      const viewer = await service.resolve(opened.token);
      if (!viewer) throw new Error("The temporary session was not found right after it was opened");
      return { viewer, opened };
    },

    async setPlaceClient(sessionId, placeClientId, placeCompanyId) {
      await db.update(session).set({ placeClientId, placeCompanyId }).where(eq(session.id, sessionId));
    },

    async keepVisitor(sessionId) {
      const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS.visitor);
      await db.update(session).set({ expiresAt }).where(eq(session.id, sessionId));
      return expiresAt;
    },
  };
  return service;
}
