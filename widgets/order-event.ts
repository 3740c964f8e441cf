import type { MouseEvent } from "react";
import type { ProductCard } from "../shared/contracts/index";
import { fireOttiskEvent } from "./events";

/**
 * The click handler of a product card's «Заказать» inside `host` (the catalogue, the favourites):
 * announces the product with a cancelable `ottisk-order`; a cancelled event keeps the page.
 */
export function orderHandler(host: HTMLElement): (card: ProductCard, event: MouseEvent<HTMLAnchorElement>) => void {
  return (card, event) => {
    const proceed = fireOttiskEvent(
      host,
      "ottisk-order",
      { productId: card.id, categorySlug: card.category.slug, href: event.currentTarget.href },
      { cancelable: true },
    );
    if (!proceed) event.preventDefault();
  };
}
