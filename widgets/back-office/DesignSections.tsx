import { useSetAtom } from "jotai/react";
import { useId, useRef, useState } from "react";
import type { FormEvent, ReactNode } from "react";
import { DESIGN_MESSAGE_MAX_LENGTH, DESIGN_STATUS_TITLES, designStatusValues, EMPLOYEE_DESIGN_PAGE_SIZE } from "../../shared/contracts/index";
import type { EmployeeDesignOrder, EmployeeDesignOrderSummary } from "../../shared/contracts/index";
import { backOfficePath, formatDateShort, formatDateTime, formatRoubles } from "../../shared/domain/index";
import {
  reloadEmployeeDesignOrderAtom,
  setDesignOrderStatusAtom,
  takeDesignOrderAtom,
  uploadDesignLayoutAtom,
  useDesignMessages,
  useEmployeeDesignOrder,
  useEmployeeDesignOrders,
  useReportBug,
  useShowFailure,
} from "../../shared/state/index";
import type { Resource } from "../../shared/state/index";
import { DesignMessageBox, DesignMessageList, Dialog, ErrorNote, LoadError } from "../../shared/ui/index";
import type { SectionProps } from "./section-props";
import { PageLinks } from "./PageLinks";

/*
 * The designers' queue (issue 29, back office "design"): /admin/employee/design?status=&mine=&page=
 * lists the design orders (oldest due first, overdue marked), /admin/employee/design/{id} is one
 * design order: its details, «Взять в работу», the messages with the client, the finished layout's
 * upload (the client is then asked to approve it) and the shop's status changes. Private data:
 * loaded in the browser.
 */

type DesignStatus = (typeof designStatusValues)[number];

const LAYOUT_STATUS_NAMES: Readonly<Record<string, string>> = {
  uploaded: "загружен",
  checking: "проверяется",
  passed: "проверен, замечаний нет",
  failed: "есть замечания",
  error: "проверка не удалась",
};

function statusOf(text: string | undefined): DesignStatus | undefined {
  return designStatusValues.find((status) => status === text);
}

