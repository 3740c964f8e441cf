import { atom } from "jotai/vanilla";
import type { ProductCard } from "../contracts/index";
import { requireApi } from "./api.atoms";
import { favouritesVersionAtom } from "./favourites.atoms";
import { failedResource } from "./resource";
import type { Resource } from "./resource";

/*
 * The caller's favourite products (GET /public/product/favorite), for the favourites list. Loaded
 * for one `favouritesVersionAtom`: a confirmed change here or in another tab, or signing in or out,
 * makes it stale, and the list loads again while still showing the cards it had.
 */

export interface FavouriteProductsState {
  /** The favourites version this list was (or is being) loaded for. */
  version: number;
  resource: Resource<ProductCard[]>;
}

export const favouriteProductsAtom = atom<FavouriteProductsState | undefined>(undefined);

export const loadFavouriteProductsAtom = atom(null, async (get, set) => {
  const version = get(favouritesVersionAtom);
  const current = get(favouriteProductsAtom);
  if (current && current.version === version && current.resource.status !== "error") return;
  const api = requireApi(get);
  set(favouriteProductsAtom, { version, resource: current?.resource.status === "ready" ? current.resource : { status: "loading" } });
  let resource: Resource<ProductCard[]>;
  try {
    resource = { status: "ready", data: await api.getFavoriteProducts() };
  } catch (error) {
    resource = failedResource(error);
  }
  // A newer change started its own load: this answer is already stale.
  if (get(favouritesVersionAtom) === version) set(favouriteProductsAtom, { version, resource });
});
