import type { FastifyInstance, FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "../../shared/contracts/index";
import { ShopError } from "../services/shop-error";

/*
 * Cross-site request forgery. A browser attaches the shop's session cookie to a request another
 * site makes it send (a form post from a page on another port of the same host is "same-site", so
 * SameSite=Lax does not stop it), so every state-changing call authenticated by the COOKIE must
 * come from a page of the shop itself or of a partner (the origins CORS allows with credentials).
 *
 * Where a request came from, in the order a browser tells it:
 * 1. `Origin` (every browser sends it on a cross-site POST, and on fetch/XHR writes): one of the
 *    allowed origins, else refused. `Origin: null` (a sandboxed frame, or a same-origin post under
 *    `Referrer-Policy: no-referrer`) names no origin and falls through.
 * 2. `Sec-Fetch-Site` (set by the browser, no script can forge it): only `same-origin` passes.
 * 3. `Referer`: its origin must be an allowed one.
 * 4. None of them: refused. No browser since 2020 sends a cookie POST with none of the three; a
 *    script or a server calling the API should use `Authorization: Bearer`, which no other site can
 *    make a browser send, so bearer calls are never checked.
 *
 * The check runs in onRequest, before any body is read: a multipart upload is refused unread.
 * Anonymous calls (no session cookie) are not checked: they act on nobody's data. Routes that must
 * be checked even then (the hand-off's consent form, which signs a browser in) set
 * `config: { originCheck: "self" }`: always checked, and only the shop's own origin passes.
 */

declare module "fastify" {
  interface FastifyContextConfig {
    /** "self": check every state-changing call of this route, cookie or not, against the shop's own origin only. */
    originCheck?: "self";
  }
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const crossSiteRequest = () =>
  new ShopError({
    statusCode: 403,
    code: "CROSS_SITE_REQUEST",
    messageUI: "Запрос пришёл с чужого сайта и отклонён. Откройте страницу магазина и повторите действие.",
    message: "A state-changing cookie call from an origin that is neither the shop's nor a partner's",
  });

/** The origin of a URL or origin text, or null when it names none. */
function originOf(text: string): string | null {
  try {
    const origin = new URL(text).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

function singleHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The shop's own origins for this request: the public address (OTTISK_PUBLIC_URL) and the address
 * the request came to (trusted proxies' X-Forwarded-* included). Accepting the latter is safe,
 * although its Host is the request's own word: a browser writes Host itself from the URL it calls
 * (no page can set it), and it attaches the cookies of that very host. So a request whose Origin
 * equals its own scheme and Host comes from a page of the address it was sent to, and carries that
 * address's session: another site can only make it with its own Origin (refused), and a DNS-rebound
 * name (evil.example pointed at the shop) carries evil.example's cookies, never the shop's. Nothing
 * the shop gives out is built from this origin (links come from publicOrigin alone); it only lets
 * the shop's pages be used at another address of the same machine (127.0.0.1 beside localhost).
 */
function ownOrigins(request: FastifyRequest): string[] {
  const own = [originOf(request.publicOrigin), originOf(`${request.protocol}://${request.host}`)];
  return own.filter((origin): origin is string => origin !== null);
}

/** Whether the browser says this request came from one of `allowed` (see the rules above). */
export function cameFrom(request: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  const origin = singleHeader(request, "origin");
  if (origin !== undefined && origin !== "null") {
    const parsed = originOf(origin);
    return parsed !== null && allowed.has(parsed);
  }
  const site = singleHeader(request, "sec-fetch-site");
  if (site !== undefined) return site === "same-origin";
  const referer = singleHeader(request, "referer");
  if (referer !== undefined) {
    const parsed = originOf(referer);
    return parsed !== null && allowed.has(parsed);
  }
  return false;
}

function hasBearer(request: FastifyRequest): boolean {
  return request.headers.authorization?.startsWith("Bearer ") ?? false;
}

/** Refuses cross-site state-changing cookie calls in this context; install on the /api instance after the sessions (the cookie parser). */
export function installOriginCheck(api: FastifyInstance, options: { partnerOrigins: readonly string[] }): void {
  const partners = options.partnerOrigins.map(originOf).filter((origin): origin is string => origin !== null);
  // A callback hook: the check is synchronous, so no promise per request (the hot path, npm run bench:api).
  api.addHook("onRequest", (request, _reply, done) => {
    if (!STATE_CHANGING.has(request.method)) return done();
    const selfOnly = request.routeOptions.config.originCheck === "self";
    if (!selfOnly && (hasBearer(request) || request.cookies[SESSION_COOKIE] === undefined)) return done();
    const allowed = new Set(selfOnly ? ownOrigins(request) : [...ownOrigins(request), ...partners]);
    done(cameFrom(request, allowed) ? undefined : crossSiteRequest());
  });
}
