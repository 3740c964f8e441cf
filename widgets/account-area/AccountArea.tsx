import type { ReactNode } from "react";
import { hasEmployeeRole } from "../../shared/contracts/index";
import type { AccountProfile } from "../../shared/contracts/index";
import { useAccount } from "../../shared/state/index";
import { ACCOUNT_BASE, ACCOUNT_PATHS, accountPath, BACK_OFFICE_SECTIONS, backOfficePath, backOfficeSectionsFor, SCREEN_PATHS } from "../../shared/domain/index";
import type { AccountRoute } from "../../shared/domain/index";
import { clientLinks, employeeLinks } from "../../shared/ui/index";
import { accountAccess, accountPageShown, accountTitle } from "./account-pages";
import { ConfirmEmailPage, EmailConfirmationNotice, LoginPage, PasswordRecoveryPage, PasswordResetPage, RegistrationPage } from "./AuthPages";
import { SignInGate } from "./SignIn";

/*
 * The account area at /admin (the spec's admin panel, "not shown"): the pages of a signed-in client
 * and of an employee, and the sign-in, registration and recovery pages. The server draws the frame
 * with the visitor's account (entry-server.tsx loads it) and the page with its first data
 * (host-site/account-data.ts, by `accountPageShown`); the rest loads in the browser. A visitor who may not see a page is told why and offered the way in; signing in
 * here redraws the same page, so they come back to where they were going.
 *
 * The frame, the sign-in, registration and recovery pages, the sign-in gate and the «not your page»
 * notices are this folder's; a signed-in visitor's page itself — the client's orders (widgets/orders),
 * profile and company pages (here), the employee's panel (widgets/back-office) — is composed by the
 * host site's page and handed in as `renderPage`.
 */

/** Draws a signed-in visitor's page of the account area: everything but the sign-in, registration and recovery pages. */
export type AccountPageRenderer = (route: AccountRoute, profile: AccountProfile) => ReactNode;

function isSignedIn(profile: AccountProfile | null): profile is AccountProfile {
  return profile !== null && !profile.temporary;
}

/** An employee's menu: the panel, the orders and clients (managers), the back office's sections of their roles, the profile. */
function employeeNavLinks(profile: AccountProfile): { href: string; label: string }[] {
  const links = employeeLinks(ACCOUNT_BASE, profile.roles);
  const own = links.pop();
  const managers = hasEmployeeRole(profile.roles, ["manager"]) ? [{ href: ACCOUNT_PATHS.employeeClients, label: "Клиенты" }] : [];
  const sections = backOfficeSectionsFor(profile.roles).map((section) => ({ href: backOfficePath(section), label: BACK_OFFICE_SECTIONS[section].label }));
  return [...links, ...managers, ...sections, ...(own ? [own] : [])];
}

