import { expect } from "@playwright/test";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { CLIENT, SessionApi, chooseSelfPickup, openWidgetsGallery, partnerUrl, placeOrderWith, scrollThrough, siteHydrated, uploadCleanLayouts, test } from "./support";

/*
 * How the shop looks, held to committed pictures: every screen a shopper, a client, an employee and
 * a partner page shows, at 375, 768 and 1280 px, compared pixel by pixel with the pictures in
 * tests/e2e/looks/ (Playwright's toHaveScreenshot). A restructuring that changes no behaviour keeps
 * every picture; a change that is meant to alter a screen updates its pictures in the same commit
 * (`npm run test:looks -- --update-snapshots`), and the diff shows them to the reviewer.
 *
 * The project runs on a server of its own with a fresh database (playwright.config.ts), so what
 * the journeys change elsewhere does not reach these screens. What still moves from run to run is
 * masked: the order's number and dates (the year and today), the production deadline and the
 * session's own links.
 */

const WIDTHS = [375, 768, 1280] as const;
const PRODUCT = "Визитки стандартные 90×50";
const ROMASHKA = "ООО «Ромашка»";
const EMPLOYEE = { email: "manager@example.com", password: "manager12345" } as const;

const MONTHS = "января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря";

/**
 * Whatever differs between two runs of the same page on another day: dates (28.11.2026, 2 декабря)
 * and years (the footer's «© 2012–2026»), wherever they are written; times are in `<time>`.
 */
function moving(page: Page): Locator[] {
  return [
    page.locator("time"),
    page.getByText(/\d{2}\.\d{2}\.\d{4}/),
    page.getByText(new RegExp(`\\d{1,2}\\s(${MONTHS})`)),
    page.getByText(/\b20\d{2}\b/),
  ];
}

