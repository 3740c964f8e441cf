import fastifyCookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { EMPLOYEE_ROLE_LABELS, hasEmployeeRole, SESSION_COOKIE, SESSION_TOKEN_HEADER } from "../../shared/contracts/index";
import type { EmployeeRole } from "../../shared/contracts/index";
import { ShopError } from "../services/shop-error";
import { SESSION_LIFETIME_MS } from "../services/accounts/session.service";
import type { OpenedSession, SessionService, Viewer } from "../services/accounts/session.service";
import { resolveInScope } from "./in-process-session";
import { takeRequestLimit } from "./rate-limits";

/*
 * Who is calling. The session token comes as `Authorization: Bearer …` (widgets on partner sites,
 * where third-party cookies are blocked) or as the `ottisk_session` cookie (the shop's own pages).
 * A bearer token wins when both are there.
 */


declare module "fastify" {
  interface FastifyRequest {
    /** The caller's session and account; null for an anonymous caller (and on a route that looks it up itself). */
    viewer: Viewer | null;
  }
  interface FastifyContextConfig {
    /**
     * "route": the route looks the session up itself, folded into a statement of its own
     * (GET /public/product: the token and the caller's favourites in one), so the hook leaves
     * `request.viewer` null there; the route reads the token with `sessionToken`.
     */
    sessionLookup?: "route";
  }
}

/** The caller's session token (a bearer token wins over the cookie), if any. */
export function sessionToken(request: FastifyRequest): string | undefined {
  return tokenOf(request);
}

function tokenOf(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith("Bearer ")) return authorization.slice("Bearer ".length).trim();
  return request.cookies[SESSION_COOKIE];
}

/**
 * The session token in plain request headers, as `tokenOf` reads it (a bearer token wins): for the
 * server render's in-process reads (plugins/render-reads.ts), which get the page's forwarded
 * headers rather than a request of the /api context (where the cookie plugin parses them).
 */
export function sessionTokenOfHeaders(headers: Readonly<Record<string, string>>): string | undefined {
  const authorization = headers.authorization;
  if (authorization?.startsWith("Bearer ")) return authorization.slice("Bearer ".length).trim();
  for (const part of (headers.cookie ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== SESSION_COOKIE) continue;
    let value = part.slice(separator + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** Reads the session of every request in this context; call on the /api instance. */
export async function installSessions(api: FastifyInstance, sessions: SessionService): Promise<void> {
  await api.register(fastifyCookie);
  api.decorateRequest("viewer", null);
  api.addHook("onRequest", async (request) => {
    if (request.routeOptions.config.sessionLookup === "route") return;
    const token = tokenOf(request);
    // A server-rendered page's in-process calls share one lookup (plugins/in-process-session.ts).
    request.viewer = token ? await resolveInScope(token, (value) => sessions.resolve(value)) : null;
  });
}

/** Hands a session to the browser: the cookie for the shop's pages, the header for widgets elsewhere. */
export function grantSession(request: FastifyRequest, reply: FastifyReply, opened: OpenedSession): void {
  reply.setCookie(SESSION_COOKIE, opened.token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    ...(opened.persistent ? { expires: opened.expiresAt } : {}),
  });
  reply.header(SESSION_TOKEN_HEADER, opened.token);
}

export function clearSession(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: request.protocol === "https" });
}

export const notSignedIn = () =>
  new ShopError({ statusCode: 401, code: "NOT_SIGNED_IN", messageUI: "Войдите в систему, чтобы продолжить.", message: "No session" });

export const employeesOnly = () =>
  new ShopError({ statusCode: 403, code: "EMPLOYEES_ONLY", messageUI: "Это доступно только сотрудникам типографии.", message: "Employee call by a non-employee" });

/** Any session, a visitor's temporary one included. */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw notSignedIn();
  return request.viewer;
}

/** A signed-in person: a temporary account counts as not signed in (spec §4). */
export function requireSignedIn(request: FastifyRequest): Viewer {
  const viewer = requireViewer(request);
  if (viewer.account.temporary) throw notSignedIn();
  return viewer;
}

export function requireEmployee(request: FastifyRequest): Viewer {
  const viewer = requireSignedIn(request);
  if (viewer.account.typeUser !== "employee") throw employeesOnly();
  return viewer;
}

export const employeeRoleMissing = (roles: readonly EmployeeRole[]) =>
  new ShopError({
    statusCode: 403,
    code: "EMPLOYEE_ROLE_MISSING",
    messageUI: `Это доступно сотрудникам с ролью «${roles.map((role) => EMPLOYEE_ROLE_LABELS[role]).join("» или «")}». Попросите администратора добавить её.`,
    message: `The call needs one of the roles ${roles.join(", ")} (or admin)`,
  });

/**
 * An employee with one of `roles` (or an admin), outside client mode or in it: the back office's
 * calls (config.access: ["catalog"]). The typed viewer for the handler.
 */
export function requireEmployeeRole(request: FastifyRequest, roles: readonly EmployeeRole[]): Viewer {
  const viewer = requireEmployee(request);
  if (!hasEmployeeRole(viewer.account.roles, roles)) throw employeeRoleMissing(roles);
  return viewer;
}

/** A visitor's session that still has its first, short lifetime (not yet kept for `visitor`). */
const KEPT_VISITOR_MIN_MS = SESSION_LIFETIME_MS.visitor - SESSION_LIFETIME_MS.temporary;

/**
 * The caller's session, or a new temporary account for a visitor (favourites, cart): at most
 * `temp-account` new ones per address and window (429 past it). A new one lives a day; `keep`
 * (adding to the cart or the favourites) gives a visitor who came back with their session the
 * `visitor` lifetime, so only visitors who return keep a temporary account for months.
 */
export async function ensureViewer(
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionService,
  options: { keep?: boolean } = {},
): Promise<Viewer> {
  const current = request.viewer;
  if (current) {
    const token = tokenOf(request);
    if (options.keep && token && current.account.temporary && current.expiresAt.getTime() - Date.now() < KEPT_VISITOR_MIN_MS) {
      current.expiresAt = await sessions.keepVisitor(current.sessionId);
      grantSession(request, reply, { token, expiresAt: current.expiresAt, persistent: true });
    }
    return current;
  }
  await takeRequestLimit(request, reply, "temp-account");
  const { viewer, opened } = await sessions.openTemporary();
  grantSession(request, reply, opened);
  request.viewer = viewer;
  return viewer;
}