/** The side navigation of the signed-in visitor's pages. */
function AccountNav({ profile, current }: { profile: AccountProfile; current: string }) {
  const employeeHere = profile.typeUser === "employee" && !profile.impersonalization;
  const links = employeeHere ? employeeNavLinks(profile) : clientLinks(ACCOUNT_BASE, profile.selectedCompanyId !== null);
  return (
    <nav className="account-area__nav" aria-label="Личный кабинет">
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} aria-current={link.href === current ? "page" : undefined}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Frame({ title, profile, current, children }: { title: string; profile: AccountProfile | null; current: string; children: ReactNode }) {
  return (
    <div className={profile ? "account-area account-area--nav" : "account-area"}>
      {profile ? <AccountNav profile={profile} current={current} /> : null}
      <div className="account-area__page">
        <div className="page-heading">
          <h1>{title}</h1>
        </div>
        {profile && profile.typeUser === "client" && !profile.emailConfirmed ? <EmailConfirmationNotice /> : null}
        {children}
      </div>
    </div>
  );
}

/** A signed-in visitor on a page of the other kind of account: why, and where to go instead. */
function WrongAccount({ profile, access }: { profile: AccountProfile; access: "client" | "employee" }) {
  if (access === "employee" && profile.typeUser === "employee") {
    // In client mode (just entered from the panel, say): the employee's pages wait until they exit it.
    return (
      <div className="account-area__notice">
        <p>Вы работаете в режиме клиента: корзина, заказы и профиль сейчас — клиента. Эта страница откроется, когда вы выйдете из режима клиента (меню аккаунта в шапке сайта).</p>
        <p>
          <a className="ottisk-button" href={SCREEN_PATHS.cart}>
            Корзина клиента
          </a>{" "}
          <a className="ottisk-button ottisk-button--quiet" href={ACCOUNT_PATHS.clientOrders}>
            Заказы клиента
          </a>
        </p>
      </div>
    );
  }
  if (access === "employee") {
    return (
      <div className="account-area__notice">
        <p>Эта страница — для сотрудников типографии. Ваши заказы и документы — в разделе «Мои заказы».</p>
        <p>
          <a className="ottisk-button" href={ACCOUNT_PATHS.clientOrders}>
            Мои заказы
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="account-area__notice">
      <p>
        Это страница клиента. Чтобы увидеть её так, как видит клиент, найдите его и войдите в режим клиента
        {profile.name ? `, ${profile.name}` : ""}.
      </p>
      <p>
        <a className="ottisk-button" href={ACCOUNT_PATHS.employeeClients}>
          Найти клиента
        </a>
      </p>
    </div>
  );
}

/** One page of the account area, by its route; `renderPage` draws a signed-in visitor's page (the host site composes them). */
export function AccountArea({ route, renderPage }: { route: AccountRoute; renderPage: AccountPageRenderer }) {
  const { profile: anyProfile, loaded } = useAccount();
  const profile = isSignedIn(anyProfile) ? anyProfile : null;
  const current = accountPath(route);
  const title = accountTitle(route);

  switch (route.name) {
    case "login":
      return (
        <Frame title={title} profile={null} current={current}>
          <LoginPage next={route.next} profile={profile} />
        </Frame>
      );
    case "registration":
      return (
        <Frame title={title} profile={null} current={current}>
          <RegistrationPage next={route.next} profile={profile} />
        </Frame>
      );
    case "confirm-email":
      return (
        <Frame title={title} profile={null} current={current}>
          <ConfirmEmailPage token={route.token} profile={profile} />
        </Frame>
      );
    case "password-recovery":
      return (
        <Frame title={title} profile={null} current={current}>
          <PasswordRecoveryPage next={route.next} profile={profile} />
        </Frame>
      );
    case "password-reset":
      return (
        <Frame title={title} profile={null} current={current}>
          <PasswordResetPage token={route.token} />
        </Frame>
      );
    default:
      break;
  }

  if (!profile) {
    return (
      <Frame title={route.name === "home" ? "Личный кабинет" : title} profile={null} current={current}>
        {loaded ? <SignInGate next={current} /> : <p role="status">Загружаем…</p>}
      </Frame>
    );
  }
  if (route.name === "home") {
    const employeeHere = profile.typeUser === "employee" && !profile.impersonalization;
    return employeeHere ? (
      <Frame title={title} profile={profile} current={current}>
        {renderPage(route, profile)}
      </Frame>
    ) : (
      <Frame title="Мои заказы" profile={profile} current={ACCOUNT_PATHS.clientOrders}>
        {renderPage({ name: "client-orders", page: 0 }, profile)}
      </Frame>
    );
  }
  const access = accountAccess(route);
  // The same rule the server render loads the page's data by (an employee in client mode sees the client's pages).
  const shown = accountPageShown(route, profile);
  return (
    <Frame title={title} profile={profile} current={current}>
      {shown === null && access !== "anyone" ? <WrongAccount profile={profile} access={access} /> : renderPage(route, profile)}
    </Frame>
  );
}
