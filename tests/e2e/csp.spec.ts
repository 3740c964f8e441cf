import { expect } from "@playwright/test";
import type { Page } from "@playwright/test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { partnerUrl, test } from "./support";
import { SCREEN_PATHS } from "../../shared/domain/index";

/*
 * Issue 14, finding 2: every page the shop serves passes its own Content-Security-Policy in a real
 * Chromium — the host site's pages (every address of the sitemap, and the screens it leaves out),
 * the demo pages (a partner's site), Swagger UI — with no violation reported. A page that another
 * site frames is refused.
 */

/** Every CSP violation the page reports, collected before any of its scripts run. */
async function watchViolations(page: Page): Promise<string[]> {
  const console: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return console;
}

async function violationsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** Opens the address, lets its code run (hydration, widgets, workers), and gives the violations seen. */
async function visit(page: Page, url: string, consoleSeen: string[]): Promise<string[]> {
  const before = consoleSeen.length;
  const response = await page.goto(url, { waitUntil: "load" });
  expect(response?.headers()["content-security-policy"], url).toBeTruthy();
  await page.waitForLoadState("networkidle");
  return [...(await violationsOf(page)), ...consoleSeen.slice(before)].map((violation) => `${url}: ${violation}`);
}

test("no page of the host site breaks its Content-Security-Policy", async ({ page, baseURL, request }) => {
  test.setTimeout(180_000);
  const consoleSeen = await watchViolations(page);
  // /sitemap.xml is an index of the sitemap's files (/sitemap-1.xml …); the pages are in the files.
  const locs = async (path: string) => [...(await (await request.get(path)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const paths = (await Promise.all((await locs("/sitemap.xml")).map(locs))).flat();
  expect(paths.length).toBeGreaterThan(20);
  const all = [...new Set([...paths, ...Object.values(SCREEN_PATHS), "/no-such-page"])];
  const violations: string[] = [];
  for (const path of all) violations.push(...(await visit(page, `${baseURL}${path}`, consoleSeen)));
  expect(violations).toEqual([]);
});

test("the demo pages (a partner's site) and Swagger UI pass their policies", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const consoleSeen = await watchViolations(page);
  const demoPages = readdirSync(join(import.meta.dirname, "..", "..", "demo")).filter((name) => name.endsWith(".html"));
  expect(demoPages.length).toBeGreaterThan(3);
  const violations: string[] = [];
  for (const name of demoPages) violations.push(...(await visit(page, partnerUrl(baseURL, name), consoleSeen)));
  violations.push(...(await visit(page, `${baseURL}/api/docs`, consoleSeen)));
  await expect(page.locator(".swagger-ui .info .title")).toContainText("Ottisk API");
  expect(violations).toEqual([]);
});

test("another site cannot frame the shop's pages", async ({ page, baseURL }) => {
  const consoleSeen: string[] = [];
  page.on("console", (message) => consoleSeen.push(message.text()));
  // A page of another origin, with no policy of its own, that frames the shop's cart.
  await page.setContent(`<iframe src="${baseURL}/cart" title="cart"></iframe>`);
  await expect.poll(() => consoleSeen.find((text) => /frame-ancestors/.test(text)) ?? "", { timeout: 10_000 }).toMatch(/frame-ancestors 'self'.*blocked/);
  const framed = page.frames().find((frame) => frame.url().includes("/cart"));
  expect(framed ? await framed.locator("#ottisk-app").count() : 0).toBe(0);
});
