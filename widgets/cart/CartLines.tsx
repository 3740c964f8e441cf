import { useSetAtom } from "jotai/react";
import { Suspense, lazy, useId, useState } from "react";
import { CART_LINE_MAX_QUANTITY } from "../../shared/contracts/cart";
import type { Cart, CartLayout, CartLine } from "../../shared/contracts/index";
import { formatDayMonth, formatRoubles } from "../../shared/domain/index";
import { changeCartAtom, setInOrderAtom, useShowFailure } from "../../shared/state/index";
import { Dialog, useDraft } from "../../shared/ui/index";
import { useShopLink } from "../handoff";
import { loadLayoutChecker } from "../layout-checker/index";

/** The layout checker, through its face (the one widget this one opens), in its own chunk: loaded when a line's layouts are opened. */
const LayoutChecker = lazy(loadLayoutChecker);

/** Where a live design order for the detail stands (the cart shows no cancelled ones). */
const DESIGN_STATUS_TEXT: Record<NonNullable<CartLayout["design"]>["status"], string> = {
  new: "принят",
  in_work: "в работе",
  waiting_client: "макет готов, ждёт вашего утверждения",
  done: "готов",
  cancelled: "отменён",
};

/** What each layout status means to the shopper (spec §5 leaves the states after upload open). */
const LAYOUT_STATUS_TEXT: Record<CartLayout["status"], string> = {
  missing: "макет не загружен",
  uploaded: "макет загружен, ждёт проверки",
  checking: "макет проверяется",
  passed: "макет проверен",
  failed: "макет не прошёл проверку",
  error: "проверка не завершилась — макет посмотрит специалист типографии",
};

export interface CartLinesProps {
  cart: Cart;
  productHref: (line: CartLine) => string;
  /** The layout designer of a line (issue 32): «Создать онлайн» beside its layouts; absent: no link. */
  designerHref?: ((line: CartLine) => string) | undefined;
  /** A failed change: the cart shows its message. */
  onError: (messageUI: string) => void;
}

/** The cart's lines (spec §3 orderProduct): in-order flag, photo, name, options, layouts, quantity, price, remove, repeat. */
export function CartLines({ cart, productHref, designerHref, onError }: CartLinesProps) {
  return (
    <section className="ottisk-cart__section" part="lines" aria-labelledby="ottisk-cart-lines-title">
      <h3 id="ottisk-cart-lines-title" className="ottisk-cart__heading">
        Товары
      </h3>
      <ul className="ottisk-cart__lines">
        {cart.orderProduct.map((line) => (
          <CartLineItem key={line.id} line={line} cart={cart} href={productHref(line)} designerHref={designerHref?.(line)} onError={onError} />
        ))}
      </ul>
    </section>
  );
}

/** A design order not yet approved by the client: the line waits for the designer's layout. */
function designPending(layout: CartLayout): boolean {
  return layout.design !== null && layout.design.status !== "done" && layout.design.status !== "cancelled";
}

/** The detail's line in the cart: its layout's state, or the designer who makes it instead (spec §4). */
function layoutText(layout: CartLayout): string {
  const design = layout.design;
  if (design && (designPending(layout) || layout.status === "missing" || (layout.status === "failed" && layout.approvedAt === null))) {
    return `${layout.detailName}: макет делает дизайнер — заказ дизайна № ${design.designId} ${DESIGN_STATUS_TEXT[design.status]}`;
  }
  const approved = layout.status === "failed" && layout.approvedAt !== null ? ", принят вами как есть" : "";
  const designNote = design ? ` (заказ дизайна № ${design.designId} ${DESIGN_STATUS_TEXT[design.status]})` : "";
  return `${layout.detailName}: ${LAYOUT_STATUS_TEXT[layout.status]}${approved}${designNote}`;
}

