import { useSetAtom } from "jotai/react";
import { useEffect, useId, useState } from "react";
import { CART_COMMENT_MAX_LENGTH } from "../../shared/contracts/cart";
import type { Cart, PaymentType } from "../../shared/contracts/index";
import { formatRoubles } from "../../shared/domain/index";
import { balances, trackCartChangeAtom, updateCartAtom, useKeyedResource, useShowFailure } from "../../shared/state/index";
import { isApiError } from "../../shared/http/index";
import { Textarea, useDraft } from "../../shared/ui/index";

export const PAYMENT_TYPE_LABELS: Readonly<Record<PaymentType, string>> = {
  Invoice: "Счёт для юрлица",
  Yookassa: "Онлайн картой (ЮKassa)",
  InternalBalance: "С баланса",
};

export interface CartPaymentProps {
  cart: Cart;
  signedIn: boolean;
  companyId: number | null;
}

/**
 * The payment type and the comment, saved with PATCH /client-cart (the cart's version, five
 * retries; a 409 reloads the cart and says another tab changed it). The balance is shown for
 * the internal balance. The choices are the cart's `paymentTypes`: the shop's (OTTISK_PAYMENTS)
 * that fit the profile — «Счёт для юрлица» for a company's cart only (the server's paymentTypesFor: place-order
 * refuses an invoice for the personal profile).
 */
export function CartPayment({ cart, signedIn, companyId }: CartPaymentProps) {
  const updateCart = useSetAtom(updateCartAtom);
  const trackCartChange = useSetAtom(trackCartChangeAtom);
  const showFailure = useShowFailure();
  // Another tab or a reload brought another comment: show the server's.
  const [comment, setComment] = useDraft(cart.comment);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const commentId = useId();
  const balance = useKeyedResource(balances, signedIn && cart.paymentType === "InternalBalance" ? { companyId, cartVersion: cart.version } : null).resource;

  // The shopper's click shows at once and holds until the server's cart carries it: a cart answer
  // that was on its way (a refresh after hydration) does not put the old choice back.
  const [chosen, setChosen] = useState<PaymentType | null>(null);
  const shownType = chosen ?? cart.paymentType;
  useEffect(() => {
    if (chosen !== null && !busy && cart.paymentType === chosen) setChosen(null);
  }, [chosen, busy, cart.paymentType]);

  const save = async (update: { paymentType?: PaymentType; comment?: string }) => {
    setBusy(true);
    setError(null);
    if (update.paymentType) setChosen(update.paymentType);
    try {
      await trackCartChange(async () => {
        try {
          await updateCart(update);
        } catch (failure) {
          // The cart moved on since this page loaded it (409; updateCartAtom has reloaded it): a payment
          // type is the shopper's latest word, so it is sent once more on the fresh version.
          if (!(update.paymentType && isApiError(failure) && failure.status === 409)) throw failure;
          await updateCart(update);
        }
      });
    } catch (failure) {
      setChosen(null);
      showFailure(failure, setError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="ottisk-cart__section" part="payment" aria-labelledby="ottisk-cart-payment-title" aria-busy={busy}>
      <h3 id="ottisk-cart-payment-title" className="ottisk-cart__heading">
        Оплата
      </h3>
      <fieldset className="ottisk-cart__fieldset">
        <legend>Способ оплаты</legend>
        <ul className="ottisk-cart__choices">
          {cart.paymentTypes.map((type) => (
            <li key={type}>
              <label className="ottisk-cart__choice">
                <input
                  type="radio"
                  name="paymentType"
                  value={type}
                  checked={shownType === type}
                  disabled={busy}
                  onChange={() => void save({ paymentType: type })}
                />
                <span className="ottisk-cart__choice-name">{PAYMENT_TYPE_LABELS[type]}</span>
                {type === "InternalBalance" && shownType === "InternalBalance" && balance?.status === "ready" ? (
                  <span className="ottisk-cart__choice-terms" data-testid="balance">
                    На балансе {formatRoubles(balance.data.balance)}
                  </span>
                ) : null}
              </label>
            </li>
          ))}
        </ul>
        {balance?.status === "error" ? (
          <p className="ottisk-cart__error" role="alert">
            {balance.messageUI}
          </p>
        ) : null}
      </fieldset>
      <div className="ottisk-cart__field">
        <label htmlFor={commentId}>Комментарий к заказу</label>
        <Textarea
          id={commentId}
          name="comment"
          maxLength={CART_COMMENT_MAX_LENGTH}
          value={comment}
          onChange={setComment}
          onBlur={() => {
            if (comment !== cart.comment) void save({ comment });
          }}
        />
      </div>
      {error ? (
        <p className="ottisk-cart__error" role="alert" data-testid="payment-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
