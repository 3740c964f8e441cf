import { expect } from "@playwright/test";
import type { APIRequestContext, Page } from "@playwright/test";
import type { Cart, Product } from "../../shared/contracts/index";
import { formatRoubles } from "../../shared/domain/index";
import { CLIENT, SessionApi, auditChange, auditOf, catalogHydrated, expectAccessible, expectNoHorizontalScroll, partnerUrl, siteHydrated, test } from "./support";

/*
 * The catalogue's part of issue 29's journey on the built shop: the demo `catalog` employee adds a
 * category and a product in it with two photos, options and three tiers; the product is on the
 * category page, in the site search, in the sitemap and on a partner page; a raised tier price is
 * on the product page at its next load; archived, the product's line in a client's cart says it is
 * no longer sold; the audit shows each of these writes. Every new page passes axe at 375 and 1280 px.
 */

const CATALOG_EMPLOYEE = { email: "catalog@example.com", password: "catalog12345" } as const;
/** A 1 × 1 PNG: the server judges pictures by their content. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/** Signs the page's browser in (the session cookie), as the sign-in form would. */
/** Signs the page in (its cookie); the shop's own origin, as its pages send: a call carrying a cookie is origin-checked. */
async function signIn(page: Page, baseURL: string, credentials: { email: string; password: string }): Promise<void> {
  const response = await page.request.post("/api/auth/login", { data: credentials, headers: { origin: new URL(baseURL).origin } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Axe and no sideways page scroll at a phone's and a desktop's width. */
async function accessibleAtBothWidths(page: Page, what: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `${what} at ${width} px`);
    await expectNoHorizontalScroll(page);
  }
}

/** The sitemap's addresses as paths (an index of files: /sitemap-1.xml …). */
async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const locs = async (path: string) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "/").pathname);
  };
  return (await Promise.all((await locs("/sitemap.xml")).map(locs))).flat();
}

