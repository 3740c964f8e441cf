import { useAtomValue, useSetAtom } from "jotai/react";
import { useCallback, useEffect, useState } from "react";
import { LOADING } from "./resource";
import type { KeyedResource, Resource, StoreResource } from "./resource";

/** A value of the store (resource.ts), loaded on first use; `reload` asks the API again (after an error, or «Обновить»). */
export function useResource<T>(resource: StoreResource<T>): { resource: Resource<T>; reload: () => void } {
  const value = useAtomValue(resource.valueAtom);
  const load = useSetAtom(resource.loadAtom);
  const refresh = useSetAtom(resource.refreshAtom);
  useEffect(() => {
    void load();
  }, [load]);
  const reload = useCallback(() => void refresh(), [refresh]);
  return { resource: value ?? LOADING, reload };
}

/**
 * The entry of `param` in a keyed resource (resource.ts), loaded when the question changes; `param`
 * null asks nothing (the question is not complete yet) and gives null. A new object asking the same
 * (the same key) makes no new request. `fresh`: asked again each time the view mounts or the
 * question changes, even when the store has it (data another tab or account may have changed).
 * `reload` asks the API again.
 */
export function useKeyedResource<P, T>(
  resource: KeyedResource<P, T>,
  param: P | null,
  options: { fresh?: boolean } = {},
): { resource: Resource<T> | null; reload: () => void } {
  const fresh = options.fresh ?? false;
  const key = param === null ? null : resource.keyOf(param);
  // The question as first asked under this key: the effect below runs once per key, not per render.
  const [asked, setAsked] = useState<{ key: string | null; param: P | null }>({ key, param });
  if (asked.key !== key) setAsked({ key, param });
  const question = asked.key === key ? asked.param : param;
  const entries = useAtomValue(resource.entriesAtom);
  const load = useSetAtom(resource.loadAtom);
  const refresh = useSetAtom(resource.refreshAtom);
  useEffect(() => {
    if (question !== null) void (fresh ? refresh(question) : load(question));
  }, [fresh, load, refresh, question]);
  const reload = useCallback(() => {
    if (question !== null) void refresh(question);
  }, [refresh, question]);
  return { resource: key === null ? null : (entries[key] ?? LOADING), reload };
}

/** `value`, once it has stayed the same for `delayMs` (a search asked when typing pauses). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
