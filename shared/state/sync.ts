/*
 * Other tabs of the same site follow changes: after a change a tab posts what changed on a
 * BroadcastChannel named after the API base, and the other tabs' stores reload that part. The
 * message carries no data, only what to reload, so a tab never applies another's stale state.
 */

export type SyncTopic = "account" | "cart" | "favourites";

export interface TabSync {
  publish(topic: SyncTopic): void;
  subscribe(listener: (topic: SyncTopic) => void): () => void;
  close(): void;
}

const TOPICS: readonly SyncTopic[] = ["account", "cart", "favourites"];

function isTopic(value: unknown): value is SyncTopic {
  return typeof value === "string" && (TOPICS as readonly string[]).includes(value);
}

export function createTabSync(apiBase: string): TabSync {
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(`ottisk:${apiBase}`);
  const listeners = new Set<(topic: SyncTopic) => void>();
  channel?.addEventListener("message", (event: MessageEvent<unknown>) => {
    if (isTopic(event.data)) for (const listener of listeners) listener(event.data);
  });
  return {
    publish(topic) {
      channel?.postMessage(topic);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      channel?.close();
    },
  };
}
