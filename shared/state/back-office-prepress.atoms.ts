import { atom } from "jotai/vanilla";
import type { PrepressLayout, PrepressQueuePage, PrepressQueueQuery } from "../contracts/index";
import { requireApi } from "./api.atoms";
import { keyedResource } from "./resource";
import type { Resource } from "./resource";

/*
 * The back office's prepress queue (issue 29): the queue by state, one layout's report, and the
 * operator's decisions. Private data: always loaded in the browser.
 */

export const prepressQueuesAtom = atom<Record<string, Resource<PrepressQueuePage>>>({});
export const prepressLayoutsAtom = atom<Record<string, Resource<PrepressLayout>>>({});

/** The store's key of a queue page: its filters in a fixed order. */
export function prepressQueueKey(query: PrepressQueueQuery): string {
  return `${query.state ?? "waiting"}:${query.offset ?? 0}:${query.limit ?? ""}`;
}

export const prepressQueues = keyedResource({
  key: prepressQueueKey,
  fetch: (api, query: PrepressQueueQuery) => api.getPrepressQueue(query),
  entriesAtom: prepressQueuesAtom,
});

export const prepressLayouts = keyedResource({
  key: (layoutId: number) => String(layoutId),
  fetch: (api, layoutId) => api.getPrepressLayout(layoutId),
  entriesAtom: prepressLayoutsAtom,
});

export type PrepressDecision =
  | { kind: "accept"; layoutId: number; note: string }
  | { kind: "return"; layoutId: number; message: string }
  | { kind: "replace"; layoutId: number; file: Blob; fileName: string };

/** Makes a decision; the layout shows the answer and the queues load again. Rejects with the ApiError (messageUI). */
export const decidePrepressAtom = atom(null, async (get, set, decision: PrepressDecision): Promise<PrepressLayout> => {
  const api = requireApi(get);
  const answer =
    decision.kind === "accept"
      ? await api.acceptPrepressLayout(decision.layoutId, decision.note)
      : decision.kind === "return"
        ? await api.returnPrepressLayout(decision.layoutId, decision.message)
        : await api.replacePrepressLayout(decision.layoutId, decision.file, decision.fileName);
  set(prepressLayoutsAtom, (entries) => ({ ...entries, [String(answer.layout.id)]: { status: "ready", data: answer } }));
  // The replaced layout is history now: its page loads again.
  if (answer.layout.id !== decision.layoutId) set(prepressLayoutsAtom, (entries) => Object.fromEntries(Object.entries(entries).filter(([key]) => key !== String(decision.layoutId))));
  set(prepressQueuesAtom, {});
  return answer;
});
