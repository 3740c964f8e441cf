import { useSetAtom } from "jotai/react";
import { useState } from "react";
import type { ReactNode } from "react";
import type { Order, PaymentType } from "../../shared/contracts/index";
import { formatRoubles } from "../../shared/domain/index";
import { payOrderAgainAtom, useOrder, useShowFailure } from "../../shared/state/index";
import { ErrorNote, LoadError, LoginButton } from "../../shared/ui/index";
import { canPayAgain } from "./order-labels";

/*
 * The placed order as the host site's success page shows it (spec §2 /success-payment): its number,
 * sum and payment, what happens next, and «Оплатить» again for a card payment that did not go
 * through. Someone else's order gets a polite page with the sign-in. It is drawn in the host
 * site's page and so uses the page's content classes (content-block, content-facts, screen-actions);
 * the page draws the heading.
 */

export interface PlacedOrderProps {
  orderId: number;
  /** The page's heading: its title and lead. */
  renderHeading: (title: string, lead?: string) => ReactNode;
  /** How the payment types are named: the words the shopper has just chosen from (the cart's). */
  paymentTypeLabels: Readonly<Record<PaymentType, string>>;
  /** «Перейти в каталог», «Продолжить покупки». */
  catalogHref: string;
  /** «Подробнее о заказе»: the order's page in the account area. */
  orderHref: (orderId: number) => string;
  /** The account area, for the sign-in offered on someone else's order. */
  adminUrl: string;
}

/** What happens to an order after it is placed, by how it is paid. */
function paymentLine(order: Order): string {
  const payment = order.payment;
  if (order.paymentStatus === "paid") return `Заказ оплачен: ${formatRoubles(order.total)}.`;
  if (order.status === "cancelled") return "Заказ отменён. Если это ошибка, свяжитесь с нами.";
  if (order.paymentStatus === "cancelled") {
    return order.paymentType === "Yookassa"
      ? `Оплата картой отменена, заказ сохранён и ждёт оплаты (${formatRoubles(order.total)}): нажмите «Оплатить», чтобы попробовать снова.`
      : "Оплата отменена. Свяжитесь с нами, если заказ ещё нужен.";
  }
  switch (payment.type) {
    case "Invoice":
      return `Сумма к оплате по счёту — ${formatRoubles(order.total)}. Заказ уйдёт в работу, как только оплата поступит на наш счёт.`;
    case "Yookassa":
      return payment.status === "succeeded" || payment.status === "waiting_for_capture"
        ? `Оплата картой прошла: ${formatRoubles(order.total)}.`
        : `Ожидаем оплату картой (${formatRoubles(order.total)}). Если вы уже оплатили, подтверждение придёт через минуту — обновите страницу; если страница оплаты закрылась, нажмите «Оплатить».`;
    case "InternalBalance":
      return `Оплачено с баланса: ${formatRoubles(order.total)}. Осталось на балансе ${formatRoubles(payment.balance)}.`;
  }
}

export function PlacedOrder({ orderId, paymentTypeLabels, renderHeading, catalogHref, orderHref, adminUrl }: PlacedOrderProps) {
  const { order, reload } = useOrder(orderId);
  const payAgain = useSetAtom(payOrderAgainAtom);
  const showFailure = useShowFailure();
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  if (order.status === "loading") {
    return (
      <>
        {renderHeading("Заказ оформлен")}
        <p className="ottisk-message" role="status">
          Загружаем заказ…
        </p>
      </>
    );
  }
  if (order.status === "error") {
    const foreign = order.httpStatus === 401 || order.httpStatus === 403 || order.httpStatus === 404;
    return foreign ? (
      <>
        {renderHeading(
          "Заказ недоступен",
          "Этот заказ может посмотреть только тот, кто его оформил. Войдите в аккаунт, с которого оформляли заказ, — или перейдите в каталог.",
        )}
        <div className="screen-actions">
          <LoginButton label="Войти в аккаунт" adminUrl={adminUrl} onLogin={reload} />
          <a className="ottisk-button ottisk-button--quiet" href={catalogHref}>
            Перейти в каталог
          </a>
        </div>
      </>
    ) : (
      <>
        {renderHeading("Заказ оформлен")}
        <LoadError messageUI={order.messageUI} onRetry={reload} />
      </>
    );
  }
  const data = order.data;
  const paid = data.paymentStatus === "paid";
  const pay = async () => {
    setPaying(true);
    setPayError(null);
    try {
      const answer = await payAgain(data.id);
      const url = answer.payment.type === "Yookassa" ? answer.payment.confirmationUrl : null;
      if (url) window.location.assign(url);
      else setPayError("Платёжный сервис не дал ссылку на оплату. Попробуйте через минуту.");
    } catch (error) {
      showFailure(error, setPayError);
      reload();
    } finally {
      setPaying(false);
    }
  };
  // Honest about an unpaid order: thanks for a paid one, «ожидаем оплату» for the rest.
  return (
    <>
      {renderHeading(
        paid ? "Спасибо за заказ!" : "Заказ оформлен",
        paid || data.status === "cancelled" ? `Заказ № ${data.number} оформлен.` : `Заказ № ${data.number} оформлен. Ожидаем оплату.`,
      )}
      <section className="content-block content-text" aria-label="Что дальше">
        <dl className="content-facts">
          <div>
            <dt>Номер заказа</dt>
            <dd>{data.number}</dd>
          </div>
          <div>
            <dt>Сумма</dt>
            <dd>{formatRoubles(data.total)}</dd>
          </div>
          <div>
            <dt>Оплата</dt>
            <dd>{paymentTypeLabels[data.paymentType]}</dd>
          </div>
        </dl>
        <p>{paymentLine(data)}</p>
        <h2>Что дальше</h2>
        <ol>
          <li>Мы проверим макеты и, если что-то нужно поправить, свяжемся с вами.</li>
          <li>После оплаты заказ уходит в печать; срок изготовления считается с этого дня.</li>
          <li>Когда заказ будет готов, мы сообщим и передадим его в доставку или пригласим за ним.</li>
        </ol>
        <ErrorNote className="ottisk-message ottisk-message--error" message={payError} />
        <p className="screen-actions">
          {canPayAgain(data) ? (
            <button type="button" className="ottisk-button" disabled={paying} aria-busy={paying} onClick={() => void pay()}>
              {paying ? "Переходим к оплате…" : `Оплатить ${formatRoubles(data.total)}`}
            </button>
          ) : null}
          {data.payment.type === "Invoice" && data.payment.invoiceUrl ? (
            <a className="ottisk-button" href={data.payment.invoiceUrl} download>
              Скачать счёт
            </a>
          ) : null}
          <a className="ottisk-button ottisk-button--quiet" href={orderHref(data.id)}>
            Подробнее о заказе
          </a>
          <a className="ottisk-button ottisk-button--quiet" href={catalogHref}>
            Продолжить покупки
          </a>
        </p>
      </section>
    </>
  );
}
