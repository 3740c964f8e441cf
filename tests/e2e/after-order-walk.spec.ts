import { expect } from "@playwright/test";
import type { Page } from "@playwright/test";
import { productListPageSchema } from "../../shared/contracts/index";
import { formatProductCount } from "../../shared/domain/index";
import { CLIENT, SessionApi, auditOf, catalogHydrated, chooseSelfPickup, partnerUrl, placeOrderWith, siteHydrated, test, uploadCleanLayouts } from "./support";

/*
 * Issue 30's walk, the findings a whole page shows: the anonymous desktop header's row ends at the
 * content's edge, and a filtered catalogue page is its address (reload and share keep the filters).
 * The rest of the findings are held by server and element tests (server/docs/storefront-walk.md).
 */

test.describe("the walk's findings on the host site", () => {
  // Where the walk saw the header's row end about 97 px short: wide screens and every kind of page.
  test("on wide screens the anonymous header's row ends where each page's content ends", async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    const products = productListPageSchema.parse(await (await request.get(`${baseURL ?? ""}/api/public/product?limit=1`)).json());
    const product = products.items[0];
    if (!product) throw new Error("The demo catalogue has no products");
    const paths = ["/", "/catalog", "/catalog/vizitki", `/catalog/${product.category.slug}/${product.id}`, "/cart", "/kontakty", "/blog/kak-podgotovit-maket-k-pechati"];
    const misfits: string[] = [];
    for (const width of [1280, 1366, 1440, 1536, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of paths) {
        await page.goto(path);
        await siteHydrated(page);
        const edges = await headerAndContentEdges(page);
        if (!edges) {
          misfits.push(`${width} ${path}: no header row or main content`);
          continue;
        }
        if (Math.abs(edges.headerRight - edges.contentRight) > 2 || Math.abs(edges.headerLeft - edges.contentLeft) > 2) misfits.push(`${width} ${path}: ${JSON.stringify(edges)}`);
      }
    }
    expect(misfits).toEqual([]);
  });

  test("a filtered catalogue page keeps its filters on reload and after a change in the panel", async ({ page, request, baseURL }) => {
    const list = async (query: string) => productListPageSchema.parse(await (await request.get(`${baseURL ?? ""}/api/public/product?${query}`)).json());
    const categories = (await (await request.get(`${baseURL ?? ""}/api/public/product/category`)).json()) as { id: number; slug: string }[];
    const vizitki = categories.find((category) => category.slug === "vizitki");
    if (!vizitki) throw new Error("The demo catalogue has no business cards");
    const all = await list(`categoryId=${vizitki.id}&limit=50`);
    const cheapest = Math.min(...all.items.map((card) => card.priceFrom));
    const filtered = await list(`categoryId=${vizitki.id}&maxPrice=${cheapest}&limit=50`);
    expect(filtered.total).toBeLessThan(all.total);

    await page.goto(`/catalog/vizitki?maxPrice=${cheapest}`);
    const count = page.locator(".ottisk-catalog__count");
    await expect(count).toHaveText(formatProductCount(filtered.total));
    await siteHydrated(page);
    await expect(count).toHaveText(formatProductCount(filtered.total));
    await page.reload();
    await siteHydrated(page);
    await expect(count).toHaveText(formatProductCount(filtered.total));

    // The sort changes the address and keeps the filter in it.
    await page.getByLabel("Сортировка").selectOption("NameDesc");
    await expect(page).toHaveURL(new RegExp(`/catalog/vizitki\\?maxPrice=${cheapest}&sort=NameDesc$`));
    await page.reload();
    await siteHydrated(page);
    await expect(count).toHaveText(formatProductCount(filtered.total));
    await expect(page.getByLabel("Сортировка")).toHaveValue("NameDesc");
  });
});

test.describe("the walk's finding on a partner page", () => {
  test("a card order placed on the partner page, paid on the test page, lands on its success page signed in", async ({ page, baseURL, request }) => {
    test.setTimeout(60_000);
    if (!baseURL) throw new Error("baseURL is not configured");
    const product = "Визитки стандартные 90×50";
    await (await SessionApi.signIn(request, baseURL, CLIENT)).post("/client-account/select-company", { data: { companyId: null } });

    await page.goto(partnerUrl(baseURL, "partner.html"));
    await catalogHydrated(page);
    const account = page.locator("ottisk-account");
    await account.getByRole("button", { name: "Войти" }).click();
    const loginDialog = account.getByRole("dialog", { name: "Вход и регистрация" });
    await loginDialog.getByLabel("Электронная почта").fill(CLIENT.email);
    await loginDialog.getByLabel("Пароль", { exact: true }).fill(CLIENT.password);
    await loginDialog.getByRole("button", { name: "Войти" }).click();
    await expect(loginDialog).toBeHidden();
    await page.locator("ottisk-catalog .ottisk-card", { hasText: product }).getByRole("link", { name: `Заказать: ${product}` }).click();
    await page.locator("ottisk-product").getByRole("button", { name: "В корзину" }).click();
    const cart = page.locator("ottisk-cart");
    await expect(cart.locator("[part~=line]", { hasText: product }).first()).toBeVisible();
    const api = await SessionApi.of(page, request, baseURL);
    await uploadCleanLayouts(api, null);
    await page.reload();
    await catalogHydrated(page);
    await expect(cart.locator("[part~=line]", { hasText: product }).first()).toContainText("макет проверен");
    await chooseSelfPickup(cart);
    await placeOrderWith(cart, "Онлайн картой (ЮKassa)");

    // The test payment page is the shop's: reached through a hand-off, it knows the shopper.
    await expect(page).toHaveURL(/\/api\/payment\/test\/test-[0-9a-f-]{36}$/);
    await page.getByRole("button", { name: /^Оплатить/ }).click();
    await expect(page).toHaveURL(/\/success-payment\?orderId=\d+$/);
    await siteHydrated(page);
    const orderId = Number(new URL(page.url()).searchParams.get("orderId"));
    const main = page.locator("main");
    await expect(main).toContainText(/Заказ № \S+/);
    await expect(main).not.toContainText("Заказ недоступен");
    const order = await api.get<{ id: number; number: string; paymentStatus: string }>(`/client-order/${orderId}`);
    expect(order.paymentStatus).toBe("paid");
    await expect(main).toContainText(`Заказ № ${order.number}`);
  });
});

