import { atom } from "jotai/vanilla";
import type { Getter } from "jotai/vanilla";
import type { Api } from "../http/index";
import type { SyncTopic, TabSync } from "./sync";

/** The API client of the store: every atom that loads data reads it from here. */
export const apiAtom = atom<Api | null>(null);

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
