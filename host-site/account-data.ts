import { DOCUMENT_LIST_DEFAULT_LIMIT, ORDER_LIST_DEFAULT_LIMIT } from "../shared/contracts/index";
import type { AccountProfile } from "../shared/contracts/index";
import type { AccountRoute } from "../shared/domain/index";
import {
  accountResource,
  addresses,
  clientOrderPages,
  companies,
  documentPages,
  employeeOrderLists,
  employeeOrders,
  layoutDesignList,
  notificationPages,
  orders,
  notificationSettings,
  recipients,
} from "../shared/state/index";
import type { Store } from "../shared/state/index";
import { accountPageShown } from "../widgets/account-area/index";
import { employeeOrdersQuery, LATEST_NEW_ORDERS_QUERY } from "../widgets/back-office/index";
import { signedInAccountTarget } from "../widgets/orders/index";

/*
 * The data of an account page (the /admin area), loaded by the server render with the page's
 * session so the page is drawn complete, as the catalogue is, and the browser hydrates it from the
 * snapshot without asking again (host-site/snapshot.ts). Each load is the one the page's component
 * makes on mount, with the same question (so the same store key): the widgets export the questions
 * (employeeOrdersQuery, signedInAccountTarget) and the rule of which page a visitor is shown
 * (accountPageShown), so the two cannot drift apart. A visitor without a session, with a dead one
 * or on a page that is not theirs loads nothing here: the frame draws the sign-in form or the
 * «not your page» notice, as before.
 */

function signedIn(store: Store): AccountProfile | null {
  const account = store.get(accountResource.valueAtom);
  return account?.status === "ready" && account.data !== null && !account.data.temporary ? account.data : null;
}

/** Loads what the account page of `route` shows first; the visitor's account must be loaded already (entry-server.tsx loadAccount). */
export async function loadAccountPageData(store: Store, route: AccountRoute): Promise<void> {
  const profile = signedIn(store);
  const shown = profile === null ? null : accountPageShown(route, profile);
  if (profile === null || shown === null) return;
  const target = signedInAccountTarget(profile);
  const companyId = target.status === "ready" ? target.companyId : null;
  switch (shown.name) {
    case "client-orders":
      if (target.status === "ready") await store.set(clientOrderPages.loadAtom, { companyId, page: shown.page, pageSize: ORDER_LIST_DEFAULT_LIMIT });
      return;
    case "client-order":
      await store.set(orders.loadAtom, shown.orderId);
      return;
    case "client-documents":
      if (target.status === "ready") await store.set(documentPages.loadAtom, { companyId, page: shown.page, pageSize: DOCUMENT_LIST_DEFAULT_LIMIT });
      return;
    case "client-designs":
      await store.set(layoutDesignList.loadAtom);
      return;
    case "client-notifications":
      await Promise.all([store.set(notificationSettings.loadAtom), store.set(notificationPages.loadAtom, 0)]);
      return;
    case "client-profile":
      await Promise.all([store.set(recipients.loadAtom, { companyId: null }), store.set(addresses.loadAtom)]);
      return;
    case "client-company": {
      await store.set(companies.loadAtom);
      const list = store.get(companies.valueAtom);
      // The chosen company's recipients are drawn under its requisites.
      if (companyId !== null && list?.status === "ready" && list.data.some((company) => company.id === companyId)) {
        await store.set(recipients.loadAtom, { companyId });
      }
      return;
    }
    case "home":
      await store.set(employeeOrderLists.loadAtom, LATEST_NEW_ORDERS_QUERY);
      return;
    case "employee-orders":
      await store.set(employeeOrderLists.loadAtom, employeeOrdersQuery(shown));
      return;
    case "employee-order":
      await store.set(employeeOrders.loadAtom, shown.orderId);
      return;
    default:
      // The client search, the back office and the employee's profile (drawn from the account alone): the browser loads theirs.
      return;
  }
}
