import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { cart, favorite, handoffUse, orderProduct } from "../../db/schema";
import type { LayoutDesignQuotas } from "../../limits";
import { adoptTemporaryAccount } from "./account.service";
import type { SessionService, Viewer } from "./session.service";
import type { OpenedSession } from "./session.service";

/*
 * The hand-off from a partner's page to the shop's own pages. On a partner's site the widgets hold
 * the session as a bearer token in the partner origin's storage; the shop's checkout runs on the
 * shop's origin, where that token is unknown. A link from the partner page to the checkout carries
 * a short-lived signed token instead of the session itself: the shop's server checks the signature
 * and the time, opens a session of the same account on its own origin (the httpOnly cookie) and
 * redirects to the page. The session token never appears in an address.
 *
 * The token: base64url(JSON {s: session id, a: account id, e: expiry ms, n: nonce}) "." base64url(HMAC-SHA256).
 * It lives HANDOFF_LIFETIME_MS and is taken once: the nonce goes into `handoff_use` (INSERT … ON
 * CONFLICT DO NOTHING RETURNING), so exactly one redeem wins, on any node and after any restart.
 * Rows past their link's expiry are swept now and then.
 *
 * A link must not switch a browser that already holds another account's session without asking
 * (a link made by B and followed by a signed-in A would otherwise sign A in as B: a login CSRF).
 * `needsConsent` says when the shop's page asks first.
 */

export const HANDOFF_LIFETIME_MS = 2 * 60 * 1000;

/** How often a node deletes the used links that have expired anyway. */
const SWEEP_INTERVAL_MS = 60 * 1000;

interface HandoffPayload {
  s: number;
  a: number;
  e: number;
  n: string;
}

/** A link that checked out (signature, time, not used yet, its session still open), before it is taken. */
export interface HandoffTicket {
  nonce: string;
  expiresAt: Date;
  /** The session the link was made from, and its account: the one the link opens. */
  source: Viewer;
}

export interface HandoffService {
  /** A token for the caller's session, valid HANDOFF_LIFETIME_MS. */
  issue(viewer: Viewer): { token: string; expiresAt: Date };
  /** The token's ticket without taking it, or null when it is forged, expired, used, or its session has ended since. */
  inspect(token: string): Promise<HandoffTicket | null>;
  /**
   * Whether the browser's current session must be asked before the link replaces it: it belongs to
   * another account, which is a signed-in one, or a visitor's temporary one with a cart line or a
   * favourite (these would move into the link's account). No session, the same account, or an
   * empty temporary one: no question.
   */
  needsConsent(current: Viewer | null, ticket: HandoffTicket): Promise<boolean>;
  /**
   * Takes the link (once, across nodes and restarts) and opens a session of its account on the
   * shop's origin; null when someone took it first. The session it replaces in this browser, if of
   * another account, ends (a signed-in one) or moves its cart and favourites into the link's
   * account (a visitor's temporary one), as a sign-in does.
   */
  redeem(ticket: HandoffTicket, current: Viewer | null): Promise<OpenedSession | null>;
}

function isPayload(value: unknown): value is HandoffPayload {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(record.s) && Number.isSafeInteger(record.a) && typeof record.e === "number" && typeof record.n === "string" && record.n !== ""
  );
}

export function createHandoffService(db: Database, sessions: SessionService, options: { secret: string; designQuotas: LayoutDesignQuotas; now?: () => number }): HandoffService {
  const now = options.now ?? Date.now;
  const sign = (payload: string) => createHmac("sha256", options.secret).update(payload).digest("base64url");
  let lastSweep = 0;

  const sweep = async () => {
    const time = now();
    if (time - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = time;
    await db.delete(handoffUse).where(lt(handoffUse.expiresAt, new Date(time)));
  };

  const verified = (token: string): HandoffPayload | null => {
    const [body, signature, extra] = token.split(".");
    if (!body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    } catch {
      return null;
    }
    return isPayload(payload) && payload.e >= now() ? payload : null;
  };

  const hasVisitorData = async (accountId: number): Promise<boolean> => {
    const [line] = await db
      .select({ id: orderProduct.id })
      .from(orderProduct)
      .innerJoin(cart, eq(cart.id, orderProduct.cartId))
      .where(eq(cart.accountId, accountId))
      .limit(1);
    if (line) return true;
    const [liked] = await db.select({ one: sql<number>`1` }).from(favorite).where(eq(favorite.accountId, accountId)).limit(1);
    return liked !== undefined;
  };

  return {
    issue(viewer) {
      const expiresAt = new Date(now() + HANDOFF_LIFETIME_MS);
      const payload: HandoffPayload = { s: viewer.sessionId, a: viewer.account.id, e: expiresAt.getTime(), n: randomBytes(12).toString("base64url") };
      const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
      return { token: `${body}.${sign(body)}`, expiresAt };
    },

    async inspect(token) {
      const payload = verified(token);
      if (!payload) return null;
      await sweep();
      const [used] = await db.select({ nonce: handoffUse.nonce }).from(handoffUse).where(eq(handoffUse.nonce, payload.n)).limit(1);
      if (used) return null;
      const source = await sessions.byId(payload.s);
      if (!source || source.account.id !== payload.a) return null;
      return { nonce: payload.n, expiresAt: new Date(payload.e), source };
    },

    async needsConsent(current, ticket) {
      if (!current || current.account.id === ticket.source.account.id) return false;
      if (!current.account.temporary) return true;
      return hasVisitorData(current.account.id);
    },

    async redeem(ticket, current) {
      const taken = await db
        .insert(handoffUse)
        .values({ nonce: ticket.nonce, expiresAt: ticket.expiresAt })
        .onConflictDoNothing()
        .returning({ nonce: handoffUse.nonce });
      if (taken.length === 0) return null;
      const source = ticket.source;
      // The link's session may have ended between the check and now: then the link opens nothing.
      const still = await sessions.byId(source.sessionId);
      if (!still || still.account.id !== source.account.id) return null;
      const target = source.account.id;
      if (current && current.account.id !== target) {
        if (current.account.temporary) await adoptTemporaryAccount(db, current.account.id, target, options.designQuotas);
        else await sessions.close(current.sessionId);
      }
      const opened = await sessions.open(target, source.account.temporary ? "temporary" : source.rememberMe ? "remembered" : "ordinary");
      if (source.placeClientId !== null) {
        const created = await sessions.resolve(opened.token);
        if (created) await sessions.setPlaceClient(created.sessionId, source.placeClientId, source.placeCompanyId);
      }
      return opened;
    },
  };
}

