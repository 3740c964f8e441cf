import type { ReactNode } from "react";
import type { Cart } from "../../shared/contracts/index";
import { formatDayMonth, formatRoubles } from "../../shared/domain/index";

export interface CartSummaryProps {
  cart: Cart;
  signedIn: boolean;
  placing: boolean;
  /** A change of the cart is on its way: the order waits for the cart the shopper sees. */
  saving: boolean;
  /** The last checkout failure, kept until the next attempt. */
  checkoutError: string | null;
  onCheckout: () => void;
  /** The sign-in control: its button for a visitor, its alert after signing in. */
  signIn: ReactNode;
}

/** Totals, what still keeps the cart from being ordered, and «Оформить заказ». */
export function CartSummary({ cart, signedIn, placing, saving, checkoutError, onCheckout, signIn }: CartSummaryProps) {
  const { totals } = cart;
  // A visitor is told to sign in by the block below; the other problems are listed.
  const problems = cart.problems.filter((problem) => problem.code !== "SIGN_IN_REQUIRED");
  // A type the profile may not use (an invoice saved on the personal cart) counts as none chosen.
  const needsPaymentType = cart.paymentType === null || !cart.paymentTypes.includes(cart.paymentType);
  const canOrder = signedIn && cart.readyToOrder && !needsPaymentType && !placing && !saving;
  return (
    <section className="ottisk-cart__section ottisk-cart__summary" part="summary" aria-labelledby="ottisk-cart-summary-title">
      <h3 id="ottisk-cart-summary-title" className="ottisk-cart__heading">
        Итого
      </h3>
      <dl className="ottisk-cart__totals">
        <div>
          <dt>Товары ({totals.inOrderCount})</dt>
          <dd data-testid="total-items">{formatRoubles(totals.items)}</dd>
        </div>
        {totals.readyDate ? (
          <div>
            <dt>Будет готово</dt>
            <dd data-testid="total-ready">{formatDayMonth(totals.readyDate)}</dd>
          </div>
        ) : null}
        {totals.discount > 0 ? (
          <div>
            <dt>Скидка по промокоду</dt>
            <dd data-testid="total-discount">−{formatRoubles(totals.discount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Доставка</dt>
          <dd data-testid="total-delivery">{formatRoubles(totals.delivery)}</dd>
        </div>
        <div className="ottisk-cart__grand-total">
          <dt>К оплате</dt>
          <dd data-testid="total">{formatRoubles(totals.total)}</dd>
        </div>
        <div className="ottisk-cart__vat">
          <dt>В том числе НДС {totals.vatPercent} %</dt>
          <dd>{formatRoubles(totals.vat)}</dd>
        </div>
      </dl>
      {problems.length > 0 ? (
        <ul className="ottisk-cart__problems" aria-label="Что осталось сделать" data-testid="problems">
          {/* Two lines of one product give the same message: the position keeps the keys apart. */}
          {problems.map((problem, index) => (
            <li key={`${index}:${problem.code}`}>{problem.messageUI}</li>
          ))}
        </ul>
      ) : null}
      {signedIn ? (
        <>
          {cart.readyToOrder && needsPaymentType ? <p className="ottisk-cart__muted">Выберите способ оплаты.</p> : null}
          {checkoutError ? (
            <p className="ottisk-cart__error" role="alert" data-testid="checkout-error">
              {checkoutError}
            </p>
          ) : null}
          <button type="button" className="ottisk-button ottisk-cart__checkout" part="checkout" disabled={!canOrder} onClick={onCheckout}>
            {placing ? "Оформляем…" : "Оформить заказ"}
          </button>
        </>
      ) : (
        <p className="ottisk-cart__sign-in" data-testid="sign-in">
          Войдите, чтобы оформить заказ
        </p>
      )}
      {/* Kept mounted after the sign-in: it shows the positive alert (spec §4) and nothing else then. */}
      {signIn}
    </section>
  );
}
