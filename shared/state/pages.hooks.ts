import type { Order, Page } from "../contracts/index";
import { orders, pages } from "./pages.atoms";
import { LOADING } from "./resource";
import type { Resource } from "./resource";
import { useKeyedResource } from "./resource.hooks";

/** The website page at `slug` ('' the main page), loaded on first use; `reload` asks again after an error. */
export function usePage(slug: string): { page: Resource<Page>; reload: () => void } {
  const { resource, reload } = useKeyedResource(pages, slug);
  return { page: resource ?? LOADING, reload };
}

/** One of the visitor's orders, loaded in the browser on first use. */
export function useOrder(orderId: number): { order: Resource<Order>; reload: () => void } {
  const { resource, reload } = useKeyedResource(orders, orderId);
  return { order: resource ?? LOADING, reload };
}