/**
 * The anonymous header's row, by what a visitor sees of it (its shown links, buttons and fields:
 * a grid cell wider than its «Войти» button is no edge), and the main content's box inside its padding, in px.
 */
async function headerAndContentEdges(page: Page): Promise<{ headerLeft: number; headerRight: number; contentLeft: number; contentRight: number } | null> {
  return page.evaluate(() => {
    const header = document.querySelector("ottisk-header, .ottisk-header");
    const root = header?.shadowRoot ?? document;
    const bar = root.querySelector<HTMLElement>(".ottisk-header__bar");
    const main = document.querySelector<HTMLElement>(".site__main");
    if (!bar || !main) return null;
    const shown = Array.from(bar.querySelectorAll("a, button, input")).filter((control) => control.getBoundingClientRect().width > 0);
    const style = getComputedStyle(main);
    const box = main.getBoundingClientRect();
    return {
      headerLeft: Math.round(Math.min(...shown.map((child) => child.getBoundingClientRect().left))),
      headerRight: Math.round(Math.max(...shown.map((child) => child.getBoundingClientRect().right))),
      contentLeft: Math.round(box.left + Number.parseFloat(style.paddingLeft)),
      contentRight: Math.round(box.right - Number.parseFloat(style.paddingRight)),
    };
  });
}

test.describe("the walk's finding in the back office", () => {
  test("a content employee removes and sets the footer's rating badge, and the site shows each at once", async ({ browser, baseURL, request }) => {
    test.setTimeout(60_000);
    if (!baseURL) throw new Error("baseURL is not configured");
    const staff = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    const desk = await staff.newPage();
    const login = await desk.request.post("/api/auth/login", { data: { email: "content@example.com", password: "content12345" } });
    expect(login.status(), await login.text()).toBe(200);
    // The demo's footer, put back at the end (other journeys look at its badge).
    const footerBlock = async () => (await (await desk.request.get("/api/employee/site-block/footer")).json()) as { content: unknown; updatedAt?: string | null };
    const original = await footerBlock();
    const saved = () => desk.waitForResponse((response) => response.url().endsWith("/api/employee/site-block/footer") && response.request().method() === "PUT");
    const visitor = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    const site = await visitor.newPage();
    const rating = site.locator(".ottisk-footer__rating");

    await desk.goto("/admin/employee/site-blocks");
    await siteHydrated(desk);
    const footer = desk.getByRole("region", { name: "Подвал" });
    const badge = footer.getByRole("group", { name: "Рейтинг в подвале" });
    const shown = badge.getByLabel("Показывать рейтинг магазина (на компьютере)");

    // Removed: the box unticked and saved, the page has no badge.
    await shown.uncheck();
    const removal = saved();
    await footer.getByRole("button", { name: "Сохранить" }).click();
    expect((await removal).status()).toBe(200);
    await site.goto("/");
    await expect(site.locator(".ottisk-footer__about, footer").first()).toBeVisible();
    await expect(rating).toHaveCount(0);

    // Set: the box ticked, the fields filled; a score left empty is caught before it goes to the server.
    await shown.check();
    await badge.getByLabel("Где рейтинг (например, «Яндекс Карты»)").fill("Яндекс Карты");
    await badge.getByLabel("Ссылка на отзывы").fill("https://yandex.ru/maps/org/ottisk/reviews");
    await badge.getByLabel("Число отзывов").fill("128");
    await footer.getByRole("button", { name: "Сохранить" }).click();
    await expect(footer).toContainText("Оценка рейтинга — число от 0 до 5, например 4,8");
    await badge.getByLabel("Оценка, от 0 до 5").fill("4,8");
    const setting = saved();
    await footer.getByRole("button", { name: "Сохранить" }).click();
    expect((await setting).status()).toBe(200);
    await site.goto("/");
    await expect(rating).toBeVisible();
    await expect(rating).toHaveAttribute("href", "https://yandex.ru/maps/org/ottisk/reviews");
    await expect(rating).toContainText("4,8");
    await expect(rating).toContainText("Яндекс Карты · 128 отзывов");
    // Audited like every site block: the change names the badge.
    const entries = await auditOf(request, baseURL, "site-block", "footer");
    expect(entries.some((entry) => JSON.stringify(entry.changes).includes("yandex.ru/maps/org/ottisk/reviews")), JSON.stringify(entries[0])).toBe(true);

    const restored = await desk.request.put("/api/employee/site-block/footer", { data: { key: "footer", content: original.content, updatedAt: (await footerBlock()).updatedAt }, headers: { origin: baseURL } });
    expect(restored.status(), await restored.text()).toBe(200);
    await staff.close();
    await visitor.close();
  });
});
