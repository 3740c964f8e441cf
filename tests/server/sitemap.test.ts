import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SitemapIndexRequest, SitemapRequest } from "../../shared/contracts/index";
import { registerSitemap, SITEMAP_TTL_MS } from "../../server/plugins/sitemap";
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
});
