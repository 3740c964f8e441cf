import { expect } from "@playwright/test";
import type { Page } from "@playwright/test";
import type { AccountProfile, Cart, EmployeePromocodeList } from "../../shared/contracts/index";
import { CLIENT, SessionApi, chooseSelfPickup, expectAccessible, placeOrderWith, siteHydrated, test, uploadCleanLayouts } from "./support";

/*
 * The back office's promocodes (issue 29) as the shop's people use them: a manager (sales@, role
 * manager) creates a code limited to one use per client; the demo client applies it in the cart and
 * places an order; for the next order the same code is refused with the cart's message. The promo
 * pages pass axe at 375 and 1280 px.
 */

const MANAGER = { email: "sales@example.com", password: "sales12345" } as const;
const PRODUCT = "Визитки стандартные 90×50";

async function signIn(page: Page, credentials: { email: string; password: string }): Promise<void> {
  const response = await page.request.post("/api/auth/login", { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
}

async function accessibleAtBothWidths(page: Page, what: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `${what} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The client's cart of the selected profile: the business cards alone, their layouts passed. */
async function cardsInCart(api: SessionApi, companyId: number | null, productId: number): Promise<void> {
  const path = companyId === null ? "/client-cart" : `/client-cart?companyId=${companyId}`;
  const cart = await api.get<Cart>(path);
  for (const line of cart.orderProduct) await api.delete(`/client-cart/product/${line.id}`);
  await api.post("/client-cart/product", { data: { productId, quantity: 100, ...(companyId === null ? {} : { companyId }) } });
  await uploadCleanLayouts(api, companyId);
}

test.describe("the back office's promocodes", () => {
  test("a manager creates a one-use-per-client code; the client uses it once, the second time it is refused", async ({ page, browser, baseURL, request }) => {
    test.setTimeout(180_000);
    if (!baseURL) throw new Error("baseURL is not configured");
    const main = page.locator("main");
    const code = `RAZ-${Date.now() % 1_000_000}`;

    // 1. The manager's promocode list and form, and the new code.
    await signIn(page, MANAGER);
    await page.goto("/admin/employee/promocodes/new");
    await siteHydrated(page);
    await expect(main.getByRole("heading", { name: "Новый промокод" })).toBeVisible();
    await accessibleAtBothWidths(page, "the new promocode form");
    await main.getByLabel("Код", { exact: true }).fill(code);
    await main.getByLabel("Скидка, %").fill("10");
    await main.getByLabel("Лимит на одного клиента").fill("1");
    await main.getByRole("button", { name: "Создать промокод" }).click();
    await expect(page).toHaveURL(/\/admin\/employee\/promocodes\/\d+/);
    await siteHydrated(page);
    await expect(main.getByLabel("Код", { exact: true })).toHaveValue(code);
    await page.goto("/admin/employee/promocodes");
    await siteHydrated(page);
    await expect(main.getByRole("link", { name: code })).toBeVisible();
    await accessibleAtBothWidths(page, "the promocode list");
    await page.goto("/admin/employee/pickup-points");
    await siteHydrated(page);
    await expect(main.getByRole("heading", { name: "Пункты самовывоза", level: 1 })).toBeVisible();
    await accessibleAtBothWidths(page, "the self-pickup point list");
    await page.goto("/admin/employee/pickup-points/new");
    await siteHydrated(page);
    await accessibleAtBothWidths(page, "the new self-pickup point form");

    // 2. The client applies the code in the cart and places an order.
    const client = await SessionApi.signIn(request, baseURL, CLIENT);
    const profile = await client.get<AccountProfile>("/account/profile");
    const companyId = profile.selectedCompanyId;
    const products = await client.get<{ items: { id: number; productName: string }[] }>("/public/product?limit=100");
    const productId = products.items.find((item) => item.productName === PRODUCT)?.id;
    if (productId === undefined) throw new Error(`${PRODUCT} is not in the catalogue`);
    const clientPage = await browser.newPage({ baseURL });
    await signIn(clientPage, CLIENT);
    const cart = clientPage.locator("main");
    const applyCode = async () => {
      await cart.getByLabel(/^(Код|Другой промокод)$/).fill(code.toLowerCase());
      await cart.getByRole("button", { name: "Применить" }).click();
    };

    await cardsInCart(client, companyId, productId);
    await clientPage.goto("/cart");
    await siteHydrated(clientPage);
    await applyCode();
    await expect(cart.locator("[part~=promocode]")).toContainText(code);
    await chooseSelfPickup(cart);
    await placeOrderWith(cart, companyId === null ? "Онлайн картой (ЮKassa)" : "Счёт для юрлица");
    // The order took the code: the back office counts one use.
    const manager = await SessionApi.signIn(request, baseURL, MANAGER);
    await expect
      .poll(async () => (await manager.get<EmployeePromocodeList>("/employee/promocode")).items.find((item) => item.code === code)?.usedCount ?? 0)
      .toBe(1);

    // 3. The next order: the same code is refused with the message.
    await cardsInCart(client, companyId, productId);
    await clientPage.goto("/cart");
    await siteHydrated(clientPage);
    await applyCode();
    await expect(cart.getByRole("alert")).toContainText("Промокод уже использован");
    await clientPage.close();
  });
});
