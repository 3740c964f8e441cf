import type { DatabaseNotifications } from "../db/notifications";

/*
 * What each node keeps in memory for a short while — the anonymous catalogue pages
 * (public-response-cache.ts), the products-per-category counts (catalog.service.ts) and the
 * sitemap's files (plugins/sitemap.ts) — is dropped on every node when what it was made from
 * changes. The writer calls invalidate() after its commit: this node drops its copies at once and
 * the others hear a notice on the `ottisk_cache` channel (PostgreSQL's NOTIFY; in memory on PGlite,
 * one process). A node whose listening connection was lost drops everything once it is back. A
 * notice that could not be sent leaves the other nodes' copies to their time to live (30 s for
 * the catalogue pages and the counts, 10 minutes for the sitemap).
 */

/** What changed: the catalogue (products, categories, prices, options, services) or the website's pages. */
export type CacheTopic = "catalog" | "pages";

const TOPICS: readonly CacheTopic[] = ["catalog", "pages"];

/** The notices' channel (pg_notify / LISTEN). */
export const CACHE_CHANNEL = "ottisk_cache";

export interface CacheInvalidation {
  /**
   * After the commit of a write to what `topic` covers: drops its caches on this node now and on
   * every other node through the database. Never throws: a notice that fails is reported to
   * `onError`, and the other nodes' copies then last their time to live.
   */
  invalidate(topic: CacheTopic): Promise<void>;
  /** `drop` runs whenever one of `topics` is invalidated on any node, and when notices may have been missed. */
  onInvalidate(topics: readonly CacheTopic[], drop: () => void): void;
  /** Stops hearing the other nodes (the app's onClose). */
  close(): void;
}

function isTopic(value: string): value is CacheTopic {
  return (TOPICS as readonly string[]).includes(value);
}

/** Listens on the database's notices; resolves once this node hears the others. */
export async function startCacheInvalidation(
  notifications: DatabaseNotifications,
  options: { onError?: (error: unknown) => void } = {},
): Promise<CacheInvalidation> {
  const onError = options.onError ?? (() => undefined);
  const droppers: { topics: readonly CacheTopic[]; drop: () => void }[] = [];

  const dropLocal = (topic: CacheTopic | "all") => {
    for (const dropper of droppers) {
      if (topic !== "all" && !dropper.topics.includes(topic)) continue;
      try {
        dropper.drop();
      } catch (error) {
        onError(error);
      }
    }
  };

  const unlisten = await notifications.listen(CACHE_CHANNEL, {
    // A topic this node does not know (a newer node's) drops everything: too much is only slower.
    message: (payload) => dropLocal(isTopic(payload) ? payload : "all"),
    gap: () => dropLocal("all"),
  });

  return {
    async invalidate(topic) {
      dropLocal(topic);
      try {
        await notifications.notify(CACHE_CHANNEL, topic);
      } catch (error) {
        onError(error);
      }
    },
    onInvalidate(topics, drop) {
      droppers.push({ topics, drop });
    },
    close() {
      unlisten();
    },
  };
}
