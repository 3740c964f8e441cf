/*
 * The back office's roles (issue 29) without zod: the account menu and the side menu decide which
 * links an employee sees from these on every page, and a partner page's header must not download
 * zod for that (npm run bench:bundle). The role's schema is in employee.ts.
 */

export const EMPLOYEE_ROLES = ["admin", "manager", "content", "catalog", "designer", "prepress"] as const;
export type EmployeeRole = (typeof EMPLOYEE_ROLES)[number];

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
