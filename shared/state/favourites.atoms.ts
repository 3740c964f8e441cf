import { atom } from "jotai/vanilla";
import { publishChange, requireApi } from "./api.atoms";
import { followOtherTabs } from "./store";

/*
 * Favourites as the server confirmed them. A product card knows its `inFavorite` from the answer
 * that brought it; a toggle made on this page overrides it here, and only once the server has
 * answered: the star flips after the confirmation, never before (spec §4).
 */

/** productId → the server's confirmed state, for products toggled on this page. */
export const favouriteOverridesAtom = atom<Record<number, boolean>>({});

/** Products whose toggle is on its way to the server. */
export const favouritePendingAtom = atom<Record<number, true>>({});

/** Grows with every confirmed change, so lists of favourites know to reload. */
export const favouritesVersionAtom = atom(0);

/** The confirmed state of a product: this page's override, else what its card said. */
export function isFavourite(overrides: Record<number, boolean>, productId: number, fromCard: boolean): boolean {
  return overrides[productId] ?? fromCard;
}

export const toggleFavouriteAtom = atom(null, async (get, set, change: { productId: number; inFavorite: boolean }) => {
  const api = requireApi(get);
  if (get(favouritePendingAtom)[change.productId]) return null;
  set(favouritePendingAtom, (pending) => ({ ...pending, [change.productId]: true }));
  try {
    const state = change.inFavorite ? await api.addToFavorites(change.productId) : await api.removeFromFavorites(change.productId);
    set(favouriteOverridesAtom, (overrides) => ({ ...overrides, [state.productId]: state.inFavorite }));
    set(favouritesVersionAtom, (version) => version + 1);
    publishChange(get, "favourites");
    return state;
  } finally {
    set(favouritePendingAtom, (pending) => {
      const rest = { ...pending };
      delete rest[change.productId];
      return rest;
    });
  }
});

/** Signing in or out changes whose favourites these are: forget this page's overrides. */
export const resetFavouritesAtom = atom(null, (_get, set) => {
  set(favouriteOverridesAtom, {});
  set(favouritesVersionAtom, (version) => version + 1);
});

followOtherTabs((store, topic) => {
  if (topic === "favourites") store.set(favouritesVersionAtom, (version) => version + 1);
});
