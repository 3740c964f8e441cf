import { Provider } from "jotai/react";
import { renderToString } from "react-dom/server";
import { ACCOUNT_BASE, sitePath } from "../../shared/domain/index";
import { createApi } from "../../shared/http/index";
import { accountResource, createPageStore } from "../../shared/state/index";
import { ErrorBoundary } from "../../shared/ui/index";
import { accountStyles } from "./account.styles";
import { AccountElement } from "./AccountElement";

export interface AccountPrerenderInput {
  attributes: Record<string, string>;
  origin: string;
  apiBase: string;
  fetch: typeof globalThis.fetch;
}

/**
 * `<ottisk-account>`'s first paint on the shop's server, for a visitor without a session on a
 * partner's page (widgets/prerender.ts asks only there): the same tree the element renders, with
 * nobody signed in — the «Войти» button. The element's code, the sign-in form included, loads when
 * the visitor uses it and hydrates this HTML.
 */
export function prerenderAccount(input: AccountPrerenderInput): { html: string; styles: string[]; snapshot: null } {
  const store = createPageStore(createApi({ baseURL: input.apiBase, fetch: input.fetch }));
  store.set(accountResource.valueAtom, { status: "ready", data: null });
  // Nothing is clicked in a server render, so the element the events would come from is never used.
  const noHost = undefined as unknown as HTMLElement;
  const adminUrl = input.attributes["admin-url"] || `${input.origin}${sitePath(ACCOUNT_BASE)}`;
  const html = renderToString(
    <Provider store={store}>
      <ErrorBoundary>
        <AccountElement host={noHost} apiBase={input.apiBase} adminUrl={adminUrl} />
      </ErrorBoundary>
    </Provider>,
  );
  return { html, styles: [...accountStyles], snapshot: null };
}
