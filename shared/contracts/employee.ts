import { z } from "zod/mini";

/*
 * The back office's roles (issue 29). An employee has one or more; `admin` may do everything,
 * employees included. Each /api/employee/… operation names the roles it admits in its route's
 * `config.access` (server/plugins/access.ts); the back office's menu shows an employee the
 * sections of their roles.
 */

export const EMPLOYEE_ROLES = ["admin", "manager", "content", "catalog", "designer", "prepress"] as const;
export const employeeRoleSchema = z.enum(EMPLOYEE_ROLES);
export type EmployeeRole = z.infer<typeof employeeRoleSchema>;

/** The roles as the back office names them. */
export const EMPLOYEE_ROLE_LABELS: Readonly<Record<EmployeeRole, string>> = {
  admin: "Администратор",
  manager: "Менеджер",
  content: "Контент",
  catalog: "Каталог",
  designer: "Дизайнер",
  prepress: "Допечатная подготовка",
};

/** Whether an employee with `roles` may use something that admits `allowed` (an admin may use everything). */
export function hasEmployeeRole(roles: readonly string[], allowed: readonly EmployeeRole[]): boolean {
  return roles.includes("admin") || allowed.some((role) => roles.includes(role));
}

export function isEmployeeRole(value: string): value is EmployeeRole {
  return (EMPLOYEE_ROLES as readonly string[]).includes(value);
}
