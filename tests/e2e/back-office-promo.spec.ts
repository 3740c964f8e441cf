import { expect } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";
import type { Cart } from "../../shared/contracts/index";
import { formatRoubles } from "../../shared/domain/index";
import { CLIENT, SessionApi, placeOrderWith, siteHydrated, test, uploadCleanLayouts, watchProblems, productPath, expectAccessibleAtBothWidths } from "./support";

/*
 * The back office's promocodes and self-pickup points (issue 29; server/docs/back-office-promo.md)
 * as the shop's people use them. A manager (sales@, role manager only) creates through the form a
 * 10 % code limited to one use per client, from 500 ₽, valid from today, and adds a self-pickup
 * point with its address, hours and map point. The demo client adds business cards on the
 * storefront, enters the code in the cart (the totals show the discount), picks the new point and
 * places the order; in the next cart the same code is refused. The manager disables the code and
 * closes the point: the second client is refused the code and the cart no longer offers the point.
 * The admin finds the code's and the point's writes in the audit, with before and after. The four
 * promo pages pass axe at 375 and 1280 px.
 */

const MANAGER = { email: "sales@example.com", password: "sales12345" } as const;
const ADMIN = { email: "manager@example.com", password: "manager12345" } as const;
const SECOND_CLIENT = { email: "petrova@example.com", password: "client12345" } as const;
const POINT = {
  name: "«Оттиск» на Ставропольской",
  address: "г. Краснодар, ул. Ставропольская, 75",
  hours: "Пн–Пт 10:00–19:00",
  lat: "45.0208",
  lon: "38.9822",
} as const;
const KRASNODAR = "2300000100000";

