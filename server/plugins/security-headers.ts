import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import type { IncomingMessage, ServerResponse } from "node:http";

/*
 * The protective headers of every answer (helmet): nosniff, a strict referrer policy,
 * no framing by other sites, cross-origin isolation of the shop's windows, and a
 * Content-Security-Policy per area:
 *
 * - the host site's pages: only the shop's own scripts (no inline script, no eval), its own API,
 *   images from itself and data:/blob: (pdf.js, previews), workers from itself (pdf.js, the
 *   preflight engine), frames only reCAPTCHA's when it is configured, no plugins, framed only by the shop;
 * - /api: JSON and files, nothing to run or load (`default-src 'none'`), never framed; the routes
 *   that answer HTML (the test payment page, the hand-off consent page, Swagger UI at /api/docs)
 *   set their own policy, which wins;
 * - /demo: the demo pages stand for a partner's site, so they may load the shop's widgets and API
 *   from the shop's public address as a partner page would (`demoCsp`, set by static-site.ts);
 * - /files/ keeps its sandboxing policy, set by its route itself (plugins/public-files.ts).
 *
 * Resources are marked `Cross-Origin-Resource-Policy: cross-origin` because partners' pages load the
 * widgets bundle, the product photos and the API from here; what keeps them safe is CORS and the
 * origin check, not CORP.
 */

export interface SecurityHeadersOptions {
  /** The shop's public address (OTTISK_PUBLIC_URL) when it differs from the address a request came to. */
  publicUrl?: string | undefined;
  /** reCAPTCHA's script and frames are allowed on the pages when the feedback form uses it. */
  recaptcha: boolean;
}

const RECAPTCHA_SCRIPTS = ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"];
const RECAPTCHA_FRAMES = ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"];

export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

function policy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** The host site's pages. */
export function siteCsp(options: SecurityHeadersOptions): string {
  const shop = options.publicUrl ? [new URL(options.publicUrl).origin] : [];
  return policy({
    "default-src": ["'self'"],
    "script-src": ["'self'", ...(options.recaptcha ? RECAPTCHA_SCRIPTS : [])],
    "script-src-attr": ["'none'"],
    // Style elements only from the shop; React's server render writes a few style attributes.
    "style-src": ["'self'"],
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", ...shop, "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...shop],
    "worker-src": ["'self'", "blob:"],
    "frame-src": options.recaptcha ? RECAPTCHA_FRAMES : ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'self'"],
    "manifest-src": ["'self'"],
  });
}

/** The demo pages: a partner's page that embeds the shop from its public address. */
export function demoCsp(shopOrigin: string): string {
  return policy({
    "default-src": ["'self'"],
    "script-src": ["'self'", shopOrigin],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'", shopOrigin],
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", shopOrigin, "data:", "blob:"],
    "font-src": ["'self'", shopOrigin, "data:"],
    "connect-src": ["'self'", shopOrigin],
    "worker-src": ["'self'", shopOrigin, "blob:"],
    "frame-src": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'", shopOrigin],
    "frame-ancestors": ["'self'"],
  });
}

/**
 * The headers a helmet middleware sets. Without a CSP its headers are the same for every request,
 * so they are taken once, from a response that only records them, and each answer gets the record.
 * (@fastify/helmet builds helmet's middleware again on every request, and running it on every raw
 * response costs too: the catalogue listing fell from 39 000 to 19 000 and 25 000 requests a second,
 * `npm run bench:api`.)
 */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => undefined,
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

function pick(headers: Record<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (headers[name] === undefined ? [] : [[name, headers[name]]])));
}

export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): void {
  const site = siteCsp(options);
  const helmetHeaders = headersOf(
    helmet({
    // Set per area below: helmet's builder would give every answer the same one.
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: "cross-origin" },
    // reCAPTCHA's and YooKassa's windows are not opened from the shop's pages; the shop's own stay apart.
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // HSTS only means something over https, where a browser keeps it; over http it is ignored.
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
    xFrameOptions: { action: "sameorigin" },
    }),
  );
  // JSON needs fewer: the headers about documents (DNS prefetch, old IE's and Flash's rules,
  // origin-keyed agent clusters) mean nothing on it, and every byte of the hot path counts.
  const apiHeaders = {
    ...pick(helmetHeaders, ["strict-transport-security", "x-content-type-options", "referrer-policy", "cross-origin-resource-policy", "cross-origin-opener-policy"]),
    "content-security-policy": API_CSP,
    "x-frame-options": "DENY",
  };
  const siteHeaders = { ...helmetHeaders, "content-security-policy": site };
  // A callback hook, not an async one: no promise to wait for on every answer.
  app.addHook("onRequest", (request, reply, done) => {
    const url = request.url;
    const api = url.startsWith("/api/") || url === "/api" || url.startsWith("/api?");
    reply.headers(api ? apiHeaders : siteHeaders);
    done();
  });
}
