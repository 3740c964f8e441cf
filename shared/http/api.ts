import { createFetch, FetchError } from "ofetch";
import type { z } from "zod";
import {
  categoryListSchema,
  ndsSchema,
  productListPageSchema,
  productSchema,
} from "../contracts/index";
import type { Category, Nds, Product, ProductListPage, ProductListQuery } from "../contracts/index";
import { badResponseError, toApiError } from "./error";
import { productListSearchParams } from "./query";

export interface ApiOptions {
  /** Where the API lives, e.g. `https://shop.example/api` or `/api`. */
  baseURL: string;
  /** The platform's fetch; the server-side render passes one that answers in-process. */
  fetch?: typeof globalThis.fetch;
  /** Headers sent with every request (the server-side render forwards the shopper's cookies). */
  headers?: Record<string, string>;
}

/** The Ottisk API as the storefront calls it: one function per endpoint of spec §7. */
export interface Api {
  readonly baseURL: string;
  getProductCategories(): Promise<Category[]>;
  getProducts(query?: ProductListQuery): Promise<ProductListPage>;
  getProduct(id: number): Promise<Product>;
  getNds(): Promise<Nds>;
}

interface RequestInit {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Record<string, string | number | boolean>;
  body?: Record<string, unknown>;
}

export function createApi(options: ApiOptions): Api {
  const platformFetch = options.fetch ?? globalThis.fetch;
  const client = createFetch({ fetch: platformFetch }).create({
    baseURL: options.baseURL,
    credentials: "include",
    headers: options.headers,
    retry: 0,
  });

  async function request<S extends z.ZodType>(path: string, schema: S, init: RequestInit = {}): Promise<z.infer<S>> {
    let body: unknown;
    try {
      body = await client(path, { method: init.method ?? "GET", query: init.query, body: init.body });
    } catch (error) {
      if (error instanceof FetchError) throw toApiError(error, error.response?.status, error.data);
      throw toApiError(error, undefined, undefined);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw badResponseError(path, parsed.error);
    return parsed.data;
  }

  return {
    baseURL: options.baseURL,
    getProductCategories: () => request("/public/product/category", categoryListSchema),
    getProducts: (query = {}) => request("/public/product", productListPageSchema, { query: productListSearchParams(query) }),
    getProduct: (id) => request(`/public/product/${encodeURIComponent(String(id))}`, productSchema),
    getNds: () => request("/nds", ndsSchema),
  };
}
