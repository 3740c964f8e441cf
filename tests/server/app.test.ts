import { Writable } from "node:stream";
import { z } from "zod/mini";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { productSchema, serverErrorSchema } from "../../shared/contracts/index";
import { startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * What buildApp puts around the routes: the OpenAPI document, CORS for partners only, the files
 * under /files/, and one error shape for every failure, malformed requests and our own bugs included.
 */

const PARTNER = "https://partner.example";
const STRANGER = "https://evil.example";

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp({ partnerOrigins: [PARTNER] });
});
afterAll(async () => {
  await testApp?.close();
});

describe("GET /api/docs", () => {
  it("serves a browsable reference and the same OpenAPI document as JSON", async () => {
    const page = await testApp.app.inject("/api/docs/");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("swagger-ui");
    const json = await testApp.app.inject("/api/docs/json");
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual((await testApp.app.inject("/api/openapi.json")).json());
  });
});

describe("GET /api/openapi.json", () => {
  it("documents the catalogue and account paths with their tags, parameters and error answers", async () => {
    const response = await testApp.app.inject("/api/openapi.json");
    expect(response.statusCode).toBe(200);
    const document = z
      .object({
        openapi: z.string(),
        info: z.object({ title: z.string() }),
        tags: z.array(z.object({ name: z.string() })),
        paths: z.record(z.string(), z.record(z.string(), z.object({ tags: z.optional(z.array(z.string())), summary: z.string(), parameters: z.optional(z.array(z.object({ name: z.string(), in: z.string() }))), responses: z.record(z.string(), z.unknown()) }))),
      })
      .parse(response.json());
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/nds",
        "/api/public/product",
        "/api/public/product/category",
        "/api/public/product/{id}",
        "/api/auth/login",
        "/api/auth/logout",
        "/api/account/profile",
        "/api/public/product/to-favorite/{id}",
        "/api/public/product/from-favorite/{id}",
        "/api/client-account/company",
        "/api/client-account/select-company",
        "/api/client-account/select-city/{id}",
        "/api/client-account/recipient",
        "/api/client-account/address",
        "/api/utils/company-by-inn",
        "/api/client/search-by-name",
        "/api/client/exit-impersonalization",
        "/api/client/{id}",
        "/api/client/{id}/company",
        "/api/client/{id}/company/{companyId}",
        "/api/client/{id}/impersonalization",
      ]),
    );
    expect(document.tags.map((tag) => tag.name)).toEqual(expect.arrayContaining(["catalog", "reference", "account", "client-account", "clients"]));
    const list = document.paths["/api/public/product"]?.get;
    expect(list?.tags).toEqual(["catalog"]);
    expect(list?.parameters?.map((parameter) => parameter.name).sort()).toEqual(
      ["categoryId", "discount", "limit", "maxPrice", "minPrice", "offset", "productionTimeDay", "sort"].sort(),
    );
    expect(Object.keys(list?.responses ?? {})).toEqual(["200", "400"]);
    const one = document.paths["/api/public/product/{id}"]?.get;
    expect(one?.parameters).toEqual([expect.objectContaining({ name: "isUrgent", in: "query" }), expect.objectContaining({ name: "id", in: "path" })]);
    expect(Object.keys(one?.responses ?? {})).toEqual(["200", "400", "404", "410"]);
    expect(document.paths["/api/nds"]?.get?.summary).toContain("НДС");
  });
});

