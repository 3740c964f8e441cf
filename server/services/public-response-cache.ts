/*
 * Answers that are the same for every anonymous caller (the catalogue's pages) kept as the JSON text
 * already validated by its contract, for a short time. Shoppers and search engines open the same
 * first pages again and again; the catalogue changes only through the admin panel or an import, so
 * an answer up to `ttlMs` old is acceptable (documented in server/README.md). Signed-in callers are
 * never served from here: their answers carry their own favourite marks.
 */

export interface PublicResponseCache {
  get(key: string): string | undefined;
  set(key: string, json: string): void;
  clear(): void;
}

export function createPublicResponseCache(options: { ttlMs: number; maxEntries: number; now?: () => number }): PublicResponseCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { json: string; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.json;
    },
    set(key, json) {
      entries.delete(key);
      // Maps keep insertion order: the first key is the oldest, dropped when full.
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { json, expiresAt: now() + options.ttlMs });
    },
    clear() {
      entries.clear();
    },
  };
}
