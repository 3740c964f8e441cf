import { AsyncLocalStorage } from "node:async_hooks";
import type { Viewer } from "../services/accounts/session.service";

/*
 * One session lookup per server-rendered page. The render asks the API several times in process
 * (plugins/in-process-fetch.ts: categories, menu, header, footer, the profile, the page's data), each
 * with the visitor's cookie, and each call resolved the session again (6 lookups, 14 SQL statements
 * for a signed-in /catalog). The page's handler runs the render inside a scope; the API's session
 * hook (plugins/session.ts) resolves a token once per scope and hands every call its own copy.
 *
 * The scope lives in the async context of the page's own handler (AsyncLocalStorage), so only the
 * calls that render makes share it: a request from outside starts in no scope, and no header or
 * cookie can put it in one. A scope keys by the token itself, so it never answers for another.
 */

const scope = new AsyncLocalStorage<Map<string, Promise<Viewer | null>>>();

/** Runs a page's render so that its in-process API calls look the session up once between them. */
export function withOneSessionLookup<T>(render: () => Promise<T>): Promise<T> {
  return scope.run(new Map(), render);
}

/** The viewer of `token`: once per render scope (a copy each time, as a handler may change it); outside a scope, every time. */
export async function resolveInScope(token: string, resolve: (token: string) => Promise<Viewer | null>): Promise<Viewer | null> {
  const memo = scope.getStore();
  if (!memo) return resolve(token);
  let viewer = memo.get(token);
  if (!viewer) {
    viewer = resolve(token);
    memo.set(token, viewer);
  }
  const found = await viewer;
  return found && { ...found };
}
