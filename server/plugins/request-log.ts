import type { FastifyRequest, FastifyServerOptions } from "fastify";
import { SESSION_COOKIE, SESSION_TOKEN_HEADER } from "../../shared/contracts/index";

/** Where the log lines go: stdout by default, a test's collector. */
export interface LogStream {
  write(line: string): void;
}

/*
 * What the server's log may say about a request (issue 28, finding 4). The log is read by more
 * people and kept longer than any secret should be: tokens, passwords, cookies and the session
 * headers never reach it.
 *
 * - The request line (`req`): method, the URL with the value of every secret-carrying query
 *   parameter replaced by `[redacted]` (the letters' `?token=` of /admin/auth/confirm-email and
 *   /admin/auth/password-reset, the hand-off link's `?token=` of GET /api/auth/handoff, and any
 *   name with token, password, secret, signature or captcha in it), host, address and port. No
 *   header is logged at all, so no cookie, `Authorization` or `x-ottisk-session`.
 * - Errors (`err`): type, message, stack, code and status only, with the same query redaction in
 *   the message and stack; an error's other properties (an HTTP client's request options with
 *   their headers and body, a validation error's input) stay out.
 * - Messages: the same query redaction in every string a log call passes.
 * - Whatever else a line carries: pino's `redact` blanks headers, cookies and bodies, and password
 *   and token fields, wherever a log call puts them.
 *
 * server.ts passes loggerOptions() to buildApp; worker.ts logs its errors through errorForLog();
 * tests/server/security/log-redaction.test.ts runs a whole account journey and greps the log.
 */

export const REDACTED = "[redacted]";

/** Query parameter names whose values are secrets: the links' `token`, and anything named like a secret. */
const SECRET_QUERY_NAME = /token|passw|secret|signature|captcha|^sig$|^key$|^code$/i;

/** `name=value` after `?`, `&` or `;` in any text (a URL, an error message quoting one). */
const QUERY_PAIR = /([?&;])([^=&#\s"'<>?;]+)=([^&#\s"'<>;]*)/g;

/** The text with the values of secret-carrying query parameters replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  return text.replace(QUERY_PAIR, (pair: string, separator: string, name: string, value: string) => {
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // A malformed escape: judge the name as it is written.
    }
    return SECRET_QUERY_NAME.test(decoded) && value !== "" ? `${separator}${name}=${REDACTED}` : pair;
  });
}

/** An error as the log may show it: what it is and where, none of the data it carried. */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  cause?: LoggedError;
  [key: string]: unknown;
}

/** Any thrown value as a LoggedError: the err serializer of the request log, and the worker's error lines. */
export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactSecrets(String(error)), stack: "" };
  const withCode = error as Error & { code?: unknown; statusCode?: unknown };
  const logged: LoggedError = {
    type: error.constructor?.name ?? error.name,
    message: redactSecrets(error.message),
    stack: redactSecrets(error.stack ?? ""),
  };
  if (typeof withCode.code === "string" || typeof withCode.code === "number") logged.code = String(withCode.code);
  if (typeof withCode.statusCode === "number") logged.statusCode = withCode.statusCode;
  if (error.cause !== undefined && depth < 3) logged.cause = errorForLog(error.cause, depth + 1);
  return logged;
}

/** The request line: no headers, the URL without secret query values. */
export function requestForLog(request: FastifyRequest): { method: string; url: string; host: string; remoteAddress: string; remotePort: number | undefined } {
  return {
    method: request.method,
    url: redactSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Paths pino blanks wherever a log call puts them (a header or body logged by hand, a field named so). */
const REDACT_PATHS = [
  "req.headers",
  "res.headers",
  "headers",
  "cookies",
  "body",
  "req.body",
  "*.headers",
  "*.cookies",
  "*.body",
  "password",
  "*.password",
  "token",
  "*.token",
  "captchaToken",
  "*.captchaToken",
  "authorization",
  "*.authorization",
  "cookie",
  "*.cookie",
  `["set-cookie"]`,
  `*["set-cookie"]`,
  `["${SESSION_TOKEN_HEADER}"]`,
  `*["${SESSION_TOKEN_HEADER}"]`,
  SESSION_COOKIE,
  `*.${SESSION_COOKIE}`,
];

/** The logger of `npm start` (and of the tests that read the log): Fastify's pino with the serializers above. */
export function loggerOptions(level: string, stream?: LogStream): NonNullable<Exclude<FastifyServerOptions["logger"], boolean>> {
  return {
    level,
    serializers: {
      req: requestForLog,
      err: errorForLog,
    },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    // A message quoting a URL (an error's text, a line written by hand) loses its secret query values too.
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((arg) => (typeof arg === "string" ? redactSecrets(arg) : arg)) as Parameters<typeof method>);
      },
    },
    ...(stream ? { stream } : {}),
  };
}