/** Signs the page's browser in (the session cookie), as the sign-in form would, after signing the last one out. */
async function signIn(page: Page, credentials: { email: string; password: string }): Promise<void> {
  await page.context().clearCookies();
  const response = await page.request.post("/api/auth/login", { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
}



/** The client's personal cart, emptied, and the personal profile chosen (the cart page shows that cart). */
async function emptyPersonalCart(api: SessionApi): Promise<void> {
  await api.post("/client-account/select-company", { data: { companyId: null } });
  const cart = await api.get<Cart>("/client-cart");
  for (const line of cart.orderProduct) await api.delete(`/client-cart/product/${line.id}`);
  if (cart.promocode) await api.delete("/client-cart/promocode");
}

/** Business cards into the cart from their product page, as a shopper adds them. */
async function addCardsOnStorefront(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await siteHydrated(page);
  await page.locator("main").getByRole("button", { name: "В корзину" }).click();
  await expect(page.locator("header .ottisk-cart-button__badge")).not.toHaveText("");
}

/** The cart page's promocode field: the code typed as a shopper might (lower case), «Применить». */
async function enterCode(cart: Locator, code: string): Promise<void> {
  const section = cart.locator("[part~=promocode]");
  await section.getByLabel(/^(Код|Другой промокод)$/).fill(code.toLowerCase());
  await section.getByRole("button", { name: "Применить" }).click();
}

/** Opens «Выбрать доставку» with «Самовывоз» chosen: the form whose radios are the cart's self-pickup points. */
async function selfPickupChoices(cart: Locator): Promise<Locator> {
  await cart.getByRole("button", { name: /^(Выбрать доставку|Добавить ещё доставку)$/ }).click();
  const deliveryForm = cart.getByRole("form", { name: "Новая доставка" });
  await deliveryForm.getByRole("radio", { name: /^Самовывоз/ }).check();
  await expect(deliveryForm.locator("input[name=selfPickupPoint]").first()).toBeVisible();
  return deliveryForm;
}

/** Today in the shop's time (Moscow), as a date field takes it. */
function moscowToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

test.describe("the back office's promocodes and self-pickup points", () => {
  test("a manager's one-use-per-client code works once, is refused next time and once disabled; a new pickup point is offered until closed; the audit shows it all", async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    if (!baseURL) throw new Error("baseURL is not configured");
    const problems = watchProblems(page);
    const main = page.locator("main");
    const code = `RAZ-${Date.now() % 1_000_000}`;
    const cardsPath = await productPath(request);

    // 1. The manager: the panel's «Промокоды», the list, «Новый промокод», the form.
    await signIn(page, MANAGER);
    await page.goto("/admin");
    await siteHydrated(page);
    await main.getByRole("region", { name: "Разделы" }).getByRole("link", { name: "Промокоды", exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/admin/employee/promocodes`);
    await siteHydrated(page);
    await expect(main.getByRole("heading", { level: 2, name: "Промокоды" })).toBeVisible();
    await expect(main.getByRole("table", { name: "Все промокоды, новые сверху" })).toBeVisible();
    await expectAccessibleAtBothWidths(page, "the promocode list");
    await main.getByRole("link", { name: "Новый промокод" }).click();
    await expect(page).toHaveURL(`${baseURL}/admin/employee/promocodes/new`);
    await siteHydrated(page);
    const promoForm = main.locator("form.promo-form");
    await expect(promoForm.getByLabel("Код", { exact: true })).toBeVisible();
    await expectAccessibleAtBothWidths(page, "the new promocode form");
    await promoForm.getByLabel("Код", { exact: true }).fill(code);
    await promoForm.getByLabel("Тип скидки").selectOption({ label: "Процент" });
    await promoForm.getByLabel("Скидка, %").fill("10");
    await promoForm.getByLabel("Минимальная сумма заказа, ₽").fill("500");
    await promoForm.getByLabel("Действует с").fill(moscowToday());
    await promoForm.getByLabel("Лимит на одного клиента").fill("1");
    await promoForm.getByRole("button", { name: "Создать промокод" }).click();
    await expect(page).toHaveURL(/\/admin\/employee\/promocodes\/\d+\?saved=1$/);
    const promocodeId = Number(/promocodes\/(\d+)/.exec(page.url())?.[1]);
    await siteHydrated(page);
    await expect(main.getByRole("heading", { level: 2, name: "Промокод" })).toBeVisible();
    await expect(promoForm.getByLabel("Код", { exact: true })).toHaveValue(code);
    await expect(promoForm.getByLabel("Лимит на одного клиента")).toHaveValue("1");
    await expectAccessibleAtBothWidths(page, "the promocode editor");
    await main.getByRole("link", { name: "← Все промокоды" }).click();
    await siteHydrated(page);
    const codeRow = main.getByRole("row").filter({ has: page.getByRole("link", { name: code, exact: true }) });
    await expect(codeRow).toContainText("10 %");
    await expect(codeRow).toContainText("клиенту — 1");
    await expect(codeRow).toContainText("Действует");

    // 2. The manager adds a self-pickup point in Krasnodar with its address, hours and map point.
    await page.goto("/admin/employee/pickup-points");
    await siteHydrated(page);
    await expect(main.getByRole("heading", { level: 2, name: "Пункты самовывоза" })).toBeVisible();
    await expect(main.getByRole("table", { name: "Пункты самовывоза по городам" })).toBeVisible();
    await expectAccessibleAtBothWidths(page, "the self-pickup point list");
    await main.getByRole("link", { name: "Новый пункт" }).click();
    await expect(page).toHaveURL(`${baseURL}/admin/employee/pickup-points/new`);
    await siteHydrated(page);
    const pointForm = main.locator("form.promo-form");
    await expect(pointForm.getByLabel("Название")).toBeVisible();
    await expectAccessibleAtBothWidths(page, "the new self-pickup point form");
    await pointForm.getByLabel("Название").fill(POINT.name);
    await pointForm.getByLabel("Код КЛАДР города").fill(KRASNODAR);
    await pointForm.getByLabel("Адрес").fill(POINT.address);
    await pointForm.getByLabel("Часы работы").fill(POINT.hours);
    await pointForm.getByLabel("Широта").fill(POINT.lat);
    await pointForm.getByLabel("Долгота").fill(POINT.lon);
    await pointForm.getByRole("button", { name: "Добавить пункт" }).click();
    await expect(page).toHaveURL(/\/admin\/employee\/pickup-points\/\d+$/);
    const pointId = Number(/pickup-points\/(\d+)/.exec(page.url())?.[1]);
    await siteHydrated(page);
    await expect(pointForm.getByLabel("Адрес")).toHaveValue(POINT.address);
    await expect(pointForm.getByLabel("Широта")).toHaveValue(POINT.lat);
    await expect(main.getByText("Сейчас: Краснодар.", { exact: false })).toBeVisible();
    await expectAccessibleAtBothWidths(page, "the self-pickup point editor");

    // 3. The demo client: business cards from the storefront, the code in the cart, the discount in the totals.
    const client = await SessionApi.signIn(request, baseURL, CLIENT);
    await emptyPersonalCart(client);
    await signIn(page, CLIENT);
    await addCardsOnStorefront(page, cardsPath);
    await uploadCleanLayouts(client, null);
    await page.goto("/cart");
    await siteHydrated(page);
    await expect(main.getByTestId("total-discount")).toHaveCount(0);
    await enterCode(main, code);
    await expect(main.locator("[part~=promocode]")).toContainText(`${code} — скидка 10 %`);
    const applied = await client.get<Cart>("/client-cart");
    expect(applied.totals.items).toBeGreaterThanOrEqual(500);
    expect(applied.totals.discount).toBe(Math.round(applied.totals.items * 10) / 100);
    await expect(main.getByTestId("total-discount")).toHaveText(`−${formatRoubles(applied.totals.discount)}`);
    await expect(main.getByTestId("total")).toHaveText(formatRoubles(applied.totals.items - applied.totals.discount + applied.totals.delivery));

    // The new point is among the cart's self-pickup choices, with its address and hours; the client picks it.
    const deliveryForm = await selfPickupChoices(main);
    const newPoint = deliveryForm.getByRole("radio", { name: new RegExp(`^${POINT.name}`) });
    await expect(newPoint).toHaveCount(1);
    await expect(deliveryForm.locator("label").filter({ has: page.getByRole("radio", { name: new RegExp(`^${POINT.name}`) }) })).toContainText(`${POINT.address}, ${POINT.hours}`);
    await newPoint.check();
    await deliveryForm.getByRole("button", { name: "Добавить доставку" }).click();
    await expect(deliveryForm).toBeHidden();
    await expect(main.locator("[part~=deliveries]")).toContainText(POINT.name);
    await placeOrderWith(main, "Онлайн картой (ЮKassa)");
    await expect(page).toHaveURL(/\/api\/payment\/test\/test-[0-9a-f-]{36}$/);

    // 4. A new cart: the same code is refused with the cart's message.
    await addCardsOnStorefront(page, cardsPath);
    await page.goto("/cart");
    await siteHydrated(page);
    await enterCode(main, code);
    await expect(main.locator("[part~=promocode]").getByRole("alert")).toHaveText("Промокод уже использован");
    await expect(main.getByTestId("total-discount")).toHaveCount(0);

    // 5. The manager: the code counts one use and is disabled; the point is closed.
    await signIn(page, MANAGER);
    await page.goto(`/admin/employee/promocodes/${promocodeId}`);
    await siteHydrated(page);
    await expect(main.getByText("Использован в заказах: 1")).toBeVisible();
    await promoForm.getByLabel("Промокод действует (снимите, чтобы выключить)").uncheck();
    await promoForm.getByRole("button", { name: "Сохранить" }).click();
    await expect(promoForm.getByRole("status")).toHaveText(`Промокод ${code} сохранён.`);
    await page.goto("/admin/employee/promocodes");
    await siteHydrated(page);
    await expect(codeRow).toContainText("Выключен");
    await page.goto(`/admin/employee/pickup-points/${pointId}`);
    await siteHydrated(page);
    await pointForm.getByRole("checkbox", { name: /^Пункт работает/ }).uncheck();
    await pointForm.getByRole("button", { name: "Сохранить" }).click();
    await expect(pointForm.getByRole("status")).toHaveText(`Пункт «${POINT.name}» сохранён.`);
    await page.goto("/admin/employee/pickup-points");
    await siteHydrated(page);
    await expect(main.getByRole("row").filter({ hasText: POINT.name })).toContainText("Закрыт");

    // 6. The second client: the disabled code is refused, and the cart no longer offers the closed point.
    const second = await SessionApi.signIn(request, baseURL, SECOND_CLIENT);
    await emptyPersonalCart(second);
    await signIn(page, SECOND_CLIENT);
    await addCardsOnStorefront(page, cardsPath);
    await page.goto("/cart");
    await siteHydrated(page);
    await enterCode(main, code);
    await expect(main.locator("[part~=promocode]").getByRole("alert")).toHaveText("Промокод не найден");
    const laterChoices = await selfPickupChoices(main);
    await expect(laterChoices.getByRole("radio", { name: /^«Оттиск» на Красной/ })).toHaveCount(1);
    await expect(laterChoices.getByRole("radio", { name: new RegExp(`^${POINT.name}`) })).toHaveCount(0);

    // 7. The admin: the audit filtered to the code shows its creation and the update, before and after.
    await signIn(page, ADMIN);
    await page.goto("/admin/employee/audit");
    await siteHydrated(page);
    const filters = main.getByRole("form", { name: "Отбор записей журнала" });
    await filters.getByLabel("Что менялось").selectOption({ label: "Промокод" });
    await filters.getByLabel("Номер объекта").fill(String(promocodeId));
    await filters.getByRole("button", { name: "Показать" }).click();
    await expect(page).toHaveURL(new RegExp(`objectType=promocode&objectId=${promocodeId}`));
    await siteHydrated(page);
    const entries = main.getByRole("table").getByRole("row").filter({ hasText: `Промокод № ${promocodeId}` });
    await expect(entries).toHaveCount(2);
    const created = entries.filter({ hasText: "создание" });
    await expect(created).toContainText("Андрей Соколов");
    await expect(created).toContainText(`code: — → ${code}`);
    await expect(created).toContainText("usageLimitPerClient: — → 1");
    await expect(created).toContainText("minOrderSum: — → 500");
    const updated = entries.filter({ hasText: "изменение" });
    await expect(updated).toContainText("active: true → false");
    await expect(updated.getByRole("listitem")).toHaveCount(1);

    // The point's writes are there too, found by the same filter.
    await page.goto(`/admin/employee/audit?objectType=pickup-point&objectId=${pointId}`);
    await siteHydrated(page);
    const pointEntries = main.getByRole("table").getByRole("row").filter({ hasText: `Пункт самовывоза № ${pointId}` });
    await expect(pointEntries.filter({ hasText: "создание" })).toContainText(`address: — → ${POINT.address}`);
    await expect(pointEntries.filter({ hasText: "изменение" })).toContainText("active: true → false");

    // The refusals answered 4xx on purpose; nothing else went wrong.
    // (the browser's console names each of those responses too, with the call's address).
    expect(problems.filter((problem) => !/^HTTP 40[04] PUT .*\/api\/client-cart\/promocode$/.test(problem) && !/40[04].*\/api\/client-cart\/promocode\)$/.test(problem))).toEqual([]);
  });
});
