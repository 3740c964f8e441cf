import { useAtomValue, useSetAtom } from "jotai/react";
import { useEffect, useId, useRef, useState } from "react";
import type { MouseEvent, ReactNode } from "react";
import { DELIVERY_METHOD_LABELS, DELIVERY_TYPE_LABELS } from "../../shared/contracts/delivery";
import type { Cart, Layout, Order, OrderDelivery, OrderLine, OrderLineDesign } from "../../shared/contracts/index";
import { formatDateLong, formatDateShort, formatDateTime, formatDayMonth, formatRoubles, formatWorkingDays, VAT_PERCENT } from "../../shared/domain/index";
import { orderFileUrlAtom, payOrderAgainAtom, repeatOrderAtom, replaceReturnedLayoutAtom, useCityName, useOrder, useShowFailure } from "../../shared/state/index";
import { ErrorNote, LoadError } from "../../shared/ui/index";
import { AccountGate } from "./ClientOrders";
import { canPayAgain, DESIGN_STATUS_LABELS, hasAct, checkSummary, ORDER_PAYMENT_TYPE_LABELS, ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from "./order-labels";

export interface ClientOrderProps {
  orderId: number;
  /** Where the list of orders is («Все заказы»); no link without it… */
  ordersHref?: string | undefined;
  /** …or «Все заказы» as a button that goes back in place (an element showing the list). */
  onBack?: (() => void) | undefined;
  catalogHref: string;
  /** Where the cart is: the link after «Повторить». */
  cartHref: string;
  /** Sends the shopper to the payment page; `window.location.assign` unless given. */
  onPay?: ((order: Order, url: string) => void) | undefined;
  /** The order's lines are in the cart now. */
  onRepeated?: ((order: Order, cart: Cart) => void) | undefined;
  /** A click on a link to the shop's files (invoice, act): an element on a partner's page hands the session over. */
  onShopLink?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  signIn?: ReactNode;
  /** More under a line's design order (the account area: its messages with the designer). */
  renderDesign?: ((design: OrderLineDesign) => ReactNode) | undefined;
}

type Notice = { kind: "positive" | "negative"; text: string; cartLink?: boolean } | null;


/**
 * One order of the account: its state and payment with «Оплатить», «Скачать счёт», the act and
 * «Повторить»; the lines with their layouts, approvals and design orders; the deliveries; the totals.
 */
export function ClientOrder(props: ClientOrderProps) {
  return (
    <section className="ottisk-root ottisk-orders ottisk-order" part="order">
      <AccountGate signIn={props.signIn}>{() => <OrderView {...props} />}</AccountGate>
    </section>
  );
}

function NotFound({ ordersHref, catalogHref }: { ordersHref?: string | undefined; catalogHref: string }) {
  return (
    <div className="ottisk-message" part="not-found">
      <h2 className="ottisk-order__title">Заказ не найден</h2>
      <p>Такого заказа нет среди заказов этого аккаунта. Проверьте, от имени какого аккаунта вы заказывали, или откройте список заказов.</p>
      <p className="ottisk-order__actions">
        {ordersHref ? (
          <a className="ottisk-button" href={ordersHref}>
            Все заказы
          </a>
        ) : null}
        <a className="ottisk-button ottisk-button--quiet" href={catalogHref}>
          Перейти в каталог
        </a>
      </p>
    </div>
  );
}

function OrderView({ orderId, ordersHref, onBack, catalogHref, cartHref, onPay, onRepeated, onShopLink, renderDesign }: ClientOrderProps) {
  const { order, reload } = useOrder(orderId);
  const orderFileUrl = useAtomValue(orderFileUrlAtom);
  const payAgain = useSetAtom(payOrderAgainAtom);
  const repeat = useSetAtom(repeatOrderAtom);
  const showFailure = useShowFailure();
  const [busy, setBusy] = useState<"pay" | "repeat" | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  if (order.status === "loading") {
    return (
      <p className="ottisk-message" role="status" aria-live="polite">
        Загружаем заказ…
      </p>
    );
  }
  if (order.status === "error") {
    if (order.httpStatus === 404 || order.httpStatus === 403) return <NotFound ordersHref={ordersHref} catalogHref={catalogHref} />;
    return <LoadError messageUI={order.messageUI} onRetry={reload} part="error" />;
  }
  const data = order.data;
  const payment = data.payment;
  const invoiceUrl = payment.type === "Invoice" ? (payment.invoiceUrl ?? orderFileUrl(data.id, "invoice")) : null;

  const pay = async () => {
    setBusy("pay");
    setNotice(null);
    try {
      const answer = await payAgain(data.id);
      const url = answer.payment.type === "Yookassa" ? answer.payment.confirmationUrl : null;
      if (!url) {
        setNotice({ kind: "negative", text: "Платёжный сервис не дал ссылку на оплату. Попробуйте через минуту." });
        return;
      }
      if (onPay) onPay(answer, url);
      else window.location.assign(url);
    } catch (error) {
      showFailure(error, (text, failure) => {
        setNotice({ kind: "negative", text });
        if (failure.status === 409) reload();
      });
    } finally {
      setBusy(null);
    }
  };

  const repeatOrder = async () => {
    setBusy("repeat");
    setNotice(null);
    try {
      const cart = await repeat(data.id);
      setNotice({ kind: "positive", text: `Товары заказа № ${data.number} добавлены в корзину.`, cartLink: true });
      onRepeated?.(data, cart);
    } catch (error) {
      showFailure(error, (text) => setNotice({ kind: "negative", text }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <div className="ottisk-order__head">
        <h2 className="ottisk-order__title" part="title">
          Заказ № {data.number} от {formatDateShort(data.createdAt)}
        </h2>
        {ordersHref ? (
          <a className="ottisk-order__back" href={ordersHref}>
            Все заказы
          </a>
        ) : onBack ? (
          <button type="button" className="ottisk-button ottisk-button--quiet ottisk-order__back" onClick={onBack}>
            Все заказы
          </button>
        ) : null}
      </div>
      <dl className="ottisk-order__facts" part="facts">
        <div>
          <dt>Статус</dt>
          <dd>
            <span className={`ottisk-orders__status ottisk-orders__status--${data.status}`}>{ORDER_STATUS_LABELS[data.status]}</span>
          </dd>
        </div>
        <div>
          <dt>Оплата</dt>
          <dd>
            {ORDER_PAYMENT_TYPE_LABELS[data.paymentType]}: {PAYMENT_STATUS_LABELS[data.paymentStatus].toLowerCase()}
            {data.paidAt ? ` ${formatDateShort(data.paidAt)}` : ""}
          </dd>
        </div>
        <div>
          <dt>Сумма</dt>
          <dd>{formatRoubles(data.total)}</dd>
        </div>
        {data.readyDate ? (
          <div>
            <dt>Будет готово</dt>
            <dd data-testid="order-ready">{formatDayMonth(data.readyDate)}</dd>
          </div>
        ) : null}
      </dl>
      <div className="ottisk-order__actions" part="actions">
        {canPayAgain(data) ? (
          <button type="button" className="ottisk-button" part="pay" disabled={busy !== null} aria-busy={busy === "pay"} onClick={() => void pay()}>
            {busy === "pay" ? "Переходим к оплате…" : `Оплатить ${formatRoubles(data.total)}`}
          </button>
        ) : null}
        {invoiceUrl ? (
          <a className="ottisk-button ottisk-button--quiet" part="invoice" href={invoiceUrl} download onClick={onShopLink}>
            Скачать счёт
          </a>
        ) : null}
        {hasAct(data) ? (
          <a className="ottisk-button ottisk-button--quiet" part="act" href={orderFileUrl(data.id, "act")} download onClick={onShopLink}>
            Скачать акт
          </a>
        ) : null}
        {hasAct(data) && data.companyId !== null ? (
          <a className="ottisk-button ottisk-button--quiet" part="upd" href={orderFileUrl(data.id, "upd")} download onClick={onShopLink}>
            Скачать УПД
          </a>
        ) : null}
        {data.paymentType === "Yookassa" && data.paymentStatus === "paid" ? (
          <a className="ottisk-button ottisk-button--quiet" part="receipt" href={orderFileUrl(data.id, "receipt")} target="_blank" rel="noopener">
            Кассовый чек
          </a>
        ) : null}
        <button type="button" className="ottisk-button ottisk-button--quiet" part="repeat" disabled={busy !== null} aria-busy={busy === "repeat"} onClick={() => void repeatOrder()}>
          {busy === "repeat" ? "Добавляем в корзину…" : "Повторить заказ"}
        </button>
      </div>
      {data.refunds.map((refund) => (
        <p key={refund.id} className="ottisk-order__refund" part="refund">
          {refund.status === "canceled"
            ? `Возврат ${formatRoubles(refund.amount)} не прошёл: менеджер свяжется с вами.`
            : `Возврат ${formatRoubles(refund.amount)} ${refund.status === "succeeded" ? "оформлен" : "оформляется"} ${formatDateLong(refund.createdAt)}.`}{" "}
          Деньги вернутся на карту, которой был оплачен заказ.
        </p>
      ))}
      {notice ? (
        <div
          ref={noticeRef}
          tabIndex={-1}
          className={notice.kind === "negative" ? "ottisk-message ottisk-message--error" : "ottisk-message"}
          role={notice.kind === "negative" ? "alert" : "status"}
          part={`notice notice-${notice.kind}`}
        >
          <p>{notice.text}</p>
          {notice.cartLink ? (
            <a className="ottisk-button" href={cartHref} onClick={onShopLink}>
              Перейти в корзину
            </a>
          ) : null}
        </div>
      ) : null}

      <h3 className="ottisk-order__section">Позиции</h3>
      <ul className="ottisk-order__lines" part="lines">
        {data.lines.map((line) => (
          <OrderLineView key={line.id} orderId={data.id} line={line} renderDesign={renderDesign} />
        ))}
      </ul>

      {data.deliveries.length > 0 ? (
        <>
          <h3 className="ottisk-order__section">Доставка</h3>
          <ul className="ottisk-order__deliveries" part="deliveries">
            {data.deliveries.map((item) => (
              <DeliveryView key={item.id} delivery={item} />
            ))}
          </ul>
        </>
      ) : null}
      {data.tracking ? (
        <p className="ottisk-order__tracking" part="tracking">
          {data.tracking.carrierLabel}, трек-номер {data.tracking.number}:{" "}
          <a href={data.tracking.url} target="_blank" rel="noopener noreferrer">
            отследить посылку
          </a>
        </p>
      ) : null}

      <h3 className="ottisk-order__section">История заказа</h3>
      <ol className="ottisk-order__timeline" part="timeline">
        {data.timeline.map((entry, index) => (
          <li key={`${entry.status}-${index}`} part="timeline-entry">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            <span>{entry.statusLabel}</span>
          </li>
        ))}
      </ol>

      <h3 className="ottisk-order__section">Итого</h3>
      <dl className="ottisk-order__totals" part="totals">
        <div>
          <dt>Товары</dt>
          <dd>{formatRoubles(data.itemsSum)}</dd>
        </div>
        {data.discount > 0 ? (
          <div>
            <dt>Скидка{data.promocode ? ` по промокоду ${data.promocode}` : ""}</dt>
            <dd>−{formatRoubles(data.discount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Доставка</dt>
          <dd>{formatRoubles(data.deliverySum)}</dd>
        </div>
        <div className="ottisk-order__total">
          <dt>Итого</dt>
          <dd>{formatRoubles(data.total)}</dd>
        </div>
        <div>
          <dt>В том числе НДС {VAT_PERCENT} %</dt>
          <dd>{formatRoubles(data.vat)}</dd>
        </div>
      </dl>
      {data.comment ? (
        <p className="ottisk-order__comment">
          <strong>Комментарий:</strong> {data.comment}
        </p>
      ) : null}
    </>
  );
}

function OrderLineView({
  orderId,
  line,
  renderDesign,
}: {
  orderId: number;
  line: OrderLine;
  renderDesign?: ((design: OrderLineDesign) => ReactNode) | undefined;
}) {
  return (
    <li className="ottisk-order__line" part="line">
      <h4 className="ottisk-order__line-name">{line.productName}</h4>
      {line.optionLabels.length > 0 ? <p className="ottisk-order__muted">{line.optionLabels.join(", ")}</p> : null}
      <p>
        {line.quantity} шт. × {formatRoubles(line.unitPrice)} = <strong>{formatRoubles(line.price)}</strong>
        {line.isUrgent ? ", срочно" : ""}; изготовление — {formatWorkingDays(line.productionTimeDay)}
      </p>
      {line.layouts.length > 0 ? (
        <ul className="ottisk-order__layouts" aria-label={`Макеты: ${line.productName}`}>
          {line.layouts.map((layout) => (
            <li key={layout.id} part="layout">
              <span className="ottisk-order__detail">{layout.detailName}</span>: {layout.fileName}. {checkSummary(layout)}.{" "}
              {layout.approvedAt ? `Утверждён к печати ${formatDateShort(layout.approvedAt)}.` : "Не утверждён."}
              {layout.prepress?.decision === "returned" ? (
                <>
                  <span className="ottisk-order__prepress" role="note">
                    {" "}
                    Допечатная подготовка вернула макет: «{layout.prepress.note}». Нужен исправленный файл: загрузите его заново или напишите менеджеру.
                  </span>
                  <ReturnedLayoutUpload orderId={orderId} lineId={line.id} layout={layout} />
                </>
              ) : layout.prepress?.note ? (
                <span className="ottisk-order__prepress"> Примечание допечатной подготовки: «{layout.prepress.note}».</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="ottisk-order__muted">Макетов нет.</p>
      )}
      {line.designOrders.length > 0 ? (
        <ul className="ottisk-order__designs" aria-label={`Заказы дизайна: ${line.productName}`}>
          {line.designOrders.map((design) => (
            <li key={design.designId} part="design">
              Дизайн «{design.detailName}»: {DESIGN_STATUS_LABELS[design.status].toLowerCase()}
              {design.comment ? ` — ${design.comment}` : ""}
              {renderDesign?.(design)}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * A new file for a layout the prepress operator returned: a PDF chosen and sent as the detail's new
 * layout; its check starts and the order is asked again, so the operator's message goes away.
 */
function ReturnedLayoutUpload({ orderId, lineId, layout }: { orderId: number; lineId: number; layout: Layout }) {
  const replace = useSetAtom(replaceReturnedLayoutAtom);
  const showFailure = useShowFailure();
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!file) {
      setError("Выберите файл макета в формате PDF");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await replace({ orderId, orderProductId: lineId, detailName: layout.detailName, file, fileName: file.name });
    } catch (failure) {
      showFailure(failure, (text) => setError(text));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="ottisk-order__reupload"
      part="reupload"
      aria-label={`Новый макет: ${layout.detailName}`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={`${ids}-file`}>Новый файл макета «{layout.detailName}» (PDF)</label>
      <input
        id={`${ids}-file`}
        type="file"
        accept="application/pdf,.pdf"
        disabled={busy}
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          setError(null);
        }}
      />
      <button type="submit" className="ottisk-button" disabled={busy} aria-busy={busy}>
        {busy ? "Загружаем макет…" : "Загрузить новый макет"}
      </button>
      <ErrorNote message={error} className="ottisk-order__reupload-error" />
    </form>
  );
}

function DeliveryView({ delivery }: { delivery: OrderDelivery }) {
  const city = useCityName(delivery.cityKladrId);
  const methodLabels: Readonly<Record<string, string>> = DELIVERY_METHOD_LABELS;
  const typeLabels: Readonly<Record<string, string>> = DELIVERY_TYPE_LABELS;
  const method = methodLabels[delivery.deliveryMethod] ?? delivery.deliveryMethod;
  const type = typeLabels[delivery.deliveryType];
  const place = delivery.pickupPointCode && !delivery.address ? `пункт выдачи ${delivery.pickupPointCode}` : delivery.address;
  const where = [city, place].filter((part) => part).join(", ");
  // The card is a grid (method above, details under it): every piece sits in its own element, no loose «:» starts a row.
  return (
    <li className="ottisk-order__delivery" part="delivery">
      <strong>
        {method}
        {type && delivery.deliveryType !== "SelfPickup" ? `, ${type}` : ""}
      </strong>
      <span>
        {where ? `${where}. ` : ""}
        {delivery.deliveryDate ? `Дата доставки — ${formatDateShort(delivery.deliveryDate)}. ` : ""}
        Стоимость — {formatRoubles(delivery.price)}.
      </span>
    </li>
  );
}
