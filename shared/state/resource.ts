import { atom } from "jotai/vanilla";
import type { Getter, PrimitiveAtom, Setter, WritableAtom } from "jotai/vanilla";
import { isApiError } from "../http/index";
import type { Api } from "../http/index";
import { requireApi } from "./api.atoms";

/*
 * The one way the browser loads data (shared/README.md, "Loading data"): a value of the API lives
 * in a jotai atom of the page store as a `Resource`, plain data, so that the server-side render can
 * hand it to the browser inside the page and hydration starts from it. `storeResource` is one value
 * per store (the menu, the VAT percent), `keyedResource` one value per key (a product by id, the
 * pickup points of a city). Their `loadAtom` asks the API only for what is missing or failed, so
 * two elements asking for the same thing make one request; `refreshAtom` asks again after a change
 * on the server. Changes themselves are action atoms that call the API client and then refresh.
 * A value asked again keeps the data it had (`data` on "loading" and "error"), for views that go on
 * showing it meanwhile — the cart, the account, the favourites — while the others show the state.
 */

/**
 * What a view knows about data it asked the API for. Kept as plain data so that the server-side
 * render can hand it to the browser inside the page.
 */
export type Resource<T> =
  /** Asked, no answer yet; `data`: what the value held when it was asked again, if it held anything. */
  | { status: "loading"; data?: T }
  | { status: "ready"; data: T }
  /** The API's Russian message and status; `data`: what the value held before the failed attempt, if anything. */
  | { status: "error"; messageUI: string; httpStatus: number; data?: T };

/** What a view shows for a value nobody has asked for yet: the first render asks. */
export const LOADING: Resource<never> = { status: "loading" };

/** The resource of a failed load: the API's Russian message and status. Anything but an ApiError is a bug and is thrown on. */
export function failedResource(error: unknown): Resource<never> {
  if (isApiError(error)) return { status: "error", messageUI: error.messageUI, httpStatus: error.status };
  throw error;
}

/** The data a value holds: its answer, or while it is asked again or after a failed attempt, the last one it had. */
export function dataOf<T>(resource: Resource<T> | undefined): T | undefined {
  return resource && "data" in resource ? resource.data : undefined;
}

/** The same resource with `change` applied to its data (an optimistic change); a value without data stays as it is. */
export function mapData<T>(resource: Resource<T> | undefined, change: (data: T) => T): Resource<T> | undefined {
  return resource && "data" in resource && resource.data !== undefined ? { ...resource, data: change(resource.data) } : resource;
}

/** Whether to ask the API: nothing there yet, or the last attempt failed. */
export function needsLoad(resource: Resource<unknown> | undefined): boolean {
  return resource === undefined || resource.status === "error";
}

/**
 * Loads one value into `read`/`write` unless it is loaded or on its way (`force`: even then). Each
 * load puts its own "loading" marker; an answer whose marker was replaced meanwhile (a newer refresh)
 * is dropped, so a slow reply never overwrites a newer one.
 */
async function loadInto<T>(
  read: () => Resource<T> | undefined,
  write: (resource: Resource<T>) => void,
  load: () => Promise<T>,
  force: boolean,
): Promise<void> {
  const previous = read();
  if (!force && !needsLoad(previous)) return;
  // What the value held goes on with it until the answer: a view may keep showing it.
  const held: { data?: T } = previous && "data" in previous ? { data: previous.data as T } : {};
  const marker: Resource<T> = { status: "loading", ...held };
  write(marker);
  let settled: Resource<T>;
  try {
    settled = { status: "ready", data: await load() };
  } catch (error) {
    settled = { ...failedResource(error), ...held };
  }
  if (read() === marker) write(settled);
}

/**
 * Loads one entry of a cache kept by key (pages by slug, products by id…) unless it is loaded or
 * on its way; a failed one is asked again, and `force` asks again in any case (after a change).
 * Two elements asking for the same key make one request.
 */
export function loadCacheEntry<T>(
  get: Getter,
  set: Setter,
  cache: PrimitiveAtom<Record<string, Resource<T>>>,
  key: string,
  load: () => Promise<T>,
  force = false,
): Promise<void> {
  return loadInto(
    () => get(cache)[key],
    (resource) => set(cache, (entries) => ({ ...entries, [key]: resource })),
    load,
    force,
  );
}

/** One value per page store, loaded on first use. */
export interface StoreResource<T> {
  /** The value as plain data; undefined until asked. The server render's snapshot carries it. */
  valueAtom: PrimitiveAtom<Resource<T> | undefined>;
  /** Loads the value unless it is loaded or on its way; after an error it tries again. */
  loadAtom: WritableAtom<null, [], Promise<void>>;
  /** Asks the API again even when loaded: after a change on the server. */
  refreshAtom: WritableAtom<null, [], Promise<void>>;
}

export function storeResource<T>(fetch: (api: Api, get: Getter) => Promise<T>): StoreResource<T> {
  const valueAtom = atom<Resource<T> | undefined>(undefined);
  const run = (get: Getter, set: Setter, force: boolean) =>
    loadInto(
      () => get(valueAtom),
      (resource) => set(valueAtom, resource),
      () => fetch(requireApi(get), get),
      force,
    );
  return {
    valueAtom,
    loadAtom: atom(null, (get, set) => run(get, set, false)),
    refreshAtom: atom(null, (get, set) => run(get, set, true)),
  };
}

/** One value per key (a product by id, the pickup points of a city and provider), each loaded on first use. */
export interface KeyedResource<P, T> {
  /** Every key's value as plain data. The server render's snapshot may carry it. */
  entriesAtom: PrimitiveAtom<Record<string, Resource<T>>>;
  /** The key of a question: equal questions (not only the same object) share one entry. */
  keyOf: (param: P) => string;
  /** Loads the entry of `param` unless it is loaded or on its way; after an error it tries again. */
  loadAtom: WritableAtom<null, [P], Promise<void>>;
  /** Asks the API again for `param` even when loaded: after a change on the server. */
  refreshAtom: WritableAtom<null, [P], Promise<void>>;
}

export function keyedResource<P, T>(options: {
  key: (param: P) => string;
  fetch: (api: Api, param: P, get: Getter) => Promise<T>;
  /** The cache to fill, when another module already exports it (the snapshot reads it); a new one by default. */
  entriesAtom?: PrimitiveAtom<Record<string, Resource<T>>>;
}): KeyedResource<P, T> {
  const entriesAtom = options.entriesAtom ?? atom<Record<string, Resource<T>>>({});
  const run = (get: Getter, set: Setter, param: P, force: boolean) =>
    loadCacheEntry(get, set, entriesAtom, options.key(param), () => options.fetch(requireApi(get), param, get), force);
  return {
    entriesAtom,
    keyOf: options.key,
    loadAtom: atom(null, (get, set, param: P) => run(get, set, param, false)),
    refreshAtom: atom(null, (get, set, param: P) => run(get, set, param, true)),
  };
}
