import { ACCOUNT_BASE, sitePath } from "../../shared/domain/index";
import { accountResource } from "../../shared/state/index";
import { paintOnServer, serverPaintStore } from "../server-paint";
import type { ServerPaintInput } from "../server-paint";
import { accountStyles } from "./account.styles";
import { AccountElement } from "./AccountElement";

/**
 * `<ottisk-account>`'s first paint on the shop's server, for a visitor without a session on a
 * partner's page (widgets/prerender.ts asks only there): the same tree the element renders, with
 * nobody signed in — the «Войти» button. The element's code, the sign-in form included, loads when
 * the visitor uses it and hydrates this HTML.
 */
export function prerenderAccount(input: ServerPaintInput): { html: string; styles: string[]; snapshot: null } {
  const store = serverPaintStore(input);
  store.set(accountResource.valueAtom, { status: "ready", data: null });
  const adminUrl = input.attributes["admin-url"] || `${input.origin}${sitePath(ACCOUNT_BASE)}`;
  const html = paintOnServer(store, (host) => <AccountElement host={host} apiBase={input.apiBase} adminUrl={adminUrl} />);
  return { html, styles: [...accountStyles], snapshot: null };
}
