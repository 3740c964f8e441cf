import type { CacheInvalidation, CacheTopic } from "./cache-invalidation";

/*
 * The site's chrome — what every server-rendered page draws besides its own content: the
 * categories, the menu, the side menu, the header and the footer — kept in memory per public
 * origin, so a page asks the database only for its own data. A write to what a block is made of
 * drops it on every node (services/cache-invalidation.ts: the `ottisk_cache` notice, topic
 * "catalog" for the categories, "pages" for the website's blocks); `ttlMs` bounds a copy whose
 * notice was missed, as for the other caches. A load in flight is shared by the pages asking
 * meanwhile; one that fails is not kept.
 */

/** One block of the chrome: its value per key (the public origin), loaded once. */
export type ChromeBlock<T> = (key: string) => Promise<T>;

export interface SiteChromeCache {
  /** A block made from what `topic` covers, loaded by `load` on the first ask after a change. */
  block<T>(topic: CacheTopic, load: (key: string) => Promise<T>): ChromeBlock<T>;
}

export function createSiteChromeCache(options: {
  invalidation: Pick<CacheInvalidation, "onInvalidate">;
  ttlMs: number;
  now?: () => number;
}): SiteChromeCache {
  const now = options.now ?? Date.now;
  return {
    block<T>(topic: CacheTopic, load: (key: string) => Promise<T>): ChromeBlock<T> {
      const entries = new Map<string, { value: Promise<T>; expiresAt: number }>();
      options.invalidation.onInvalidate([topic], () => entries.clear());
      return (key) => {
        const entry = entries.get(key);
        if (entry && entry.expiresAt > now()) return entry.value;
        const value = load(key);
        const kept = { value, expiresAt: now() + options.ttlMs };
        entries.set(key, kept);
        value.catch(() => {
          if (entries.get(key) === kept) entries.delete(key);
        });
        return value;
      };
    },
  };
}
