import { useCallback, useSyncExternalStore } from "react";
import { PRICE_FILTER_MAX } from "../contracts/wire";
import { onStoredChange, readJson, readText, STORAGE_KEYS, writeJson } from "./storage";

/*
 * The catalogue's filters (spec §7 GET /public/product), kept in localStorage under
 * 'catalog-filters' (spec §9) so they survive a reload and are the same in every catalogue of the
 * site. Read through useSyncExternalStore: the server render and hydration see no filters, the
 * browser then shows the stored ones; every catalogue on the page and in other tabs follows a change.
 */

export interface CatalogFilters {
  /** Made within this many working days. */
  productionTimeDay?: number;
  /** Discounted products only. */
  discount?: boolean;
  /** Price bounds in roubles (the price after the discount). */
  minPrice?: number;
  maxPrice?: number;
  /** Only this category (a catalogue bound to a category ignores it). */
  categoryId?: number;
}

export const NO_CATALOG_FILTERS: CatalogFilters = Object.freeze({});

function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

function price(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= PRICE_FILTER_MAX ? value : undefined;
}

/** Keeps only well-formed filters (stored data may be old or edited by hand); empty ones are left out. */
export function parseCatalogFilters(value: unknown): CatalogFilters {
  if (typeof value !== "object" || value === null) return NO_CATALOG_FILTERS;
  const raw = value as Record<string, unknown>;
  const filters: CatalogFilters = {};
  const productionTimeDay = wholeNumber(raw.productionTimeDay, 1, 365);
  if (productionTimeDay !== undefined) filters.productionTimeDay = productionTimeDay;
  if (raw.discount === true) filters.discount = true;
  const minPrice = price(raw.minPrice);
  const maxPrice = price(raw.maxPrice);
  // A reversed range would make every request fail: keep the bounds only when they make sense together.
  if (minPrice === undefined || maxPrice === undefined || minPrice <= maxPrice) {
    if (minPrice !== undefined) filters.minPrice = minPrice;
    if (maxPrice !== undefined) filters.maxPrice = maxPrice;
  }
  const categoryId = wholeNumber(raw.categoryId, 1, 2_147_483_647);
  if (categoryId !== undefined) filters.categoryId = categoryId;
  return Object.keys(filters).length === 0 ? NO_CATALOG_FILTERS : filters;
}

/** How many filters are set (the panel's badge). */
export function countCatalogFilters(filters: CatalogFilters): number {
  return Object.keys(filters).length;
}

const listeners = new Set<() => void>();
let cached: { text: string | null; filters: CatalogFilters } = { text: null, filters: NO_CATALOG_FILTERS };

function snapshot(): CatalogFilters {
  const text = readText(STORAGE_KEYS.catalogFilters);
  // The same stored text gives the same object, as useSyncExternalStore requires.
  if (text !== cached.text) cached = { text, filters: parseCatalogFilters(readJson(STORAGE_KEYS.catalogFilters)) };
  return cached.filters;
}

function serverSnapshot(): CatalogFilters {
  return NO_CATALOG_FILTERS;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const stop = onStoredChange(STORAGE_KEYS.catalogFilters, listener);
  return () => {
    listeners.delete(listener);
    stop();
  };
}

/** Stores the filters (none: the key is removed) and tells every catalogue on the page. */
export function saveCatalogFilters(filters: CatalogFilters): void {
  const clean = parseCatalogFilters(filters);
  writeJson(STORAGE_KEYS.catalogFilters, countCatalogFilters(clean) === 0 ? null : clean);
  for (const listener of listeners) listener();
}

/** The stored filters and a setter that stores them. */
export function useCatalogFilters(): [CatalogFilters, (filters: CatalogFilters) => void] {
  const filters = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  const save = useCallback((next: CatalogFilters) => saveCatalogFilters(next), []);
  return [filters, save];
}
