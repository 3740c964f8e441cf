import type { Client, EmployeeOrder, EmployeeOrderListPage, EmployeeOrderListQuery } from "../contracts/index";
import { clientSearches, employeeOrderLists, employeeOrders } from "./employee.atoms";
import { LOADING } from "./resource";
import type { Resource } from "./resource";
import { useKeyedResource } from "./resource.hooks";

/** One list of every client's orders (staff), loaded on first use; `reload` asks again after an error. */
export function useEmployeeOrders(query: EmployeeOrderListQuery): { orders: Resource<EmployeeOrderListPage>; reload: () => void } {
  // The key names the query: a new object with the same filters loads nothing again.
  const { resource, reload } = useKeyedResource(employeeOrderLists, query);
  return { orders: resource ?? LOADING, reload };
}

/** Any client's order (staff), loaded on first use. */
export function useEmployeeOrder(orderId: number): { order: Resource<EmployeeOrder>; reload: () => void } {
  const { resource, reload } = useKeyedResource(employeeOrders, orderId);
  return { order: resource ?? LOADING, reload };
}

/** The clients found for `search` (null until two characters are typed); `reload` asks again after an error. */
export function useClientSearch(search: string, assigned: boolean): { clients: Resource<Client[]> | null; reload: () => void } {
  const trimmed = search.trim();
  const { resource, reload } = useKeyedResource(clientSearches, trimmed.length >= 2 ? { search: trimmed, assigned } : null);
  return { clients: resource, reload };
}
