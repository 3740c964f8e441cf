import { atom } from "jotai/vanilla";
import type { AuditPage, AuditQuery, Employee, EmployeeCreateRequest, EmployeeListQuery, EmployeeUpdateRequest } from "../contracts/index";
import { requireApi } from "./api.atoms";
import { keyedResource } from "./resource";
import type { Resource } from "./resource";

/*
 * The back office's employees and audit (issue 29, admin only): lists by filter, one employee, and
 * the writes, which put the answer into the store and make the lists and the audit load again.
 * Private data: loaded in the browser, never by the server's render.
 */

export const staffEmployeeListsAtom = atom<Record<string, Resource<Employee[]>>>({});
export const staffEmployeesAtom = atom<Record<string, Resource<Employee>>>({});
export const staffAuditPagesAtom = atom<Record<string, Resource<AuditPage>>>({});

/** The store's key of a query: its set fields in a fixed order. */
function queryKey(query: Readonly<Record<string, string | number | undefined>>, fields: readonly string[]): string {
  return fields
    .filter((field) => query[field] !== undefined && query[field] !== "")
    .map((field) => `${field}=${String(query[field])}`)
    .join("&");
}

export const staffEmployeeLists = keyedResource({
  key: (query: EmployeeListQuery) => queryKey(query, ["q", "role", "state"]),
  fetch: (api, query) => api.employeeListEmployees(query),
  entriesAtom: staffEmployeeListsAtom,
});

export const staffEmployees = keyedResource({
  key: (id: number) => String(id),
  fetch: (api, id) => api.employeeGetEmployee(id),
  entriesAtom: staffEmployeesAtom,
});

export const staffAuditPages = keyedResource({
  key: (query: AuditQuery) => queryKey(query, ["objectType", "objectId", "employeeId", "from", "to", "offset", "limit"]),
  fetch: (api, query) => api.employeeListAudit(query),
  entriesAtom: staffAuditPagesAtom,
});

/** Adds the employee (the invitation letter goes out); the lists and the audit load again. Rejects with the ApiError. */
export const createStaffEmployeeAtom = atom(null, async (get, set, input: EmployeeCreateRequest): Promise<Employee> => {
  const employee = await requireApi(get).employeeCreateEmployee(input);
  set(staffEmployeesAtom, (entries) => ({ ...entries, [String(employee.id)]: { status: "ready", data: employee } }));
  set(staffEmployeeListsAtom, {});
  set(staffAuditPagesAtom, {});
  return employee;
});

/** Saves the whole employee; the employee shows the answer, the lists and the audit load again. Rejects with the ApiError (409: messageUI). */
export const updateStaffEmployeeAtom = atom(null, async (get, set, change: { id: number; employee: EmployeeUpdateRequest }): Promise<Employee> => {
  const employee = await requireApi(get).employeeUpdateEmployee(change.id, change.employee);
  set(staffEmployeesAtom, (entries) => ({ ...entries, [String(employee.id)]: { status: "ready", data: employee } }));
  set(staffEmployeeListsAtom, {});
  set(staffAuditPagesAtom, {});
  return employee;
});
