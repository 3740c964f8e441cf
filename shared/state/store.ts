import { createStore } from "jotai/vanilla";
import { createApi } from "../http/index";
import type { Api } from "../http/index";
import { apiAtom, sessionTokenProbeAtom, hiddenSessionPossibleAtom, tabSyncAtom } from "./api.atoms";
import { storedSessionToken } from "./session-token";
import { createTabSync } from "./sync";
import type { TabSync } from "./sync";

export type Store = ReturnType<typeof createStore>;

/** A store bound to one API client: one per page in the browser, one per request on the server. */
export function createPageStore(api: Api, tabSync: TabSync | null = null): Store {
  const store = createStore();
  store.set(apiAtom, api);
  store.set(tabSyncAtom, tabSync);
  return store;
}

/** What a page store reloads when another tab changed something or signed in elsewhere. */
export type StoreFollower = (store: Store, topic: "account" | "cart" | "favourites") => void;

const followers = new Set<StoreFollower>();

/**
 * Registers how a feature follows other tabs (cart.atoms registers "reload the cart", and so on).
 * Kept here so the store module does not import every feature's atoms.
 */
export function followOtherTabs(follower: StoreFollower): void {
  followers.add(follower);
}

const disposers = new WeakMap<Store, () => void>();

const STORES_KEY = Symbol.for("ottisk.state.pageStores");

function pageStores(): Map<string, Store> {
  const holder = globalThis as typeof globalThis & { [STORES_KEY]?: Map<string, Store> };
  holder[STORES_KEY] ??= new Map();
  return holder[STORES_KEY];
}

/**
 * The one store of this page for an API base. Every custom element that talks to the same API
 * shares it, so a line added in <ottisk-product> shows at once in <ottisk-cart-button>. The
 * session travels as a bearer token kept in this origin's storage (see session-token.ts); other
 * tabs of the site follow through a BroadcastChannel and the token's storage event.
 */
export function getPageStore(apiBase: string): Store {
  const stores = pageStores();
  let store = stores.get(apiBase);
  if (!store) {
    const sessionToken = storedSessionToken(apiBase);
    const tabSync = createTabSync(apiBase);
    const stopFollowingToken = { stop: () => {} };
    const created = createPageStore(createApi({ baseURL: apiBase, sessionToken }), tabSync);
    created.set(hiddenSessionPossibleAtom, new URL(apiBase, document.baseURI).origin === window.location.origin);
    created.set(sessionTokenProbeAtom, { present: () => sessionToken.get() !== null });
    const follow = (topic: "account" | "cart" | "favourites") => {
      for (const follower of followers) follower(created, topic);
    };
    tabSync.subscribe(follow);
    // Signed in or out in another tab: everything that depends on the session follows.
    stopFollowingToken.stop = sessionToken.onChange(() => follow("account"));
    disposers.set(created, () => {
      stopFollowingToken.stop();
      tabSync.close();
    });
    stores.set(apiBase, created);
    store = created;
  }
  return store;
}

/**
 * Drops the page's store for an API base: a single-page partner site that leaves the shop's pages
 * for good, or a test that wants the next element to start like on a fresh page.
 */
export function disposePageStore(apiBase: string): void {
  const store = pageStores().get(apiBase);
  if (!store) return;
  disposers.get(store)?.();
  pageStores().delete(apiBase);
}
