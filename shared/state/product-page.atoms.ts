import { atom } from "jotai/vanilla";
import type { Product } from "../contracts/index";
import { isApiError } from "../http/index";
import type { ProductPriceRequest } from "../http/catalog.endpoints";
import { requireApi } from "./api.atoms";
import type { Resource } from "./resource";

/*
 * What the product page needs beyond the product itself (catalog.atoms.ts): the product as made
 * urgently (its tiers and time, GET /public/product/{id}?isUrgent=true), cached per store, and the
 * server's live price of a choice.
 */

/** productId → the urgent variant of the product. */
export const urgentProductsAtom = atom<Record<string, Resource<Product>>>({});

export const loadUrgentProductAtom = atom(null, async (get, set, id: number) => {
  const key = String(id);
  const known = get(urgentProductsAtom)[key];
  if (known && known.status !== "error") return;
  const api = requireApi(get);
  const put = (resource: Resource<Product>) => set(urgentProductsAtom, (products) => ({ ...products, [key]: resource }));
  put({ status: "loading" });
  try {
    put({ status: "ready", data: await api.getProduct(id, { isUrgent: true }) });
  } catch (error) {
    if (!isApiError(error)) throw error;
    put({ status: "error", messageUI: error.messageUI, httpStatus: error.status });
  }
});

/** Asks the server for the price of a choice (GET /public/product/{id}/price); rejects with the ApiError. */
export const quoteProductPriceAtom = atom(null, (get, _set, request: { productId: number; choice: ProductPriceRequest }) =>
  requireApi(get).getProductPrice(request.productId, request.choice),
);
