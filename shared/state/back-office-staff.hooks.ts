import type { AuditPage, AuditQuery, Employee, EmployeeListQuery } from "../contracts/index";
import { staffAuditPages, staffEmployeeLists, staffEmployees } from "./back-office-staff.atoms";
import { LOADING } from "./resource";
import type { Resource } from "./resource";
import { useKeyedResource } from "./resource.hooks";

/** The employees by filter (admin), loaded on first use; `reload` asks again after an error. */
export function useStaffEmployees(query: EmployeeListQuery): { employees: Resource<Employee[]>; reload: () => void } {
  const { resource, reload } = useKeyedResource(staffEmployeeLists, query);
  return { employees: resource ?? LOADING, reload };
}

/** One employee (admin); null id loads nothing (the new employee's form). */
export function useStaffEmployee(id: number | null): { employee: Resource<Employee> | null; reload: () => void } {
  const { resource, reload } = useKeyedResource(staffEmployees, id);
  return { employee: resource, reload };
}

/** One page of the audit (admin). */
export function useAuditPage(query: AuditQuery): { audit: Resource<AuditPage>; reload: () => void } {
  const { resource, reload } = useKeyedResource(staffAuditPages, query);
  return { audit: resource ?? LOADING, reload };
}
