import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * Text answers come compressed as the browser accepts (server/plugins/compression.ts); downloads
 * and anything that is not text go out byte for byte.
 */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp();
  // Binary answers of the kinds the API sends (a layout PDF, an octet-stream download), over the threshold.
  const bytes = Buffer.alloc(64 * 1024, "%PDF-1.7 ");
  testApp.app.get("/test-binary/pdf", (_request, reply) => reply.type("application/pdf").send(bytes));
  testApp.app.get("/test-binary/octet", (_request, reply) => reply.type("application/octet-stream").send(bytes));
});
afterAll(async () => {
  await testApp?.close();
});

const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };

describe("compression", () => {
  it("sends /api JSON as brotli, or gzip, or plain as the client accepts, the same document each way", async () => {
    const plain = await testApp.app.inject({ url: "/api/openapi.json" });
    const brotli = await testApp.app.inject({ url: "/api/openapi.json", headers: BROWSER });
    const gzip = await testApp.app.inject({ url: "/api/openapi.json", headers: { "accept-encoding": "gzip" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(brotliDecompressSync(brotli.rawPayload).toString("utf8")).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString("utf8")).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it("compresses SVG files under /files/", async () => {
    const folder = join(testApp.database.filesDir, "catalog");
    const sizes = await Promise.all((await readdir(folder)).map(async (name) => ({ name, size: (await readFile(join(folder, name))).length })));
    const svg = sizes.find((file) => file.name.endsWith(".svg") && file.size > 2048);
    if (!svg) throw new Error("the seed has no SVG over 2 KB in files/catalog");
    const plain = await testApp.app.inject({ url: `/files/catalog/${svg.name}` });
    const brotli = await testApp.app.inject({ url: `/files/catalog/${svg.name}`, headers: BROWSER });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it("leaves PDFs and octet-stream downloads as they are", async () => {
    for (const url of ["/test-binary/pdf", "/test-binary/octet"]) {
      const answer = await testApp.app.inject({ url, headers: BROWSER });
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.rawPayload.length).toBe(64 * 1024);
    }
  });

  it("does not decompress request bodies: a declared encoding is passed on as before", async () => {
    const answer = await testApp.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json", "content-encoding": "zstd" },
      payload: JSON.stringify({ email: "nobody@example.com", password: "wrong-password" }),
    });
    expect(answer.statusCode).not.toBe(415);
  });
});