describe("CORS", () => {
  it("lets a configured partner read the API with the shopper's cookies", async () => {
    const response = await testApp.app.inject({ url: "/api/nds", headers: { origin: PARTNER } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["access-control-allow-origin"]).toBe(PARTNER);
    expect(response.headers["access-control-allow-credentials"]).toBe("true");
    expect(response.headers.vary).toContain("Origin");
  });

  it("answers a partner's preflight", async () => {
    const response = await testApp.app.inject({
      method: "OPTIONS",
      url: "/api/public/product",
      headers: { origin: PARTNER, "access-control-request-method": "GET" },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers["access-control-allow-origin"]).toBe(PARTNER);
    expect(response.headers["access-control-allow-methods"]).toContain("GET");
  });

  it("gives another origin no CORS headers, so its browser refuses the answer", async () => {
    const simple = await testApp.app.inject({ url: "/api/nds", headers: { origin: STRANGER } });
    expect(simple.headers["access-control-allow-origin"]).toBeUndefined();
    const preflight = await testApp.app.inject({
      method: "OPTIONS",
      url: "/api/nds",
      headers: { origin: STRANGER, "access-control-request-method": "GET" },
    });
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("lets a partner read the messageUI of an API 404 too", async () => {
    const response = await testApp.app.inject({ url: "/api/nothing-here", headers: { origin: PARTNER } });
    expect(response.statusCode).toBe(404);
    expect(response.headers["access-control-allow-origin"]).toBe(PARTNER);
    expect(serverErrorSchema.parse(response.json()).messageUI).toBe("Такого адреса в API нет");
  });

  it("does not touch the files under /files/", async () => {
    const response = await testApp.app.inject({ url: "/files/catalog/category-vizitki.svg", headers: { origin: PARTNER } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("photos", () => {
  it("are absolute URLs of the shop's public address (never the request's Host), and the file is served at /files/", async () => {
    const product = productSchema.parse((await testApp.app.inject({ url: "/api/public/product/1", headers: { host: "shop.test:8080" } })).json());
    expect(product.photos.length).toBeGreaterThan(0);
    for (const url of product.photos) {
      expect(url).toMatch(/^http:\/\/localhost\/files\/catalog\/[a-z0-9-]+\.svg$/);
      const file = await testApp.app.inject(new URL(url).pathname);
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("image/svg+xml");
      expect(file.headers["cache-control"]).toMatch(/max-age=\d+/);
      expect(file.headers["x-content-type-options"]).toBe("nosniff");
      expect(file.body.startsWith("<svg")).toBe(true);
    }
  });

  it("use publicUrl when it is set, whatever host the request names", async () => {
    const app = await buildApp({ database: testApp.database.db, databaseSql: testApp.database.sql, filesDir: testApp.database.filesDir, publicUrl: "https://ottisk.example/" });
    try {
      const categories = z.array(z.object({ photoUrl: z.nullable(z.string()) })).parse((await app.inject({ url: "/api/public/product/category", headers: { host: "evil.example" } })).json());
      expect(categories.length).toBeGreaterThan(0);
      for (const category of categories) expect(category.photoUrl).toMatch(/^https:\/\/ottisk\.example\/files\/catalog\//);
    } finally {
      await app.close();
    }
  });

  it("a missing file, a hidden file or a folder is a 404 «Файл не найден»", async () => {
    for (const url of ["/files/catalog/nothing.svg", "/files/catalog/", "/files/", "/files/.hidden"]) {
      const response = await testApp.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(serverErrorSchema.parse(response.json())).toMatchObject({ code: "FILE_NOT_FOUND", messageUI: "Файл не найден" });
    }
  });

  it("a path climbing out of the files folder gets nothing", async () => {
    for (const url of ["/files/../package.json", "/files/%2e%2e/package.json", "/files/..%2fpackage.json", "/files/catalog/..%2f..%2f..%2fpackage.json"]) {
      const response = await testApp.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(serverErrorSchema.parse(response.json()).statusCode).toBe(404);
      expect(response.body).not.toContain("devDependencies");
    }
  });
});

describe("errors", () => {
  it("an unknown address under /api is 404 «Такого адреса в API нет»", async () => {
    for (const [method, url] of [
      ["GET", "/api/public/products"],
      ["POST", "/api/nds"],
      ["DELETE", "/api/public/product/1"],
      ["GET", "/api"],
    ] as const) {
      const response = await testApp.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(serverErrorSchema.parse(response.json())).toMatchObject({ code: "ROUTE_NOT_FOUND", messageUI: "Такого адреса в API нет" });
    }
  });

  it("a malformed URL is a 4xx with the error body, never a 500", async () => {
    for (const url of ["/api/public/product/%E0", "/api/%", "/api/public/product?limit=%", "/api/public/product?limit=%FF"]) {
      const response = await testApp.app.inject(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(serverErrorSchema.parse(response.json()).messageUI).toMatch(/[А-Яа-я]/);
    }
  });

  it("a body the server cannot read is a 4xx with the error body, never a 500", async () => {
    const json = { "content-type": "application/json" };
    const cases = [
      [{ method: "POST", url: "/api/nds", headers: json, payload: "{not json" }, 400, "FST_ERR_CTP_INVALID_JSON_BODY"],
      [{ method: "POST", url: "/api/nds", headers: json, payload: "x".repeat(2 * 1024 * 1024) }, 413, "FST_ERR_CTP_BODY_TOO_LARGE"],
    ] as const;
    for (const [request, status, code] of cases) {
      const response = await testApp.app.inject(request);
      expect(response.statusCode).toBe(status);
      expect(serverErrorSchema.parse(response.json())).toMatchObject({ statusCode: status, code, messageUI: expect.stringMatching(/[А-Яа-я]/) });
    }
    // A GET ignores whatever body came with it.
    const withBody = await testApp.app.inject({ method: "GET", url: "/api/nds", headers: json, payload: "{not json" });
    expect(withBody.json()).toEqual({ percent: 22 });
  });

  it("an unexpected failure is a logged 500 «Что-то пошло не так…» that hides its details", async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString("utf8"));
        done();
      },
    });
    const app = await buildApp({ database: testApp.database.db, databaseSql: testApp.database.sql, filesDir: testApp.database.filesDir, logger: { level: "error", stream: logStream } });
    app.get("/api/test/broken", async () => {
      throw new Error("connection to the database was lost: secret details");
    });
    app.get("/api/test/off-contract", { schema: { response: { 200: z.object({ percent: z.number() }) } } }, async () => ({ percent: "many" }) as unknown as { percent: number });
    try {
      for (const url of ["/api/test/broken", "/api/test/off-contract"]) {
        const response = await app.inject(url);
        expect(response.statusCode, url).toBe(500);
        const body = serverErrorSchema.parse(response.json());
        expect(body).toMatchObject({ statusCode: 500, code: "INTERNAL_ERROR", messageUI: "Что-то пошло не так. Попробуйте ещё раз чуть позже." });
        expect(response.body).not.toContain("secret");
      }
      const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message?: string } });
      const errors = logged.filter((line) => line.level >= 50).map((line) => line.err?.message);
      expect(errors).toHaveLength(2);
      expect(errors[0]).toBe("connection to the database was lost: secret details");
      expect(errors[1]).toMatch(/^Response doesn't match the schema/);
    } finally {
      await app.close();
    }
  });
});
