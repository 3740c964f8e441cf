import { useCallback, useEffect, useState } from "react";
import { messageUIOf } from "../../shared/http/index";
import type { Api } from "../../shared/http/index";
import { useApi } from "../../shared/state/index";

/** What the cart's small look-ups (cities, delivery options, pickup points, recipients, balance) know. */
export type QueryState<T> = { status: "idle" } | { status: "loading" } | { status: "ready"; data: T } | { status: "error"; messageUI: string };

/**
 * Loads `load(api)` whenever `key` changes (null: nothing to load). An answer for an older key is
 * dropped, so a slow reply never overwrites a newer one.
 */
export function useQuery<T>(key: string | null, load: (api: Api) => Promise<T>): QueryState<T> & { reload: () => void } {
  const api = useApi();
  const [state, setState] = useState<{ key: string | null; value: QueryState<T> }>({ key: null, value: { status: "idle" } });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (key === null) return;
    let current = true;
    setState({ key, value: { status: "loading" } });
    load(api).then(
      (data) => current && setState({ key, value: { status: "ready", data } }),
      (error: unknown) => current && setState({ key, value: { status: "error", messageUI: messageUIOf(error) } }),
    );
    return () => {
      current = false;
    };
    // `load` is a fresh closure every render; the key says when the question changed.
  }, [api, key, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  const value: QueryState<T> = key === null ? { status: "idle" } : state.key === key ? state.value : { status: "loading" };
  return { ...value, reload };
}

/** `value`, once it has stayed the same for `delayMs`. */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
