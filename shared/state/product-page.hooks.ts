import type { Product, ProductPriceQuote } from "../contracts/index";
import type { ProductPriceRequest } from "../http/catalog.endpoints";
import { productPrices, urgentProducts } from "./product-page.atoms";
import type { Resource } from "./resource";
import { useDebounced, useKeyedResource } from "./resource.hooks";

/** The live price waits this long after the last change of the choice. */
export const PRICE_QUOTE_DEBOUNCE_MS = 250;

/** The urgent variant of a product, loaded once `enabled` (the shopper chose urgency). */
export function useUrgentProduct(id: number, enabled: boolean): Resource<Product> | null {
  return useKeyedResource(urgentProducts, enabled ? id : null).resource;
}

export type PriceQuoteState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ready"; quote: ProductPriceQuote }
  | { status: "error"; messageUI: string };

/**
 * The server's price of a choice, asked again (after PRICE_QUOTE_DEBOUNCE_MS) whenever the choice
 * changes; `choice` null asks nothing (the choice is not valid yet). A choice asked before on this
 * page is shown from the store; while the choice is still changing the price shows as loading.
 */
export function usePriceQuote(productId: number, choice: ProductPriceRequest | null): PriceQuoteState {
  const question = choice === null ? null : { productId, choice };
  const key = question === null ? null : productPrices.keyOf(question);
  const settledKey = useDebounced(key, PRICE_QUOTE_DEBOUNCE_MS);
  const { resource } = useKeyedResource(productPrices, key !== null && settledKey === key ? question : null);
  if (key === null) return { status: "idle" };
  if (resource === null || resource.status === "loading") return { status: "loading" };
  return resource.status === "ready" ? { status: "ready", quote: resource.data } : { status: "error", messageUI: resource.messageUI };
}
