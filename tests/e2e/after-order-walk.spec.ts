import { expect } from "@playwright/test";
import { productListPageSchema } from "../../shared/contracts/index";
import { formatProductCount } from "../../shared/domain/index";
import { CLIENT, SessionApi, catalogHydrated, chooseSelfPickup, partnerUrl, placeOrderWith, siteHydrated, test, uploadCleanLayouts } from "./support";

/*
 * Issue 30's walk, the findings a whole page shows: the anonymous desktop header's row ends at the
 * content's edge, and a filtered catalogue page is its address (reload and share keep the filters).
 * The rest of the findings are held by server and element tests (server/docs/storefront-walk.md).
 */

test.describe("the walk's findings on the host site", () => {
  test("at 1280 px the anonymous header's row ends where the page's content ends", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/catalog");
    await siteHydrated(page);
    const edges = await page.evaluate(() => {
      const header = document.querySelector("ottisk-header, .ottisk-header");
      const root = header?.shadowRoot ?? document;
      const bar = root.querySelector<HTMLElement>(".ottisk-header__bar");
      const main = document.querySelector<HTMLElement>(".site__main");
      if (!bar || !main) return null;
      const shown = Array.from(bar.children).filter((child) => child.getBoundingClientRect().width > 0);
      const last = Math.max(...shown.map((child) => child.getBoundingClientRect().right));
      const first = Math.min(...shown.map((child) => child.getBoundingClientRect().left));
      const style = getComputedStyle(main);
      const box = main.getBoundingClientRect();
      return {
        headerLeft: first,
        headerRight: last,
        contentLeft: box.left + Number.parseFloat(style.paddingLeft),
        contentRight: box.right - Number.parseFloat(style.paddingRight),
      };
    });
    expect(edges, "the header's row and the main content").not.toBeNull();
    expect(Math.abs((edges?.headerRight ?? 0) - (edges?.contentRight ?? 0)), JSON.stringify(edges)).toBeLessThanOrEqual(2);
    expect(Math.abs((edges?.headerLeft ?? 0) - (edges?.contentLeft ?? 0)), JSON.stringify(edges)).toBeLessThanOrEqual(2);
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
