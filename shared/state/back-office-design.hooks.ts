import type { DesignQuote, EmployeeDesignOrder, EmployeeDesignOrderList, EmployeeDesignOrderListQuery } from "../contracts/index";
import { designQuotes, employeeDesignLists, employeeDesignOrders } from "./back-office-design.atoms";
import { LOADING } from "./resource";
import type { Resource } from "./resource";
import { useKeyedResource } from "./resource.hooks";

/** One page of the designers' queue, loaded on first use; `reload` asks again after an error. */
export function useEmployeeDesignOrders(query: EmployeeDesignOrderListQuery): { list: Resource<EmployeeDesignOrderList>; reload: () => void } {
  const { resource, reload } = useKeyedResource(employeeDesignLists, query);
  return { list: resource ?? LOADING, reload };
}

/** One design order (staff), loaded on first use. */
export function useEmployeeDesignOrder(id: number): { order: Resource<EmployeeDesignOrder>; reload: () => void } {
  const { resource, reload } = useKeyedResource(employeeDesignOrders, id);
  return { order: resource ?? LOADING, reload };
}

/** The quote of a design for the cart line (null: not asked yet, e.g. while the form is closed). */
export function useDesignQuote(orderProductId: number | null): { quote: Resource<DesignQuote> | null; reload: () => void } {
  const { resource, reload } = useKeyedResource(designQuotes, orderProductId);
  return { quote: resource, reload };
}
