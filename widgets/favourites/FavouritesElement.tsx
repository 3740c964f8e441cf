import { storefrontOrigin } from "../api-base";
import { orderHandler } from "../order-event";
import { defaultProductUrl, productUrlFor } from "../product-url";
import type { HostProps } from "../element";
import { fireOttiskEvent } from "../events";
import { Favourites } from "./Favourites";
import { CATALOG_PATH } from "../../shared/domain/index";
import { storefrontHref } from "../navigate";

export interface FavouritesElementProps {
  productUrl?: string;
  catalogUrl?: string;
}

/** `<ottisk-favourites>` as React sees it: the favourites list, its events fired from the element. */
export function FavouritesElement({ productUrl, catalogUrl, host }: FavouritesElementProps & HostProps) {
  const template = productUrl ?? defaultProductUrl(storefrontOrigin());
  return (
    <Favourites
      productHref={(card) => productUrlFor(template, card)}
      catalogHref={catalogUrl ?? storefrontHref(CATALOG_PATH)}
      onOrder={orderHandler(host)}
      onFavouriteChange={(state) => fireOttiskEvent(host, "ottisk-favourite-change", state)}
    />
  );
}
