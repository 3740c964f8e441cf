import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
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
 * It lives HANDOFF_LIFETIME_MS and is taken once (per API node: the used nonces are kept in memory
 * until they expire; with several nodes a replay within the two minutes could open a second session
 * of the same account, which grants nothing the first did not).
 */

export const HANDOFF_LIFETIME_MS = 2 * 60 * 1000;

interface HandoffPayload {
  s: number;
  a: number;
  e: number;
  n: string;
}

export interface HandoffService {
  /** A token for the caller's session, valid HANDOFF_LIFETIME_MS. */
  issue(viewer: Viewer): { token: string; expiresAt: Date };
  /**
   * Opens a session on the shop's origin for the token's account, or null when the token is forged,
   * expired, used, or its session has ended since.
   */
  redeem(token: string): Promise<OpenedSession | null>;
}

function isPayload(value: unknown): value is HandoffPayload {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.s === "number" && typeof record.a === "number" && typeof record.e === "number" && typeof record.n === "string";
}

export function createHandoffService(sessions: SessionService, options: { secret: string; now?: () => number }): HandoffService {
  const now = options.now ?? Date.now;
  const used = new Map<string, number>();
  const sign = (payload: string) => createHmac("sha256", options.secret).update(payload).digest("base64url");

  const forgetExpired = () => {
    const time = now();
    for (const [nonce, expiry] of used) if (expiry < time) used.delete(nonce);
  };

  return {
    issue(viewer) {
      const expiresAt = new Date(now() + HANDOFF_LIFETIME_MS);
      const payload: HandoffPayload = { s: viewer.sessionId, a: viewer.account.id, e: expiresAt.getTime(), n: randomBytes(12).toString("base64url") };
      const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
      return { token: `${body}.${sign(body)}`, expiresAt };
    },

    async redeem(token) {
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
      if (!isPayload(payload) || payload.e < now()) return null;
      forgetExpired();
      if (used.has(payload.n)) return null;
      used.set(payload.n, payload.e);
      const source = await sessions.byId(payload.s);
      if (!source || source.account.id !== payload.a) return null;
      const opened = await sessions.open(payload.a, source.account.temporary ? "temporary" : source.rememberMe ? "remembered" : "ordinary");
      if (source.placeClientId !== null) {
        const created = await sessions.resolve(opened.token);
        if (created) await sessions.setPlaceClient(created.sessionId, source.placeClientId, source.placeCompanyId);
      }
      return opened;
    },
  };
}
