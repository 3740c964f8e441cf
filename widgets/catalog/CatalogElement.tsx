import { Provider } from "jotai/react";
import { useMemo } from "react";
import type { ProductCard } from "../../shared/contracts/index";
import { getPageStore } from "../../shared/state/index";
import { resolveApiBase, scriptApiBase, storefrontOrigin } from "../api-base";
import { fireOttiskEvent } from "../events";
import { Catalog } from "./Catalog";

export interface CatalogElementProps {
  category?: string;
  apiBase?: string;
  productUrl?: string;
  pageSize?: number;
  /** The shadow root, given by r2wc. */
  container?: HTMLElement | ShadowRoot;
}

/** Fills `{id}` and `{category}` of a product address template. */
export function productUrlFor(template: string, card: ProductCard): string {
  return template
    .replaceAll("{id}", encodeURIComponent(String(card.id)))
    .replaceAll("{category}", encodeURIComponent(card.category.slug));
}

/** `<ottisk-catalog>` as React sees it: the shared Catalog inside the page's store. */
export function CatalogElement({ category, apiBase, productUrl, pageSize, container }: CatalogElementProps) {
  const moduleUrl = import.meta.url;
  const base = useMemo(
    () => (apiBase ? resolveApiBase(apiBase, moduleUrl) : scriptApiBase(moduleUrl)),
    [apiBase, moduleUrl],
  );
  const template = productUrl ?? `${storefrontOrigin(moduleUrl)}/catalog/{category}/{id}`;
  const host = container instanceof ShadowRoot ? container.host : container;
  return (
    <Provider store={getPageStore(base)}>
      <Catalog
        // Another category is another list: start again from its first page.
        key={category ?? ""}
        categorySlug={category || undefined}
        pageSize={pageSize && pageSize > 0 ? Math.floor(pageSize) : undefined}
        productHref={(card) => productUrlFor(template, card)}
        onOrder={(card, event) => {
          if (!host) return;
          const proceed = fireOttiskEvent(
            host,
            "ottisk-order",
            { productId: card.id, categorySlug: card.category.slug, href: event.currentTarget.href },
            { cancelable: true },
          );
          if (!proceed) event.preventDefault();
        }}
        onFavoriteToggle={(card) => {
          if (host) fireOttiskEvent(host, "ottisk-favourite-toggle", { productId: card.id, inFavorite: !card.inFavorite });
        }}
      />
    </Provider>
  );
}
