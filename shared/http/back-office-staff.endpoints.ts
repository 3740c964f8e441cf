import { contract } from "./lazy-contracts";
import type { AuditPage, AuditQuery, Employee, EmployeeCreateRequest, EmployeeListQuery, EmployeeUpdateRequest } from "../contracts/index";
import type { ApiRequest } from "./request";

/**
 * The back office's employees and audit (issue 29, admin only): named as the operations of the
 * OpenAPI document.
 */
export interface BackOfficeStaffEndpoints {
  employeeListEmployees(query?: EmployeeListQuery): Promise<Employee[]>;
  employeeGetEmployee(id: number): Promise<Employee>;
  /** The new employee gets an invitation letter; rejects with 409 (messageUI) for an e-mail in use. */
  employeeCreateEmployee(employee: EmployeeCreateRequest): Promise<Employee>;
  /** The whole employee; rejects with 409 LAST_ADMIN when it would leave no active admin. */
  employeeUpdateEmployee(id: number, employee: EmployeeUpdateRequest): Promise<Employee>;
  employeeListAudit(query?: AuditQuery): Promise<AuditPage>;
}

/** The set fields only: no empty filters in the address. */
function defined(query: Readonly<Record<string, string | number | undefined>>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== ""));
}

export function backOfficeStaffEndpoints(request: ApiRequest): BackOfficeStaffEndpoints {
  return {
    employeeListEmployees: (query = {}) => request("/employee/employee", contract("employeeListSchema"), { query: defined(query) }),
    employeeGetEmployee: (id) => request(`/employee/employee/${id}`, contract("employeeSchema")),
    employeeCreateEmployee: (employee) => request("/employee/employee", contract("employeeSchema"), { method: "POST", body: { ...employee } }),
    employeeUpdateEmployee: (id, employee) => request(`/employee/employee/${id}`, contract("employeeSchema"), { method: "PUT", body: { ...employee } }),
    employeeListAudit: (query = {}) => request("/employee/audit", contract("auditPageSchema"), { query: defined(query) }),
  };
}
