import { SESSION_TOKEN_HEADER } from "../contracts/wire";
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
  /** Aborting rejects the call with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Told how much of the body has gone (an upload's progress bar). The request then goes through
   * XMLHttpRequest, the one browser API that reports an upload's progress.
   */
  onUploadProgress?: (loaded: number, total: number) => void;
  /** `bytes`: the answer's body as a Uint8Array (a file), for a contract like `z.instanceof(Uint8Array)`. */
  responseType?: "json" | "bytes";
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

/** A fetch through XMLHttpRequest that reports the upload's progress, answering a standard Response. */
function fetchWithUploadProgress(url: string, init: globalThis.RequestInit, onUploadProgress: (loaded: number, total: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? "GET", url);
    xhr.withCredentials = init.credentials === "include";
    xhr.responseType = "arraybuffer";
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => onUploadProgress(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const colon = line.indexOf(":");
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      const empty = xhr.status === 204 || xhr.status === 304;
      resolve(new Response(empty ? null : (xhr.response as ArrayBuffer), { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    xhr.onerror = () => reject(new TypeError(`Network error: ${init.method ?? "GET"} ${url}`));
    const signal = init.signal;
    if (signal) {
      if (signal.aborted) return reject(signal.reason);
      signal.addEventListener("abort", () => {
        xhr.abort();
        reject(signal.reason);
      }, { once: true });
    }
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
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
  const apiOrigin = (): string | null => {
    try {
      return new URL(baseURL, globalThis.location?.href).origin;
    } catch {
      return null;
    }
  };

  async function request<S extends z.ZodMiniType>(path: string, contract: ContractOf<S>, init: RequestInit = {}): Promise<z.infer<S>> {
    const headers = new Headers(options.headers);
    for (const [name, value] of Object.entries(init.headers ?? {})) headers.set(name, value);
    // An absolute address (a file URL the API gave) gets the session only on the API's own origin.
    const absolute = /^https?:\/\//.test(path);
    const url = absolute ? `${path}${queryString(init.query)}` : `${baseURL}${path}${queryString(init.query)}`;
    const token = tokens?.get();
    if (token && (!absolute || new URL(path).origin === apiOrigin())) headers.set("authorization", `Bearer ${token}`);
    let body: BodyInit | undefined;
    if (init.body instanceof FormData) body = init.body;
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers.set("content-type", "application/json");
    }
    const bytes = init.responseType === "bytes";
    headers.set("accept", bytes ? "*/*" : "application/json");

    let response: Response;
    const fetchInit: globalThis.RequestInit = { method: init.method ?? "GET", headers, body, credentials: "include", ...(init.signal ? { signal: init.signal } : {}) };
    try {
      response =
        init.onUploadProgress && typeof XMLHttpRequest !== "undefined"
          ? await fetchWithUploadProgress(url, fetchInit, init.onUploadProgress)
          : await platformFetch(url, fetchInit);
    } catch (error) {
      if (init.signal?.aborted) throw init.signal.reason;
      throw toApiError(error, undefined, undefined);
    }
    // The server opened a session (a visitor's first favourite, say): keep it for the next calls.
    const opened = response.headers.get(SESSION_TOKEN_HEADER);
    if (opened) tokens?.set(opened);

    let answer: unknown;
    try {
      answer = bytes && response.ok ? new Uint8Array(await response.arrayBuffer()) : await readBody(response);
    } catch (error) {
      if (init.signal?.aborted) throw init.signal.reason;
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
