import { useAtomValue, useSetAtom } from "jotai/react";
import { useCallback, useEffect, useState } from "react";
import type { FavoriteState, ProductCard } from "../contracts/index";
import { favouriteProducts, loadFavouriteProductsAtom } from "./favourite-products.atoms";
import { useReportBug, useShowFailure } from "./failure.hooks";
import { favouriteOverridesAtom, favouritePendingAtom, favouritesVersionAtom, isFavourite, toggleFavouriteAtom } from "./favourites.atoms";
import { dataOf, LOADING } from "./resource";
import type { Resource } from "./resource";

export interface FavouriteToggle {
  /** The confirmed state: this page's confirmed change, else what the product's data said. */
  isFavourite(productId: number, fromData: boolean): boolean;
  /** Whether a change of this product is on its way to the server. */
  isPending(productId: number): boolean;
  /** Asks the server to flip the star; the state changes only when it answers. */
  toggle(productId: number, current: boolean): Promise<void>;
  /** The Russian message of the last failed change, until cleared. */
  error: string | null;
  clearError(): void;
}

/** The star of spec §4: flips only after the server confirms; `onConfirmed` hears each confirmed change. */
export function useFavouriteToggle(onConfirmed?: (state: FavoriteState) => void): FavouriteToggle {
  const overrides = useAtomValue(favouriteOverridesAtom);
  const pending = useAtomValue(favouritePendingAtom);
  const toggleFavourite = useSetAtom(toggleFavouriteAtom);
  const showFailure = useShowFailure();
  const [error, setError] = useState<string | null>(null);
  const clearError = useCallback(() => setError(null), []);
  return {
    isFavourite: (productId, fromData) => isFavourite(overrides, productId, fromData),
    isPending: (productId) => pending[productId] === true,
    async toggle(productId, current) {
      setError(null);
      try {
        const state = await toggleFavourite({ productId, inFavorite: !current });
        if (state) onConfirmed?.(state);
      } catch (failure) {
        showFailure(failure, setError);
      }
    },
    error,
    clearError,
  };
}

/**
 * The caller's favourite products, loaded again after every confirmed change (here or in another
 * tab); while they are, the cards it had stay (as ready), so the list does not blink.
 */
export function useFavouriteProducts(): Resource<ProductCard[]> {
  const value = useAtomValue(favouriteProducts.valueAtom);
  const version = useAtomValue(favouritesVersionAtom);
  const load = useSetAtom(loadFavouriteProductsAtom);
  const reportBug = useReportBug();
  useEffect(() => {
    load().catch(reportBug);
  }, [load, version, reportBug]);
  const held = dataOf(value);
  if (value?.status === "loading" && held) return { status: "ready", data: held };
  return value ?? LOADING;
}
