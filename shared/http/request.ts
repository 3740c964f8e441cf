import "./zod-config";
import { createFetch, FetchError } from "ofetch";
import type { z } from "zod/mini";
import { SESSION_TOKEN_HEADER } from "../contracts/index";
import { badResponseError, toApiError } from "./error";

export interface ApiOptions {
  /** Where the API lives, e.g. `https://shop.example/api` or `/api`. */
  baseURL: string;
  /** The platform's fetch; the server-side render passes one that answers in-process. */
  fetch?: typeof globalThis.fetch;
  /** Headers sent with every request (the server-side render forwards the shopper's cookies). */
  headers?: Record<string, string>;
  /**
   * Where a widget on a partner's site keeps its session: there third-party cookies are blocked, so
   * the session travels as a bearer token kept in the partner origin's own storage. The shop's own
   * pages leave this out and use the httpOnly cookie.
   */
  sessionToken?: SessionTokenStore;
}

export interface SessionTokenStore {
  get(): string | null;
  set(token: string | null): void;
}

export interface RequestInit {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Record<string, string | number | boolean>;
  /** JSON, or FormData for uploads (multipart). */
  body?: Record<string, unknown> | FormData;
  headers?: Record<string, string>;
}

/** Calls `path` and parses the answer with `schema`. */
export type ApiRequest = <S extends z.ZodMiniType>(path: string, schema: S, init?: RequestInit) => Promise<z.infer<S>>;

/** The one way the client talks to the API: the session token kept, the answer parsed by its contract, errors as ApiError. */
export function createRequest(options: ApiOptions): ApiRequest {
  const platformFetch = options.fetch ?? globalThis.fetch;
  const tokens = options.sessionToken;
  const client = createFetch({ fetch: platformFetch }).create({
    baseURL: options.baseURL,
    credentials: "include",
    headers: options.headers,
    retry: 0,
    onRequest({ options: request }) {
      const token = tokens?.get();
      if (token) request.headers.set("authorization", `Bearer ${token}`);
    },
    onResponse({ response }) {
      // The server opened a session (a visitor's first favourite, say): keep it for the next calls.
      const opened = response.headers.get(SESSION_TOKEN_HEADER);
      if (opened) tokens?.set(opened);
    },
  });

  async function request<S extends z.ZodMiniType>(path: string, schema: S, init: RequestInit = {}): Promise<z.infer<S>> {
    let body: unknown;
    try {
      body = await client(path, { method: init.method ?? "GET", query: init.query, body: init.body, headers: init.headers });
    } catch (error) {
      if (error instanceof FetchError) throw toApiError(error, error.response?.status, error.data);
      throw toApiError(error, undefined, undefined);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw badResponseError(path, parsed.error);
    return parsed.data;
  }
  return request;
}