test.describe("the back office's catalogue", () => {
  test("a catalog employee adds a category and a product, raises a price and archives it", async ({ page, baseURL, request }) => {
    test.setTimeout(180_000);
    if (!baseURL) throw new Error("baseURL is not configured");
    const stamp = Date.now().toString(36);
    const categoryName = `Магниты ${stamp}`;
    const productName = `Магнит виниловый ${stamp}`;
    const main = page.locator("main");
    await signIn(page, baseURL, CATALOG_EMPLOYEE);

    // 1. A category: the slug follows the name.
    await page.goto("/admin/employee/categories/new");
    await siteHydrated(page);
    await main.getByLabel("Название", { exact: true }).fill(categoryName);
    await expect(main.getByLabel("Адрес (slug)")).toHaveValue(`magnity-${stamp}`);
    await accessibleAtBothWidths(page, "the new category's form");
    await main.getByRole("button", { name: "Добавить категорию" }).click();
    await expect(main.getByRole("status").filter({ hasText: "Категория добавлена" })).toBeVisible();
    const categoryId = Number(new URL(page.url()).pathname.split("/").pop());
    expect(categoryId).toBeGreaterThan(0);

    await page.goto("/admin/employee/categories");
    await siteHydrated(page);
    await expect(main.getByRole("row", { name: new RegExp(categoryName) })).toBeVisible();
    await accessibleAtBothWidths(page, "the category table");

    // 2. A product in it: options, three tiers, then two photos.
    await page.goto(`/admin/employee/products/new?categoryId=${categoryId}`);
    await siteHydrated(page);
    await expect(main.getByLabel("Категория")).toHaveValue(String(categoryId));
    await main.getByLabel("Название", { exact: true }).first().fill(productName);
    await main.getByLabel("Описание", { exact: true }).first().fill("Магнит на холодильник, полноцветная печать");
    const tiers = [
      ["100", "20"],
      ["500", "15"],
      ["1000", "11,50"],
    ] as const;
    for (const [index, [quantity, price]] of tiers.entries()) {
      if (index > 0) await main.getByRole("button", { name: "Добавить тираж" }).click();
      await main.getByLabel("От, шт.").nth(index).fill(quantity);
      await main.getByLabel("Цена за штуку, ₽").nth(index).fill(price);
    }
    await main.getByRole("button", { name: "Добавить группу «Формат»" }).click();
    const format = main.getByRole("region", { name: "Опции: Формат" });
    await format.getByLabel("Название", { exact: true }).fill("70 × 70 мм");
    await format.getByLabel("Код", { exact: true }).fill("70x70");
    await format.getByLabel("Ширина, мм").fill("70");
    await format.getByLabel("Высота, мм").fill("70");
    await main.getByRole("button", { name: "Добавить группу «Отделка»" }).click();
    const finishing = main.getByRole("region", { name: "Опции: Отделка" });
    await finishing.getByLabel("Название", { exact: true }).fill("Ламинация");
    await finishing.getByLabel("Код", { exact: true }).fill("lamination");
    await finishing.getByLabel("Цена, % от базовой").fill("120");
    await main.getByRole("button", { name: "Добавить товар" }).click();
    await expect(main.getByRole("status").filter({ hasText: "Товар добавлен" })).toBeVisible();
    const productId = Number(new URL(page.url()).pathname.split("/").pop());
    expect(productId).toBeGreaterThan(0);

    await main.getByLabel("Добавить фотографии (JPEG, PNG или WebP, можно несколько)").setInputFiles([
      { name: "magnit-1.png", mimeType: "image/png", buffer: PNG },
      { name: "magnit-2.png", mimeType: "image/png", buffer: PNG },
    ]);
    await expect(main.getByRole("status").filter({ hasText: "Загружено фотографий: 2" })).toBeVisible();
    await expect(main.locator(".catalog-photos__item")).toHaveCount(2);
    await accessibleAtBothWidths(page, "the product editor");

    const employeeApi = await SessionApi.signIn(request, baseURL, CATALOG_EMPLOYEE);
    const saved = await employeeApi.get<{ photos: unknown[]; tiers: unknown[]; options: unknown[] }>(`/employee/product/${productId}`);
    expect(saved.photos).toHaveLength(2);
    expect(saved.tiers).toEqual([
      { minQuantity: 100, unitPrice: 20 },
      { minQuantity: 500, unitPrice: 15 },
      { minQuantity: 1000, unitPrice: 11.5 },
    ]);
    expect(saved.options).toHaveLength(2);

    await page.goto(`/admin/employee/products?q=${encodeURIComponent(stamp)}`);
    await siteHydrated(page);
    await expect(main.getByRole("row", { name: new RegExp(productName) })).toContainText("в продаже");
    await accessibleAtBothWidths(page, "the product list");

    // 3. On the storefront at once: the category page, the search, the sitemap, a partner page.
    const slug = `magnity-${stamp}`;
    await page.goto(`/catalog/${slug}`);
    await expect(main.getByText(productName).first()).toBeVisible();
    await page.goto(`/poisk?q=${encodeURIComponent(productName)}`);
    await expect(main.getByText(productName).first()).toBeVisible();
    expect(await sitemapPaths(request)).toContain(`/catalog/${slug}/${productId}`);
    await page.goto(partnerUrl(baseURL, "partner.html"));
    await catalogHydrated(page);
    await page.locator("ottisk-catalog").evaluate((element, category) => element.setAttribute("category", category), slug);
    await expect(page.locator("ottisk-catalog .ottisk-card", { hasText: productName })).toBeVisible();

    // 4. A raised tier price is on the product page at its next load.
    const before = (await (await request.get(`/api/public/product/${productId}`)).json()) as Product;
    expect(before.priceTiers[0]?.unitPrice).toBe(20);
    await page.goto(`/admin/employee/products/${productId}`);
    await siteHydrated(page);
    await main.getByLabel("Цена за штуку, ₽").first().fill("25");
    await main.getByRole("button", { name: "Сохранить" }).click();
    await expect(main.getByRole("status").filter({ hasText: "Товар сохранён" })).toBeVisible();
    const after = (await (await request.get(`/api/public/product/${productId}`)).json()) as Product;
    expect(after.priceTiers[0]?.unitPrice).toBe(25);
    await page.goto(`/catalog/${slug}/${productId}`);
    await siteHydrated(page);
    await expect(page.locator(".ottisk-product__tier-unit").first()).toContainText(`${formatRoubles(25)}/шт.`);

    // 5. A client's cart holds it; archived, the line says it is no longer sold.
    const client = await SessionApi.signIn(request, baseURL, CLIENT);
    await client.post<Cart>("/client-cart/product", { data: { productId, quantity: 100, companyId: null } });
    await page.goto(`/admin/employee/products/${productId}`);
    await siteHydrated(page);
    await main.getByRole("button", { name: "В архив" }).click();
    const dialog = page.getByRole("dialog", { name: "Убрать товар в архив?" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, "the archive confirmation");
    await dialog.getByRole("button", { name: "Да, в архив" }).click();
    await expect(main.getByRole("status").filter({ hasText: "Товар в архиве" })).toBeVisible();
    await expect(main.getByRole("button", { name: "Вернуть из архива" })).toBeVisible();

    const cart = await client.get<Cart>("/client-cart");
    expect(cart.orderProduct.find((line) => line.product.id === productId)).toMatchObject({ productArchived: true });
    expect(await sitemapPaths(request)).not.toContain(`/catalog/${slug}/${productId}`);
    await signIn(page, baseURL, CLIENT);
    await page.goto("/cart");
    await siteHydrated(page);
    await expect(main.getByRole("region", { name: "Корзина" }).getByText("Товар больше не продаётся", { exact: true })).toBeVisible();

    // 6. The audit holds each of the catalogue employee's writes, the raised price before and after.
    const categoryAudit = await auditOf(request, baseURL, "category", categoryId);
    expect(categoryAudit.map((entry) => `${entry.action}: ${entry.employee.name}`)).toContain("create: Дмитрий Волков");
    const productAudit = await auditOf(request, baseURL, "product", productId);
    expect(productAudit.map((entry) => entry.action)).toEqual(expect.arrayContaining(["create", "update", "archive"]));
    expect([...new Set(productAudit.map((entry) => entry.employee.name))]).toEqual(["Дмитрий Волков"]);
    const raised = auditChange(
      productAudit.find((entry) => entry.action === "update" && auditChange(entry, "tiers")),
      "tiers",
    ) as { before: { unitPrice: number }[]; after: { unitPrice: number }[] } | undefined;
    expect(raised?.before[0]?.unitPrice).toBe(20);
    expect(raised?.after[0]?.unitPrice).toBe(25);
  });
});
