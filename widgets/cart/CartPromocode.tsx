import { useSetAtom } from "jotai/react";
import { useId, useState } from "react";
import { PROMOCODE_MAX_LENGTH } from "../../shared/contracts/cart";
import type { Cart } from "../../shared/contracts/index";
import { formatRoubles } from "../../shared/domain/index";
import { changeCartAtom, useShowFailure } from "../../shared/state/index";

/**
 * The promocode: apply (PUT) and remove (DELETE). A refused code shows the server's reason under
 * the field and keeps what was typed; a code that stopped applying stays with its `problem`.
 */
export function CartPromocode({ cart }: { cart: Cart }) {
  const changeCart = useSetAtom(changeCartAtom);
  const showFailure = useShowFailure();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const promocode = cart.promocode;

  const run = async (change: Parameters<typeof changeCart>[0]) => {
    setBusy(true);
    setError(null);
    try {
      await changeCart(change);
      setCode("");
    } catch (failure) {
      showFailure(failure, setError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="ottisk-cart__section" part="promocode" aria-labelledby="ottisk-cart-promo-title">
      <h3 id="ottisk-cart-promo-title" className="ottisk-cart__heading">
        Промокод
      </h3>
      {promocode ? (
        <div className="ottisk-cart__promo-applied" data-testid="promocode">
          <p>
            <strong>{promocode.code}</strong>{" "}
            {promocode.kind === "percent" ? `— скидка ${promocode.value} %` : `— скидка ${formatRoubles(promocode.value)}`}
            {promocode.discount > 0 ? `: −${formatRoubles(promocode.discount)}` : ""}
          </p>
          {promocode.problem ? (
            <p className="ottisk-cart__warning" role="status">
              {promocode.problem}
            </p>
          ) : null}
          <button type="button" className="ottisk-cart__link-button" disabled={busy} onClick={() => void run((api, target) => api.removePromocode(target))}>
            Убрать промокод
          </button>
        </div>
      ) : null}
      <form
        className="ottisk-cart__inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = code.trim();
          if (!trimmed) return;
          void run((api, target) => api.applyPromocode(trimmed, target));
        }}
      >
        <label htmlFor={inputId}>{promocode ? "Другой промокод" : "Код"}</label>
        <div className="ottisk-cart__inline-row">
          <input
            id={inputId}
            name="promocode"
            autoComplete="off"
            maxLength={PROMOCODE_MAX_LENGTH}
            required
            value={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="submit" className="ottisk-button ottisk-button--quiet" disabled={busy}>
            Применить
          </button>
        </div>
        {error ? (
          <p id={errorId} className="ottisk-cart__error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </section>
  );
}
