import { createStore } from "jotai/vanilla";
import { createApi } from "../http/index";
import type { Api } from "../http/index";
import { apiAtom } from "./api.atoms";

export type Store = ReturnType<typeof createStore>;

/** A store bound to one API client: one per page in the browser, one per request on the server. */
export function createPageStore(api: Api): Store {
  const store = createStore();
  store.set(apiAtom, api);
  return store;
}

const pageStores = new Map<string, Store>();

/**
 * The one store of this page for an API base. Every custom element that talks to the same API
 * shares it, so a product favourited in one element shows as favourite in all of them.
 */
export function getPageStore(apiBase: string): Store {
  let store = pageStores.get(apiBase);
  if (!store) {
    store = createPageStore(createApi({ baseURL: apiBase }));
    pageStores.set(apiBase, store);
  }
  return store;
}
