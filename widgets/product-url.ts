import type { ProductCard } from "../shared/contracts/index";
import { PRODUCT_PATH_TEMPLATE } from "../shared/domain/index";

/*
 * Product page addresses of the elements' `product-url` templates (`{id}`, `{category}`), in a
 * module of its own so the cart and favourites chunks do not pull in the catalogue's code.
 */

/** The storefront's product page as an address template: the default of every element's `product-url`. */
export function defaultProductUrl(origin: string): string {
  return `${origin}${PRODUCT_PATH_TEMPLATE}`;
}

/** Fills `{id}` and `{category}` of a product address template. */
export function productUrlFor(template: string, card: ProductCard): string {
  return template
    .replaceAll("{id}", encodeURIComponent(String(card.id)))
    .replaceAll("{category}", encodeURIComponent(card.category.slug));
}
