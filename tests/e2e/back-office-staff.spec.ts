import { expect } from "@playwright/test";
import type { Page } from "@playwright/test";
import { expectAccessible, mailedLink, siteHydrated, test, watchProblems } from "./support";

/*
 * The back office's employees and audit (issue 29) as the admin uses them: the admin adds a
 * `catalog` employee in the staff section; the employee sets a password by the invitation's link,
 * signs in and sees only the catalogue's sections in the menu; the admin's audit shows the
 * creation. Every page passes axe at 375 and 1280 px.
 */

const ADMIN = { email: "manager@example.com", password: "manager12345" } as const;

async function signIn(page: Page, credentials: { email: string; password: string }): Promise<void> {
  const response = await page.request.post("/api/auth/login", { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
}

/** axe at a phone's and a desktop's width. */
async function accessibleAtBothWidths(page: Page, what: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page, `${what} at 375 px`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page, `${what} at 1280 px`);
}

async function loaded(page: Page): Promise<void> {
  await siteHydrated(page);
  await expect(page.locator("main .employee-panel__loading")).toHaveCount(0);
}

test.describe("the back office's employees and audit", () => {
  test("the admin adds a catalog employee who sets a password by the invitation, sees only the catalogue, and the audit shows it", async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    if (!baseURL) throw new Error("baseURL is not configured");
    const problems = watchProblems(page);
    const email = `katalog-${Date.now()}@example.com`;
    const password = "katalog-parol-2026";
    const main = page.locator("main");

    // 1. The admin's staff section: the demo employees, then the new employee's form.
    await signIn(page, ADMIN);
    await page.goto("/admin/employee/staff");
    await loaded(page);
    await expect(main.getByRole("link", { name: "Кузнецова Мария" })).toBeVisible();
    await accessibleAtBothWidths(page, "the employee list");
    await main.getByRole("link", { name: "Добавить сотрудника" }).click();
    await loaded(page);
    await main.getByLabel("Почта (вход в магазин)").fill(email);
    await main.getByLabel("Имя", { exact: true }).fill("Ксения");
    await main.getByLabel("Фамилия").fill("Каталогова");
    await main.getByRole("checkbox", { name: "Каталог" }).check();
    await accessibleAtBothWidths(page, "the new employee's form");
    await main.getByRole("button", { name: "Добавить и пригласить" }).click();
    await expect(main.getByText(`Приглашение со ссылкой для пароля отправлено на ${email}`)).toBeVisible();

    // 2. The new employee's card: roles, state, the disable dialog (cancelled).
    await main.getByRole("link", { name: "Открыть карточку сотрудника" }).click();
    await loaded(page);
    await expect(main.getByText("Приглашён, пароль ещё не задан")).toBeVisible();
    await expect(main.getByRole("checkbox", { name: "Каталог" })).toBeChecked();
    await accessibleAtBothWidths(page, "the employee's form");
    await main.getByRole("button", { name: "Отключить" }).click();
    const dialog = page.getByRole("dialog", { name: "Отключить сотрудника?" });
    await expect(dialog).toBeVisible();
    // Its opening animation fades it in: axe judges the colours once it has ended.
    await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    await expectAccessible(page, "the disable dialog");
    await dialog.getByRole("button", { name: "Отмена" }).click();
    await expect(dialog).toBeHidden();

    // 3. The employee, on their own device: the invitation's link, a password, the menu of their role.
    const employeeContext = await browser.newContext({ baseURL });
    const employeePage = await employeeContext.newPage();
    await employeePage.goto(await mailedLink(request, baseURL, email, "/admin/auth/password-reset"));
    await siteHydrated(employeePage);
    const employeeMain = employeePage.locator("main");
    await employeeMain.getByLabel("Новый пароль").fill(password);
    await employeeMain.getByLabel("Повторите пароль").fill(password);
    await employeeMain.getByRole("button", { name: "Сохранить пароль" }).click();
    await expect(employeeMain.getByText(/^Пароль изменён, вы вошли в аккаунт/)).toBeVisible();
    await employeePage.goto("/admin/employee/products");
    await siteHydrated(employeePage);
    const menu = employeePage.getByRole("navigation", { name: "Личный кабинет" });
    await expect(menu.getByRole("link", { name: "Категории" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Товары" })).toBeVisible();
    for (const other of ["Сотрудники", "Журнал изменений", "Промокоды", "Страницы сайта", "Заказы дизайна", "Допечатная проверка", "Клиенты"]) {
      await expect(menu.getByRole("link", { name: other })).toHaveCount(0);
    }
    await employeePage.goto("/admin/employee/staff");
    await siteHydrated(employeePage);
    await expect(employeeMain.getByRole("alert")).toContainText("Администратор");
    await employeeContext.close();

    // 4. The admin's audit: the creation, with the changed fields, found by the object's link.
    await page.reload();
    await loaded(page);
    await expect(main.getByText("Работает")).toBeVisible();
    await main.getByRole("link", { name: "Журнал изменений этого сотрудника" }).click();
    await loaded(page);
    const row = main.getByRole("row").filter({ hasText: "создание" });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Мария Кузнецова");
    await expect(row).toContainText(`email: — → ${email}`);
    await expect(row).toContainText('roles: — → ["catalog"]');
    await accessibleAtBothWidths(page, "the audit of one employee");
    await page.goto("/admin/employee/audit");
    await loaded(page);
    await expect(main.getByRole("row").filter({ hasText: email }).first()).toBeVisible();
    await accessibleAtBothWidths(page, "the audit");
    expect(problems).toEqual([]);
  });
});
