/*
 * The account area's addresses (the spec's "admin panel", not shown there): sign-in, registration
 * and password recovery, the client's orders, documents, notifications and profile, and the
 * employee's panel. The storefront's links point here (`/admin/...`) unless the operator runs a
 * panel of its own and points `OTTISK_ADMIN_URL` at it.
 */

/** Where the account area lives on the storefront's origin. */
export const ACCOUNT_BASE = "/admin";

/** Who may open a page: anyone, a signed-in client (or an employee in client mode), an employee. */
export type AccountAccess = "anyone" | "client" | "employee";

export type AccountRoute =
  /** `/admin/auth/login?next=/admin/client/orders`: sign in, then go on to `next` (a path of this site). */
  | { name: "login"; next: string }
  /** `/admin/auth/registration?next=/cart`: sign up, then go on to `next` (default: the client's orders). */
  | { name: "registration"; next: string }
  /** `/admin/auth/confirm-email?token=…`: the link of the registration e-mail. */
  | { name: "confirm-email"; token: string }
  /** `/admin/auth/password-recovery?next=…`: `next` is kept for the way back to sign-in. */
  | { name: "password-recovery"; next: string }
  /** `/admin/auth/password-reset?token=…`: the link of the recovery e-mail. */
  | { name: "password-reset"; token: string }
  /** `/admin`: the employee's «Панель управления»; a client goes on to their orders. */
  | { name: "home" }
  | { name: "client-orders"; page: number }
  | { name: "client-order"; orderId: number }
  /** `/admin/client/documents?page=2`. */
  | { name: "client-documents"; page: number }
  | { name: "client-notifications" }
  | { name: "client-profile" }
  | { name: "client-company" }
  /** `/admin/employee/orders?status=new&clientId=3&search=Ромашка&page=2`. */
  | { name: "employee-orders"; status: string | null; clientId: number | null; search: string; page: number }
  | { name: "employee-order"; orderId: number }
  | { name: "employee-profile" }
  /** `/admin/employee/clients?q=Иван`: the client search and «Войти в режим клиента». */
  | { name: "employee-clients"; query: string };

export const ACCOUNT_PATHS = {
  home: ACCOUNT_BASE,
  login: `${ACCOUNT_BASE}/auth/login`,
  registration: `${ACCOUNT_BASE}/auth/registration`,
  confirmEmail: `${ACCOUNT_BASE}/auth/confirm-email`,
  passwordRecovery: `${ACCOUNT_BASE}/auth/password-recovery`,
  passwordReset: `${ACCOUNT_BASE}/auth/password-reset`,
  clientOrders: `${ACCOUNT_BASE}/client/orders`,
  clientDocuments: `${ACCOUNT_BASE}/client/documents`,
  clientNotifications: `${ACCOUNT_BASE}/client/notification`,
  clientProfile: `${ACCOUNT_BASE}/client/profile/info`,
  clientCompany: `${ACCOUNT_BASE}/client/profile/company/info`,
  employeeOrders: `${ACCOUNT_BASE}/employee/orders`,
  employeeProfile: `${ACCOUNT_BASE}/employee/profile`,
  employeeClients: `${ACCOUNT_BASE}/employee/clients`,
} as const;

export function clientOrderPath(orderId: number): string {
  return `${ACCOUNT_PATHS.clientOrders}/${orderId}`;
}

export function employeeOrderPath(orderId: number): string {
  return `${ACCOUNT_PATHS.employeeOrders}/${orderId}`;
}

/** `path?next=…`: a page that goes on to `next` afterwards. */
export function withNext(path: string, next: string): string {
  return `${path}?next=${encodeURIComponent(next)}`;
}

/** The sign-in page that comes back to `next` afterwards. */
export function loginPath(next: string): string {
  return `${ACCOUNT_PATHS.login}?next=${encodeURIComponent(next)}`;
}

