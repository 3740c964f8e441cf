import { ACCOUNT_PAGES, ACCOUNT_PATHS, backOfficeSectionOf, safeNextPath } from "../shared/domain/index";
import type { AccountRoute } from "../shared/domain/index";

/*
 * The account area's addresses (the spec's "admin panel", not shown there): sign-in, registration
 * and password recovery, the client's orders, documents, notifications and profile, and the
 * employee's panel, matched to their pages. The addresses are built by shared/domain/page-paths.ts
 * (ACCOUNT_PATHS, accountPath); the storefront's links point there (`/admin/...`) unless the
 * operator runs a panel of its own and points `OTTISK_ADMIN_URL` at it.
 */

function positiveInt(text: string | null | undefined): number | null {
  return text !== null && text !== undefined && /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

function pageIndex(search: URLSearchParams): number {
  const page = positiveInt(search.get("page"));
  return page === null || page > 10_000 ? 0 : page - 1;
}

/** Maps `/admin/...` (the parts after `admin`) to an account page; null for an address that names none. */
export function matchAccountRoute(parts: string[], search: URLSearchParams): AccountRoute | null {
  // The page below the base, as ACCOUNT_PAGES writes it: '' or `/client/orders`.
  const path = parts.map((part) => `/${part}`).join("");
  const token = (search.get("token") ?? "").trim();
  switch (path) {
    case ACCOUNT_PAGES.home:
      return { name: "home" };
    case ACCOUNT_PAGES.login:
      return { name: "login", next: safeNextPath(search.get("next")) };
    case ACCOUNT_PAGES.registration:
      return { name: "registration", next: search.get("next") === null ? ACCOUNT_PATHS.clientOrders : safeNextPath(search.get("next")) };
    case ACCOUNT_PAGES.confirmEmail:
      return { name: "confirm-email", token };
    case ACCOUNT_PAGES.passwordRecovery:
      return { name: "password-recovery", next: safeNextPath(search.get("next")) };
    case ACCOUNT_PAGES.passwordReset:
      return { name: "password-reset", token };
    case ACCOUNT_PAGES.clientOrders:
      return { name: "client-orders", page: pageIndex(search) };
    case ACCOUNT_PAGES.clientDocuments:
      return { name: "client-documents", page: pageIndex(search) };
    case ACCOUNT_PAGES.clientDesigns:
      return { name: "client-designs" };
    case ACCOUNT_PAGES.clientNotifications:
      return { name: "client-notifications" };
    case ACCOUNT_PAGES.clientProfile:
      return { name: "client-profile" };
    case ACCOUNT_PAGES.clientCompany:
      return { name: "client-company" };
    case ACCOUNT_PAGES.employeeOrders: {
      const status = search.get("status");
      return {
        name: "employee-orders",
        status: status !== null && /^[a-z_]{1,20}$/.test(status) ? status : null,
        clientId: positiveInt(search.get("clientId")),
        search: (search.get("search") ?? "").trim().slice(0, 100),
        page: pageIndex(search),
      };
    }
    case ACCOUNT_PAGES.employeeProfile:
      return { name: "employee-profile" };
    case ACCOUNT_PAGES.employeeClients:
      return { name: "employee-clients", query: (search.get("q") ?? "").trim().slice(0, 100) };
  }
  const [area, section, idText] = parts;
  const backOffice = backOfficeSectionOf(`/${area}/${section}`);
  if (area === "employee" && backOffice !== null && parts.length <= 3) {
    const id = parts.length === 2 ? null : idText === "new" ? "new" : positiveInt(idText);
    if (id === null && parts.length === 3) return null;
    const query: Record<string, string> = {};
    // The list's filters as they came (each page reads what it knows; 200 characters is more than any filter needs).
    for (const [name, value] of search) if (/^[a-zA-Z]{1,20}$/.test(name)) query[name] = value.slice(0, 200);
    return { name: "back-office", section: backOffice, id, query };
  }
  const orderId = parts.length === 3 ? positiveInt(idText) : null;
  const list = `/${area}/${section}`;
  if (orderId !== null && list === ACCOUNT_PAGES.clientOrders) return { name: "client-order", orderId };
  if (orderId !== null && list === ACCOUNT_PAGES.employeeOrders) return { name: "employee-order", orderId };
  return null;
}
