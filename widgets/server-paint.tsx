import { Provider } from "jotai/react";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { WidgetPrerenderRequest } from "../shared/contracts/index";
import { createApi } from "../shared/http/index";
import { createPageStore } from "../shared/state/index";
import type { Store } from "../shared/state/index";
import { ErrorBoundary } from "../shared/ui/index";

/*
 * An element's first paint on the shop's server (host-site/entry-server.tsx prerenderWidget, issue
 * 31): the tree the element itself renders — the page store's Provider and the error boundary
 * around the element's React body — drawn to HTML that the element's code later hydrates.
 */

/** What the shop's server passes an element's first paint: the request without its tag. */
export type ServerPaintInput = Omit<WidgetPrerenderRequest, "tag">;

/** A page store whose API calls go where the element's own would (the shop's API, in process on the server). */
export function serverPaintStore(input: ServerPaintInput): Store {
  return createPageStore(createApi({ baseURL: input.apiBase, fetch: input.fetch }));
}

/** Draws the element's body with `store`: `body` gets the host, which nothing in a server render uses (no events are fired). */
export function paintOnServer(store: Store, body: (host: HTMLElement) => ReactElement): string {
  const noHost = undefined as unknown as HTMLElement;
  return renderToString(
    <Provider store={store}>
      <ErrorBoundary>{body(noHost)}</ErrorBoundary>
    </Provider>,
  );
}
