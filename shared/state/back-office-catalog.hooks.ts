import type { EmployeeCategory, EmployeeProduct, EmployeeProductListPage, EmployeeProductListQuery } from "../contracts/index";
import { employeeCategories, employeeCategoryList, employeeProductLists, employeeProducts } from "./back-office-catalog.atoms";
import { LOADING } from "./resource";
import type { Resource } from "./resource";
import { useKeyedResource, useResource } from "./resource.hooks";

/** Every category, hidden ones included; `reload` asks again after an error. */
export function useEmployeeCategoryList(): { categories: Resource<EmployeeCategory[]>; reload: () => void } {
  const { resource, reload } = useResource(employeeCategoryList);
  return { categories: resource, reload };
}

/** One category as it is now on the server (asked again each time its form opens: another employee may have changed it). */
export function useEmployeeCategory(id: number | null): { category: Resource<EmployeeCategory> | null; reload: () => void } {
  const { resource, reload } = useKeyedResource(employeeCategories, id, { fresh: true });
  return { category: resource, reload };
}

/** One page of products by filter; `reload` asks again after an error. */
export function useEmployeeProducts(query: EmployeeProductListQuery): { products: Resource<EmployeeProductListPage>; reload: () => void } {
  const { resource, reload } = useKeyedResource(employeeProductLists, query);
  return { products: resource ?? LOADING, reload };
}

/** One product as it is now on the server (asked again each time its editor opens). */
export function useEmployeeProduct(id: number | null): { product: Resource<EmployeeProduct> | null; reload: () => void } {
  const { resource, reload } = useKeyedResource(employeeProducts, id, { fresh: true });
  return { product: resource, reload };
}
