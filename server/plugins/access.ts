import type { FastifyInstance, FastifyRequest } from "fastify";
import type { EmployeeRole } from "../../shared/contracts/index";
import { requireEmployee, requireEmployeeRole, requireSignedIn, requireViewer } from "./session";

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
 * - `employee`: staff only (401 without a session, 403 for a client);
 * - a list of roles (`["catalog"]`): an employee with one of them, or an admin (the back office,
 *   /api/employee/…; 403 EMPLOYEE_ROLE_MISSING for another employee).
 * Routes without it are open to anyone (they may still open a temporary account, see ensureViewer).
 */
export type RouteAccess = "viewer" | "signedIn" | "employee" | readonly EmployeeRole[];

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call the route; checked in onRequest, before the body is read or validated. */
    access?: RouteAccess;
  }
}

const CHECKS: Readonly<Record<Extract<RouteAccess, string>, (request: FastifyRequest) => unknown>> = {
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
      if (typeof access === "string") CHECKS[access](request);
      else if (access !== undefined) requireEmployeeRole(request, access);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}

/** Headers a reverse proxy adds: a loopback peer that sends one came through a proxy, not from this machine's own shell or browser. */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"] as const;

function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && (address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127."));
}

/**
 * Whether the request comes from this machine itself: the socket's own peer is loopback (never
 * X-Forwarded-For, whatever OTTISK_TRUST_PROXY says) and no proxy's forwarding header came with it
 * (a proxy on this host that the operator did not declare). For the pages meant for whoever runs
 * the shop: the dev mail page and the health details.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.socket.remoteAddress) && FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}
