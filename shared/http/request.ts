import { SESSION_TOKEN_HEADER } from "../contracts/wire";
import "./zod-config";
import type { z } from "zod/mini";
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

/**
 * A contract, or a function that loads it: areas the first paint does not need load their contracts
 * on first use, so a partner page showing the catalogue does not download the cart's schemas.
 */
export type ContractOf<S extends z.ZodMiniType> = S | (() => Promise<S>);

/** Calls `path` and parses the answer with `schema`. */
export type ApiRequest = <S extends z.ZodMiniType>(path: string, schema: ContractOf<S>, init?: RequestInit) => Promise<z.infer<S>>;

function queryString(query: RequestInit["query"]): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) params.append(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : "";
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  if (!(response.headers.get("content-type") ?? "").includes("json")) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The one way the client talks to the API: the session token kept, the answer parsed by its
 * contract, errors as ApiError. Plain fetch (no wrapper library): this is the widgets' first-paint
 * path, where every kilobyte counts.
 */
export function createRequest(options: ApiOptions): ApiRequest {
  const platformFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const tokens = options.sessionToken;
  const baseURL = options.baseURL.replace(/\/+$/, "");

  async function request<S extends z.ZodMiniType>(path: string, contract: ContractOf<S>, init: RequestInit = {}): Promise<z.infer<S>> {
    const headers = new Headers(options.headers);
    for (const [name, value] of Object.entries(init.headers ?? {})) headers.set(name, value);
    const token = tokens?.get();
    if (token) headers.set("authorization", `Bearer ${token}`);
    let body: BodyInit | undefined;
    if (init.body instanceof FormData) body = init.body;
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers.set("content-type", "application/json");
    }
    headers.set("accept", "application/json");

    let response: Response;
    try {
      response = await platformFetch(`${baseURL}${path}${queryString(init.query)}`, {
        method: init.method ?? "GET",
        headers,
        body,
        credentials: "include",
      });
    } catch (error) {
      throw toApiError(error, undefined, undefined);
    }
    // The server opened a session (a visitor's first favourite, say): keep it for the next calls.
    const opened = response.headers.get(SESSION_TOKEN_HEADER);
    if (opened) tokens?.set(opened);

    let answer: unknown;
    try {
      answer = await readBody(response);
    } catch (error) {
      throw toApiError(error, undefined, undefined);
    }
    if (!response.ok) throw toApiError(new Error(`${init.method ?? "GET"} ${path}: HTTP ${response.status}`), response.status, answer);
    const schema = typeof contract === "function" ? await contract() : contract;
    const parsed = schema.safeParse(answer);
    if (!parsed.success) throw badResponseError(path, parsed.error);
    return parsed.data;
  }
  return request;
}
