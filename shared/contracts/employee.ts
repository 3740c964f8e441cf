import { z } from "zod/mini";
import { EMPLOYEE_ROLES } from "./employee-roles";
export type { EmployeeRole } from "./employee-roles";

/*
 * The back office's roles (issue 29). An employee has one or more; `admin` may do everything,
 * employees included. Each /api/employee/… operation names the roles it admits in its route's
 * `config.access` (server/plugins/access.ts); the back office's menu shows an employee the
 * sections of their roles.
 */

export { EMPLOYEE_ROLE_LABELS, EMPLOYEE_ROLES, hasEmployeeRole, isEmployeeRole } from "./employee-roles";
export const employeeRoleSchema = z.enum(EMPLOYEE_ROLES);
