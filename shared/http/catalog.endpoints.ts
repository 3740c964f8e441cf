import { contract, contractList } from "./lazy-contracts";
import type { CategoryTreeNode, ProductCard, ProductPriceQuote, ProductServiceItem } from "../contracts/index";
import type { ApiRequest } from "./request";

/** The choice whose price the product page shows live; absent fields take the product's defaults. */
export interface ProductPriceRequest {
  /** Pieces; the smallest run when absent. */
  quantity?: number;
  format?: string;
  paper?: string;
  colors?: string;
  finishing?: readonly string[];
  isUrgent?: boolean;
  /** A per-m² product's own size in millimetres (sent as `width` and `height`). */
  widthMm?: number;
  heightMm?: number;
}

/** Spec §7 catalogue calls beyond the list and the page (those stay in api.ts). */
export interface CatalogEndpoints {
  /** The price of a line with these options (GET /public/product/{id}/price). */
  getProductPrice(productId: number, choice?: ProductPriceRequest): Promise<ProductPriceQuote>;
  /** The cards of these products in this order (1–100 ids), unknown ones left out: the favourites list. */
  getProductsByList(ids: readonly number[]): Promise<ProductCard[]>;
  /** The caller's favourite products, newest first; empty without a session (GET /public/product/favorite). */
  getFavoriteProducts(): Promise<ProductCard[]>;
  /** Every category with its products, for menus. */
  getProductCategoryTree(): Promise<CategoryTreeNode[]>;
  getProductServices(): Promise<ProductServiceItem[]>;
  getProductService(id: number): Promise<ProductServiceItem>;
}

/** The query of a price request: unset fields dropped, finishing comma-separated (an empty list sends `finishing=`: none). */
function priceQuery(choice: ProductPriceRequest): Record<string, string | number | boolean> {
  const query: Record<string, string | number | boolean> = {};
  if (choice.quantity !== undefined) query.quantity = choice.quantity;
  if (choice.format !== undefined) query.format = choice.format;
  if (choice.paper !== undefined) query.paper = choice.paper;
  if (choice.colors !== undefined) query.colors = choice.colors;
  if (choice.finishing !== undefined) query.finishing = choice.finishing.join(",");
  if (choice.isUrgent !== undefined) query.isUrgent = choice.isUrgent;
  if (choice.widthMm !== undefined) query.width = choice.widthMm;
  if (choice.heightMm !== undefined) query.height = choice.heightMm;
  return query;
}

export function catalogEndpoints(request: ApiRequest): CatalogEndpoints {
  return {
    getProductPrice: (productId, choice = {}) =>
      request(`/public/product/${encodeURIComponent(String(productId))}/price`, contract("productPriceQuoteSchema"), { query: priceQuery(choice) }),
    getProductsByList: (ids) => request("/public/product/by-list", contractList("productCardSchema"), { method: "POST", body: { ids: [...ids] } }),
    getFavoriteProducts: () => request("/public/product/favorite", contractList("productCardSchema")),
    getProductCategoryTree: () => request("/product-category", contract("categoryTreeSchema")),
    getProductServices: () => request("/product-service", contract("productServiceListSchema")),
    getProductService: (id) => request(`/product-service/${encodeURIComponent(String(id))}`, contract("productServiceSchema")),
  };
}
