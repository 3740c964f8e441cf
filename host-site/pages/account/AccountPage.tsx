import type { ReactNode } from "react";
import type { AccountProfile } from "../../../shared/contracts/index";
import type { AccountRoute } from "../../../shared/domain/index";
import { AccountArea, CompanyPage, DesignMessages, EmployeeProfilePage, LayoutDesignsPage, NotificationsPage, ProfilePage } from "../../../widgets/account-area/index";
import { BackOfficePage, ClientSearchPage, EmployeeHomePage, EmployeeOrderPage, EmployeeOrdersPage } from "../../../widgets/back-office/index";
import { ClientOrderPage, ClientOrdersPage, DocumentsPage } from "./ClientOrderPages";

/*
 * The account area at /admin (host-site/account-routes.ts): the area's frame, sign-in and
 * registration pages are widgets/account-area's; this page composes what a signed-in visitor sees
 * from the features — the client's orders and documents (widgets/orders), profile and company
 * (widgets/account-area), the employee's panel (widgets/back-office).
 */

function signedInPage(route: AccountRoute, profile: AccountProfile): ReactNode {
  switch (route.name) {
    case "home":
      return <EmployeeHomePage profile={profile} />;
    case "client-orders":
      return <ClientOrdersPage page={route.page} profile={profile} />;
    case "client-order":
      return <ClientOrderPage orderId={route.orderId} profile={profile} />;
    case "client-documents":
      return <DocumentsPage page={route.page} profile={profile} />;
    case "client-designs":
      return <LayoutDesignsPage />;
    case "client-notifications":
      return <NotificationsPage profile={profile} />;
    case "client-profile":
      return <ProfilePage profile={profile} />;
    case "client-company":
      return <CompanyPage profile={profile} />;
    case "employee-orders":
      return <EmployeeOrdersPage status={route.status} clientId={route.clientId} search={route.search} page={route.page} profile={profile} />;
    case "employee-order":
      return <EmployeeOrderPage orderId={route.orderId} profile={profile} renderDesign={(design) => <DesignMessages designOrderId={design.designId} />} />;
    case "employee-profile":
      return <EmployeeProfilePage profile={profile} />;
    case "employee-clients":
      return <ClientSearchPage query={route.query} profile={profile} />;
    case "back-office":
      return <BackOfficePage route={route} profile={profile} />;
    default:
      return null;
  }
}

/** One page of the account area, by its route. */
export function AccountPage({ route }: { route: AccountRoute }) {
  return <AccountArea route={route} renderPage={signedInPage} />;
}
