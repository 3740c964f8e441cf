import { hasEmployeeRole } from "../contracts/employee-roles";
import type { EmployeeRole } from "../contracts/index";

/** The contracts' role rule, for the parts that may read only domain values (shared/ui). */
export { hasEmployeeRole };

/*
 * The back office's sections (issue 29) under /admin/employee/…: their addresses, their names in
 * the menu and the roles that may open them (an admin opens every one). The server's operations
 * behind each section admit the same roles (server/routes/backoffice/, config.access).
 */

export const BACK_OFFICE_SECTIONS = {
  categories: { path: "/employee/categories", label: "Категории", roles: ["catalog"] },
  products: { path: "/employee/products", label: "Товары", roles: ["catalog"] },
  "catalog-import": { path: "/employee/catalog-import", label: "Импорт и экспорт каталога", roles: ["catalog"] },
  "layout-design-templates": { path: "/employee/layout-design-templates", label: "Шаблоны конструктора", roles: ["catalog"] },
  pages: { path: "/employee/pages", label: "Страницы сайта", roles: ["content"] },
  "site-blocks": { path: "/employee/site-blocks", label: "Меню, подвал, всплывающее окно", roles: ["content"] },
  promocodes: { path: "/employee/promocodes", label: "Промокоды", roles: ["manager"] },
  "pickup-points": { path: "/employee/pickup-points", label: "Пункты самовывоза", roles: ["manager"] },
  design: { path: "/employee/design", label: "Заказы дизайна", roles: ["designer"] },
  prepress: { path: "/employee/prepress", label: "Допечатная проверка", roles: ["prepress"] },
  employees: { path: "/employee/staff", label: "Сотрудники", roles: ["admin"] },
  audit: { path: "/employee/audit", label: "Журнал изменений", roles: ["admin"] },
} as const satisfies Record<string, { path: string; label: string; roles: readonly EmployeeRole[] }>;

export type BackOfficeSection = keyof typeof BACK_OFFICE_SECTIONS;

export const BACK_OFFICE_SECTION_KEYS = Object.keys(BACK_OFFICE_SECTIONS) as BackOfficeSection[];

/**
 * A back-office page: a section's list (`id` null), one object (`id`), or a new one (`id` "new");
 * `query` keeps the list's filters (`?q=визитки&page=2`).
 */
export interface BackOfficeRoute {
  name: "back-office";
  section: BackOfficeSection;
  id: number | "new" | null;
  query: Readonly<Record<string, string>>;
}

/** `/admin/employee/products/7?tab=prices`, under `base` (the storefront's `/admin` by default). */
export function backOfficePath(section: BackOfficeSection, id: number | "new" | null = null, query: Readonly<Record<string, string>> = {}, base = "/admin"): string {
  const path = `${base}${BACK_OFFICE_SECTIONS[section].path}${id === null ? "" : `/${id}`}`;
  const text = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== "")).toString();
  return text ? `${path}?${text}` : path;
}

/** The section a `/employee/<name>` path part names, or null. */
export function backOfficeSectionOf(path: string): BackOfficeSection | null {
  return BACK_OFFICE_SECTION_KEYS.find((section) => BACK_OFFICE_SECTIONS[section].path === path) ?? null;
}

/** The sections an employee with `roles` may open, in the menu's order. */
export function backOfficeSectionsFor(roles: readonly EmployeeRole[]): BackOfficeSection[] {
  return BACK_OFFICE_SECTION_KEYS.filter((section) => roles.includes("admin") || BACK_OFFICE_SECTIONS[section].roles.some((role: EmployeeRole) => roles.includes(role)));
}
