import { useAtomValue, useSetAtom } from "jotai/react";
import { useCallback, useEffect, useState } from "react";
import { useReportBug } from "./failure.hooks";
import { LOADING } from "./resource";
import type { KeyedResource, Resource, StoreResource } from "./resource";

/**
 * A value of the store (resource.ts), loaded on first use; `reload` asks the API again (after an
 * error, or «Обновить»). The API's failure is the resource's `error`; a bug in loading goes to the
 * error boundary (shared/README.md, "Errors").
 */
export function useResource<T>(resource: StoreResource<T>): { resource: Resource<T>; reload: () => void } {
  const value = useAtomValue(resource.valueAtom);
  const load = useSetAtom(resource.loadAtom);
  const refresh = useSetAtom(resource.refreshAtom);
  const reportBug = useReportBug();
  useEffect(() => {
    load().catch(reportBug);
  }, [load, reportBug]);
  const reload = useCallback(() => void refresh().catch(reportBug), [refresh, reportBug]);
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
  const reportBug = useReportBug();
  useEffect(() => {
    if (question !== null) (fresh ? refresh(question) : load(question)).catch(reportBug);
  }, [fresh, load, refresh, question, reportBug]);
  const reload = useCallback(() => {
    if (question !== null) refresh(question).catch(reportBug);
  }, [refresh, question, reportBug]);
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