function layoutProblem(cart: Cart, line: CartLine, layout: CartLayout): string | null {
  const code = designPending(layout) ? "DESIGN_NOT_APPROVED" : layout.status === "missing" ? "LAYOUT_MISSING" : layout.status === "failed" ? "LAYOUT_FAILED" : null;
  if (!code) return null;
  const problem = cart.problems.find(
    (item) => item.code === code && item.messageUI.includes(`«${layout.detailName}»`) && item.messageUI.includes(`«${line.product.name}»`),
  );
  return problem?.messageUI ?? null;
}

interface CartLineItemProps {
  line: CartLine;
  cart: Cart;
  href: string;
  designerHref: string | undefined;
  onError: (messageUI: string) => void;
}

function CartLineItem({ line, cart, href, designerHref, onError }: CartLineItemProps) {
  // The designer lives on the shop's pages: from a partner's page the link keeps the session (a hand-off).
  const shopLink = useShopLink();
  const setInOrder = useSetAtom(setInOrderAtom);
  const changeCart = useSetAtom(changeCartAtom);
  const showFailure = useShowFailure();
  // The server's quantity wins after every change (another tab, a re-price).
  const [quantity, setQuantity] = useDraft(String(line.quantity));
  const [busy, setBusy] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [layoutsOpen, setLayoutsOpen] = useState(false);
  const checkboxId = useId();
  const quantityId = useId();

  const run = async (change: Parameters<typeof changeCart>[0]) => {
    setBusy(true);
    try {
      await changeCart(change);
    } catch (error) {
      showFailure(error, onError);
    } finally {
      setBusy(false);
    }
  };

  const parsed = Number(quantity);
  const quantityValid = Number.isInteger(parsed) && parsed >= 1 && parsed <= CART_LINE_MAX_QUANTITY;
  const dirty = quantity !== String(line.quantity);

  return (
    <li className={line.inOrder ? "ottisk-cart-line" : "ottisk-cart-line ottisk-cart-line--out"} part="line" aria-busy={busy}>
      <div className="ottisk-cart-line__check">
        <input
          id={checkboxId}
          type="checkbox"
          checked={line.inOrder}
          onChange={(event) => {
            setInOrder({ orderProductIds: [line.id], inOrder: event.target.checked }).catch((error: unknown) => showFailure(error, onError));
          }}
        />
        <label htmlFor={checkboxId} className="ottisk-visually-hidden">
          В заказ: {line.product.name}
        </label>
      </div>
      <div className="ottisk-cart-line__photo">
        {line.product.photoUrl ? (
          <img src={line.product.photoUrl} alt="" loading="lazy" />
        ) : (
          <span className="ottisk-cart-line__placeholder" aria-hidden="true" />
        )}
      </div>
      <div className="ottisk-cart-line__info">
        <a className="ottisk-cart-line__name" href={href}>
          {line.product.name}
        </a>
        {line.productArchived ? <p className="ottisk-cart-line__problem ottisk-cart-line__archived">Товар больше не продаётся</p> : null}
        {line.repeatOfId !== null ? <span className="ottisk-cart-line__tag">Повтор заказа</span> : null}
        {line.isUrgent ? <span className="ottisk-cart-line__tag">Срочно</span> : null}
        {line.optionLabels.length > 0 ? (
          <ul className="ottisk-cart-line__options" aria-label="Параметры">
            {line.optionLabels.map((option) => (
              <li key={`${option.group}:${option.code}`}>{option.label}</li>
            ))}
          </ul>
        ) : null}
        {line.layouts.length > 0 ? (
          <ul className="ottisk-cart-line__layouts" aria-label="Макеты">
            {line.layouts.map((layout) => {
              const problem = layoutProblem(cart, line, layout);
              // A design order not yet approved is the designer's: the line says so (a problem while in the order).
              const byDesigner = designPending(layout);
              return (
                <li
                  key={layout.detailName}
                  className={`ottisk-cart-line__layout ottisk-cart-line__layout--${byDesigner ? "design" : layout.status}`}
                  data-status={layout.status}
                  data-design-status={layout.design?.status}
                >
                  {/* One sentence per layout (issue 16): what to do when it blocks the order, else its state. */}
                  {problem ? <span className="ottisk-cart-line__problem">{problem}</span> : <span>{layoutText(layout)}</span>}
                </li>
              );
            })}
          </ul>
        ) : null}
        {line.layouts.length > 0 ? (
          <>
            <button type="button" className="ottisk-cart__link-button" onClick={() => setLayoutsOpen(true)}>
              {line.layouts.some((layout) => layout.status !== "missing")
                ? "Проверить и утвердить макеты"
                : line.layouts.some((layout) => layout.design !== null)
                  ? "Макеты и заказ дизайна"
                  : "Макеты: загрузить и проверить"}
            </button>
            {designerHref !== undefined ? (
              <a className="ottisk-cart__link-button ottisk-cart-line__designer" href={designerHref} onClick={shopLink} part="designer-link">
                Создать онлайн<span className="ottisk-visually-hidden"> макет для «{line.product.name}» в конструкторе</span>
              </a>
            ) : null}
            <Dialog open={layoutsOpen} title={`Макеты: ${line.product.name}`} onClose={() => setLayoutsOpen(false)} className="ottisk-cart__layouts-dialog">
              <Suspense fallback={<p role="status">Загружаем проверку макетов…</p>}>
                <LayoutChecker orderProductId={line.id} showTitle={false} />
              </Suspense>
            </Dialog>
          </>
        ) : null}
      </div>
      <form
        className="ottisk-cart-line__quantity"
        onSubmit={(event) => {
          event.preventDefault();
          if (!quantityValid || !dirty) return;
          void run((api) => api.updateCartProduct(line.id, { quantity: parsed }));
        }}
      >
        <label htmlFor={quantityId}>Тираж, шт.</label>
        <div className="ottisk-cart-line__quantity-row">
          <input
            id={quantityId}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={CART_LINE_MAX_QUANTITY}
            step={1}
            required
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
          />
          {dirty ? (
            <button type="submit" className="ottisk-button ottisk-button--quiet" disabled={busy || !quantityValid}>
              Пересчитать
            </button>
          ) : null}
        </div>
      </form>
      <div className="ottisk-cart-line__price">
        <strong data-testid="line-price">{formatRoubles(line.price)}</strong>
        <span className="ottisk-cart-line__unit">{formatRoubles(line.unitPrice)} за шт.</span>
        <span className="ottisk-cart-line__ready" data-testid="line-ready">{`Будет готово ${formatDayMonth(line.readyDate)}`}</span>
      </div>
      <div className="ottisk-cart-line__actions">
        {line.repeatOfId !== null ? (
          <button
            type="button"
            className="ottisk-cart__link-button"
            disabled={busy}
            onClick={() => {
              const repeatOf = line.repeatOfId;
              if (repeatOf !== null) void run((api, target) => api.repeatCartProduct(repeatOf, target));
            }}
          >
            Повторить ещё раз
          </button>
        ) : null}
        {confirmRemove ? (
          <span className="ottisk-cart-line__confirm" role="group" aria-label={`Удалить «${line.product.name}» из корзины?`}>
            <span aria-hidden="true">Удалить?</span>
            <button type="button" className="ottisk-cart__link-button" disabled={busy} onClick={() => void run((api) => api.removeCartProduct(line.id))}>
              Да, удалить
            </button>
            <button type="button" className="ottisk-cart__link-button" onClick={() => setConfirmRemove(false)}>
              Оставить
            </button>
          </span>
        ) : (
          <button type="button" className="ottisk-cart__link-button" aria-label={`Удалить «${line.product.name}»`} onClick={() => setConfirmRemove(true)}>
            Удалить
          </button>
        )}
      </div>
    </li>
  );
}
