import { useAtomValue, useSetAtom, useStore } from "jotai/react";
import { useEffect, useRef, useState } from "react";
import type { MouseEvent, ReactNode } from "react";
import type { CartLine, Order } from "../../shared/contracts/index";
import { DEFAULT_CITY_KLADR_ID, formatRoubles } from "../../shared/domain/index";
import {
  apiAtom,
  cartSavingAtom,
  cartStateAtom,
  cartTargetAtom,
  changeCartAtom,
  loadCartAtom,
  placeOrderAtom,
  signedInAtom,
  useAccount,
  useCart,
  useShowFailure,
} from "../../shared/state/index";
import { Alert, ClientModePicker, LoadError } from "../../shared/ui/index";
import { paymentDestination, useShopLink } from "../handoff";
import type { AlertMessage } from "../../shared/ui/index";
import { CartAccount } from "./CartAccount";
import { CartCompany } from "./CartCompany";
import { CartDeliveries } from "./CartDelivery";
import { CartLines } from "./CartLines";
import { CartPayment, PAYMENT_TYPE_LABELS } from "./CartPayment";
import { CartPromocode } from "./CartPromocode";
import { CartSummary } from "./CartSummary";

export interface CartProps {
  /** Where the catalogue is (the empty cart links there). */
  catalogHref: string;
  /** A line's product page. */
  productHref: (line: CartLine) => string;
  /** The layout designer of a line (its «Создать онлайн»); absent: no link. */
  designerHref?: ((line: CartLine) => string) | undefined;
  /** Where an order paid by invoice or from the balance is shown after placing. */
  successHref: (order: Order) => string;
  /**
   * Called once an order is placed, with where the shopper goes next (the payment page for
   * Yookassa). Return false to stay: the cart then shows the order instead of leaving.
   */
  onPlaced?: ((order: Order, href: string | null) => boolean) | undefined;
  onCompanyChange?: ((companyId: number | null) => void) | undefined;
  /** The sign-in control shown to visitors. */
  signIn?: ReactNode;
}

/**
 * The cart screen (the spec shows no layout for it): lines, promocode, deliveries, payment, totals
 * and checkout, over the page store's cart (spec §4 states: loading, error, empty).
 */
export function Cart({ catalogHref, productHref, designerHref, successHref, onPlaced, onCompanyChange, signIn }: CartProps) {
  const account = useAccount();
  const { cart, loading, error } = useCart();
  const signedIn = useAtomValue(signedInAtom);
  const target = useAtomValue(cartTargetAtom);
  const saving = useAtomValue(cartSavingAtom);
  const reload = useSetAtom(loadCartAtom);
  const placeOrder = useSetAtom(placeOrderAtom);
  const showFailure = useShowFailure();
  const store = useStore();
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const [placed, setPlaced] = useState<Order | null>(null);
  const [placing, setPlacing] = useState(false);
  const [checkoutError, setCheckoutError] = useState<string | null>(null);
  /** One key per checkout attempt: a retry after a failure sends the same one, so it never orders twice. */
  const idempotencyKey = useRef<string | null>(null);
  const placingNow = useRef(false);

  const companyId = target.companyId ?? null;
  const profile = account.profile;
  const showError = (text: string) => setAlert({ kind: "negative", text });

  const checkout = async () => {
    // The store's cart, not this render's: a payment type saved a moment ago may not be rendered yet.
    // A change still on its way (a payment type chosen a moment ago) keeps the button disabled.
    const paymentType = store.get(cartStateAtom).cart?.paymentType;
    if (placingNow.current || store.get(cartSavingAtom) || !paymentType) return;
    placingNow.current = true;
    setPlacing(true);
    setCheckoutError(null);
    idempotencyKey.current ??= crypto.randomUUID();
    try {
      const order = await placeOrder({ paymentType, idempotencyKey: idempotencyKey.current });
      idempotencyKey.current = null;
      const href = order.payment.type === "Yookassa" ? order.payment.confirmationUrl : successHref(order);
      const proceed = onPlaced ? onPlaced(order, href) : true;
      setPlaced(order);
      if (proceed && order.payment.type === "Yookassa" && href) window.location.assign(await paymentDestination(store.get(apiAtom), href, successHref(order)));
    } catch (failure) {
      showFailure(failure, setCheckoutError);
    } finally {
      placingNow.current = false;
      setPlacing(false);
    }
  };

  let body: ReactNode;
  if (placed) {
    body = <OrderPlaced order={placed} successHref={successHref(placed)} onBack={() => setPlaced(null)} onError={showError} />;
  } else if (!cart && profile?.typeUser === "employee" && !profile.impersonalization) {
    // An employee has no cart of their own: find the client to work for (the cart then loads theirs).
    body = (
      <ClientModePicker
        intro={<p className="ottisk-client-picker__intro">Корзина — у клиента. Найдите клиента и войдите в режим клиента, чтобы оформить заказ от его имени.</p>}
      />
    );
  } else if (!cart && error) {
    body = (
      <LoadError messageUI={error} onRetry={() => void reload()} />
    );
  } else if (!cart) {
    body = <CartSkeleton />;
  } else if (cart.orderProduct.length === 0) {
    body = (
      <div className="ottisk-message ottisk-cart__empty" part="empty">
        <p>Корзина пуста</p>
        <a className="ottisk-button" href={catalogHref}>
          Перейти в каталог
        </a>
      </div>
    );
  } else {
    body = (
      <>
        {error ? (
          <LoadError messageUI={error} onRetry={() => void reload()} />
        ) : null}
        <div className="ottisk-cart__layout">
          <div className="ottisk-cart__main">
            <CartLines cart={cart} productHref={productHref} designerHref={designerHref} onError={showError} />
            <CartPromocode cart={cart} />
            <CartDeliveries
              cart={cart}
              signedIn={signedIn}
              companyId={companyId}
              defaultCityKladrId={profile?.selectedCityId ?? DEFAULT_CITY_KLADR_ID}
            />
            {signedIn ? <CartPayment cart={cart} signedIn={signedIn} companyId={companyId} /> : null}
          </div>
          <CartSummary
            cart={cart}
            signedIn={signedIn}
            placing={placing}
            saving={saving}
            checkoutError={checkoutError}
            onCheckout={() => void checkout()}
            signIn={signIn}
          />
        </div>
      </>
    );
  }

  return (
    <section className="ottisk-root ottisk-cart ottisk-inputs" part="cart" aria-labelledby="ottisk-cart-title" aria-busy={loading}>
      <div className="ottisk-cart__header">
        <h2 id="ottisk-cart-title" className="ottisk-cart__title">
          Корзина
        </h2>
        {signedIn && profile && profile.typeUser === "client" && profile.companies.length > 0 && !placed ? (
          <CartCompany profile={profile} companyId={companyId} onChange={(next) => onCompanyChange?.(next)} />
        ) : null}
      </div>
      {signedIn && cart && cart.clientId !== null && !placed ? <CartAccount cart={cart} clientMode={profile?.typeUser === "employee"} /> : null}
      {body}
      <Alert alert={alert} onClose={() => setAlert(null)} />
    </section>
  );
}

