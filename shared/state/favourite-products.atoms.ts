import { atom } from "jotai/vanilla";
import type { ProductCard } from "../contracts/index";
import { favouritesVersionAtom } from "./favourites.atoms";
import { needsLoad, storeResource } from "./resource";
import type { Resource } from "./resource";

/*
 * The caller's favourite products (GET /public/product/favorite), for the favourites list, on the
 * resource mechanism (resource.ts). Asked for one `favouritesVersionAtom`: a confirmed change here or
 * in another tab, or signing in or out, makes it stale, and the list loads again while still showing
 * the cards it had.
 */

export const favouriteProducts = storeResource<ProductCard[]>((api) => api.getFavoriteProducts());

/** The favourites version the list was last asked for. */
const askedVersionAtom = atom<number | null>(null);

/** Loads the list unless it is loaded (or on its way) for the current favourites version. */
export const loadFavouriteProductsAtom = atom(null, async (get, set) => {
  const version = get(favouritesVersionAtom);
  if (get(askedVersionAtom) === version && !needsLoad(get(favouriteProducts.valueAtom))) return;
  set(askedVersionAtom, version);
  await set(favouriteProducts.refreshAtom);
});

/**
 * The list as the server render loaded it (host-site/snapshot.ts): stored as asked for the current
 * favourites version, so the list's mount does not ask again; a failed one is asked again.
 */
export const favouriteProductsHandedOverAtom = atom(null, (get, set, value: Resource<ProductCard[]>) => {
  set(favouriteProducts.valueAtom, value);
  if (value.status === "ready") set(askedVersionAtom, get(favouritesVersionAtom));
});
