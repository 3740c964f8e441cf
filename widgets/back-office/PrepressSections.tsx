import { useAtomValue, useSetAtom } from "jotai/react";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import type { FormEvent, ReactNode } from "react";
import { ORDER_STATUS_LABELS, PREPRESS_QUEUE_STATE_LABELS, preflightCodeMessages, prepressQueueStateValues } from "../../shared/contracts/index";
import type { OrderStatus, PrepressLayout, PrepressQueueItem, PrepressQueueState } from "../../shared/contracts/index";
import { backOfficePath, displayPhone, employeeOrderPath, formatDateShort } from "../../shared/domain/index";
import { apiAtom, decidePrepressAtom, downloadPdfAtom, usePrepressLayout, usePrepressQueue, useShowFailure } from "../../shared/state/index";
import type { Resource } from "../../shared/state/index";
import { ErrorNote, LoadError } from "../../shared/ui/index";
import type { SectionProps } from "./section-props";

/*
 * The back office's prepress sections (issue 29; server/docs/back-office-prepress.md): the queue
 * of placed orders' layouts with the server's findings, and one layout with its report, its proof
 * (the layout checker's own proof view, loaded with it) and the three decisions.
 */

const PAGE_SIZE = 20;

/** The client's proof view, from the layout checker's face, loaded when a layout page is drawn. */
const ProofView = lazy(() => import("../layout-checker/index").then((module) => ({ default: module.ProofView })));

const REASON_LABELS: Readonly<Record<PrepressQueueItem["reason"], string>> = {
  findings: "Замечания проверки",
  approved_with_findings: "Клиент подтвердил с замечаниями",
  check_failed: "Проверка не завершилась",
};

const DECISION_LABELS = { accepted: "Принят", returned: "Возвращён клиенту" } as const;

function stateOf(text: string | undefined): PrepressQueueState {
  return prepressQueueStateValues.find((state) => state === text) ?? "waiting";
}

function orderStatusLabel(status: string): string {
  return status in ORDER_STATUS_LABELS ? ORDER_STATUS_LABELS[status as OrderStatus] : status;
}

function whenReady<T>(resource: Resource<T>, what: string, reload: () => void, show: (data: T) => ReactNode): ReactNode {
  if (resource.status === "loading") return <p className="prepress__loading">Загружаем {what}…</p>;
  if (resource.status === "error") return <LoadError messageUI={resource.messageUI} onRetry={resource.httpStatus === 404 ? undefined : reload} />;
  return show(resource.data);
}

function findingText(code: number): string {
  return code in preflightCodeMessages ? preflightCodeMessages[code as keyof typeof preflightCodeMessages] : `Код ${code}`;
}

export function PrepressSection({ route }: SectionProps) {
  if (route.id === null) return <PrepressQueuePage state={stateOf(route.query.state)} page={Math.max(1, Number(route.query.page) || 1)} />;
  if (route.id === "new") return <p className="back-office__pending">Здесь нечего создавать: макеты приходят из заказов.</p>;
  return <PrepressLayoutPage layoutId={route.id} />;
}

