import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";

/*
 * Answers that are the same for every anonymous caller (the catalogue's pages) kept for a short time
 * as the JSON already validated by its contract, encoded as UTF-8 and compressed once with brotli and
 * gzip: every browser asks for a compressed answer, and a page of cards shrinks about six times, so
 * the answer is mostly a small write. The catalogue changes only through the admin panel or an
 * import, so an answer up to `ttlMs` old is acceptable (server/docs/performance.md). Signed-in callers are never
 * served from here: their answers carry their own favourite marks.
 */

export type ContentEncoding = "br" | "gzip" | "identity";

/** One answer in each encoding a client may ask for. */
export interface EncodedResponse {
  identity: Uint8Array;
  gzip: Uint8Array;
  br: Uint8Array;
}

/**
 * `T`: the answer as an object, kept beside its bytes when given, so a signed-in caller's answer can
 * be made from the same page (routes/catalog/products.ts adds the caller's favourite marks).
 */
export interface PublicResponseCache<T = never> {
  get(key: string): EncodedResponse | undefined;
  /** The kept answer as an object (when `set` was given one). */
  value(key: string): T | undefined;
  /** Encodes and keeps the JSON text (and the object it was made from); answers the encodings. */
  set(key: string, json: string, value?: T): EncodedResponse;
  clear(): void;
}

export function encodeJson(json: string): EncodedResponse {
  const identity = Buffer.from(json, "utf8");
  return {
    identity,
    gzip: gzipSync(identity, { level: 6 }),
    // Quality 5 compresses nearly as well as 11 for JSON of this size at a fraction of the time.
    br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
  };
}

/**
 * The encoding to answer with for an Accept-Encoding header (RFC 9110 §12.5.3): brotli, then gzip,
 * when the client accepts them with a weight above zero (`*` counts for both); otherwise none.
 */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (!acceptEncoding) return "identity";
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const accepts = (encoding: string) => (weights.get(encoding) ?? weights.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return "identity";
}

export function createPublicResponseCache<T = never>(options: { ttlMs: number; maxEntries: number; now?: () => number }): PublicResponseCache<T> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { response: EncodedResponse; value: T | undefined; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    get(key) {
      return live(key)?.response;
    },
    value(key) {
      return live(key)?.value;
    },
    set(key, json, value) {
      const response = encodeJson(json);
      entries.delete(key);
      // Maps keep insertion order: the first key is the oldest, dropped when full.
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { response, value, expiresAt: now() + options.ttlMs });
      return response;
    },
    clear() {
      entries.clear();
    },
  };
}
