import type { MouseEvent, ReactNode } from "react";
import { ORDER_LIST_DEFAULT_LIMIT } from "../../shared/contracts/order";
import type { OrderSummary } from "../../shared/contracts/index";
import { formatDateShort, formatRoubles, pluralRu } from "../../shared/domain/index";
import { useClientOrders } from "../../shared/state/index";
import { LoadError } from "../../shared/ui/index";
import { useAccountTarget } from "./account-target";
import type { AccountTarget } from "./account-target";

type ReadyAccount = Extract<AccountTarget, { status: "ready" }>;
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from "./order-labels";
import { Pager } from "./Pager";

export interface ClientOrdersProps {
  /** The page shown, counted from 0. */
  page: number;
  pageSize?: number | undefined;
  /** Where an order's page is. */
  orderHref: (order: OrderSummary) => string;
  /** Where the catalogue is (the empty list's link). */
  catalogHref: string;
  /** Pages as links (`?page=N`), or `onPage` to change the page in place. */
  pageHref?: ((page: number) => string) | undefined;
  onPage?: ((page: number) => void) | undefined;
  /** A click on an order's link (an element lets the partner's page route it). */
  onOrderLink?: ((order: OrderSummary, event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  /** What to show a visitor who has not signed in (the element: a sign-in button). */
  signIn?: ReactNode;
}

/** «3 позиции». */
function lineCountText(count: number): string {
  return `${count} ${pluralRu(count, { one: "позиция", few: "позиции", many: "позиций" })}`;
}

/** The account's orders, newest first: number, date, status, payment, total, lines; a page at a time. */
export function ClientOrders(props: ClientOrdersProps) {
  return (
    <section className="ottisk-root ottisk-orders" part="orders" aria-label="Заказы">
      <AccountGate signIn={props.signIn}>{(account) => <OrderTable {...props} companyId={account.companyId} accountName={account.accountName} />}</AccountGate>
    </section>
  );
}

/** What shows instead of a list until the account is known, or when it has no orders of its own; then `children` of the account. */
export function AccountGate({ signIn, children }: { signIn?: ReactNode; children: (account: ReadyAccount) => ReactNode }) {
  const target = useAccountTarget();
  switch (target.status) {
    case "loading":
      return (
        <p className="ottisk-message" role="status">
          Загружаем…
        </p>
      );
    case "signed-out":
      return (
        <div className="ottisk-message" part="sign-in">
          <p>Войдите, чтобы увидеть свои заказы и документы.</p>
          {signIn}
        </div>
      );
    case "employee":
      return (
        <p className="ottisk-message" part="empty">
          У сотрудника нет своих заказов: войдите в режим клиента, чтобы увидеть его заказы.
        </p>
      );
    case "ready":
      return <>{children(target)}</>;
  }
}

function OrderTable({ page, pageSize = ORDER_LIST_DEFAULT_LIMIT, orderHref, catalogHref, pageHref, onPage, onOrderLink, companyId, accountName }: ClientOrdersProps & { companyId: number | null; accountName: string }) {
  const { orders, reload } = useClientOrders({ companyId, page, pageSize });
  if (orders.status === "loading") {
    return (
      <p className="ottisk-message" role="status" aria-live="polite">
        Загружаем заказы…
      </p>
    );
  }
  if (orders.status === "error") return <LoadError messageUI={orders.messageUI} onRetry={reload} part="error" />;
  const list = orders.data;
  if (list.total === 0 || list.items.length === 0) {
    return (
      <div className="ottisk-message" part="empty">
        <p>{list.total === 0 ? `У аккаунта «${accountName}» пока нет заказов.` : "На этой странице заказов нет."}</p>
        <a className="ottisk-button" href={list.total === 0 ? catalogHref : (pageHref?.(0) ?? catalogHref)}>
          {list.total === 0 ? "Перейти в каталог" : "К первой странице"}
        </a>
      </div>
    );
  }
  return (
    <>
      <p className="ottisk-orders__lead" part="account">
        Заказы аккаунта «{accountName}»: {list.total}
      </p>
      <div className="ottisk-orders__scroll">
        <table className="ottisk-orders__table" part="table">
          <caption className="ottisk-visually-hidden">Заказы аккаунта «{accountName}», новые сверху</caption>
          <thead>
            <tr>
              <th scope="col">Заказ</th>
              <th scope="col">Дата</th>
              <th scope="col">Статус</th>
              <th scope="col">Оплата</th>
              <th scope="col" className="ottisk-orders__number">
                Сумма
              </th>
              <th scope="col" className="ottisk-orders__number">
                Позиции
              </th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((order) => (
              <tr key={order.id} part="order">
                <th scope="row">
                  <a href={orderHref(order)} onClick={onOrderLink ? (event) => onOrderLink(order, event) : undefined}>
                    № {order.number}
                  </a>
                </th>
                <td>{formatDateShort(order.createdAt)}</td>
                <td>
                  <span className={`ottisk-orders__status ottisk-orders__status--${order.status}`}>{ORDER_STATUS_LABELS[order.status]}</span>
                </td>
                <td>{PAYMENT_STATUS_LABELS[order.paymentStatus]}</td>
                <td className="ottisk-orders__number">{formatRoubles(order.total)}</td>
                <td className="ottisk-orders__number">{lineCountText(order.lineCount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager pageCount={Math.ceil(list.total / list.limit)} page={page} label="Страницы заказов" pageHref={pageHref} onPage={onPage} />
    </>
  );
}
