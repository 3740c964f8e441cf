import { useMemo } from "react";
import { useFavouriteToggle, useProduct } from "../../shared/state/index";
import { Alert, FavouriteStar } from "../../shared/ui/index";
import type { AlertMessage } from "../../shared/ui/index";
import type { HostProps } from "../element";
import { fireOttiskEvent } from "../events";

export interface FavouriteButtonElementProps {
  productId?: number;
  inFavorite?: boolean;
}

/** `<ottisk-favourite-button>`: the star of one product, saved on the server. */
export function FavouriteButtonElement({ productId, inFavorite, host }: FavouriteButtonElementProps & HostProps) {
  if (productId === undefined || !Number.isInteger(productId) || productId < 1) return null;
  // A given `in-favorite` (even "false") is the starting state; without it the product is asked.
  const given = host.hasAttribute("in-favorite") ? inFavorite === true : undefined;
  return given === undefined ? (
    <AskedStar key={productId} productId={productId} host={host} />
  ) : (
    <Star key={productId} productId={productId} inFavorite={given} host={host} />
  );
}

function AskedStar({ productId, host }: { productId: number; host: HTMLElement }) {
  const product = useProduct(productId);
  if (product.status === "error") {
    return (
      <span className="ottisk-root ottisk-favourite-button ottisk-favourite-button--error" part="error" role="alert">
        {product.messageUI}
      </span>
    );
  }
  return <Star productId={productId} inFavorite={product.status === "ready" ? product.data.inFavorite : false} loading={product.status === "loading"} host={host} />;
}

function Star({ productId, inFavorite, loading = false, host }: { productId: number; inFavorite: boolean; loading?: boolean; host: HTMLElement }) {
  const favourites = useFavouriteToggle((state) => fireOttiskEvent(host, "ottisk-favourite-change", state));
  const alert = useMemo<AlertMessage | null>(() => (favourites.error ? { kind: "negative", text: favourites.error } : null), [favourites.error]);
  return (
    <span className="ottisk-root ottisk-favourite-button" aria-busy={loading || undefined}>
      <FavouriteStar productId={productId} inFavorite={inFavorite} favourites={favourites} />
      <Alert alert={alert} onClose={favourites.clearError} />
    </span>
  );
}
