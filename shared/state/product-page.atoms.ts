import type { Product, ProductPriceQuote } from "../contracts/index";
import type { ProductPriceRequest } from "../http/catalog.endpoints";
import { keyedResource } from "./resource";

/*
 * What the product page needs beyond the product itself (catalog.atoms.ts): the product as made
 * urgently (its tiers and time, GET /public/product/{id}?isUrgent=true) and the server's live price
 * of a choice (GET /public/product/{id}/price), both cached per store.
 */

/** productId → the urgent variant of the product. */
export const urgentProducts = keyedResource<number, Product>({
  key: (id) => String(id),
  fetch: (api, id) => api.getProduct(id, { isUrgent: true }),
});

/** A choice of a product whose price is asked. */
export interface PriceQuestion {
  productId: number;
  choice: ProductPriceRequest;
}

/** The server's price of a choice, by product and choice. */
export const productPrices = keyedResource<PriceQuestion, ProductPriceQuote>({
  key: ({ productId, choice }) => `${productId}:${JSON.stringify(choice)}`,
  fetch: (api, { productId, choice }) => api.getProductPrice(productId, choice),
});
