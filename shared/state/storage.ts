/*
 * The one place that touches localStorage (architecture: "only a storage helper touches
 * localStorage"). Storage can be missing (server render), full or blocked (Safari private mode,
 * sandboxed iframes): every call then degrades to "nothing stored" instead of throwing.
 */

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function readText(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeText(key: string, value: string | null): void {
  try {
    const target = storage();
    if (!target) return;
    if (value === null) target.removeItem(key);
    else target.setItem(key, value);
  } catch {
    // Full or blocked storage: the value lives only as long as the page.
  }
}

/** Parses a stored JSON value; a missing or broken one is `null`. */
export function readJson(key: string): unknown {
  const text = readText(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeText(key, value === null || value === undefined ? null : JSON.stringify(value));
}

/** Calls `listener` when another tab of this origin changes `key`. */
export function onStoredChange(key: string, listener: (value: string | null) => void): () => void {
  if (typeof window === "undefined") return () => {};
  const handle = (event: StorageEvent) => {
    if (event.key === key || event.key === null) listener(readText(key));
  };
  window.addEventListener("storage", handle);
  return () => window.removeEventListener("storage", handle);
}

/** The keys of spec §9 and of the widgets' session. */
export const STORAGE_KEYS = {
  acceptCookies: "accept-cookies",
  catalogFilters: "catalog-filters",
  searchQuery: "ottisk-search-query",
  /** The `updatedAt` of the website popup the shopper closed: that version is not shown again. */
  dismissedPopup: "ottisk-popup-dismissed",
  /** Per API base: a partner page may embed two shops. */
  session: (apiBase: string) => `ottisk-session:${apiBase}`,
} as const;
