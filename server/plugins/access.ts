import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireEmployee, requireSignedIn, requireViewer } from "./session";

/*
 * Who may call a route, checked before anything about the request is: Fastify runs onRequest,
 * then reads the body, then validates it, so a caller without the right session gets 401 (or 403)
 * without learning which of the route's fields were wrong, and an anonymous upload is refused
 * before its body is read. A route says who may call it in `config.access`; the handlers still
 * call the same require* helpers, which give them the typed viewer.
 */

/**
 * - `viewer`: any session, a visitor's temporary account included;
 * - `signedIn`: a signed-in client or employee (a temporary account is 401);
 * - `employee`: staff only (401 without a session, 403 for a client).
 * Routes without it are open to anyone (they may still open a temporary account, see ensureViewer).
 */
export type RouteAccess = "viewer" | "signedIn" | "employee";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call the route; checked in onRequest, before the body is read or validated. */
    access?: RouteAccess;
  }
}

const CHECKS: Readonly<Record<RouteAccess, (request: FastifyRequest) => unknown>> = {
  viewer: requireViewer,
  signedIn: requireSignedIn,
  employee: requireEmployee,
};

/** Call on the /api instance after installSessions (the check reads `request.viewer`), before the routes. */
export function installAccessCheck(api: FastifyInstance): void {
  // A callback hook: the check is synchronous, so no promise per request (the hot path, npm run bench:api).
  api.addHook("onRequest", (request, _reply, done) => {
    const access = request.routeOptions.config.access;
    try {
      if (access !== undefined) CHECKS[access](request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
