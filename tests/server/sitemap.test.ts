import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SitemapIndexRequest, SitemapRequest } from "../../shared/contracts/index";
import { registerSitemap, SITEMAP_TTL_MS } from "../../server/plugins/sitemap";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-data";
import { loginToken } from "./support/api-calls";
import { startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * The sitemap's files (server/plugins/sitemap.ts) with a render that answers its requests as JSON,
 * so the test sees exactly what the server handed over: files of at most `fileUrls` products by
 * keyset, every product once, kept in memory until they expire. The XML itself is
 * tests/server/host-site.test.ts's.
 */

const FILE_URLS = 10;
let testApp: TestApp;
let clock = 0;
let renders = 0;

beforeAll(async () => {
  testApp = await startTestApp();
  registerSitemap(testApp.app, {
    fileUrls: FILE_URLS,
    now: () => clock,
    ssr: {
      sitemap: (request: SitemapRequest) => {
        renders += 1;
        return JSON.stringify(request);
      },
      sitemapIndex: (request: SitemapIndexRequest) => JSON.stringify(request),
    },
  });
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp?.close();
});

async function get(url: string) {
  return testApp.app.inject({ method: "GET", url });
}

describe("the sitemap's files", () => {
  it("cuts the products into files of at most fileUrls by id, each product once, the pages and categories in the first", async () => {
    const index = JSON.parse((await get("/sitemap.xml")).body) as SitemapIndexRequest;
    const total = (await testApp.app.catalog.listProducts({ limit: 1 }, "http://localhost", null)).total;
    const productFiles = Math.ceil(total / FILE_URLS);
    expect(index.files).toEqual(Array.from({ length: 1 + productFiles }, (_, at) => `/sitemap-${at + 1}.xml`));

    const first = JSON.parse((await get("/sitemap-1.xml")).body) as SitemapRequest;
    expect(first.withRoots).toBe(true);
    expect(first.categorySlugs).toContain("vizitki");
    expect(first.pages.length).toBeGreaterThan(5);
    expect(first.products).toEqual([]);

    const ids: number[] = [];
    for (let file = 2; file <= 1 + productFiles; file++) {
      const response = await get(`/sitemap-${file}.xml`);
      expect(response.statusCode).toBe(200);
      const request = JSON.parse(response.body) as SitemapRequest;
      expect(request.withRoots).toBe(false);
      expect(request.products.length).toBeLessThanOrEqual(FILE_URLS);
      expect(request.products.length).toBeGreaterThan(0);
      ids.push(...request.products.map((item) => item.id));
    }
    expect(ids.length).toBe(total);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(total);

    expect((await get(`/sitemap-${productFiles + 2}.xml`)).statusCode).toBe(404);
    expect((await get("/sitemap-0.xml")).statusCode).toBe(404);
    expect((await get("/sitemap-x.xml")).statusCode).toBe(404);
  });

  it("answers a file again from memory until it expires", async () => {
    await get("/sitemap-2.xml");
    const before = renders;
    await get("/sitemap-2.xml");
    expect(renders).toBe(before);
    clock += SITEMAP_TTL_MS + 1;
    await get("/sitemap-2.xml");
    expect(renders).toBe(before + 1);
  });

  it("compresses each file once when it is built and answers gzip or brotli as asked, the same text as the plain answer", async () => {
    clock += SITEMAP_TTL_MS + 1;
    const plain = await get("/sitemap-2.xml");
    const rendered = renders;
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("accept-encoding");
    const asked = (encoding: string) => testApp.app.inject({ method: "GET", url: "/sitemap-2.xml", headers: { "accept-encoding": encoding } });
    const gzipped = await asked("gzip, deflate");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.rawPayload).toString("utf8")).toBe(plain.body);
    const brotli = await asked("gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.rawPayload).toString("utf8")).toBe(plain.body);
    expect(brotli.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const index = await testApp.app.inject({ method: "GET", url: "/sitemap.xml", headers: { "accept-encoding": "br" } });
    expect(JSON.parse(brotliDecompressSync(index.rawPayload).toString("utf8"))).toMatchObject({ files: expect.arrayContaining(["/sitemap-2.xml"]) });
    // One build served every encoding.
    expect(renders).toBe(rendered);
  });

  it("builds a file again after a product change, in every encoding", async () => {
    const first = JSON.parse(gunzipSync((await testApp.app.inject({ method: "GET", url: "/sitemap-2.xml", headers: { "accept-encoding": "gzip" } })).rawPayload).toString("utf8")) as SitemapRequest;
    const [gone] = first.products;
    if (!gone) throw new Error("The first product file is empty");
    const employee = await loginToken(testApp.app, DEMO_ACCOUNTS.employee.email, DEMO_ACCOUNTS.employee.password);
    const archived = await testApp.app.inject({ method: "POST", url: `/api/employee/product/${gone.id}/archive`, headers: { authorization: `Bearer ${employee}` }, payload: { archived: true } });
    expect(archived.statusCode, archived.body).toBe(200);
    for (const encoding of ["gzip", "br", "identity"]) {
      const answer = await testApp.app.inject({ method: "GET", url: "/sitemap-2.xml", headers: { "accept-encoding": encoding } });
      const text =
        encoding === "gzip" ? gunzipSync(answer.rawPayload).toString("utf8") : encoding === "br" ? brotliDecompressSync(answer.rawPayload).toString("utf8") : answer.body;
      const products = (JSON.parse(text) as SitemapRequest).products.map((item) => item.id);
      expect(products, encoding).not.toContain(gone.id);
    }
  });
});
