import { useAtomValue, useSetAtom } from "jotai/react";
import { useEffect } from "react";
import type { Order, Page } from "../contracts/index";
import { loadOrderAtom, loadPageAtom, ordersAtom, pageKey, pagesAtom } from "./pages.atoms";
import { LOADING } from "./resource";
import type { Resource } from "./resource";

/** The website page at `slug` ('' the main page), loaded on first use; `reload` asks again after an error. */
export function usePage(slug: string): { page: Resource<Page>; reload: () => void } {
  const key = pageKey(slug);
  const page = useAtomValue(pagesAtom)[key];
  const load = useSetAtom(loadPageAtom);
  useEffect(() => {
    void load(key);
  }, [key, load]);
  return { page: page ?? LOADING, reload: () => void load(key) };
}

/** One of the visitor's orders, loaded in the browser on first use. */
export function useOrder(orderId: number): { order: Resource<Order>; reload: () => void } {
  const order = useAtomValue(ordersAtom)[String(orderId)];
  const load = useSetAtom(loadOrderAtom);
  useEffect(() => {
    void load(orderId);
  }, [orderId, load]);
  return { order: order ?? LOADING, reload: () => void load(orderId) };
}
