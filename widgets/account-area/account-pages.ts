import type { AccountProfile } from "../../shared/contracts/index";
import { BACK_OFFICE_SECTIONS } from "../../shared/domain/index";
import type { AccountRoute } from "../../shared/domain/index";

/*
 * What the account area knows of each of its pages (the addresses are shared/domain/page-paths.ts's,
 * matched by host-site/account-routes.ts): who may open it, and its title.
 */

/** Who may open a page: anyone, a signed-in client (or an employee in client mode), an employee. */
export type AccountAccess = "anyone" | "client" | "employee";

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
    case "client-designs":
    case "client-notifications":
    case "client-profile":
    case "client-company":
      return "client";
    case "employee-orders":
    case "employee-order":
    case "employee-profile":
    case "employee-clients":
    case "back-office":
      return "employee";
  }
}

/**
 * The page a signed-in visitor's `route` shows them through the area's `renderPage` (AccountArea):
 * the client's orders for a client's /admin, null where the area draws a page of its own (sign-in,
 * registration, recovery) or tells them the page is not theirs. The server render loads that
 * page's data (host-site/account-data.ts) with the same rule the frame draws by.
 */
export function accountPageShown(route: AccountRoute, profile: AccountProfile): AccountRoute | null {
  // An employee in client mode sees the client's pages, as the client would.
  const actsAsClient = profile.typeUser === "client" || profile.impersonalization;
  if (route.name === "home") return actsAsClient ? { name: "client-orders", page: 0 } : route;
  switch (accountAccess(route)) {
    case "anyone":
      return null;
    case "client":
      return actsAsClient ? route : null;
    case "employee":
      return actsAsClient ? null : route;
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
    case "client-designs":
      return "Мои макеты";
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
    case "back-office":
      return BACK_OFFICE_SECTIONS[route.section].label;
  }
}
