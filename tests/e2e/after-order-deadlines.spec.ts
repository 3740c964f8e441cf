import { expect } from "@playwright/test";
import type { APIRequestContext } from "@playwright/test";
import type { Product, ProductPriceQuote } from "../../shared/contracts/index";
import { formatDayMonth } from "../../shared/domain/index";
import { productPath, siteHydrated, test } from "./support";

/*
 * Deadlines (issue 30): «Будет готово …» on the product page — in the server's HTML and after
 * hydration, following the urgency chosen — and in the cart, on the line and in the totals. The
 * dates are the server's (tests/server/deadlines.test.ts fixes the clock); here the page must show
 * what the API says, read just before and just after, so a midnight or the cut-off passing between
 * them cannot make the check flaky.
 */

async function productOf(request: APIRequestContext, id: number, urgent = false): Promise<Product> {
  const response = await request.get(`/api/public/product/${id}${urgent ? "?isUrgent=true" : ""}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Product;
}

/** «Будет готово 3 декабря» for any of these dates. */
function readyText(...days: string[]): RegExp {
  return new RegExp(`Будет готово (${[...new Set(days.map(formatDayMonth))].join("|")})`);
}

test.describe("«Будет готово»", () => {
  test("the product page and the cart show the day the order will be ready", async ({ page, request }) => {
    const path = await productPath(request);
    const id = Number(path.split("/").at(-1));
    const before = await productOf(request, id);

    // The server's HTML, before any script runs.
    const html = await (await request.get(path)).text();
    const after = await productOf(request, id);
    expect(html).toMatch(readyText(before.readyDate, after.readyDate));

    // After hydration, and with urgency chosen: the urgent production time's date.
    await page.goto(path);
    await siteHydrated(page);
    const main = page.locator("main");
    await expect(main.getByText(readyText(before.readyDate, (await productOf(request, id)).readyDate))).toBeVisible();
    const urgentBefore = await productOf(request, id, true);
    expect(urgentBefore.readyDate <= before.readyDate).toBe(true);
    await main.getByRole("checkbox", { name: /Срочное изготовление/ }).check();
    const quote = await page.waitForResponse((response) => response.url().includes(`/api/public/product/${id}/price`) && response.url().includes("isUrgent=true"));
    const urgentQuote = (await quote.json()) as ProductPriceQuote;
    await expect(main.locator(".ottisk-product__ready")).toHaveText(readyText(urgentQuote.readyDate));

    // Into the cart (a visitor's): the line and the totals say it too.
    await main.getByRole("button", { name: "В корзину" }).click();
    await expect(page.locator("header .ottisk-cart-button__badge")).not.toHaveText("");
    await page.goto("/cart");
    await siteHydrated(page);
    const line = page.getByTestId("line-ready").first();
    await expect(line).toHaveText(readyText(urgentQuote.readyDate, (await productOf(request, id, true)).readyDate));
    await expect(page.getByTestId("total-ready")).toHaveText(new RegExp(`^(${formatDayMonth(urgentQuote.readyDate)}|${formatDayMonth((await productOf(request, id, true)).readyDate)})$`));
  });
});
