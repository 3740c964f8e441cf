import type { DocumentListPage, OrderListPage } from "../contracts/index";
import { clientOrderPages, documentPages } from "./orders.atoms";
import type { AccountPageQuery } from "./orders.atoms";
import { LOADING } from "./resource";
import type { Resource } from "./resource";
import { useKeyedResource } from "./resource.hooks";

/** A page of the account's orders (null while the account is not known yet), loaded on first use. */
export function useClientOrders(query: AccountPageQuery | null): { orders: Resource<OrderListPage>; reload: () => void } {
  const { resource, reload } = useKeyedResource(clientOrderPages, query);
  return { orders: resource ?? LOADING, reload };
}

/** A page of the account's documents (null while the account is not known yet), loaded on first use. */
export function useDocuments(query: AccountPageQuery | null): { documents: Resource<DocumentListPage>; reload: () => void } {
  const { resource, reload } = useKeyedResource(documentPages, query);
  return { documents: resource ?? LOADING, reload };
}
