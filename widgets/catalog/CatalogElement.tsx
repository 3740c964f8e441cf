import { storefrontOrigin } from "../api-base";
import type { HostProps } from "../element";
import { fireOttiskEvent } from "../events";
import { orderHandler } from "../order-event";
import { defaultProductUrl, productUrlFor } from "../product-url";
import { Catalog } from "./Catalog";

export interface CatalogElementProps {
  category?: string;
  productUrl?: string;
  pageSize?: number;
}

/** `<ottisk-catalog>` as React sees it: the shared Catalog, its events fired from the element. */
export function CatalogElement({ category, productUrl, pageSize, host }: CatalogElementProps & HostProps) {
  const template = productUrl ?? defaultProductUrl(storefrontOrigin());
  return (
    <Catalog
      // Another category is another list: start again from its first page.
      key={category ?? ""}
      categorySlug={category || undefined}
      pageSize={pageSize && pageSize > 0 ? Math.floor(pageSize) : undefined}
      productHref={(card) => productUrlFor(template, card)}
      onOrder={orderHandler(host)}
      onFavouriteChange={(state) => {
        fireOttiskEvent(host, "ottisk-favourite-change", { productId: state.productId, inFavorite: state.inFavorite });
      }}
    />
  );
}
