import { useSetAtom } from "jotai/react";
import { useState } from "react";
import type { Cart, CartElsewhere } from "../../shared/contracts/index";
import { formatProductCount } from "../../shared/domain/index";
import { changeCartAtom, useShowFailure } from "../../shared/state/index";
import { ErrorNote } from "../../shared/ui/index";

export interface CartAccountProps {
  cart: Cart;
  /** An employee in client mode: the cart is the client's. */
  clientMode: boolean;
}

/** The name a cart goes by: its company, or the personal profile. */
function accountName(companyName: string | null): string {
  return companyName ?? "Личный профиль";
}

/**
 * Whose cart this is («Заказываю от имени» switches between the personal profile's and each
 * company's), and, for each other cart of the client that holds lines, an offer to move them here
 * (POST /client-cart/product/move), so switching never seems to lose what was added.
 */
export function CartAccount({ cart, clientMode }: CartAccountProps) {
  const changeCart = useSetAtom(changeCartAtom);
  const showFailure = useShowFailure();
  const [moving, setMoving] = useState<CartElsewhere | null>(null);
  const [error, setError] = useState<string | null>(null);

  const moveHere = (other: CartElsewhere) => {
    setMoving(other);
    setError(null);
    changeCart((api) => api.moveCartProducts({ fromCompanyId: other.companyId, toCompanyId: cart.companyId }))
      .catch((failure: unknown) => showFailure(failure, setError))
      .finally(() => setMoving(null));
  };

  return (
    <div className="ottisk-cart__account" part="account">
      <p className="ottisk-cart__account-name" data-testid="cart-account">
        {clientMode ? "Корзина клиента: " : "Корзина: "}
        <strong>{cart.companyName ?? "личный профиль"}</strong>
      </p>
      {cart.otherCarts.map((other) => {
        const name = accountName(other.companyName);
        return (
          <div key={other.companyId ?? "personal"} className="ottisk-cart__elsewhere" part="move" data-company-id={other.companyId ?? ""}>
            <p>
              В корзине «{name}» {other.lineCount === 1 ? "остался" : "остались"} {formatProductCount(other.lineCount)}.
            </p>
            <button type="button" className="ottisk-button ottisk-button--quiet" disabled={moving !== null} aria-busy={moving === other} onClick={() => moveHere(other)}>
              {moving === other ? "Переносим…" : `Перенести товары из корзины «${name}» сюда (${other.lineCount})`}
            </button>
          </div>
        );
      })}
      <ErrorNote className="ottisk-cart__error" message={error} />
    </div>
  );
}