/** Waits until the page is drawn as a person would see it: hydrated, fonts and every image loaded, nothing in flight. */
async function settled(page: Page, ready: string): Promise<void> {
  await expect(page.locator(ready).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => document.fonts.ready);
  // Lazy images load once scrolled to: down the page a screen at a time, so the whole page is in the picture.
  await page.evaluate(async () => {
    for (let top = 0; top < document.documentElement.scrollHeight; top += window.innerHeight) {
      window.scrollTo(0, top);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  });
  await expect.poll(() => page.evaluate(() => [...document.images].every((image) => image.complete)), { message: "every image loaded" }).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function looksAsBefore(page: Page, name: string, width: number, mask: Locator[] = []): Promise<void> {
  // The pointer stays where an earlier step clicked: off the page's controls, so no button is drawn hovered.
  await page.mouse.move(0, 0);
  await expect(page).toHaveScreenshot(`${name}-${width}.png`, { fullPage: true, animations: "disabled", caret: "hide", mask: [...moving(page), ...mask] });
}

async function productId(page: Page): Promise<number> {
  const response = await page.request.get("/api/public/product", { params: { limit: 100 } });
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { id: number; productName: string }[] };
  const product = items.find((item) => item.productName === PRODUCT);
  if (!product) throw new Error(`${PRODUCT} is not in the catalogue`);
  return product.id;
}

async function signIn(page: Page, credentials: { email: string; password: string }): Promise<void> {
  const response = await page.request.post("/api/auth/login", { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
}

test.beforeEach(async ({ page }) => {
  // The cookie banner floats over every page until accepted: accepted before the first one.
  await page.addInitScript(() => localStorage.setItem("accept-cookies", "true"));
});

for (const width of WIDTHS) {
  test(`a shopper's screens at ${width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const id = await productId(page);
    for (const [name, path, ready] of [
      ["main", "/", "h1"],
      ["catalog", "/catalog", ".ottisk-card:not(.ottisk-card--skeleton)"],
      ["category", "/catalog/vizitki", ".ottisk-card:not(.ottisk-card--skeleton)"],
      ["product", `/catalog/vizitki/${id}`, "main [part~=price], main h2"],
      ["search", "/poisk?q=визитки", "main article"],
      ["favourites-empty", "/izbrannoe", "h1"],
      ["cart-empty", "/cart", "h1"],
      ["about", "/o-kompanii", "h1"],
      ["contacts", "/kontakty", "h1"],
      ["blog", "/blog", "h1"],
      ["blog-article", "/blog/cmyk-i-rgb", "h1"],
      ["services", "/uslugi", "h1"],
      ["login", "/admin/auth/login", "main form"],
      ["registration", "/admin/auth/registration", "main form"],
      ["password-recovery", "/admin/auth/password-recovery", "main form"],
    ] as const) {
      await page.goto(path);
      await siteHydrated(page);
      await settled(page, ready);
      await looksAsBefore(page, `shopper-${name}`, width);
    }
    // The cart with a line in it, the visitor's own.
    const added = await page.request.post("/api/client-cart/product", { data: { productId: id, options: {}, quantity: 100, companyId: null } });
    expect(added.ok(), await added.text()).toBe(true);
    await page.goto("/cart");
    await siteHydrated(page);
    await settled(page, "main [part~=line]");
    await looksAsBefore(page, "shopper-cart", width);
    if (width < 1280) {
      await page.locator("header [part~=menu-button]").click();
      const menu = page.getByRole("dialog", { name: "Меню" });
      await expect(menu).toBeVisible();
      await menu.evaluate((dialog) => Promise.all(dialog.getAnimations({ subtree: true }).map((animation) => animation.finished)));
      await expect(page).toHaveScreenshot(`shopper-menu-${width}.png`, { animations: "disabled", caret: "hide" });
    }
  });
}

/**
 * The client's one order, placed the first time a client's test runs (at 1280 px, whatever width
 * the test is for), so every width shows the same list: a business-card order of «Ромашка»'s with
 * self-pickup, paid from its balance. Answers the order page's path.
 */
async function theClientsOrder(page: Page, request: APIRequestContext, baseURL: string): Promise<string> {
  const api = await SessionApi.signIn(request, baseURL, CLIENT);
  const { items } = await api.get<{ items: { id: number }[] }>("/client-order");
  const [placedBefore] = items;
  if (placedBefore) return `/admin/client/orders/${placedBefore.id}`;
  const profile = await api.get<{ companies: { id: number; name: string }[] }>("/account/profile");
  const company = profile.companies.find((item) => item.name === ROMASHKA);
  if (!company) throw new Error(`${ROMASHKA} is not the client's`);
  await api.post("/client-account/select-company", { data: { companyId: company.id } });
  await api.post("/client-cart/product", { data: { productId: await productId(page), options: {}, quantity: 100, companyId: company.id } });
  await uploadCleanLayouts(api, company.id);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/cart");
  await siteHydrated(page);
  const main = page.locator("main");
  await chooseSelfPickup(main);
  await placeOrderWith(main, /^С баланса/);
  const placed = main.locator("[part~=success]");
  await expect(placed.getByRole("heading", { name: /^Заказ № .+ оформлен$/ })).toBeVisible();
  const href = await placed.getByRole("link", { name: "Подробнее о заказе" }).getAttribute("href");
  if (!href) throw new Error("The placed order has no link");
  if (size) await page.setViewportSize(size);
  return href;
}

for (const width of WIDTHS) {
  test(`a client's screens at ${width} px`, async ({ page, request, baseURL }) => {
    test.setTimeout(90_000);
    if (!baseURL) throw new Error("baseURL is not configured");
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, CLIENT);
    const orderPath = await theClientsOrder(page, request, baseURL);
    const main = page.locator("main");
    for (const [name, path, ready] of [
      ["orders", "/admin/client/orders", "main h1"],
      ["order", orderPath, "main h1"],
      ["documents", "/admin/client/documents", "main h1"],
      ["notifications", "/admin/client/notification", "main h1"],
      ["profile", "/admin/client/profile/info", "main h1"],
      ["company", "/admin/client/profile/company/info", "main h1"],
    ] as const) {
      await page.goto(path);
      await siteHydrated(page);
      await settled(page, ready);
      // The order's number carries the year and its place in the year's sequence.
      await looksAsBefore(page, `client-${name}`, width, [main.getByText(/№\s*\S+/), main.locator("h1")]);
    }
  });
}

for (const width of WIDTHS) {
  test(`an employee's screens at ${width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, EMPLOYEE);
    const main = page.locator("main");
    for (const [name, path, ready] of [
      ["panel", "/admin", "main h1"],
      ["orders", "/admin/employee/orders", "main h1"],
      ["clients", "/admin/employee/clients?q=Иван", "main h1"],
      ["profile", "/admin/employee/profile", "main h1"],
    ] as const) {
      await page.goto(path);
      await siteHydrated(page);
      await settled(page, ready);
      // The order counts move with the journeys that ran before (one of them pays an order).
      await looksAsBefore(page, `employee-${name}`, width, [main.getByText(/№\s*\S+/), main.locator(".employee-counts__count")]);
    }
  });
}

for (const width of WIDTHS) {
  test(`the partner pages at ${width} px`, async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(partnerUrl(baseURL, "partner.html"));
    await expect(page.locator("ottisk-catalog .ottisk-card:not(.ottisk-card--skeleton)").first()).toBeVisible();
    // The cart below the cards takes its code when it comes near the viewport, as a visitor scrolls.
    await scrollThrough(page);
    await expect(page.locator("ottisk-cart [part~=empty]")).toBeVisible();
    await settled(page, "ottisk-catalog");
    await looksAsBefore(page, "partner-shop", width);
    // The popup closed, so the picture shows the elements.
    await openWidgetsGallery(page, baseURL);
    await settled(page, "ottisk-footer");
    // The page's event log writes the time of each event.
    await looksAsBefore(page, "partner-widgets", width, [page.locator("#event-log")]);
  });
}
