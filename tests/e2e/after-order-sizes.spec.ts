import { readFile } from "node:fs/promises";
import { expect } from "@playwright/test";
import { PDFArray, PDFDocument, PDFName } from "pdf-lib";
import { expectAccessibleAtBothWidths, productPath, siteHydrated, test } from "./support";

/*
 * Sizes and templates (issue 30) as a shopper meets them: the PVC banner's page takes the shopper's
 * own width and height, says what is wrong with a size as it is typed, shows the server's price of
 * 1500 × 800 mm, puts the banner into the cart with its size, and «Скачать шаблон» — already a
 * link in the server-rendered page — downloads a PDF whose TrimBox is that size. axe on the page.
 */

const BANNER = "Баннер из ПВХ-ткани 440 г/м²";
const MM_TO_PT = 72 / 25.4;

test.describe("a banner of one's own size", () => {
  test("takes 1500 × 800 mm, shows the price, adds it to the cart with its size and downloads its template", async ({ page, request }) => {
    const path = await productPath(request, BANNER);

    // The server-rendered page already offers the template (the default size, 1 m²).
    const html = await (await request.get(path)).text();
    expect(html).toMatch(/href="\/api\/public\/product\/\d+\/template\.pdf\?width=1000&amp;height=1000"[^>]*>Скачать шаблон/);

    await page.goto(path);
    await siteHydrated(page);
    const product = page.locator("main .ottisk-product");
    const width = product.getByLabel("Ширина, мм");
    const height = product.getByLabel("Высота, мм");
    await expect(width).toHaveValue("1000");

    // A size off the limits is caught in the form, with the server's wording, and cannot be ordered.
    await width.fill("250");
    await expect(product.getByRole("alert").filter({ hasText: "Ширина должна быть от 300 до 5000 мм с шагом 10 мм" })).toBeVisible();
    await expect(product.getByRole("button", { name: "В корзину" })).toBeDisabled();

    await width.fill("1500");
    await height.fill("800");
    // 1.5 × 0.8 = 1.2 m² × 450 ₽ = 540 ₽ for one banner, priced by the server.
    await expect(product.locator(".ottisk-product__total")).toHaveText(/^540\s₽$/);
    await expectAccessibleAtBothWidths(page, "the banner's page with its own size");

    // «Скачать шаблон» follows the size: a PDF whose TrimBox is 1500 × 800 mm.
    const link = product.getByRole("link", { name: "Скачать шаблон" });
    await expect(link).toHaveAttribute("href", /template\.pdf\?width=1500&height=800$/);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe("shablon-1500x800.pdf");
    const pdf = await PDFDocument.load(await readFile(await download.path()));
    const trim = pdf.getPages()[0]?.node.lookup(PDFName.of("TrimBox"), PDFArray).asRectangle();
    expect([trim?.width, trim?.height].map((pt) => Math.round((pt ?? 0) / MM_TO_PT))).toEqual([1500, 800]);

    // Into the cart: the line carries the size and the same price.
    await product.getByRole("button", { name: "В корзину" }).click();
    await expect(product.getByText("Товар добавлен в корзину")).toBeVisible();
    await page.goto("/cart");
    await siteHydrated(page);
    const line = page.locator("main .ottisk-cart-line").filter({ hasText: BANNER });
    await expect(line.getByRole("list", { name: "Параметры" })).toContainText("Размер 1500 × 800 мм");
    await expect(line).toContainText(/540\s₽/);
  });
});
