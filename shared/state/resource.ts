import type { Getter, PrimitiveAtom, Setter } from "jotai/vanilla";
import { isApiError } from "../http/index";

/**
 * What a view knows about data it asked the API for. Kept as plain data so that the server-side
 * render can hand it to the browser inside the page.
 */
export type Resource<T> =
  | { status: "loading" }
  | { status: "ready"; data: T }
  | { status: "error"; messageUI: string; httpStatus: number };

/** The resource of a failed load: the API's Russian message and status. Anything but an ApiError is a bug and is thrown on. */
export function failedResource(error: unknown): Resource<never> {
  if (isApiError(error)) return { status: "error", messageUI: error.messageUI, httpStatus: error.status };
  throw error;
}

/** Whether to ask the API: nothing there yet, or the last attempt failed. */
export function needsLoad(resource: Resource<unknown> | undefined): boolean {
  return resource === undefined || resource.status === "error";
}

/**
 * Loads one entry of a cache kept by key (pages by slug, products by id…) unless it is loaded or
 * on its way; a failed one is asked again. Two elements asking for the same key make one request.
 */
export async function loadCacheEntry<T>(
  get: Getter,
  set: Setter,
  cache: PrimitiveAtom<Record<string, Resource<T>>>,
  key: string,
  load: () => Promise<T>,
): Promise<void> {
  if (!needsLoad(get(cache)[key])) return;
  const put = (resource: Resource<T>) => set(cache, (entries) => ({ ...entries, [key]: resource }));
  put({ status: "loading" });
  try {
    put({ status: "ready", data: await load() });
  } catch (error) {
    put(failedResource(error));
  }
}