function pageOf(text: string | undefined): number {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function queuePath(filters: { status?: DesignStatus | undefined; mine?: boolean; page?: number }): string {
  return backOfficePath("design", null, {
    status: filters.status ?? "",
    mine: filters.mine ? "1" : "",
    page: filters.page && filters.page > 1 ? String(filters.page) : "",
  });
}

/** The resource's data, or what to show instead (loading, the error with «Повторить»). */
function whenReady<T>(resource: Resource<T>, what: string, reload: () => void, show: (data: T) => ReactNode): ReactNode {
  if (resource.status === "loading") {
    return (
      <p className="employee-panel__loading" role="status">
        Загружаем {what}…
      </p>
    );
  }
  if (resource.status === "error") return <LoadError messageUI={resource.messageUI} onRetry={resource.httpStatus === 404 ? undefined : reload} />;
  return show(resource.data);
}

function StatusBadge({ status }: { status: DesignStatus }) {
  return <span className={`design-status design-status--${status}`}>{DESIGN_STATUS_TITLES[status]}</span>;
}

function DueDate({ order }: { order: EmployeeDesignOrderSummary }) {
  if (order.dueDate === null) return <>—</>;
  return (
    <span className={order.overdue ? "design-due design-due--overdue" : "design-due"}>
      {formatDateShort(order.dueDate)}
      {order.overdue ? <strong className="design-due__flag"> просрочен</strong> : null}
    </span>
  );
}

function QueueTable({ items, caption }: { items: EmployeeDesignOrderSummary[]; caption: string }) {
  const captionId = useId();
  return (
    <div className="employee-table" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table>
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">№</th>
            <th scope="col">Клиент</th>
            <th scope="col">Товар</th>
            <th scope="col">Деталь</th>
            <th scope="col">Срок</th>
            <th scope="col">Статус</th>
            <th scope="col">Дизайнер</th>
          </tr>
        </thead>
        <tbody>
          {items.map((order) => (
            <tr key={order.id} className={order.overdue ? "design-queue__row--overdue" : undefined}>
              <th scope="row">
                <a href={backOfficePath("design", order.id)}>№ {order.id}</a>
              </th>
              <td>
                {order.client.name}
                {order.companyName ? <span className="employee-table__sub">{order.companyName}</span> : null}
              </td>
              <td>{order.product.name}</td>
              <td>{order.detailName}</td>
              <td>
                <DueDate order={order} />
              </td>
              <td>
                <StatusBadge status={order.status} />
              </td>
              <td>{order.designer?.name ?? "не назначен"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `/admin/employee/design?status=&mine=&page=`: the queue, filtered by a GET form. */
function DesignQueue({ query }: { query: Readonly<Record<string, string>> }) {
  const status = statusOf(query["status"]);
  const mine = query["mine"] === "1";
  const page = pageOf(query["page"]);
  const { list, reload } = useEmployeeDesignOrders({ status, mine: mine ? "1" : undefined, page: page > 1 ? page : undefined });
  const ids = useId();
  const counts = list.status === "ready" ? list.data.statusCounts : null;
  const filtered = status !== undefined || mine;
  return (
    <div className="employee-panel design-queue">
      <h2 className="design-queue__title">Заказы дизайна</h2>
      <form className="employee-filters" method="get" action={backOfficePath("design")} aria-label="Фильтры заказов дизайна">
        <div className="employee-filters__field">
          <label htmlFor={`${ids}-status`}>Статус</label>
          <select id={`${ids}-status`} className="ottisk-input" name="status" defaultValue={status ?? ""}>
            <option value="">Все статусы</option>
            {designStatusValues.map((value) => (
              <option key={value} value={value}>
                {DESIGN_STATUS_TITLES[value]}
                {counts ? ` (${counts[value] ?? 0})` : ""}
              </option>
            ))}
          </select>
        </div>
        <div className="employee-filters__field design-queue__mine">
          <input id={`${ids}-mine`} type="checkbox" name="mine" value="1" defaultChecked={mine} />
          <label htmlFor={`${ids}-mine`}>Только мои</label>
        </div>
        <div className="employee-filters__actions">
          <button type="submit" className="ottisk-button">
            Показать
          </button>
          {filtered ? (
            <a className="ottisk-button ottisk-button--quiet" href={queuePath({})}>
              Сбросить
            </a>
          ) : null}
        </div>
      </form>
      {whenReady(list, "заказы дизайна", reload, (data) => {
        const pageCount = Math.max(1, Math.ceil(data.total / (data.pageSize || EMPLOYEE_DESIGN_PAGE_SIZE)));
        if (data.items.length === 0) {
          return (
            <div className="ottisk-message" role="status">
              <p>{filtered ? "Заказов дизайна с такими условиями нет." : "Заказов дизайна пока нет."}</p>
              {page > 1 ? <a href={queuePath({ status, mine })}>К первой странице</a> : null}
            </div>
          );
        }
        return (
          <>
            <QueueTable items={data.items} caption={`Заказов дизайна: ${data.total}${pageCount > 1 ? `, страница ${page} из ${pageCount}` : ""}`} />
            <PageLinks label="Страницы заказов дизайна" page={page} pageCount={pageCount} hrefOf={(other) => queuePath({ status, mine, page: other })} />
          </>
        );
      })}
    </div>
  );
}

/** The messages with the client (the same design messages the client sees) and a box to answer. */
function ClientMessages({ designOrderId }: { designOrderId: number }) {
  const { messages, reload } = useDesignMessages(designOrderId);
  const id = useId();
  return (
    <section className="employee-panel__block" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Переписка с клиентом</h2>
      {whenReady(messages, "сообщения", reload, (list) => (
        <DesignMessageList messages={list} block="design-chat" emptyText="Сообщений пока нет." />
      ))}
      <DesignMessageBox designOrderId={designOrderId} label="Сообщение клиенту" formClassName="design-form" inputClassName="ottisk-input" errorClassName="employee-panel__error" maxLength={DESIGN_MESSAGE_MAX_LENGTH} />
    </section>
  );
}

/** The finished layout: a PDF file and «Загрузить макет»; the design order then waits for the client. */
function LayoutUpload({ order }: { order: EmployeeDesignOrder }) {
  const upload = useSetAtom(uploadDesignLayoutAtom);
  const showFailure = useShowFailure();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    setDone(null);
    if (!file) {
      setError("Выберите файл макета (PDF)");
      return;
    }
    setBusy(true);
    setError(null);
    upload({ id: order.id, file, fileName: file.name })
      .then(() => {
        if (input.current) input.current.value = "";
        setDone("Макет загружен и отправлен на проверку. Клиент получил уведомление и может утвердить макет или попросить правки.");
      })
      .catch((failure: unknown) => showFailure(failure, setError))
      .finally(() => setBusy(false));
  };
  return (
    <form className="design-form" noValidate aria-busy={busy} onSubmit={submit}>
      <label htmlFor={`${id}-file`}>Готовый макет (PDF)</label>
      <input
        id={`${id}-file`}
        ref={input}
        type="file"
        name="file"
        accept="application/pdf,.pdf"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="employee-panel__error" role="alert">
          {error}
        </p>
      ) : null}
      <div>
        <button type="submit" className="ottisk-button" disabled={busy}>
          {busy ? "Загружаем…" : "Загрузить макет"}
        </button>
      </div>
      <p className="employee-panel__done" role="status">
        {done ?? ""}
      </p>
    </form>
  );
}

/** «Взять в работу», «Вернуть в работу», «Отменить заказ дизайна» (confirmed in a dialog). */
function DesignActions({ order, profileId }: { order: EmployeeDesignOrder; profileId: number }) {
  const take = useSetAtom(takeDesignOrderAtom);
  const setStatus = useSetAtom(setDesignOrderStatusAtom);
  const reloadOrder = useSetAtom(reloadEmployeeDesignOrderAtom);
  const showFailure = useShowFailure();
  const reportBug = useReportBug();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const open = order.status === "new" || order.status === "in_work" || order.status === "waiting_client";

  const run = (action: () => Promise<EmployeeDesignOrder>, message: (updated: EmployeeDesignOrder) => string) => {
    setBusy(true);
    setError(null);
    setDone(null);
    action()
      .then((updated) => setDone(message(updated)))
      .catch((failure: unknown) =>
        showFailure(failure, (text, apiError) => {
          setError(text);
          // Someone may have moved the design order meanwhile: show it as it is now.
          if (apiError.status === 409) void reloadOrder(order.id).catch(reportBug);
        }),
      )
      .finally(() => {
        setBusy(false);
        setConfirming(false);
      });
  };

  return (
    <div className="design-actions">
      <div className="employee-filters__actions">
        {order.status === "new" ? (
          <button type="button" className="ottisk-button" disabled={busy} onClick={() => run(() => take(order.id), () => "Заказ дизайна ваш: статус «В работе». Клиент получил уведомление.")}>
            Взять в работу
          </button>
        ) : null}
        {order.status === "waiting_client" ? (
          <button
            type="button"
            className="ottisk-button ottisk-button--quiet"
            disabled={busy}
            onClick={() => run(() => setStatus({ id: order.id, status: "in_work" }), () => "Заказ дизайна снова «В работе».")}
          >
            Вернуть в работу
          </button>
        ) : null}
        {open ? (
          <button type="button" className="ottisk-button ottisk-button--quiet" disabled={busy} onClick={() => setConfirming(true)}>
            Отменить заказ дизайна
          </button>
        ) : null}
      </div>
      {order.designer !== null && order.designer.id !== profileId && open ? <p>Этот заказ дизайна ведёт {order.designer.name}.</p> : null}
      <ErrorNote className="employee-panel__error" message={error} />
      <p className="employee-panel__done" role="status">
        {done ?? ""}
      </p>
      <Dialog open={confirming} title="Отменить заказ дизайна?" onClose={() => setConfirming(false)}>
        <p>
          Заказ дизайна № {order.id} («{order.detailName}», {order.product.name}) будет отменён. Клиент получит уведомление, а строку нельзя будет заказать без макета.
        </p>
        <div className="employee-dialog__actions">
          <button type="button" className="ottisk-button" disabled={busy} onClick={() => run(() => setStatus({ id: order.id, status: "cancelled" }), () => "Заказ дизайна отменён.")}>
            {busy ? "Отменяем…" : "Да, отменить"}
          </button>
          <button type="button" className="ottisk-button ottisk-button--quiet" disabled={busy} onClick={() => setConfirming(false)}>
            Не отменять
          </button>
        </div>
      </Dialog>
    </div>
  );
}

function DesignOrderView({ order, profileId }: { order: EmployeeDesignOrder; profileId: number }) {
  const ids = useId();
  const layout = order.resultLayout;
  const canUpload = (order.status === "in_work" || order.status === "waiting_client") && (order.designer === null || order.designer.id === profileId);
  return (
    <div className="employee-panel">
      <section className="employee-panel__block" aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`}>
          Заказ дизайна № {order.id} <StatusBadge status={order.status} />
        </h2>
        <dl className="design-details">
          <dt>Клиент</dt>
          <dd>
            {order.client.name}
            {order.client.email ? ` · ${order.client.email}` : ""}
            {order.companyName ? ` · ${order.companyName}` : ""}
          </dd>
          <dt>Товар</dt>
          <dd>{order.product.name}</dd>
          <dt>Деталь</dt>
          <dd>{order.detailName}</dd>
          <dt>Цена дизайна</dt>
          <dd>{formatRoubles(order.price)}</dd>
          <dt>Срок</dt>
          <dd>
            <DueDate order={order} />
          </dd>
          <dt>Дизайнер</dt>
          <dd>{order.designer?.name ?? "не назначен"}</dd>
          <dt>Заказ клиента</dt>
          <dd>{order.orderId !== null ? `№ ${order.orderId}` : "ещё в корзине"}</dd>
          <dt>Пожелания клиента</dt>
          <dd className="design-details__comment">{order.comment.trim() === "" ? "—" : order.comment}</dd>
          {order.annotatedFileUrl ? (
            <>
              <dt>Файл с пометками</dt>
              <dd>
                <a href={order.annotatedFileUrl} target="_blank" rel="noopener">
                  Открыть файл с пометками клиента
                </a>
              </dd>
            </>
          ) : null}
          {order.approvedAt ? (
            <>
              <dt>Утверждён клиентом</dt>
              <dd>{formatDateTime(order.approvedAt)}</dd>
            </>
          ) : null}
        </dl>
        <DesignActions order={order} profileId={profileId} />
      </section>

      <section className="employee-panel__block" aria-labelledby={`${ids}-layout`}>
        <h2 id={`${ids}-layout`}>Макет</h2>
        {layout ? (
          <p>
            <a href={layout.fileUrl} target="_blank" rel="noopener">
              {layout.fileName}
            </a>{" "}
            — загружен {formatDateTime(layout.uploadedAt)}, проверка: {LAYOUT_STATUS_NAMES[layout.status] ?? layout.status}
            {layout.findings && layout.findings.length > 0 ? ` (замечаний: ${layout.findings.length})` : ""}
            {layout.approvedAt ? `, утверждён ${formatDateTime(layout.approvedAt)}` : ""}.
          </p>
        ) : (
          <p>Макет ещё не загружен.</p>
        )}
        {canUpload ? <LayoutUpload order={order} /> : order.status === "new" ? <p>Чтобы загрузить макет, возьмите заказ дизайна в работу.</p> : null}
      </section>

      <ClientMessages designOrderId={order.id} />
    </div>
  );
}

/** `/admin/employee/design/{id}`: one design order. */
function DesignOrderPage({ id, profileId }: { id: number; profileId: number }) {
  const { order, reload } = useEmployeeDesignOrder(id);
  return (
    <>
      <p className="employee-panel__back">
        <a href={backOfficePath("design")}>← Все заказы дизайна</a>
      </p>
      {whenReady(order, "заказ дизайна", reload, (data) => (
        <DesignOrderView order={data} profileId={profileId} />
      ))}
    </>
  );
}

export function DesignSection({ route, profile }: SectionProps) {
  if (typeof route.id === "number") return <DesignOrderPage id={route.id} profileId={profile.id} />;
  return <DesignQueue query={route.query} />;
}
