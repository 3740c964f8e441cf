import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productListPageSchema, sessionGrantSchema } from "../../shared/contracts/index";
import { startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * Anonymous catalogue pages are kept as validated JSON for a short while (services/catalog/public-response-cache.ts):
 * the same answer for every anonymous caller, never a signed-in caller's favourite marks.
 */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe("anonymous catalogue pages", () => {
  it("answer the same validated page again, and a signed-in caller still sees their own favourites", async () => {
    const { app } = testApp;
    const first = await app.inject({ method: "GET", url: "/api/public/product?limit=5" });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toMatch(/^application\/json/);
    expect(first.headers.vary).toMatch(/cookie/);
    const page = productListPageSchema.parse(first.json());
    const productId = page.items[0]?.id;
    expect(productId).toBeDefined();

    const signedIn = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "client@example.com", password: "client12345", rememberMe: false } });
    const token = sessionGrantSchema.parse(signedIn.json()).token;
    const favourite = await app.inject({ method: "PUT", url: `/api/public/product/to-favorite/${productId}`, headers: { authorization: `Bearer ${token}` } });
    expect(favourite.statusCode).toBe(200);

    const own = productListPageSchema.parse(
      (await app.inject({ method: "GET", url: "/api/public/product?limit=5", headers: { authorization: `Bearer ${token}` } })).json(),
    );
    expect(own.items.find((item) => item.id === productId)?.inFavorite).toBe(true);

    const again = await app.inject({ method: "GET", url: "/api/public/product?limit=5" });
    expect(again.body).toBe(first.body);
    expect(productListPageSchema.parse(again.json()).items.every((item) => !item.inFavorite)).toBe(true);
  });

  it("come compressed as the browser accepts, the same page in every encoding", async () => {
    const { app } = testApp;
    const url = "/api/public/product?sort=NameDesc&limit=24";
    const plain = await app.inject({ method: "GET", url });
    const brotli = await app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    const gzip = await app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(brotli.headers.vary).toMatch(/accept-encoding/);
    expect(brotliDecompressSync(brotli.rawPayload).toString("utf8")).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString("utf8")).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(productListPageSchema.parse(plain.json()).items).toHaveLength(24);
  });

  it("still refuse a bad query, which is never kept", async () => {
    const { app } = testApp;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await app.inject({ method: "GET", url: "/api/public/product?sort=Cheapest" });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_ERROR" });
    }
  });
});
