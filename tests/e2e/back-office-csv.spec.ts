import { expect } from "@playwright/test";
import type { APIRequestContext, Page } from "@playwright/test";
import type { Product } from "../../shared/contracts/index";
import { auditOf, expectAccessible, siteHydrated, watchProblems, test } from "./support";

/*
 * «Импорт и экспорт каталога» (/admin/employee/catalog-import, issue 29) as the catalogue employee
 * uses it: downloads the catalogue, changes one tier's price in the text, checks the file (exactly
 * one change), loads it, and the storefront's product API shows the new price; a broken file shows
 * its errors by line and cannot be loaded; the page passes axe at 375 and 1280 px. The demo
 * catalogue is put back at the end (the journeys share one server).
 */

const CATALOG = { email: "catalog@example.com", password: "catalog12345" } as const;
const PRODUCT_KEY = "vizitki;standartnye-90x50";
const PRODUCT_NAME = "Визитки стандартные 90×50";
const PAGE = "/admin/employee/catalog-import";

/** Signs the page's browser in (the session cookie), as the sign-in form would. */
async function signIn(page: Page, credentials: { email: string; password: string }): Promise<void> {
  const response = await page.request.post("/api/auth/login", { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
}

const linesOf = (csv: string): string[] => csv.replace(/^\uFEFF/, "").split("\r\n").filter((line) => line !== "");
const csvOf = (lines: readonly string[]): string => `\uFEFF${lines.join("\r\n")}\r\n`;

/** The line with `column` set to `value` (the demo catalogue's fields hold no ';' or quotes). */
function withField(header: readonly string[], line: string, column: string, value: string): string {
  const fields = line.split(";");
  fields[header.indexOf(column)] = value;
  return fields.join(";");
}

const kopecksOf = (money: string): number => {
  const [roubles = "0", kopecks = "0"] = money.split(",");
  return Number(roubles) * 100 + Number(kopecks.padEnd(2, "0"));
};
const moneyOf = (kopecks: number): string => `${Math.floor(kopecks / 100)},${String(kopecks % 100).padStart(2, "0")}`;

async function publicProduct(request: APIRequestContext): Promise<Product> {
  const list = await request.get("/api/public/product", { params: { limit: 100 } });
  expect(list.status()).toBe(200);
  const { items } = (await list.json()) as { items: { id: number; productName: string }[] };
  const found = items.find((item) => item.productName === PRODUCT_NAME);
  if (!found) throw new Error(`${PRODUCT_NAME} is not in the catalogue`);
  const answer = await request.get(`/api/public/product/${found.id}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Product;
}

test.describe("the catalogue as CSV in the back office", () => {
  test("the catalogue employee downloads the catalogue, changes one price, checks and loads the file; a broken file shows its lines", async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    if (!baseURL) throw new Error("baseURL is not configured");
    const problems = watchProblems(page);
    const main = page.locator("main");
    await signIn(page, CATALOG);
    await page.goto(PAGE);
    await siteHydrated(page);
    await expect(main.getByRole("heading", { name: "Загрузка" })).toBeVisible();

    // 1. The download link serves the whole catalogue with the page's session.
    const link = main.getByRole("link", { name: "Скачать каталог (CSV)" });
    await expect(link).toBeVisible();
    const href = await link.getAttribute("href");
    if (!href) throw new Error("the download link has no address");
    const download = await page.request.get(href);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toContain("text/csv");
    expect(download.headers()["content-disposition"]).toContain("attachment");
    const original = await download.text();
    const lines = linesOf(original);
    const header = (lines[0] ?? "").split(";");

    // 2. One tier's unit price changed in the text: the product's largest run (its «от» price stays).
    const tierIndex = lines.findLastIndex((line) => line.startsWith(`tier;${PRODUCT_KEY};`));
    expect(tierIndex).toBeGreaterThan(0);
    const tierLine = lines[tierIndex] ?? "";
    const minQuantity = Number(tierLine.split(";")[header.indexOf("min_quantity")]);
    const oldPrice = tierLine.split(";")[header.indexOf("unit_price")] ?? "";
    const oldKopecks = kopecksOf(oldPrice);
    const newPrice = moneyOf(oldKopecks > 1 ? oldKopecks - 1 : oldKopecks + 1);
    const changed = [...lines];
    changed[tierIndex] = withField(header, tierLine, "unit_price", newPrice);
    const before = await publicProduct(request);
    const tierOf = (product: Product) => product.priceTiers.find((tier) => tier.minQuantity === minQuantity)?.unitPrice;

    const fileInput = main.getByLabel("Файл каталога");
    const check = main.getByRole("button", { name: "Проверить" });
    const load = main.getByRole("button", { name: "Загрузить" });
    try {
      await fileInput.setInputFiles({ name: "catalog.csv", mimeType: "text/csv", buffer: Buffer.from(csvOf(changed)) });
      await expect(load).toBeDisabled();
      await check.click();

      // 3. «Проверить»: exactly one change, that price; nothing written yet.
      await expect(main.getByRole("heading", { name: "Результат проверки" })).toBeVisible();
      await expect(main.getByRole("status")).toHaveText("Файл проверен, ошибок нет. Изменений: 1. Нажмите «Загрузить», чтобы записать их.");
      const planned = main.getByRole("table", { name: "Что изменится" });
      await expect(planned.locator("tbody tr")).toHaveCount(1);
      await expect(planned.locator("tbody tr")).toContainText(`${PRODUCT_NAME}`);
      await expect(planned.locator("tbody tr")).toContainText(`tier ${minQuantity}: unit_price=${oldPrice} → unit_price=${newPrice}`);
      expect(tierOf(await publicProduct(request))).toBe(tierOf(before));
      await page.setViewportSize({ width: 375, height: 800 });
      await expectAccessible(page, "the catalogue import page with a check's result, 375 px");
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectAccessible(page, "the catalogue import page with a check's result, 1280 px");

      // 4. «Загрузить» writes it; the storefront's product API shows the new price at once.
      await expect(load).toBeEnabled();
      await load.click();
      await expect(main.getByRole("heading", { name: "Результат загрузки" })).toBeVisible();
      await expect(main.getByRole("status")).toHaveText("Каталог загружен.");
      await expect(main.getByRole("table", { name: "Что изменено" }).locator("tbody tr")).toHaveCount(1);
      const after = await publicProduct(request);
      expect(tierOf(after)).not.toBe(tierOf(before));
      expect(after.priceTiers.filter((tier) => tier.minQuantity !== minQuantity)).toEqual(before.priceTiers.filter((tier) => tier.minQuantity !== minQuantity));
      const exported = linesOf(await (await page.request.get(href)).text());
      expect(exported.filter((line, index) => line !== lines[index])).toEqual([changed[tierIndex]]);
      // The audit: the import, by the catalogue employee, changed this product's tiers.
      const [imported] = await auditOf(request, baseURL, "product", before.id);
      expect(imported).toMatchObject({ action: "import", employee: { name: "Дмитрий Волков" } });
      // One change, the same words as the dry run's: the tier's price before and after.
      expect(imported?.changes).toEqual([{ field: `tier ${minQuantity}`, before: `unit_price=${oldPrice}`, after: `unit_price=${newPrice}` }]);

      // 5. A broken file: its errors by line, nothing to load.
      const broken = [...lines];
      broken[tierIndex] = withField(header, tierLine, "unit_price", "abc");
      await fileInput.setInputFiles({ name: "broken.csv", mimeType: "text/csv", buffer: Buffer.from(csvOf(broken)) });
      await check.click();
      await expect(main.getByRole("status")).toHaveText("В файле ошибок: 1. Ничего не изменено — исправьте строки и проверьте файл снова.");
      const errors = main.getByRole("table", { name: "Ошибки в файле" });
      await expect(errors.locator("tbody tr")).toHaveCount(1);
      await expect(errors.locator("tbody tr td").first()).toHaveText(String(tierIndex + 1));
      await expect(errors.locator("tbody tr td").nth(1)).toContainText(`Строка ${tierIndex + 1}: «unit_price»: «abc» — не сумма в рублях`);
      await expect(load).toBeDisabled();
      await page.setViewportSize({ width: 375, height: 800 });
      await expectAccessible(page, "the catalogue import page with a broken file's errors, 375 px");
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectAccessible(page, "the catalogue import page with a broken file's errors, 1280 px");
      expect(problems).toEqual([]);
    } finally {
      // The demo catalogue back as it was, for the journeys that follow.
      const restore = await page.request.post("/api/employee/catalog/import?dryRun=false", { headers: { "content-type": "text/csv", origin: baseURL }, data: original });
      expect(restore.status(), await restore.text()).toBe(200);
    }
  });
});
