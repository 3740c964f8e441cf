import { atom } from "jotai/vanilla";
import type { Getter } from "jotai/vanilla";
import type { Api } from "../http/index";
import type { SyncTopic, TabSync } from "./sync";

/** The API client of the store: every atom that loads data reads it from here. */
export const apiAtom = atom<Api | null>(null);

/**
 * Whether the page can have a session the store does not see: true where the API shares the
 * page's origin (the httpOnly cookie) or on the server; false on a partner's page, where the only
 * session is the stored bearer token — so without a token nobody is signed in, and the store need
 * not ask (the browser would log the 401 as an error on every partner page).
 */
export const hiddenSessionPossibleAtom = atom(true);

/** Tells whether the store holds a bearer token (a partner page's session) at this moment. */
export const sessionTokenProbeAtom = atom<{ present: () => boolean }>({ present: () => false });

/** How this store tells the site's other tabs what changed; null on the server. */
export const tabSyncAtom = atom<TabSync | null>(null);

export function requireApi(get: Getter): Api {
  const api = get(apiAtom);
  if (!api) throw new Error("The store has no API client: create it with createPageStore()");
  return api;
}

/** Tells the other tabs of this site that `topic` changed here. */
export function publishChange(get: Getter, topic: SyncTopic): void {
  get(tabSyncAtom)?.publish(topic);
}
