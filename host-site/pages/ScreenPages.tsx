import { useSetAtom } from "jotai/react";
import { useState } from "react";
import type { Order } from "../../shared/contracts/index";
import { ACCOUNT_BASE, catalogPath, clientOrderPath, formatRoubles, pagePath, productPath, SCREEN_PATHS, successPath } from "../../shared/domain/index";
import { payOrderAgainAtom, useOrder, useShowFailure } from "../../shared/state/index";
import { ErrorNote, LoadError, LoginButton, SearchBox } from "../../shared/ui/index";
import { Cart, PAYMENT_TYPE_LABELS } from "../../widgets/cart/index";
import { Favourites } from "../../widgets/favourites/index";
import { canPayAgain } from "../../widgets/orders/index";
import { SearchResults } from "../../widgets/search/index";

/*
 * The shop's own screens of spec §2 — search results, favourites, the cart and the payment
 * success page — built from the widgets' components, on the shop's origin where the session is
 * the shop's cookie.
 */

function ScreenHeading({ title, lead }: { title: string; lead?: string }) {
  return (
    <div className="page-heading">
      <h1>{title}</h1>
      {lead ? <p className="page-heading__lead">{lead}</p> : null}
    </div>
  );
}

/** /poisk?q=…: the search box and the results of the address's query. */
export function SearchPage({ query }: { query: string }) {
  return (
    <>
      <ScreenHeading title="Поиск по сайту" />
      <div className="screen-search">
        <SearchBox resultsUrl={SCREEN_PATHS.search} />
      </div>
      <SearchResults key={query} query={query} resultHref={(result) => pagePath(result.path)} />
    </>
  );
}

/** /izbrannoe: the visitor's favourite products (spec §2: titled «Избранное»). */
export function FavouritesPage() {
  return (
    <>
      <ScreenHeading title="Избранное" />
      <Favourites productHref={(card) => productPath(card.category.slug, card.id)} catalogHref={catalogPath()} />
    </>
  );
}

/** /cart: the cart and the checkout; an order paid by invoice or from the balance goes to /success-payment. */
export function CartPage() {
  return (
    <>
      <h1 className="ottisk-visually-hidden">Корзина</h1>
      <Cart
        catalogHref={catalogPath()}
        productHref={(line) => productPath(line.product.category.slug, line.product.id)}
        successHref={(order) => successPath(order.id)}
        signIn={<LoginButton adminUrl={ACCOUNT_BASE} />}
      />
    </>
  );
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

/** /success-payment?orderId=…: the order's number and what happens next; a polite page for anyone else. */
export function SuccessPage({ orderId }: { orderId: number | null }) {
  if (orderId === null) {
    return (
      <>
        <ScreenHeading title="Заказ не найден" lead="В адресе нет номера заказа. Откройте страницу по ссылке после оформления заказа." />
        <p>
          <a className="ottisk-button" href={catalogPath()}>
            Перейти в каталог
          </a>
        </p>
      </>
    );
  }
  return <SuccessOrder orderId={orderId} />;
}

function SuccessOrder({ orderId }: { orderId: number }) {
  const { order, reload } = useOrder(orderId);
  const payAgain = useSetAtom(payOrderAgainAtom);
  const showFailure = useShowFailure();
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  if (order.status === "loading") {
    return (
      <>
        <ScreenHeading title="Заказ оформлен" />
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
        <ScreenHeading
          title="Заказ недоступен"
          lead="Этот заказ может посмотреть только тот, кто его оформил. Войдите в аккаунт, с которого оформляли заказ, — или перейдите в каталог."
        />
        <div className="screen-actions">
          <LoginButton label="Войти в аккаунт" adminUrl={ACCOUNT_BASE} onLogin={reload} />
          <a className="ottisk-button ottisk-button--quiet" href={catalogPath()}>
            Перейти в каталог
          </a>
        </div>
      </>
    ) : (
      <>
        <ScreenHeading title="Заказ оформлен" />
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
      <ScreenHeading
        title={paid ? "Спасибо за заказ!" : "Заказ оформлен"}
        lead={paid || data.status === "cancelled" ? `Заказ № ${data.number} оформлен.` : `Заказ № ${data.number} оформлен. Ожидаем оплату.`}
      />
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
            <dd>{PAYMENT_TYPE_LABELS[data.paymentType]}</dd>
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
          <a className="ottisk-button ottisk-button--quiet" href={clientOrderPath(data.id)}>
            Подробнее о заказе
          </a>
          <a className="ottisk-button ottisk-button--quiet" href={catalogPath()}>
            Продолжить покупки
          </a>
        </p>
      </section>
    </>
  );
}
