import type { PrepressLayout, PrepressQueuePage, PrepressQueueQuery } from "../contracts/index";
import { prepressLayouts, prepressQueues } from "./back-office-prepress.atoms";
import { LOADING } from "./resource";
import type { Resource } from "./resource";
import { useKeyedResource } from "./resource.hooks";

/** One page of the prepress queue, loaded on first use. */
export function usePrepressQueue(query: PrepressQueueQuery): { queue: Resource<PrepressQueuePage>; reload: () => void } {
  const { resource, reload } = useKeyedResource(prepressQueues, query);
  return { queue: resource ?? LOADING, reload };
}

/** One layout's report for the operator, loaded on first use. */
export function usePrepressLayout(layoutId: number): { layout: Resource<PrepressLayout>; reload: () => void } {
  const { resource, reload } = useKeyedResource(prepressLayouts, layoutId);
  return { layout: resource ?? LOADING, reload };
}
