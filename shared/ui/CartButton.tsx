import { useAtomValue } from "jotai/react";
import type { MouseEvent } from "react";
import { pluralRu } from "../domain/index";
import { cartItemCountAtom, useCartBadge } from "../state/index";

export interface CartButtonProps {
  /** Where the cart page is. */
  cartUrl: string;
  /** Called when the link is clicked (the element fires ottisk-navigate from it); the link works without it. */
  onNavigate?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  /** Called after `onNavigate`: from a partner's page the shop's cart opens through a hand-off link, so the session comes along (widgets/handoff.ts, useShopLink). */
  onShopLink?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
}

/**
 * The cart link with the item-count badge (spec §2 header: "cart link with item-count badge").
 * The count is the number of lines in the page store's cart; asking for it loads the account and
 * the cart once per page (not where nobody can have a session: a partner's page without a
 * token). Composed by the header too.
 */
export function CartButton({ cartUrl, onNavigate, onShopLink }: CartButtonProps) {
  const { cart, loading } = useCartBadge();
  const count = useAtomValue(cartItemCountAtom);
  const shown = count > 99 ? "99+" : String(count);
  const noun = pluralRu(count, { one: "товар", few: "товара", many: "товаров" });
  // The link's name is its text, «Корзина, 3 товара»: the badge's number is part of it, the rest is
  // for screen readers only, so the visible text and the name never disagree.
  return (
    <a
      className="ottisk-cart-button"
      part="link"
      href={cartUrl}
      aria-busy={loading && !cart}
      onClick={(event) => {
        onNavigate?.(event);
        onShopLink?.(event);
      }}
    >
      <svg className="ottisk-cart-button__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M3 4h2l2.4 10.2a1.5 1.5 0 0 0 1.5 1.2h8.7a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9.5" cy="19.5" r="1.5" fill="currentColor" />
        <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
      </svg>
      {/*
        The comma is inside the text's box and hidden by size, not by position: a box of its own (a
        flex item, or an absolutely placed piece) would make the name «Корзина , 1 товар».
      */}
      <span className="ottisk-cart-button__text">
        Корзина<span className="ottisk-cart-button__comma">, </span>
      </span>
      {count > 0 ? (
        <span className="ottisk-cart-button__badge" part="badge">
          {shown}
        </span>
      ) : (
        <span className="ottisk-visually-hidden">0</span>
      )}
      <span className="ottisk-visually-hidden"> {noun}</span>
    </a>
  );
}
