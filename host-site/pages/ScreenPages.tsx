import type { Order } from "../../shared/contracts/index";
import { formatRoubles } from "../../shared/domain/index";
import { useOrder } from "../../shared/state/index";
import { Cart } from "../../widgets/cart/Cart";
import { PAYMENT_TYPE_LABELS } from "../../widgets/cart/CartPayment";
import { Favourites } from "../../widgets/favourites/Favourites";
import { LoginButton } from "../../widgets/login/Login";
import { SearchBox } from "../../widgets/search/SearchBox";
import { SearchResults } from "../../widgets/search/SearchResults";
import { catalogPath, pagePath, productPath, SCREEN_PATHS, successPath } from "../routes";
import { LoadError } from "../../shared/ui/index";

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
        signIn={<LoginButton />}
      />
    </>
  );
}

/** What happens to an order after it is placed, by how it is paid. */
function paymentLine(order: Order): string {
  const payment = order.payment;
  if (order.paymentStatus === "paid") return `Заказ оплачен: ${formatRoubles(order.total)}.`;
  if (order.paymentStatus === "cancelled") return "Оплата отменена. Оформите заказ ещё раз или свяжитесь с нами.";
  switch (payment.type) {
    case "Invoice":
      return `Сумма к оплате по счёту — ${formatRoubles(order.total)}. Заказ уйдёт в работу, как только оплата поступит на наш счёт.`;
    case "Yookassa":
      return payment.status === "succeeded" || payment.status === "waiting_for_capture"
        ? `Оплата картой прошла: ${formatRoubles(order.total)}.`
        : `Ждём подтверждения оплаты картой (${formatRoubles(order.total)}). Обычно это занимает минуту — обновите страницу чуть позже.`;
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
  if (order.status === "loading") {
    return (
      <>
        <ScreenHeading title="Спасибо за заказ!" />
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
          <LoginButton label="Войти в аккаунт" onLogin={reload} />
          <a className="ottisk-button ottisk-button--quiet" href={catalogPath()}>
            Перейти в каталог
          </a>
        </div>
      </>
    ) : (
      <>
        <ScreenHeading title="Спасибо за заказ!" />
        <LoadError messageUI={order.messageUI} onRetry={reload} />
      </>
    );
  }
  const data = order.data;
  return (
    <>
      <ScreenHeading title="Спасибо за заказ!" lead={`Заказ № ${data.number} оформлен.`} />
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
        <p className="screen-actions">
          {data.payment.type === "Invoice" && data.payment.invoiceUrl ? (
            <a className="ottisk-button" href={data.payment.invoiceUrl} download>
              Скачать счёт
            </a>
          ) : null}
          <a className="ottisk-button ottisk-button--quiet" href={catalogPath()}>
            Продолжить покупки
          </a>
        </p>
      </section>
    </>
  );
}
