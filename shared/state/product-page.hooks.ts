import { useAtomValue, useSetAtom } from "jotai/react";
import { useEffect, useRef, useState } from "react";
import type { Product, ProductPriceQuote } from "../contracts/index";
import { isApiError } from "../http/index";
import type { ProductPriceRequest } from "../http/catalog.endpoints";
import { loadUrgentProductAtom, quoteProductPriceAtom, urgentProductsAtom } from "./product-page.atoms";
import type { Resource } from "./resource";

/** The live price waits this long after the last change of the choice. */
export const PRICE_QUOTE_DEBOUNCE_MS = 250;

const LOADING: Resource<never> = { status: "loading" };

/** The urgent variant of a product, loaded once `enabled` (the shopper chose urgency). */
export function useUrgentProduct(id: number, enabled: boolean): Resource<Product> | null {
  const products = useAtomValue(urgentProductsAtom);
  const load = useSetAtom(loadUrgentProductAtom);
  useEffect(() => {
    if (enabled) void load(id);
  }, [load, id, enabled]);
  return enabled ? (products[String(id)] ?? LOADING) : null;
}

export type PriceQuoteState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ready"; quote: ProductPriceQuote }
  | { status: "error"; messageUI: string };

/**
 * The server's price of a choice, asked again (after PRICE_QUOTE_DEBOUNCE_MS) whenever the choice
 * changes; `choice` null asks nothing (the choice is not valid yet). An older answer never replaces
 * a newer one.
 */
export function usePriceQuote(productId: number, choice: ProductPriceRequest | null): PriceQuoteState {
  const quote = useSetAtom(quoteProductPriceAtom);
  const key = choice === null ? null : JSON.stringify(choice);
  const choiceRef = useRef(choice);
  choiceRef.current = choice;
  const [state, setState] = useState<PriceQuoteState>({ status: "idle" });
  useEffect(() => {
    const asked = choiceRef.current;
    if (asked === null) {
      setState({ status: "idle" });
      return;
    }
    let current = true;
    setState({ status: "loading" });
    const timer = setTimeout(() => {
      quote({ productId, choice: asked }).then(
        (answer) => {
          if (current) setState({ status: "ready", quote: answer });
        },
        (error: unknown) => {
          if (!current) return;
          setState({ status: "error", messageUI: isApiError(error) ? error.messageUI : "Не удалось рассчитать цену. Попробуйте ещё раз." });
        },
      );
    }, PRICE_QUOTE_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [quote, productId, key]);
  return state;
}
