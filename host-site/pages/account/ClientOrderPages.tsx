import type { AccountProfile } from "../../../shared/contracts/index";
import { ACCOUNT_PATHS, catalogPath, clientOrderPath, SCREEN_PATHS } from "../../../shared/domain/index";
import { DesignMessages } from "../../../widgets/account-area/index";
import { ClientDocuments, ClientOrder, ClientOrders } from "../../../widgets/orders/index";

/*
 * The client's orders, one order and the documents (issue 15), drawn by the same components as
 * <ottisk-orders> (widgets/orders), with a design order's messages (widgets/account-area) under it.
 * The account is the one chosen in «Заказываю от имени» (an employee in client mode: the client's);
 * the area's frame (AccountArea) has already checked who may see these pages. The lists page by
 * `?page=N` links, so every page has an address.
 */

function ordersPageHref(page: number): string {
  return page === 0 ? ACCOUNT_PATHS.clientOrders : `${ACCOUNT_PATHS.clientOrders}?page=${page + 1}`;
}

function documentsPageHref(page: number): string {
  return page === 0 ? ACCOUNT_PATHS.clientDocuments : `${ACCOUNT_PATHS.clientDocuments}?page=${page + 1}`;
}

/** /admin/client/orders?page=N: the selected account's orders, newest first. */
export function ClientOrdersPage({ page }: { page: number; profile: AccountProfile }) {
  return <ClientOrders page={page} pageHref={ordersPageHref} orderHref={(order) => clientOrderPath(order.id)} catalogHref={catalogPath()} />;
}

/** /admin/client/orders/{id}: one order with «Оплатить», the invoice, the act and «Повторить заказ»; a design order's messages under it. */
export function ClientOrderPage({ orderId }: { orderId: number; profile: AccountProfile }) {
  return (
    <ClientOrder
      orderId={orderId}
      ordersHref={ACCOUNT_PATHS.clientOrders}
      catalogHref={catalogPath()}
      cartHref={SCREEN_PATHS.cart}
      renderDesign={(design) => <DesignMessages designOrderId={design.designId} />}
    />
  );
}

/** /admin/client/documents?page=N: the selected account's invoices and acts. */
export function DocumentsPage({ page }: { page: number; profile: AccountProfile }) {
  return <ClientDocuments page={page} pageHref={documentsPageHref} orderHref={clientOrderPath} />;
}
