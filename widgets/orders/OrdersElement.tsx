import { useState } from "react";
import type { Order, OrderSummary } from "../../shared/contracts/index";
import type { HostProps } from "../element";
import { fireOttiskEvent } from "../events";
import { useShopLink } from "../handoff";
import { defaultAdminUrl, storefrontHref } from "../navigate";
import { ClientDocuments } from "./ClientDocuments";
import { ClientOrder } from "./ClientOrder";
import { ClientOrders } from "./ClientOrders";
import { CATALOG_PATH, clientOrderPath, SCREEN_PATHS } from "../../shared/domain/index";
import { LoginButton } from "../../shared/ui/index";

export interface OrdersElementProps {
  orderId?: number;
  orderHref?: string;
  view?: string;
  catalogUrl?: string;
  cartUrl?: string;
  pageSize?: number;
}

/** `order-href`'s template with `{id}` filled in; the shop's own order page without one. */
function orderUrl(template: string | undefined, orderId: number): string {
  return template ? template.replaceAll("{id}", encodeURIComponent(String(orderId))) : clientOrderPath(orderId, defaultAdminUrl());
}

/**
 * `<ottisk-orders>` as React sees it: the account's orders (or documents), and one order — the one
 * of `order-id`, or the one clicked in the list when `order-href` does not send the shopper elsewhere.
 */
export function OrdersElement({ orderId, orderHref, view, catalogUrl, cartUrl, pageSize, host }: OrdersElementProps & HostProps) {
  const [page, setPage] = useState(0);
  const [opened, setOpened] = useState<number | null>(null);
  const shopLink = useShopLink();
  const catalogHref = catalogUrl ?? storefrontHref(CATALOG_PATH);
  const cartHref = cartUrl ?? storefrontHref(SCREEN_PATHS.cart);
  const signIn = <LoginButton adminUrl={defaultAdminUrl()} />;

  if (view === "documents") {
    return <ClientDocuments page={page} pageSize={pageSize} onPage={setPage} orderHref={(id) => orderUrl(orderHref, id)} onShopLink={shopLink} signIn={signIn} />;
  }
  const shown = orderId ?? opened;
  if (shown !== null && shown !== undefined) {
    return (
      <ClientOrder
        orderId={shown}
        onBack={orderId === undefined ? () => setOpened(null) : undefined}
        catalogHref={catalogHref}
        cartHref={cartHref}
        onShopLink={shopLink}
        signIn={signIn}
        onPay={(_order: Order, url: string) => {
          if (fireOttiskEvent(host, "ottisk-navigate", { href: url }, { cancelable: true })) window.location.assign(url);
        }}
        onRepeated={(order, cart) => fireOttiskEvent(host, "ottisk-order-repeat", { orderId: order.id, number: order.number, itemCount: cart.orderProduct.length })}
      />
    );
  }
  return (
    <ClientOrders
      page={page}
      pageSize={pageSize}
      onPage={setPage}
      catalogHref={catalogHref}
      orderHref={(order) => orderUrl(orderHref, order.id)}
      signIn={signIn}
      onOrderLink={(order: OrderSummary, event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        if (orderHref) {
          // The partner's own order page: announced first, so a single-page site can route it.
          if (!fireOttiskEvent(host, "ottisk-navigate", { href: event.currentTarget.href }, { cancelable: true })) event.preventDefault();
          return;
        }
        // No order page of the partner's: the element shows the order in place.
        event.preventDefault();
        setOpened(order.id);
      }}
    />
  );
}