function PrepressQueuePage({ state, page }: { state: PrepressQueueState; page: number }) {
  const { queue, reload } = usePrepressQueue({ state, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  return (
    <section className="prepress" aria-labelledby="prepress-title">
      <h2 id="prepress-title">Очередь макетов</h2>
      <nav aria-label="Состояние макетов">
        <ul className="prepress__tabs">
          {prepressQueueStateValues.map((value) => (
            <li key={value}>
              <a href={backOfficePath("prepress", null, value === "waiting" ? {} : { state: value })} aria-current={value === state ? "page" : undefined}>
                {PREPRESS_QUEUE_STATE_LABELS[value]}
                {queue.status === "ready" ? ` (${queue.data.stateCounts[value]})` : ""}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {whenReady(queue, "очередь", reload, (data) =>
        data.items.length === 0 ? (
          <p className="prepress__empty">{state === "waiting" ? "Макетов, ждущих проверки, нет." : "Здесь пока пусто."}</p>
        ) : (
          <>
            <div className="prepress__table-wrap">
              <table className="prepress__table">
                <caption>{PREPRESS_QUEUE_STATE_LABELS[state]}: старые сверху</caption>
                <thead>
                  <tr>
                    <th scope="col">Макет</th>
                    <th scope="col">Заказ</th>
                    <th scope="col">Клиент</th>
                    <th scope="col">Замечания</th>
                    <th scope="col">Загружен</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((item) => (
                    <tr key={item.layoutId}>
                      <td>
                        <a href={backOfficePath("prepress", item.layoutId)}>
                          {item.productName}: {item.detailName}
                        </a>
                        <br />
                        <span className="prepress__file">{item.fileName}</span>
                      </td>
                      <td>
                        № {item.orderNumber}
                        <br />
                        {orderStatusLabel(item.orderStatus)}
                      </td>
                      <td>{item.clientName}</td>
                      <td>
                        <span className={`prepress__badge prepress__badge--${item.reason === "check_failed" ? "error" : "warning"}`}>
                          {item.reason === "check_failed" ? "Проверка не завершилась" : `Замечаний: ${item.findingCount}`}
                        </span>
                        {item.approvedByClientAt ? <span className="prepress__badge">{REASON_LABELS[item.reason]}</span> : null}
                        {item.decision ? <span className="prepress__badge">{DECISION_LABELS[item.decision]}</span> : null}
                      </td>
                      <td>{formatDateShort(item.uploadedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {data.total > PAGE_SIZE ? (
              <nav aria-label="Страницы очереди" className="prepress__pages">
                {page > 1 ? <a href={backOfficePath("prepress", null, { state: state === "waiting" ? "" : state, page: String(page - 1) })}>← Раньше</a> : null}
                {page * PAGE_SIZE < data.total ? <a href={backOfficePath("prepress", null, { state: state === "waiting" ? "" : state, page: String(page + 1) })}>Дальше →</a> : null}
              </nav>
            ) : null}
          </>
        ),
      )}
    </section>
  );
}

function PrepressLayoutPage({ layoutId }: { layoutId: number }) {
  const { layout, reload } = usePrepressLayout(layoutId);
  return (
    <section className="prepress" aria-labelledby="prepress-layout-title">
      <p>
        <a href={backOfficePath("prepress")}>← Очередь допечатной проверки</a>
      </p>
      {whenReady(layout, "макет", reload, (data) => (
        <PrepressLayoutView data={data} />
      ))}
    </section>
  );
}

function PrepressLayoutView({ data }: { data: PrepressLayout }) {
  const findings = data.layout.findings ?? [];
  return (
    <>
      <h2 id="prepress-layout-title">
        {data.line.productName}: {data.layout.detailName}
      </h2>
      <dl className="prepress__facts">
        <dt>Заказ</dt>
        <dd>
          <a href={employeeOrderPath(data.order.id)}>№ {data.order.number}</a>, {orderStatusLabel(data.order.status)}, от {formatDateShort(data.order.createdAt)}
        </dd>
        <dt>Клиент</dt>
        <dd>
          {data.client.name}
          {data.client.companyName ? `, ${data.client.companyName}` : ""}
          {data.client.email ? `, ${data.client.email}` : ""}
          {data.client.phone ? `, ${displayPhone(data.client.phone)}` : ""}
        </dd>
        <dt>Файл</dt>
        <dd>
          <a href={data.layout.fileUrl}>{data.layout.fileName}</a>
          {data.uploadedBy ? ` (загрузил сотрудник: ${data.uploadedBy})` : ""}
        </dd>
        <dt>Тираж</dt>
        <dd>{data.line.quantity} шт.</dd>
        {data.layout.approvedAt ? (
          <>
            <dt>Клиент</dt>
            <dd>подтвердил макет {formatDateShort(data.layout.approvedAt)}</dd>
          </>
        ) : null}
        {data.layout.prepress ? (
          <>
            <dt>Решение</dt>
            <dd>
              {DECISION_LABELS[data.layout.prepress.decision]} {formatDateShort(data.layout.prepress.at)}
              {data.decidedBy ? ` (${data.decidedBy})` : ""}
              {data.layout.prepress.note ? `: «${data.layout.prepress.note}»` : ""}
            </dd>
          </>
        ) : null}
      </dl>
      {!data.current ? <p role="status">Это прежний файл детали: его заменили, решение принимается по текущему макету.</p> : null}
      <h2>Отчёт проверки на сервере</h2>
      {data.checkState === "queued" || data.checkState === "running" ? <p role="status">Файл проверяется. Обновите страницу через минуту.</p> : null}
      {data.checkError ? <p className="prepress__error">Проверка не завершилась: {data.checkError}</p> : null}
      {findings.length > 0 ? (
        <ol className="prepress__findings">
          {findings.map((finding, index) => (
            <li key={`${finding.code}-${finding.page ?? "doc"}-${index}`}>
              {findingText(finding.code)}
              {finding.page !== null ? `, страница ${finding.page}` : ""}
              {finding.measured !== null ? ` (найдено: ${finding.measured})` : ""}
            </li>
          ))}
        </ol>
      ) : data.layout.findings !== null ? (
        <p>Замечаний нет.</p>
      ) : null}
      <LayoutProof data={data} />
      {data.history.length > 0 ? (
        <>
          <h2>Прежние файлы</h2>
          <ul>
            {data.history.map((item) => (
              <li key={item.layoutId}>
                <a href={backOfficePath("prepress", item.layoutId)}>{item.fileName}</a> — {formatDateShort(item.uploadedAt)}
                {item.uploadedBy ? `, ${item.uploadedBy}` : ""}
                {item.decision ? `, ${DECISION_LABELS[item.decision].toLowerCase()}` : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {data.editable ? <PrepressDecisions data={data} /> : <p>Заказ уже в производстве или макет заменён: решения по этому макету закрыты.</p>}
    </>
  );
}

/** The proof: the PDF downloaded with the session and drawn by the client's proof view, the findings outlined. */
function LayoutProof({ data }: { data: PrepressLayout }) {
  const download = useSetAtom(downloadPdfAtom);
  const api = useAtomValue(apiAtom);
  const [pdf, setPdf] = useState<Uint8Array | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const show = useShowFailure();
  const url = data.layout.fileUrl;
  useEffect(() => {
    if (!api) return;
    const controller = new AbortController();
    download({ url, signal: controller.signal }).then(setPdf, (error: unknown) => {
      if (!controller.signal.aborted) show(error, (messageUI) => setFailed(messageUI));
    });
    return () => controller.abort();
  }, [api, download, show, url]);
  return (
    <div className="prepress__proof">
      <h2>Пробный оттиск</h2>
      {failed ? <p className="prepress__error">{failed}</p> : null}
      {pdf ? (
        <Suspense fallback={<p>Загружаем просмотр…</p>}>
          <ProofView pdf={pdf} pages={null} findings={data.layout.findings ?? []} label={`Пробный оттиск: ${data.layout.detailName}`} />
        </Suspense>
      ) : failed ? null : (
        <p>Загружаем файл…</p>
      )}
    </div>
  );
}

function PrepressDecisions({ data }: { data: PrepressLayout }) {
  const decide = useSetAtom(decidePrepressAtom);
  const show = useShowFailure();
  const ids = useId();
  const [note, setNote] = useState("");
  const [message, setMessage] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const run = (event: FormEvent, decision: Parameters<typeof decide>[0], said: string, after?: (answer: PrepressLayout) => void) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setDone(null);
    decide(decision)
      .then((answer) => {
        setDone(said);
        after?.(answer);
      })
      .catch((failure: unknown) => show(failure, (messageUI) => setError(messageUI)))
      .finally(() => setBusy(false));
  };

  return (
    <div className="prepress__decisions">
      <h2>Решение</h2>
      <ErrorNote message={error} className="prepress__error" />
      {done ? (
        <p role="status" className="prepress__done">
          {done}
        </p>
      ) : null}
      <form onSubmit={(event) => run(event, { kind: "accept", layoutId: data.layout.id, note }, "Макет принят.")}>
        <label htmlFor={`${ids}-note`}>Примечание к заказу (видно клиенту)</label>
        <textarea id={`${ids}-note`} value={note} maxLength={2000} onChange={(event) => setNote(event.target.value)} />
        <button type="submit" className="ottisk-button" disabled={busy}>
          Принять с замечаниями
        </button>
      </form>
      <form onSubmit={(event) => run(event, { kind: "return", layoutId: data.layout.id, message }, "Макет возвращён клиенту: он получил уведомление и письмо.")}>
        <label htmlFor={`${ids}-message`}>Сообщение клиенту: что исправить</label>
        <textarea id={`${ids}-message`} value={message} maxLength={2000} required onChange={(event) => setMessage(event.target.value)} />
        <button type="submit" className="ottisk-button" disabled={busy}>
          Вернуть клиенту
        </button>
      </form>
      <form
        onSubmit={(event) => {
          if (!file) {
            event.preventDefault();
            setError("Выберите исправленный файл PDF");
            return;
          }
          run(event, { kind: "replace", layoutId: data.layout.id, file, fileName: file.name }, "Файл заменён и поставлен на проверку.", (answer) => {
            window.location.assign(backOfficePath("prepress", answer.layout.id));
          });
        }}
      >
        <label htmlFor={`${ids}-file`}>Исправленный файл (PDF)</label>
        <input id={`${ids}-file`} type="file" accept="application/pdf,.pdf" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        <button type="submit" className="ottisk-button" disabled={busy}>
          Заменить файл
        </button>
      </form>
    </div>
  );
}
