import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCsp, siteCsp } from "../../../server/plugins/security-headers";
import { startTestApp } from "../support/test-app";
import type { TestApp } from "../support/test-app";

/*
 * Issue 14, finding 2: the protective headers on every answer. Chromium checks that the pages pass
 * their policies (tests/e2e/csp.spec.ts); here, that each area gets the policy meant for it.
 */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp();
  // A stand-in for a page of the host site (added by server.ts beside the API).
  testApp.app.get("/catalog", async (_request, reply) => reply.type("text/html; charset=utf-8").send("<!doctype html><title>Каталог</title>"));
});
afterAll(() => testApp.close());

const headersOf = async (url: string) => (await testApp.app.inject({ method: "GET", url })).headers;

describe("security headers (finding 2)", () => {
  it("every answer is nosniff, keeps the referrer to the origin across sites, and is not framed by other sites", async () => {
    for (const url of ["/catalog", "/api/nds", "/api/no-such-route", "/files/catalog/bannery-pvh-440-1.svg", "/files/nothing-here.txt"]) {
      const headers = await headersOf(url);
      expect(headers["x-content-type-options"], url).toBe("nosniff");
      expect(headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(String(headers["x-frame-options"]), url).toMatch(/^(SAMEORIGIN|DENY)$/);
      expect(String(headers["content-security-policy"]), url).toMatch(/frame-ancestors '(self|none)'|sandbox/);
      expect(headers["cross-origin-opener-policy"], url).toBe("same-origin");
    }
  });

  it("pages get the site's policy: only the shop's scripts, no inline script, no plugins, framed only by the shop", async () => {
    const csp = String((await headersOf("/catalog"))["content-security-policy"]);
    expect(csp).toBe(siteCsp({ recaptcha: false }));
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
  });

  it("API answers may run nothing and be framed by nobody", async () => {
    const headers = await headersOf("/api/nds");
    expect(headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    expect(headers["x-frame-options"]).toBe("DENY");
  });

  it("uploaded files keep their sandbox, and partners may still load the shop's files and widgets (CORP cross-origin)", async () => {
    const headers = await headersOf("/files/catalog/bannery-pvh-440-1.svg");
    expect(String(headers["content-security-policy"])).toContain("sandbox");
    expect(headers["cross-origin-resource-policy"]).toBe("cross-origin");
  });

  it("Swagger UI gets its own policy without inline script, and its files are found under /api/docs", async () => {
    const page = await testApp.app.inject({ method: "GET", url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect((await testApp.app.inject({ method: "GET", url: "/api/docs/static/swagger-ui.css" })).statusCode).toBe(200);
  });

  it("/api/docs, the README's link, leads to the page at /api/docs/, and every file that page names answers 200", async () => {
    const bare = await testApp.app.inject({ method: "GET", url: "/api/docs" });
    expect(bare.statusCode).toBe(301);
    const pageUrl = new URL(String(bare.headers.location), "http://localhost/api/docs");
    expect(pageUrl.pathname).toBe("/api/docs/");
    expect((await testApp.app.inject({ method: "GET", url: "/api/docs?x=1" })).headers.location).toBe("docs/?x=1");
    const page = await testApp.app.inject({ method: "GET", url: pageUrl.pathname });
    expect(page.statusCode).toBe(200);
    // As the browser resolves them against the page's address; the initializer fetches the document at ./json.
    const refs = Array.from(page.body.matchAll(/(?:href|src)="([^"]+)"/g), (match) => match[1] ?? "");
    expect(refs.length).toBeGreaterThanOrEqual(4);
    for (const ref of [...refs, "./json"]) {
      const url = new URL(ref, pageUrl);
      const asset = await testApp.app.inject({ method: "GET", url: url.pathname });
      expect(asset.statusCode, `${ref} → ${url.pathname}`).toBe(200);
      expect(url.pathname.startsWith("/api/docs/")).toBe(true);
    }
  });

  it("reCAPTCHA's script and frames are allowed only when the feedback form uses it; demo pages may load the shop's widgets", () => {
    expect(siteCsp({ recaptcha: true })).toMatch(/script-src 'self' https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\//);
    expect(siteCsp({ recaptcha: false })).toContain("frame-src 'none'");
    expect(demoCsp("https://ottisk.example")).toMatch(/script-src 'self' https:\/\/ottisk\.example;.*connect-src 'self' https:\/\/ottisk\.example/);
  });
});
