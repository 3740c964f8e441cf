import { describe, expect, it } from "vitest";
import { createPublicResponseCache } from "./public-response-cache";

describe("public response cache", () => {
  it("answers until the time to live runs out", () => {
    let clock = 1_000;
    const cache = createPublicResponseCache({ ttlMs: 500, maxEntries: 10, now: () => clock });
    cache.set("/api/public/product", '{"items":[]}');
    clock += 499;
    expect(cache.get("/api/public/product")).toBe('{"items":[]}');
    clock += 1;
    expect(cache.get("/api/public/product")).toBeUndefined();
  });

  it("drops the oldest entry when full, and a re-set entry counts as new", () => {
    const cache = createPublicResponseCache({ ttlMs: 60_000, maxEntries: 2 });
    cache.set("a", "1");
    cache.set("b", "2");
    cache.set("a", "1 again");
    cache.set("c", "3");
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe("1 again");
    expect(cache.get("c")).toBe("3");
  });

  it("forgets everything on clear", () => {
    const cache = createPublicResponseCache({ ttlMs: 60_000, maxEntries: 2 });
    cache.set("a", "1");
    cache.clear();
    expect(cache.get("a")).toBeUndefined();
  });
});
