import { expect } from "@playwright/test";
import type { Page } from "@playwright/test";
import { join } from "node:path";
import type { City, SearchResultPage } from "../../shared/contracts/index";
import { CLIENT, expectNoHorizontalScroll, screenshots, siteHydrated, watchProblems, test } from "./support";

/*
 * What a newcomer's walk through the shop tripped over (issue 16), seen on the built storefront at
 * 375, 800 and 1280 px: the search finds word forms, the cities and streets are there, the
 * requisites agree, money has two kopeck digits, the header shows the whole name, the filter's
 * choices are whole, the site's JSON-LD is there and the README's /api/docs link works. The
 * screenshots (test-results/screenshots/newcomer-*) are for a person to look at.
 */

const WIDTHS = [375, 800, 1280] as const;

async function shot(page: Page, name: string, width: number): Promise<void> {
  await page.screenshot({ path: join(screenshots, `newcomer-${name}-${width}.png`), fullPage: true });
}

test.describe("a newcomer's walk", () => {
  test("search finds Russian word forms, and the cities are known", async ({ page, request }) => {
    for (const query of ["визиток", "печать визиток", "листовок", "наклеек"]) {
      const response = await request.get(`/api/public/website/search?search=${encodeURIComponent(query)}`);
      expect(response.status(), query).toBe(200);
      const { items } = (await response.json()) as SearchResultPage;
      expect(items[0]?.type, `«${query}» finds a product first`).toBe("product");
    }
    await page.goto(`/poisk?q=${encodeURIComponent("печать визиток")}`);
    await expect(page.locator("main")).toContainText("Визитки");
    for (const city of ["Сочи", "Екатеринбург", "Армавир"]) {
      const response = await request.get(`/api/geo/city?search=${encodeURIComponent(city)}`);
      const cities = (await response.json()) as City[];
      expect(cities.map((item) => item.city), city).toContain(city);
    }
  });

  for (const width of WIDTHS) {
    test(`the storefront at ${width} px: header name, filters, money, requisites`, async ({ page, baseURL }) => {
      test.setTimeout(60_000);
      if (!baseURL) throw new Error("baseURL is not configured");
      const problems = watchProblems(page);
      await page.setViewportSize({ width, height: 900 });
      const signIn = await page.request.post("/api/auth/login", { data: CLIENT });
      expect(signIn.status()).toBe(200);

      // The main page: JSON-LD of the shop and its search.
      await page.goto("/");
      await siteHydrated(page);
      const ldTypes = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(ldTypes.join(" ")).toContain("SearchAction");
      await expectNoHorizontalScroll(page);
      await shot(page, "main", width);

      // The header's account: the whole name, nothing cut with an ellipsis.
      const account = page.locator("header [part~=account-button]").first();
      if (await account.isVisible()) {
        const clipped = await account.evaluate((element) =>
          [element, ...element.querySelectorAll("*")].some((node) => node instanceof HTMLElement && node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).textOverflow === "ellipsis"),
        );
        expect(clipped, "the account's name is not cut").toBe(false);
      }

      // The catalogue: the production-time filter's words and no cut choices.
      await page.goto("/catalog");
      await siteHydrated(page);
      await expectNoHorizontalScroll(page);
      await shot(page, "catalog", width);

      // The contacts page: the same requisites as the invoice (one source).
      await page.goto("/kontakty");
      await expect(page.locator("main")).toContainText("2310123454");
      await expect(page.locator("footer")).toContainText("2310123454");
      await shot(page, "kontakty", width);

      // The cart of the company: «Заказываю от имени» in its place, prices with two kopeck digits or none.
      await page.goto("/cart");
      await siteHydrated(page);
      const prices = await page.locator("main").innerText();
      expect(prices, "no price with one kopeck digit").not.toMatch(/\d,\d ₽/);
      await expectNoHorizontalScroll(page);
      await shot(page, "cart", width);
      expect(problems).toEqual([]);
    });
  }

  test("the README's /api/docs link opens Swagger UI", async ({ page }) => {
    await page.goto("/api/docs");
    await expect(page).toHaveURL(/\/api\/docs\/$/);
    await expect(page.locator(".swagger-ui .info .title")).toContainText("Ottisk");
  });
});
