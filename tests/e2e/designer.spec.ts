import { expect } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { PDFDocument } from "pdf-lib";
import { PNG } from "pngjs";
import { runPreflight } from "../../preflight/index";
import { DEMO_CARD, SessionApi, chooseSelfPickup, expectAccessibleAtBothWidths, placeOrderWith, productPath, siteHydrated, test, watchProblems } from "./support";
import type { Cart, LayoutDesignList, Order, OrderListPage, Product, SessionGrant } from "../../shared/contracts/index";

/** A 600×400 px PNG logo (a coloured block with a white bar): 950 ppi in a 16 mm slot, 635 ppi in 24 mm. */
function logoPng(): Buffer {
  const png = new PNG({ width: 600, height: 400 });
  for (let y = 0; y < 400; y++) {
    for (let x = 0; x < 600; x++) {
      const i = (y * 600 + x) * 4;
      const bar = y > 170 && y < 230 && x > 60 && x < 540;
      png.data[i] = bar ? 255 : 20;
      png.data[i + 1] = bar ? 255 : 90;
      png.data[i + 2] = bar ? 255 : 170;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/*
 * The layout designer's journey (issue 32) on the built storefront: a new client opens the designer
 * from the business-card page («Создать макет онлайн»), picks a template, types a name and a phone,
 * uploads a logo (a PNG made here, far above 300 ppi in its slot), adds a QR code, downloads the PDF
 * (checked here again by the engine: no findings), saves the design and puts it into the cart; the
 * cart line's layouts pass the server's check and the order is placed; «Мои макеты» lists the
 * design, renames it and reopens it in the designer with every edit.
 */

test.describe("the layout designer", () => {
  test("a new client designs a business card, downloads the PDF, orders it, and «Мои макеты» reopens it with every edit", async ({ page, baseURL }) => {
    test.setTimeout(150_000);
    if (!baseURL) throw new Error("baseURL is not configured");
    const problems = watchProblems(page);

    // A new client, signed in on the page's own origin (the session cookie) and through the API.
    const email = `designer-${randomUUID().slice(0, 12)}@example.com`;
    const registered = await page.request.post("/api/auth/registration", {
      data: { kind: "personal", email, password: "secret12345", name: "Анна", phone: "+7 918 000-00-03", consent: true },
      headers: { origin: baseURL },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const api = new SessionApi(page.request, baseURL, ((await registered.json()) as SessionGrant).token);

    // 1. From the business-card page to its designer.
    const cardsPath = await productPath(page.request);
    const productId = Number(cardsPath.split("/").pop());
    await page.goto(cardsPath);
    await siteHydrated(page);
    // The designer's code (its element, its page, fontkit, the export) is not loaded on a page without it.
    const designerCode = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => /designer|fontkit|\.ttf$/i.test(path)),
      );
    expect(await designerCode(), "the product page loads none of the designer's code").toEqual([]);
    expect(await page.evaluate(() => customElements.get("ottisk-designer") === undefined)).toBe(true);
    const create = page.getByRole("link", { name: "Создать макет онлайн" });
    await expect(create).toHaveAttribute("href", `/konstruktor/${productId}`);
    await create.click();
    await expect(page).toHaveURL(new RegExp(`/konstruktor/${productId}$`));
    await siteHydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Конструктор макета — ${DEMO_CARD}`);
    const facts = page.locator(".designer-page__facts");
    await expect(facts).toContainText("90 × 50 мм");
    await expect(facts).toContainText("Лицевая сторона");
    await expect(facts).toContainText("Обратная сторона — при «4+4 (цветная с двух сторон)»");
    await expect(page.getByRole("navigation", { name: "Навигационная цепочка" }).getByRole("link", { name: DEMO_CARD })).toHaveAttribute("href", cardsPath);
    await expect(page.locator(`ottisk-designer[product-id="${productId}"]`)).toHaveCount(1);

    // 2. The designer: a template, the name and phone, the logo, a QR code.
    await page.waitForFunction(() => customElements.get("ottisk-designer") !== undefined);
    expect((await designerCode()).length, "the designer's page loads its code").toBeGreaterThan(0);
    const designer = page.locator("ottisk-designer");
    const minimal = designer.getByRole("region", { name: "Шаблоны" }).getByRole("button", { name: "Минимализм" });
    await minimal.click();
    await expect(minimal).toHaveAttribute("aria-pressed", "true");
    const fields = designer.getByRole("region", { name: "Поля шаблона" });
    await fields.getByLabel("Имя", { exact: true }).fill("Анна Ёлкина");
    await fields.getByLabel("Телефон", { exact: true }).fill("+7 (861) 200-00-01");
    const chooser = page.waitForEvent("filechooser");
    await fields.getByRole("button", { name: "Загрузить" }).first().click();
    await (await chooser).setFiles({ name: "logo.png", mimeType: "image/png", buffer: logoPng() });
    await expect(fields.getByText(/^\d+ ppi$/).first()).toBeVisible({ timeout: 20_000 });
    await designer.getByRole("region", { name: "Добавить" }).getByRole("button", { name: "QR-код" }).click();
    await expect(designer.getByRole("region", { name: "Слои" })).toContainText("QR-код");

    // 3. «Скачать PDF»: checked in the browser, offered, and clean for the engine here too.
    const actions = designer.getByRole("region", { name: "Готовый макет" });
    await actions.getByRole("button", { name: "Скачать PDF" }).click();
    await expect(actions).toContainText("Макет проверен: замечаний нет.", { timeout: 30_000 });
    const downloading = page.waitForEvent("download");
    await actions.getByRole("link", { name: /^Скачать .+\.pdf$/ }).click();
    const download = await downloading;
    const pdf = new Uint8Array(readFileSync(await download.path()));
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    const product = await api.get<Product>(`/public/product/${productId}`);
    const face = product.details[0];
    if (!face) throw new Error("The business cards have no detail");
    expect(runPreflight(pdf, { ...face.profile, pages }).findings).toEqual([]);

    // 4. Saved to «Мои макеты», then into the cart with its layouts.
    await actions.getByLabel("Название макета").fill("Визитка Анны");
    await actions.getByRole("button", { name: "Сохранить" }).click();
    await expect(actions).toContainText("Макет сохранён в «Мои макеты».");
    await actions.getByRole("button", { name: "В корзину" }).click();
    await expect(actions).toContainText("Товар с макетом в корзине.", { timeout: 30_000 });
    await expect
      .poll(async () => (await api.get<Cart>("/client-cart")).orderProduct.flatMap((line) => line.layouts.map((layout) => `${layout.status}:${layout.findings?.length ?? "?"}`)).join(" "), {
        message: "the designed layouts pass the server's check",
        timeout: 30_000,
      })
      .toMatch(/^passed:0( passed:0)?$/);
    await actions.getByRole("link", { name: "Перейти в корзину" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await siteHydrated(page);
    const main = page.locator("main");
    await expect(main.getByRole("list", { name: "Макеты" }).getByRole("listitem").first()).toContainText("макет проверен");
    await chooseSelfPickup(main);
    await placeOrderWith(main, "Онлайн картой (ЮKassa)");
    await expect(page).toHaveURL(/\/api\/payment\/test\/test-[0-9a-f-]{36}$/);
    const orders = await api.get<OrderListPage>("/client-order?personal=true");
    const placed = orders.items[0];
    if (orders.items.length !== 1 || !placed) throw new Error(`One order expected, found ${orders.items.length}`);
    const order = await api.get<Order>(`/client-order/${placed.id}`);
    expect(order.lines.map((line) => [line.productName, line.layouts.map((layout) => [layout.status, layout.findings?.length ?? null])])).toEqual([
      [DEMO_CARD, order.lines[0]?.layouts.map(() => ["passed", 0]) ?? []],
    ]);
    expect(order.lines[0]?.layouts.length).toBeGreaterThanOrEqual(1);

    // 5. «Мои макеты»: the design, renamed in place.
    await page.goto("/admin");
    await siteHydrated(page);
    await page.getByRole("navigation", { name: "Личный кабинет" }).getByRole("link", { name: "Мои макеты" }).click();
    await expect(page).toHaveURL(/\/admin\/client\/designs$/);
    await siteHydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Мои макеты");
    const item = page.getByRole("listitem", { name: "Визитка Анны" });
    await expect(item).toContainText(`${DEMO_CARD}, 90 × 50 мм`);
    await item.getByRole("button", { name: "Переименовать «Визитка Анны»" }).click();
    await page.getByLabel("Новое название").fill("Визитка Анны Ёлкиной");
    await page.getByRole("button", { name: "Сохранить" }).click();
    const renamed = page.getByRole("listitem", { name: "Визитка Анны Ёлкиной" });
    await expect(renamed).toBeVisible();
    const { designs } = await api.get<LayoutDesignList>("/layout-designs");
    expect(designs.map((entry) => entry.name)).toEqual(["Визитка Анны Ёлкиной"]);
    await expectAccessibleAtBothWidths(page, "«Мои макеты»");

    // 6. «Открыть» reopens the design with every edit; the page is not indexed.
    await renamed.getByRole("link", { name: "Открыть «Визитка Анны Ёлкиной»" }).click();
    await expect(page).toHaveURL(new RegExp(`/konstruktor/${productId}\\?design=${designs[0]?.id ?? ""}$`));
    await siteHydrated(page);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const reopened = page.locator(`ottisk-designer[design-id="${designs[0]?.id ?? ""}"]`);
    const reopenedFields = reopened.getByRole("region", { name: "Поля шаблона" });
    await expect(reopenedFields.getByLabel("Имя", { exact: true })).toHaveValue("Анна Ёлкина");
    await expect(reopenedFields.getByLabel("Телефон", { exact: true })).toHaveValue("+7 (861) 200-00-01");
    await expect(reopenedFields.getByText(/^\d+ ppi$/).first()).toBeVisible();
    await expect(reopened.getByRole("region", { name: "Слои" })).toContainText("QR-код");
    expect(problems).toEqual([]);
  });
});
