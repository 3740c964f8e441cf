import { useSetAtom } from "jotai/react";
import { useId, useState } from "react";
import type { ReactNode } from "react";
import { DELIVERY_METHOD_LABELS, EMPLOYEE_ROLE_LABELS, hasEmployeeRole, ORDER_STATUS_LABELS, orderStatusValues, TRACKING_CARRIER_LABELS, trackingCarrierValues } from "../../shared/contracts/index";
import type {
  AccountProfile,
  Client,
  DesignOrder,
  EmployeeOrderListQuery,
  EmployeeOrder,
  EmployeeOrderSummary,
  OrderPaymentStatus,
  OrderStatus,
  PaymentType,
  TrackingCarrier,
} from "../../shared/contracts/index";
import {
  ACCOUNT_PATHS,
  accountPath,
  BACK_OFFICE_SECTIONS,
  backOfficePath,
  backOfficeSectionsFor,
  catalogPath,
  displayPhone,
  employeeOrderPath,
  formatDateShort,
  formatDateTime,
  formatDayMonth,
  formatRoubles,
  SCREEN_PATHS,
} from "../../shared/domain/index";
import {
  changeOrderStatusAtom,
  reloadEmployeeOrderAtom,
  useClientSearch,
  useEmployeeOrder,
  useEmployeeOrders,
  useReportBug,
  useShowFailure,
} from "../../shared/state/index";
import type { Resource } from "../../shared/state/index";
import { ClientModePicker, clientName, DestinationChoice, Dialog, ErrorNote, LoadError, useEnterClientMode } from "../../shared/ui/index";
import type { ClientModeDestination, ClientModeEntered } from "../../shared/ui/index";
import { PageLinks } from "./PageLinks";

/*
 * The employee's panel (issue 15; the spec's admin panel is "not shown"): «Панель управления» at
 * /admin, every client's orders with filters in the address, one order with its client and the
 * status change, and the client search with «Войти в режим клиента». The server draws the frame;
 * the orders are private and load in the browser. The profile page is the account area's (widgets/account-area).
 */

/** Orders a page of the list shows. */
export const EMPLOYEE_ORDERS_PAGE_SIZE = 20;
/** The latest new orders on the panel's start page. */
const LATEST_NEW_ORDERS = 5;
/** The panel's start page's list (the server render loads the same: host-site/account-data.ts). */
export const LATEST_NEW_ORDERS_QUERY: EmployeeOrderListQuery = { status: "new", limit: LATEST_NEW_ORDERS };

const PAYMENT_TYPE_NAMES: Readonly<Record<PaymentType, string>> = {
  Invoice: "по счёту",
  Yookassa: "картой (ЮKassa)",
  InternalBalance: "с баланса",
};

const PAYMENT_STATUS_NAMES: Readonly<Record<OrderPaymentStatus, string>> = {
  pending: "не оплачен",
  paid: "оплачен",
  cancelled: "оплата отменена",
};

const DESIGN_STATUS_NAMES: Readonly<Record<string, string>> = { new: "Новый", in_work: "В работе", done: "Готов", cancelled: "Отменён" };
const LAYOUT_STATUS_NAMES: Readonly<Record<string, string>> = {
  uploaded: "загружен",
  checking: "проверяется",
  passed: "проверен",
  failed: "есть замечания",
  error: "проверка не удалась",
};

/** Where an employee goes once in client mode, from the panel's pages. */
const CLIENT_MODE_DESTINATIONS: readonly ClientModeDestination[] = [
  { href: SCREEN_PATHS.cart, label: "Корзину клиента" },
  { href: catalogPath(), label: "Каталог" },
  { href: ACCOUNT_PATHS.clientOrders, label: "Заказы клиента" },
];

function goTo(entered: ClientModeEntered): void {
  if (entered.href) window.location.assign(entered.href);
}

function statusOf(text: string | null): OrderStatus | undefined {
  return orderStatusValues.find((status) => status === text);
}

function personName(person: { name: string; surname: string; email: string | null }): string {
  return clientName(person);
}

function ordersPath(filters: { status?: OrderStatus | undefined; clientId?: number | null | undefined; search?: string | undefined; page?: number }): string {
  return accountPath({ name: "employee-orders", status: filters.status ?? null, clientId: filters.clientId ?? null, search: filters.search ?? "", page: filters.page ?? 0 });
}