function CartSkeleton() {
  return (
    <div className="ottisk-cart__skeleton" data-testid="cart-skeleton">
      <p className="ottisk-visually-hidden" role="status">
        Загружаем корзину…
      </p>
      {[0, 1, 2].map((index) => (
        <div key={index} className="ottisk-cart__skeleton-line" aria-hidden="true" />
      ))}
    </div>
  );
}

interface OrderPlacedProps {
  order: Order;
  successHref: string;
  onBack: () => void;
  onError: (messageUI: string) => void;
}

/** The placed order: number, sum, the invoice or the payment link, and «Повторить» for each line. */
function OrderPlaced({ order, successHref, onBack, onError }: OrderPlacedProps) {
  const changeCart = useSetAtom(changeCartAtom);
  const showFailure = useShowFailure();
  const heading = useRef<HTMLHeadingElement>(null);
  const [repeated, setRepeated] = useState<number[]>([]);
  useEffect(() => heading.current?.focus(), []);
  const payment = order.payment;
  // The invoice and the order's page are on the shop's site: from a partner's page they open through
  // a hand-off link, so the shop knows the shopper there.
  const shopLink = useShopLink();
  const store = useStore();
  const openPayment = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const href = event.currentTarget.href;
    void paymentDestination(store.get(apiAtom), href, successHref).then((destination) => window.location.assign(destination));
  };
  return (
    <div className="ottisk-cart__placed" part="success" data-testid="order-placed">
      <h3 ref={heading} tabIndex={-1} className="ottisk-cart__heading">
        Заказ № {order.number} оформлен
      </h3>
      <p>
        Сумма {formatRoubles(order.total)}, оплата: {PAYMENT_TYPE_LABELS[order.paymentType].toLowerCase()}.
      </p>
      {payment.type === "Invoice" ? (
        payment.invoiceUrl ? (
          <p>
            <a className="ottisk-button" href={payment.invoiceUrl} download onClick={shopLink}>
              Скачать счёт
            </a>
          </p>
        ) : (
          <p>Счёт готовится: он появится на странице заказа.</p>
        )
      ) : null}
      {payment.type === "InternalBalance" ? <p>Оплачено с баланса. Осталось {formatRoubles(payment.balance)}.</p> : null}
      {payment.type === "Yookassa" ? (
        payment.confirmationUrl ? (
          <p>
            <a className="ottisk-button" href={payment.confirmationUrl} onClick={openPayment}>
              Перейти к оплате
            </a>
          </p>
        ) : (
          <p>Платёжный сервис не ответил. Заказ сохранён — оплатить его можно со страницы заказа.</p>
        )
      ) : null}
      <ul className="ottisk-cart__placed-lines" aria-label="Состав заказа">
        {order.lines.map((line) => (
          <li key={line.id}>
            <span>
              {line.productName}, {line.quantity} шт. — {formatRoubles(line.price)}
            </span>
            <button
              type="button"
              className="ottisk-cart__link-button"
              disabled={repeated.includes(line.id)}
              aria-label={`Повторить «${line.productName}»`}
              onClick={() => {
                changeCart((api, target) => api.repeatCartProduct(line.id, target))
                  .then(() => setRepeated((ids) => [...ids, line.id]))
                  .catch((failure: unknown) => showFailure(failure, onError));
              }}
            >
              {repeated.includes(line.id) ? "Добавлено в корзину" : "Повторить"}
            </button>
          </li>
        ))}
      </ul>
      <div className="ottisk-cart__inline-row">
        <a className="ottisk-button ottisk-button--quiet" href={successHref} onClick={shopLink}>
          Подробнее о заказе
        </a>
        <button type="button" className="ottisk-cart__link-button" onClick={onBack}>
          Вернуться в корзину
        </button>
      </div>
    </div>
  );
}