/** A `next` that stays on this site: a path, not `//evil.example` or `https://…`; else the account area's start. */
export function safeNextPath(next: string | null): string {
  if (next === null || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\") || /[\u0000-\u001f]/.test(next)) return ACCOUNT_BASE;
  return next;
}

export function accountAccess(route: AccountRoute): AccountAccess {
  switch (route.name) {
    case "login":
    case "registration":
    case "confirm-email":
    case "password-recovery":
    case "password-reset":
    case "home":
      return "anyone";
    case "client-orders":
    case "client-order":
    case "client-documents":
    case "client-notifications":
    case "client-profile":
    case "client-company":
      return "client";
    case "employee-orders":
    case "employee-order":
    case "employee-profile":
    case "employee-clients":
      return "employee";
  }
}

/** The page's title (the heading and the document's title). */
export function accountTitle(route: AccountRoute): string {
  switch (route.name) {
    case "login":
      return "Вход";
    case "registration":
      return "Регистрация";
    case "confirm-email":
      return "Подтверждение почты";
    case "password-recovery":
      return "Восстановление пароля";
    case "password-reset":
      return "Новый пароль";
    case "home":
      return "Панель управления";
    case "client-orders":
      return "Мои заказы";
    case "client-order":
    case "employee-order":
      return `Заказ`;
    case "client-documents":
      return "Документы";
    case "client-notifications":
      return "Уведомления";
    case "client-profile":
      return "Данные профиля";
    case "client-company":
      return "Данные компании";
    case "employee-orders":
      return "Заказы";
    case "employee-profile":
      return "Профиль";
    case "employee-clients":
      return "Клиенты";
  }
}

function positiveInt(text: string | null | undefined): number | null {
  return text !== null && text !== undefined && /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

function pageIndex(search: URLSearchParams): number {
  const page = positiveInt(search.get("page"));
  return page === null || page > 10_000 ? 0 : page - 1;
}

/** Maps `/admin/...` (the parts after `admin`) to an account page; null for an address that names none. */
export function matchAccountRoute(parts: string[], search: URLSearchParams): AccountRoute | null {
  const path = parts.join("/");
  const token = (search.get("token") ?? "").trim();
  switch (path) {
    case "":
      return { name: "home" };
    case "auth/login":
      return { name: "login", next: safeNextPath(search.get("next")) };
    case "auth/registration":
      return { name: "registration", next: search.get("next") === null ? ACCOUNT_PATHS.clientOrders : safeNextPath(search.get("next")) };
    case "auth/confirm-email":
      return { name: "confirm-email", token };
    case "auth/password-recovery":
      return { name: "password-recovery", next: safeNextPath(search.get("next")) };
    case "auth/password-reset":
      return { name: "password-reset", token };
    case "client/orders":
      return { name: "client-orders", page: pageIndex(search) };
    case "client/documents":
      return { name: "client-documents", page: pageIndex(search) };
    case "client/notification":
      return { name: "client-notifications" };
    case "client/profile/info":
      return { name: "client-profile" };
    case "client/profile/company/info":
      return { name: "client-company" };
    case "employee/orders": {
      const status = search.get("status");
      return {
        name: "employee-orders",
        status: status !== null && /^[a-z_]{1,20}$/.test(status) ? status : null,
        clientId: positiveInt(search.get("clientId")),
        search: (search.get("search") ?? "").trim().slice(0, 100),
        page: pageIndex(search),
      };
    }
    case "employee/profile":
      return { name: "employee-profile" };
    case "employee/clients":
      return { name: "employee-clients", query: (search.get("q") ?? "").trim().slice(0, 100) };
  }
  const [area, section, idText] = parts;
  const orderId = parts.length === 3 && section === "orders" ? positiveInt(idText) : null;
  if (orderId !== null && area === "client") return { name: "client-order", orderId };
  if (orderId !== null && area === "employee") return { name: "employee-order", orderId };
  return null;
}

/** The address of an account page (the inverse of matchAccountRoute for the pages with parameters). */
export function accountPath(route: AccountRoute): string {
  switch (route.name) {
    case "login":
      return route.next === ACCOUNT_BASE ? ACCOUNT_PATHS.login : loginPath(route.next);
    case "client-order":
      return clientOrderPath(route.orderId);
    case "employee-order":
      return employeeOrderPath(route.orderId);
    case "client-orders":
      return route.page > 0 ? `${ACCOUNT_PATHS.clientOrders}?page=${route.page + 1}` : ACCOUNT_PATHS.clientOrders;
    case "employee-orders": {
      const params = new URLSearchParams();
      if (route.status) params.set("status", route.status);
      if (route.clientId !== null) params.set("clientId", String(route.clientId));
      if (route.search) params.set("search", route.search);
      if (route.page > 0) params.set("page", String(route.page + 1));
      const text = params.toString();
      return text ? `${ACCOUNT_PATHS.employeeOrders}?${text}` : ACCOUNT_PATHS.employeeOrders;
    }
    case "employee-clients":
      return route.query ? `${ACCOUNT_PATHS.employeeClients}?q=${encodeURIComponent(route.query)}` : ACCOUNT_PATHS.employeeClients;
    case "home":
      return ACCOUNT_PATHS.home;
    case "registration":
      return route.next === ACCOUNT_PATHS.clientOrders ? ACCOUNT_PATHS.registration : withNext(ACCOUNT_PATHS.registration, route.next);
    case "confirm-email":
      return ACCOUNT_PATHS.confirmEmail;
    case "password-recovery":
      return route.next === ACCOUNT_BASE ? ACCOUNT_PATHS.passwordRecovery : withNext(ACCOUNT_PATHS.passwordRecovery, route.next);
    case "password-reset":
      return ACCOUNT_PATHS.passwordReset;
    case "client-documents":
      return route.page > 0 ? `${ACCOUNT_PATHS.clientDocuments}?page=${route.page + 1}` : ACCOUNT_PATHS.clientDocuments;
    case "client-notifications":
      return ACCOUNT_PATHS.clientNotifications;
    case "client-profile":
      return ACCOUNT_PATHS.clientProfile;
    case "client-company":
      return ACCOUNT_PATHS.clientCompany;
    case "employee-profile":
      return ACCOUNT_PATHS.employeeProfile;
  }
}
