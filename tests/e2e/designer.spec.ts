import { expect } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { DEMO_CARD, SessionApi, expectAccessibleAtBothWidths, productPath, siteHydrated, test, watchProblems } from "./support";
import type { LayoutDesign, LayoutDesignList, LayoutDesignTemplateList, SessionGrant } from "../../shared/contracts/index";

/*
 * The layout designer's journey (issue 32) on the built storefront: a new client opens the designer
 * from the business-card page («Создать макет онлайн»), the page is drawn by the server with the
 * product's sizes and sides and carries <ottisk-designer>; a saved design is listed in «Мои
 * макеты», renamed there and reopened in the designer with its id.
 */

test.describe("the layout designer", () => {
  test("a new client opens the designer from the business-card page, and «Мои макеты» reopens a saved design", async ({ page, baseURL }) => {
    test.setTimeout(60_000);
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
    await expectAccessibleAtBothWidths(page, "the designer's page");

    // 2. A design saved to the account (as the designer's «Сохранить» does) is in «Мои макеты».
    const { templates } = await api.get<LayoutDesignTemplateList>("/layout-design-templates?kind=business-card&trimMm=90x50");
    const template = templates.find((item) => item.id === "card-minimal-90x50") ?? templates[0];
    if (!template) throw new Error("No 90×50 business card templates");
    const design = await api.post<LayoutDesign>("/layout-designs", { data: { name: "Визитка Анны", productId, document: template.document } });
    await page.goto("/admin");
    await siteHydrated(page);
    await page.getByRole("navigation", { name: "Личный кабинет" }).getByRole("link", { name: "Мои макеты" }).click();
    await expect(page).toHaveURL(/\/admin\/client\/designs$/);
    await siteHydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Мои макеты");
    const item = page.getByRole("listitem", { name: "Визитка Анны" });
    await expect(item).toContainText(`${DEMO_CARD}, 90 × 50 мм`);

    // Renamed in place: kept by the server.
    await item.getByRole("button", { name: "Переименовать «Визитка Анны»" }).click();
    await page.getByLabel("Новое название").fill("Визитка Анны Ёлкиной");
    await page.getByRole("button", { name: "Сохранить" }).click();
    const renamed = page.getByRole("listitem", { name: "Визитка Анны Ёлкиной" });
    await expect(renamed).toBeVisible();
    await expect.poll(async () => (await api.get<LayoutDesignList>("/layout-designs")).designs.map((entry) => entry.name)).toEqual(["Визитка Анны Ёлкиной"]);
    await expectAccessibleAtBothWidths(page, "«Мои макеты»");

    // 3. «Открыть» reopens the design in the designer: the element gets its id; the page is not indexed.
    await renamed.getByRole("link", { name: "Открыть «Визитка Анны Ёлкиной»" }).click();
    await expect(page).toHaveURL(new RegExp(`/konstruktor/${productId}\\?design=${design.id}$`));
    await siteHydrated(page);
    await expect(page.locator(`ottisk-designer[product-id="${productId}"][design-id="${design.id}"]`)).toHaveCount(1);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    expect(problems).toEqual([]);
  });
});