function Loading({ what }: { what: string }) {
  return (
    <p className="employee-panel__loading" role="status">
      Загружаем {what}…
    </p>
  );
}

/** The resource's data, or what to show instead (loading, the error with «Повторить»). */
function whenReady<T>(resource: Resource<T>, what: string, reload: () => void, show: (data: T) => ReactNode): ReactNode {
  if (resource.status === "loading") return <Loading what={what} />;
  if (resource.status === "error") return <LoadError messageUI={resource.messageUI} onRetry={resource.httpStatus === 404 ? undefined : reload} />;
  return show(resource.data);
}

function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`employee-status employee-status--${status}`}>{ORDER_STATUS_LABELS[status]}</span>;
}

/** A table of orders; wide tables scroll sideways on phones (the region takes focus for keyboards). */
function OrdersTable({ orders, caption }: { orders: EmployeeOrderSummary[]; caption: string }) {
  const captionId = useId();
  return (
    <div className="employee-table" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table>
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Заказ</th>
            <th scope="col">Дата</th>
            <th scope="col">Клиент</th>
            <th scope="col">Компания</th>
            <th scope="col">Статус</th>
            <th scope="col">Оплата</th>
            <th scope="col" className="employee-table__money">
              Сумма
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <th scope="row">
                <a href={employeeOrderPath(order.id)}>№ {order.number}</a>
              </th>
              <td>{formatDateShort(order.createdAt)}</td>
              <td>
                <a href={ordersPath({ clientId: order.client.id })} title="Все заказы клиента">
                  {personName(order.client)}
                </a>
                {order.client.email ? <span className="employee-table__sub">{order.client.email}</span> : null}
              </td>
              <td>
                {order.company ? (
                  <>
                    {order.company.name}
                    <span className="employee-table__sub">ИНН {order.company.inn}</span>
                  </>
                ) : (
                  "Личный профиль"
                )}
              </td>
              <td>
                <StatusBadge status={order.status} />
              </td>
              <td>
                {PAYMENT_STATUS_NAMES[order.paymentStatus]}
                <span className="employee-table__sub">{PAYMENT_TYPE_NAMES[order.paymentType]}</span>
              </td>
              <td className="employee-table__money">{formatRoubles(order.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The back office's sections an employee may open (their roles), as the panel's first block. */
function SectionLinks({ profile }: { profile: AccountProfile }) {
  const headingId = useId();
  const sections = backOfficeSectionsFor(profile.roles);
  if (sections.length === 0) return null;
  return (
    <section className="employee-panel__block" aria-labelledby={headingId}>
      <h2 id={headingId}>Разделы</h2>
      <ul className="employee-sections">
        {sections.map((section) => (
          <li key={section}>
            <a href={backOfficePath(section)}>{BACK_OFFICE_SECTIONS[section].label}</a>
          </li>
        ))}
      </ul>
      <p className="employee-panel__roles">Ваши роли: {profile.roles.map((role) => EMPLOYEE_ROLE_LABELS[role]).join(", ")}.</p>
    </section>
  );
}

/**
 * `/admin` for an employee: the sections of their roles; for a manager also the client search, the
 * orders by status and the latest new orders.
 */
export function EmployeeHomePage({ profile }: { profile: AccountProfile }) {
  return (
    <div className="employee-panel">
      <SectionLinks profile={profile} />
      {hasEmployeeRole(profile.roles, ["manager"]) ? <ManagerHome /> : null}
    </div>
  );
}

/** The manager's part of the panel: clients and orders. */
function ManagerHome() {
  const { orders, reload } = useEmployeeOrders(LATEST_NEW_ORDERS_QUERY);
  const fieldId = useId();
  return (
    <>
      <section className="employee-panel__block" aria-labelledby={`${fieldId}-clients`}>
        <h2 id={`${fieldId}-clients`}>Клиенты</h2>
        <form className="employee-filters" method="get" action={ACCOUNT_PATHS.employeeClients} role="search" aria-label="Поиск клиента">
          <div className="employee-filters__field employee-filters__field--wide">
            <label htmlFor={fieldId}>Найти клиента: имя, почта, компания или ИНН</label>
            <input id={fieldId} className="ottisk-input" type="search" name="q" minLength={2} maxLength={100} autoComplete="off" />
          </div>
          <button type="submit" className="ottisk-button">
            Найти
          </button>
        </form>
      </section>

      <section className="employee-panel__block" aria-labelledby={`${fieldId}-statuses`}>
        <h2 id={`${fieldId}-statuses`}>Заказы по статусам</h2>
        {whenReady(orders, "заказы", reload, (page) => (
          <ul className="employee-counts">
            {orderStatusValues.map((status) => (
              <li key={status}>
                <a href={ordersPath({ status })}>
                  <span className="employee-counts__count">{page.statusCounts[status]}</span>
                  <span>{ORDER_STATUS_LABELS[status]}</span>
                </a>
              </li>
            ))}
          </ul>
        ))}
        <p>
          <a href={ACCOUNT_PATHS.employeeOrders}>Все заказы</a>
        </p>
      </section>

      <section className="employee-panel__block" aria-labelledby={`${fieldId}-latest`}>
        <h2 id={`${fieldId}-latest`}>Новые заказы</h2>
        {whenReady(orders, "новые заказы", reload, (page) =>
          page.items.length === 0 ? (
            <p>Новых заказов нет.</p>
          ) : (
            <>
              <OrdersTable orders={page.items} caption={`Последние новые заказы: ${page.items.length} из ${page.total}`} />
              <p>
                <a href={ordersPath({ status: "new" })}>Все новые заказы ({page.total})</a>
              </p>
            </>
          ),
        )}
      </section>
    </>
  );
}

/** Finds a client for the list's filter: each one found is a link to the list of that client's orders. */
function ClientFilterSearch({ status, search }: { status: OrderStatus | undefined; search: string }) {
  const [text, setText] = useState("");
  const { clients, reload } = useClientSearch(text, false);
  const fieldId = useId();
  return (
    <div className="employee-filters__client-search">
      <label htmlFor={fieldId}>Заказы клиента: найти по имени, почте или ИНН</label>
      <input id={fieldId} className="ottisk-input" type="search" value={text} maxLength={100} autoComplete="off" onChange={(event) => setText(event.target.value)} />
      {clients === null ? null : clients.status === "loading" ? (
        <Loading what="клиентов" />
      ) : clients.status === "error" ? (
        <LoadError messageUI={clients.messageUI} onRetry={reload} />
      ) : clients.data.length === 0 ? (
        <p role="status">Никого не нашли.</p>
      ) : (
        <ul className="employee-filters__clients" aria-label="Найденные клиенты">
          {clients.data.map((client: Client) => (
            <li key={client.id}>
              <a href={ordersPath({ status, clientId: client.id, search })}>
                {clientName(client)}
                {client.email ? ` · ${client.email}` : ""}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The list the orders page asks for at its address's filters (the server render loads the same: host-site/account-data.ts). */
export function employeeOrdersQuery(filters: { status: string | null; clientId: number | null; search: string; page: number }): EmployeeOrderListQuery {
  return {
    status: statusOf(filters.status),
    clientId: filters.clientId ?? undefined,
    search: filters.search === "" ? undefined : filters.search,
    offset: filters.page * EMPLOYEE_ORDERS_PAGE_SIZE,
    limit: EMPLOYEE_ORDERS_PAGE_SIZE,
  };
}

/** `/admin/employee/orders?status=&clientId=&search=&page=`: every client's orders, filtered by a GET form. */
export function EmployeeOrdersPage({ status: statusText, clientId, search, page }: { status: string | null; clientId: number | null; search: string; page: number; profile: AccountProfile }) {
  const status = statusOf(statusText);
  const { orders, reload } = useEmployeeOrders(employeeOrdersQuery({ status: statusText, clientId, search, page }));
  const ids = useId();
  const filtered = status !== undefined || clientId !== null || search !== "";
  const counts = orders.status === "ready" ? orders.data.statusCounts : null;
  const chosenClient = orders.status === "ready" ? orders.data.items.find((item) => item.client.id === clientId)?.client : undefined;

  return (
    <div className="employee-panel">
      <form className="employee-filters" method="get" action={ACCOUNT_PATHS.employeeOrders} aria-label="Фильтры заказов">
        <div className="employee-filters__field">
          <label htmlFor={`${ids}-status`}>Статус</label>
          <select id={`${ids}-status`} className="ottisk-input" name="status" defaultValue={status ?? ""}>
            <option value="">Все статусы</option>
            {orderStatusValues.map((value) => (
              <option key={value} value={value}>
                {ORDER_STATUS_LABELS[value]}
                {counts ? ` (${counts[value]})` : ""}
              </option>
            ))}
          </select>
        </div>
        <div className="employee-filters__field employee-filters__field--wide">
          <label htmlFor={`${ids}-search`}>Номер заказа, клиент, почта, компания или ИНН</label>
          <input id={`${ids}-search`} className="ottisk-input" type="search" name="search" defaultValue={search} maxLength={100} autoComplete="off" />
        </div>
        {clientId !== null ? <input type="hidden" name="clientId" value={clientId} /> : null}
        <div className="employee-filters__actions">
          <button type="submit" className="ottisk-button">
            Показать
          </button>
          {filtered ? (
            <a className="ottisk-button ottisk-button--quiet" href={ACCOUNT_PATHS.employeeOrders}>
              Сбросить
            </a>
          ) : null}
        </div>
      </form>

      {clientId !== null ? (
        <p className="employee-filters__chosen">
          Заказы клиента: <strong>{chosenClient ? personName(chosenClient) : `№ ${clientId}`}</strong>
          {chosenClient?.email ? ` (${chosenClient.email})` : ""}.{" "}
          <a href={ordersPath({ status, search })}>Все клиенты</a>
        </p>
      ) : (
        <ClientFilterSearch status={status} search={search} />
      )}

      {whenReady(orders, "заказы", reload, (list) => {
        const pageCount = Math.max(1, Math.ceil(list.total / EMPLOYEE_ORDERS_PAGE_SIZE));
        if (list.items.length === 0) {
          return (
            <div className="ottisk-message" role="status">
              <p>{filtered ? "Заказов с такими условиями нет." : "Заказов пока нет."}</p>
              {page > 0 ? <a href={ordersPath({ status, clientId, search })}>К первой странице</a> : null}
            </div>
          );
        }
        return (
          <>
            <OrdersTable orders={list.items} caption={`Найдено заказов: ${list.total}${pageCount > 1 ? `, страница ${page + 1} из ${pageCount}` : ""}`} />
            <PageLinks label="Страницы заказов" page={page + 1} pageCount={pageCount} hrefOf={(other) => ordersPath({ status, clientId, search, page: other - 1 })} />
          </>
        );
      })}
    </div>
  );
}

/** The status control: the moves the server allows now, each confirmed in a dialog. */
function StatusChange({ order }: { order: EmployeeOrder }) {
  const change = useSetAtom(changeOrderStatusAtom);
  const reloadOrder = useSetAtom(reloadEmployeeOrderAtom);
  const showFailure = useShowFailure();
  const reportBug = useReportBug();
  const [next, setNext] = useState<OrderStatus | "">(order.nextStatuses[0] ?? "");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const fieldId = useId();
  const chosen = next !== "" && order.nextStatuses.includes(next) ? next : order.nextStatuses[0];
  const [carrier, setCarrier] = useState<TrackingCarrier | "">(order.tracking?.carrier ?? "");
  const [trackingNumber, setTrackingNumber] = useState(order.tracking?.number ?? "");
  const tracking = chosen === "shipped" && carrier !== "" && trackingNumber.trim() !== "" ? { carrier, number: trackingNumber.trim() } : undefined;

  if (order.nextStatuses.length === 0) {
    return (
      <div className="employee-status-change">
        <p>
          Заказ «{ORDER_STATUS_LABELS[order.status]}»: статус больше не меняется.
        </p>
        <p role="status">{done ?? ""}</p>
      </div>
    );
  }
  const confirm = () => {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    change({ orderId: order.id, status: chosen, ...(tracking ? { tracking } : {}) })
      .then((updated) => {
        setBusy(false);
        setConfirming(false);
        setNext(updated.nextStatuses[0] ?? "");
        setDone(`Статус изменён: «${ORDER_STATUS_LABELS[updated.status]}». Клиент получил уведомление.`);
      })
      .catch((failure: unknown) => {
        setBusy(false);
        setConfirming(false);
        showFailure(failure, (text, apiError) => {
          setError(text);
          // Someone may have moved the order meanwhile: show it as it is now.
          if (apiError.status === 409) void reloadOrder(order.id).catch(reportBug);
        });
      });
  };
  return (
    <div className="employee-status-change">
      <form
        className="employee-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setDone(null);
          setConfirming(true);
        }}
      >
        <div className="employee-filters__field">
          <label htmlFor={fieldId}>Новый статус</label>
          <select id={fieldId} className="ottisk-input" value={chosen ?? ""} onChange={(event) => setNext(statusOf(event.target.value) ?? "")}>
            {order.nextStatuses.map((status) => (
              <option key={status} value={status}>
                {ORDER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        {chosen === "shipped" ? (
          <>
            <div className="employee-filters__field">
              <label htmlFor={`${fieldId}-carrier`}>Служба доставки</label>
              <select
                id={`${fieldId}-carrier`}
                className="ottisk-input"
                value={carrier}
                onChange={(event) => setCarrier(trackingCarrierValues.find((value) => value === event.target.value) ?? "")}
              >
                <option value="">Без трек-номера (самовывоз, курьер типографии)</option>
                {trackingCarrierValues.map((value) => (
                  <option key={value} value={value}>
                    {TRACKING_CARRIER_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
            <div className="employee-filters__field">
              <label htmlFor={`${fieldId}-tracking`}>Трек-номер</label>
              <input
                id={`${fieldId}-tracking`}
                className="ottisk-input"
                value={trackingNumber}
                disabled={carrier === ""}
                autoComplete="off"
                onChange={(event) => setTrackingNumber(event.target.value)}
              />
            </div>
          </>
        ) : null}
        <div className="employee-filters__actions">
          <button type="submit" className="ottisk-button" disabled={busy}>
            Сменить статус
          </button>
        </div>
      </form>
      <ErrorNote className="employee-panel__error" message={error} />
      <p className="employee-panel__done" role="status">
        {done ?? ""}
      </p>
      <Dialog open={confirming} title="Сменить статус заказа?" onClose={() => setConfirming(false)}>
        <p>
          Заказ № {order.number}: «{ORDER_STATUS_LABELS[order.status]}» → «{chosen ? ORDER_STATUS_LABELS[chosen] : ""}».
        </p>
        {tracking ? (
          <p>
            {TRACKING_CARRIER_LABELS[tracking.carrier]}, трек-номер {tracking.number}.
          </p>
        ) : null}
        <p>Клиент получит уведомление об этом.</p>
        {chosen === "cancelled" && order.paymentStatus === "paid" ? <p>Заказ оплачен: деньги клиенту вернёт бухгалтерия, автоматически они не возвращаются.</p> : null}
        <div className="employee-dialog__actions">
          <button type="button" className="ottisk-button" disabled={busy} onClick={confirm}>
            {busy ? "Меняем…" : "Да, сменить"}
          </button>
          <button type="button" className="ottisk-button ottisk-button--quiet" disabled={busy} onClick={() => setConfirming(false)}>
            Отмена
          </button>
        </div>
      </Dialog>
    </div>
  );
}

/** «Войти в режим клиента» for the order's client and company, then the chosen page. */
function EnterOrderClientMode({ order }: { order: EmployeeOrder }) {
  const [destination, setDestination] = useState(CLIENT_MODE_DESTINATIONS[0]?.href ?? SCREEN_PATHS.cart);
  const entry = useEnterClientMode(goTo);
  const client: Client = { ...order.client, managerId: null, companies: order.company ? [order.company] : [] };
  const label = order.company ? order.company.name : "личный профиль";
  return (
    <div className="employee-client-mode">
      <DestinationChoice destinations={CLIENT_MODE_DESTINATIONS} value={destination} onChange={setDestination} />
      <button type="button" className="ottisk-button" disabled={entry.busy !== null} onClick={() => entry.enter(client, order.companyId, destination)}>
        {entry.busy !== null ? "Входим…" : `Войти в режим клиента (${label})`}
      </button>
      <ErrorNote className="employee-panel__error" message={entry.error} />
      <p className="employee-panel__done" role="status">
        {entry.entered ? `Вы работаете от имени клиента: ${entry.entered}. Открываем…` : ""}
      </p>
    </div>
  );
}

function OrderView({ order, renderDesign }: { order: EmployeeOrder; renderDesign: DesignRenderer | undefined }) {
  const ids = useId();
  const payment = order.payment;
  return (
    <div className="employee-panel employee-order">
      <p className="employee-order__lead">
        <strong>Заказ № {order.number}</strong> от {formatDateShort(order.createdAt)} · <StatusBadge status={order.status} />
        {order.readyDate ? ` · будет готово ${formatDayMonth(order.readyDate)}` : ""}
      </p>

      <section className="employee-panel__block" aria-labelledby={`${ids}-status`}>
        <h2 id={`${ids}-status`}>Статус</h2>
        <StatusChange order={order} />
        {order.tracking ? (
          <p className="employee-order__tracking">
            {order.tracking.carrierLabel}, трек-номер{" "}
            <a href={order.tracking.url} target="_blank" rel="noopener noreferrer">
              {order.tracking.number}
            </a>
          </p>
        ) : null}
      </section>

      <section className="employee-panel__block" aria-labelledby={`${ids}-timeline`}>
        <h2 id={`${ids}-timeline`}>История статусов</h2>
        <ol className="employee-order__timeline">
          {order.timeline.map((entry, index) => (
            <li key={`${entry.status}-${index}`}>
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> — {entry.statusLabel}
              {entry.employee ? ` (${personName({ ...entry.employee, email: null })})` : ""}
            </li>
          ))}
        </ol>
      </section>

      <section className="employee-panel__block" aria-labelledby={`${ids}-client`}>
        <h2 id={`${ids}-client`}>Клиент</h2>
        <dl className="employee-facts">
          <dt>Клиент</dt>
          <dd>{personName(order.client)}</dd>
          <dt>Почта</dt>
          <dd>{order.client.email ? <a href={`mailto:${order.client.email}`}>{order.client.email}</a> : "не указана"}</dd>
          <dt>Телефон</dt>
          <dd>{order.client.phone ? <a href={`tel:${order.client.phone.replace(/[^\d+]/g, "")}`}>{displayPhone(order.client.phone)}</a> : "не указан"}</dd>
          <dt>Заказ от имени</dt>
          <dd>
            {order.company
              ? `${order.company.name}, ИНН ${order.company.inn}${order.company.kpp ? `, КПП ${order.company.kpp}` : ""}${order.company.legalAddress ? `, ${order.company.legalAddress}` : ""}`
              : "личного профиля"}
          </dd>
          {order.placedBy ? (
            <>
              <dt>Оформил сотрудник</dt>
              <dd>{personName({ ...order.placedBy, email: null })}</dd>
            </>
          ) : null}
        </dl>
        <p>
          <a href={ordersPath({ clientId: order.client.id })}>Все заказы клиента</a>
        </p>
        <EnterOrderClientMode order={order} />
      </section>

      <section className="employee-panel__block" aria-labelledby={`${ids}-payment`}>
        <h2 id={`${ids}-payment`}>Оплата и сумма</h2>
        <dl className="employee-facts">
          <dt>Оплата</dt>
          <dd>
            {PAYMENT_TYPE_NAMES[order.paymentType]}, {PAYMENT_STATUS_NAMES[order.paymentStatus]}
            {order.paidAt ? ` ${formatDateShort(order.paidAt)}` : ""}
          </dd>
          <dt>Товары</dt>
          <dd>{formatRoubles(order.itemsSum)}</dd>
          {order.discount > 0 ? (
            <>
              <dt>Скидка{order.promocode ? ` по промокоду ${order.promocode}` : ""}</dt>
              <dd>−{formatRoubles(order.discount)}</dd>
            </>
          ) : null}
          <dt>Доставка</dt>
          <dd>{formatRoubles(order.deliverySum)}</dd>
          <dt>Итого</dt>
          <dd>
            <strong>{formatRoubles(order.total)}</strong>, в том числе НДС {formatRoubles(order.vat)}
          </dd>
          {order.comment ? (
            <>
              <dt>Комментарий</dt>
              <dd>{order.comment}</dd>
            </>
          ) : null}
        </dl>
        {payment.type === "Invoice" && payment.invoiceUrl ? (
          <p>
            <a href={payment.invoiceUrl} download>
              Счёт на оплату (PDF)
            </a>
          </p>
        ) : null}
      </section>

      <section className="employee-panel__block" aria-labelledby={`${ids}-lines`}>
        <h2 id={`${ids}-lines`}>Состав заказа</h2>
        <ul className="employee-lines">
          {order.lines.map((line) => {
            const designs = order.designOrders.filter((design) => design.orderProductId === line.id);
            return (
              <li key={line.id} className="employee-lines__line">
                <p>
                  <strong>{line.productName}</strong>
                  {line.optionLabels.length > 0 ? ` (${line.optionLabels.join(", ")})` : ""}, {line.quantity} шт.
                  {line.isUrgent ? ", срочно" : ""} — {formatRoubles(line.price)}
                </p>
                {line.layouts.length > 0 ? (
                  <ul aria-label={`Макеты: ${line.productName}`}>
                    {line.layouts.map((layout) => (
                      <li key={layout.id}>
                        {layout.detailName}: <a href={layout.fileUrl}>{layout.fileName}</a> — {LAYOUT_STATUS_NAMES[layout.status] ?? layout.status}
                        {layout.approvedAt ? `, утверждён ${formatDateShort(layout.approvedAt)}` : ""}
                        {layout.prepress ? `, допечатная подготовка: ${layout.prepress.decision === "returned" ? "возвращён клиенту" : "принят"}${layout.prepress.note ? ` — «${layout.prepress.note}»` : ""}` : ""}
                      </li>
                    ))}
                  </ul>
                ) : designs.length === 0 ? (
                  <p>Макетов нет.</p>
                ) : null}
                {designs.map((design) => (
                  <div key={design.designId} className="employee-design">
                    <p>
                      Заказ дизайна «{design.detailName}»: {DESIGN_STATUS_NAMES[design.status] ?? design.status}
                      {design.comment ? `. Пожелания: ${design.comment}` : ""}
                      {design.annotatedFileUrl ? (
                        <>
                          {" "}
                          <a href={design.annotatedFileUrl}>PDF с пометками</a>
                        </>
                      ) : null}
                    </p>
                    {renderDesign?.(design)}
                  </div>
                ))}
              </li>
            );
          })}
        </ul>
      </section>

      {order.deliveries.length > 0 ? (
        <section className="employee-panel__block" aria-labelledby={`${ids}-delivery`}>
          <h2 id={`${ids}-delivery`}>Доставка</h2>
          <ul>
            {order.deliveries.map((delivery) => (
              <li key={delivery.id}>
                {(DELIVERY_METHOD_LABELS as Readonly<Record<string, string>>)[delivery.deliveryMethod] ?? delivery.deliveryMethod}
                {delivery.address ? `: ${delivery.address}` : ""} — {formatRoubles(delivery.price)}
                {delivery.deliveryDate ? `, ${formatDateShort(delivery.deliveryDate)}` : ""}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** What the panel shows under a design order: its messages with the client (the host site gives widgets/account-area's DesignMessages). */
export type DesignRenderer = (design: DesignOrder) => ReactNode;

/** `/admin/employee/orders/{id}`: the order, the client, the status change and «Войти в режим клиента»; a design order's messages under it (`renderDesign`). */
export function EmployeeOrderPage({ orderId, renderDesign }: { orderId: number; profile: AccountProfile; renderDesign?: DesignRenderer | undefined }) {
  const { order, reload } = useEmployeeOrder(orderId);
  return (
    <>
      <p className="employee-panel__back">
        <a href={ACCOUNT_PATHS.employeeOrders}>← Все заказы</a>
      </p>
      {whenReady(order, "заказ", reload, (data) => (
        <OrderView order={data} renderDesign={renderDesign} />
      ))}
    </>
  );
}

/** `/admin/employee/clients?q=`: find a client, then «Войти в режим клиента» for the profile or a company. */
export function ClientSearchPage({ query }: { query: string; profile: AccountProfile }) {
  return (
    <div className="employee-panel">
      <ClientModePicker
        initialQuery={query}
        destinations={CLIENT_MODE_DESTINATIONS}
        onQueryChange={(next) => {
          const path = accountPath({ name: "employee-clients", query: next });
          if (`${window.location.pathname}${window.location.search}` !== path) window.history.replaceState(window.history.state, "", path);
        }}
        onEntered={goTo}
      />
    </div>
  );
}
