import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createPublicResponseCache, encodeJson, preferredEncoding } from "./public-response-cache";

const text = (bytes: Uint8Array | undefined) => (bytes ? Buffer.from(bytes).toString("utf8") : undefined);

describe("public response cache", () => {
  it("answers until the time to live runs out", () => {
    let clock = 1_000;
    const cache = createPublicResponseCache({ ttlMs: 500, maxEntries: 10, now: () => clock });
    cache.set("/api/public/product", '{"items":[]}');
    clock += 499;
    expect(text(cache.get("/api/public/product")?.identity)).toBe('{"items":[]}');
    clock += 1;
    expect(cache.get("/api/public/product")).toBeUndefined();
  });

  it("drops the oldest entry when full, and a re-set entry counts as new", () => {
    const cache = createPublicResponseCache({ ttlMs: 60_000, maxEntries: 2 });
    cache.set("a", "1");
    cache.set("b", "2");
    cache.set("a", "11");
    cache.set("c", "3");
    expect(cache.get("b")).toBeUndefined();
    expect(text(cache.get("a")?.identity)).toBe("11");
    expect(text(cache.get("c")?.identity)).toBe("3");
  });

  it("forgets everything on clear", () => {
    const cache = createPublicResponseCache({ ttlMs: 60_000, maxEntries: 2 });
    cache.set("a", "1");
    cache.clear();
    expect(cache.get("a")).toBeUndefined();
  });

  it("keeps the same JSON, in UTF-8, brotli and gzip", () => {
    const json = JSON.stringify({ items: Array.from({ length: 24 }, (_, id) => ({ id, productName: "Визитки стандартные 90×50" })) });
    const encoded = encodeJson(json);
    expect(text(encoded.identity)).toBe(json);
    expect(brotliDecompressSync(encoded.br).toString("utf8")).toBe(json);
    expect(gunzipSync(encoded.gzip).toString("utf8")).toBe(json);
    expect(encoded.br.length).toBeLessThan(encoded.identity.length / 4);
  });
});

describe("preferredEncoding", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip;q=0.5", "gzip"],
    ["BR;Q=0.8", "br"],
    ["*", "br"],
    ["*;q=0", "identity"],
    ["gzip;q=0, *", "br"],
    ["identity", "identity"],
    ["deflate", "identity"],
  ])("%s → %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
