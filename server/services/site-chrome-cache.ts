import type { CacheInvalidation, CacheTopic } from "./cache-invalidation";

/*
 * The site's chrome — what every server-rendered page draws besides its own content: the
 * categories, the menu, the side menu, the header and the footer — kept in memory per public
 * origin, so a page asks the database only for its own data — and, for the anonymous product
 * pages and listings, that data too (`keyed`: plugins/render-reads.ts). A write to what a block is made of
 * drops it on every node (services/cache-invalidation.ts: the `ottisk_cache` notice, topic
 * "catalog" for the categories, "pages" for the website's blocks); `ttlMs` bounds a copy whose
 * notice was missed, as for the other caches. A load in flight is shared by the pages asking
 * meanwhile; one that fails is not kept.
 */

/** One block of the chrome: its value per key (the public origin, or what `keyOf` makes of the arguments), loaded once. */
export type ChromeBlock<T, A = string> = (args: A) => Promise<T>;

export interface SiteChromeCache {
  /** A block made from what `topic` covers, loaded by `load` on the first ask after a change. */
  block<T>(topic: CacheTopic, load: (key: string) => Promise<T>): ChromeBlock<T>;
  /**
   * The same for a page's own data with many keys (a product, a listing query): kept under
   * `keyOf(args)`, at most `maxKeys` of them (past it, the key kept longest is dropped first).
   */
  keyed<A, T>(topic: CacheTopic, keyOf: (args: A) => string, load: (args: A) => Promise<T>, maxKeys: number): ChromeBlock<T, A>;
}

export function createSiteChromeCache(options: {
  invalidation: Pick<CacheInvalidation, "onInvalidate">;
  ttlMs: number;
  now?: () => number;
}): SiteChromeCache {
  const now = options.now ?? Date.now;
  const cache: SiteChromeCache = {
    block<T>(topic: CacheTopic, load: (key: string) => Promise<T>): ChromeBlock<T> {
      return cache.keyed(topic, (key: string) => key, load, Number.POSITIVE_INFINITY);
    },
    keyed<A, T>(topic: CacheTopic, keyOf: (args: A) => string, load: (args: A) => Promise<T>, maxKeys: number): ChromeBlock<T, A> {
      const entries = new Map<string, { value: Promise<T>; expiresAt: number }>();
      options.invalidation.onInvalidate([topic], () => entries.clear());
      return (args) => {
        const key = keyOf(args);
        const entry = entries.get(key);
        if (entry && entry.expiresAt > now()) return entry.value;
        if (entry) entries.delete(key);
        while (entries.size >= maxKeys) {
          const oldest = entries.keys().next();
          if (oldest.done) break;
          entries.delete(oldest.value);
        }
        const value = load(args);
        const kept = { value, expiresAt: now() + options.ttlMs };
        entries.set(key, kept);
        value.catch(() => {
          if (entries.get(key) === kept) entries.delete(key);
        });
        return value;
      };
    },
  };
  return cache;
}
