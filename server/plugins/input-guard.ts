import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FieldIssue } from "../../shared/contracts/index";
import { isSafeText, UNSAFE_TEXT_MESSAGE_UI } from "../../shared/contracts/index";
import { ShopError } from "../services/shop-error";

/*
 * Defence in depth behind the contracts' `safeText()`: no text with a NUL (PostgreSQL cannot store
 * it) or an unpaired surrogate (UTF-8 cannot carry it) reaches a handler, whatever a route's schema
 * forgot (a loose object's extra keys, a route without a query schema). Every string of the path
 * parameters, query and JSON body (keys included) as the handler will get them, after validation,
 * and of the request headers is looked at once, in preHandler: a contract's own message about a
 * field comes first, and text a contract cleans on purpose (the site search reads control
 * characters as spaces) is judged as cleaned. The answer is the same 400 VALIDATION_ERROR a
 * contract gives, naming the field. Multipart forms are read by their handlers, through contracts.
 */

/** Where the first unsafe text is (`body.values.name`, `query.search`), or null. */
function findUnsafeText(root: unknown, rootName: string): string | null {
  // A list, not recursion: a body nested thousands of levels deep must not overflow the stack.
  const pending: Array<{ value: unknown; path: string }> = [{ value: root, path: rootName }];
  while (pending.length > 0) {
    const item = pending.pop();
    if (item === undefined) break;
    const { value, path } = item;
    if (typeof value === "string") {
      if (!isSafeText(value)) return path;
    } else if (Array.isArray(value)) {
      value.forEach((element, index) => pending.push({ value: element, path: `${path}.${index}` }));
    } else if (value !== null && typeof value === "object") {
      for (const [key, element] of Object.entries(value)) {
        if (!isSafeText(key)) return path;
        pending.push({ value: element, path: `${path}.${key}` });
      }
    }
  }
  return null;
}

export function unsafeTextError(field: string): ShopError {
  const issues: FieldIssue[] = [{ field, messageUI: UNSAFE_TEXT_MESSAGE_UI }];
  return new ShopError({
    statusCode: 400,
    code: "VALIDATION_ERROR",
    messageUI: UNSAFE_TEXT_MESSAGE_UI,
    message: `Invalid request: ${field} holds a NUL or an unpaired surrogate`,
    issues,
  });
}

/** Throws the 400 when any part of the request holds text that cannot be stored. */
export function checkRequestText(request: FastifyRequest): void {
  const parts: Array<[string, unknown]> = [
    ["params", request.params],
    ["query", request.query],
    ["body", request.body],
    ["headers", request.headers],
  ];
  for (const [name, value] of parts) {
    const path = findUnsafeText(value, name);
    if (path !== null) throw unsafeTextError(path.slice(path.indexOf(".") + 1) || name);
  }
}

/** Call on the /api instance before the routes. */
export function installInputGuard(api: FastifyInstance): void {
  // A callback hook: the check is synchronous, so no promise per request (the hot path, npm run bench:api).
  api.addHook("preHandler", (request, _reply, done) => {
    try {
      checkRequestText(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
