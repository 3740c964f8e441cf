import { expect } from "@playwright/test";
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { businessCardPdf } from "../../preflight/core/testing";
import type { Cart, SessionGrant } from "../../shared/contracts/index";
import { BACK_OFFICE_SECTION_KEYS, backOfficePath } from "../../shared/domain/index";
import type { BackOfficeSection } from "../../shared/domain/index";
import { expectAccessible, expectNoHorizontalScroll, SessionApi, siteHydrated, test, watchProblems } from "./support";

/*
 * Every back-office page (issue 29, "Done when": axe at 375 and 1280 px). Signed in as the demo
 * admin, each width in a browser context of its own visits the panel's start page and, for every
 * section of BACK_OFFICE_SECTIONS, its list, its `/new` form where it has one and one object's
 * page (a real id from the API), once the page's data has loaded; axe finds no serious or critical
 * violation and, at 375 px, nothing scrolls sideways. The confirmation dialogs (a product to the
 * archive, a design order cancelled, an employee disabled) are opened and checked too. A `content`
 * employee does not see the other sections in the menu, and another section's address shows a
 * Russian «нет доступа» page that passes axe.
 *
 * The design queue and the prepress queue start empty on a fresh shop: a newly registered client
 * orders business cards through the API (an RGB layout approved as it is, and a design order), so
 * both have one object to open.
 */

const ADMIN = { email: "manager@example.com", password: "manager12345" } as const;
const CONTENT = { email: "content@example.com", password: "content12345" } as const;
const PRODUCT = "Визитки стандартные 90×50";
/** A business card with a DeviceRGB fill: the server's check finds 2078, so the placed order's layout is in the prepress queue. */
const RGB_CARD = Buffer.from(businessCardPdf("1 0 0 rg 20 20 100 60 re f"));
const WIDTHS = [
  { width: 375, height: 800 },
  { width: 1280, height: 900 },
] as const;

/** The sections with a `/new` form (the others create nothing: the queues, the import, the blocks, the audit). */
const WITH_NEW_FORM: ReadonlySet<BackOfficeSection> = new Set(["categories", "products", "pages", "promocodes", "pickup-points", "employees"]);

/** One object of each section that has objects: its id, read from the API. */
type ObjectIds = Partial<Record<BackOfficeSection, number>>;

async function signIn(page: Page, credentials: { email: string; password: string }): Promise<void> {
  const response = await page.request.post("/api/auth/login", { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
}

async function read<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/api${path}`);
  expect(response.status(), `GET ${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

function first<T>(items: readonly T[], what: string): T {
  const [item] = items;
  if (item === undefined) throw new Error(`There is no ${what} to open`);
  return item;
}

/** The id of one object of every section that has objects, as the signed-in admin's API answers. */
async function objectIds(request: APIRequestContext): Promise<ObjectIds> {
  return {
    categories: first(await read<{ id: number }[]>(request, "/employee/category"), "category").id,
    products: first((await read<{ items: { id: number }[] }>(request, "/employee/product")).items, "product").id,
    pages: first((await read<{ items: { id: number }[] }>(request, "/employee/page")).items, "page").id,
    promocodes: first((await read<{ items: { id: number }[] }>(request, "/employee/promocode")).items, "promo code").id,
    "pickup-points": first((await read<{ items: { id: number }[] }>(request, "/employee/pickup-point")).items, "pickup point").id,
    design: first((await read<{ items: { id: number }[] }>(request, "/employee/design-order")).items, "design order").id,
    prepress: first((await read<{ items: { layoutId: number }[] }>(request, "/employee/prepress")).items, "layout in the prepress queue").layoutId,
    employees: first(
      (await read<{ id: number; email: string }[]>(request, "/employee/employee")).filter((employee) => employee.email !== ADMIN.email),
      "other employee",
    ).id,
  };
}

/**
 * A new client orders business cards through the API, as the storefront would: the card's layout
 * is an RGB file the server's check faults and the client approves as it is (the prepress queue);
 * self-pickup, paid by card later. A second run of the cards then waits in the cart for its
 * design (the design queue holds carts' design orders too: a line is ordered once its design is approved).
 */
async function orderWithFindingsAndDesign(request: APIRequestContext, baseURL: string): Promise<void> {
  const email = `axe-${Date.now()}@example.com`;
  const registered = await request.post(`${baseURL}/api/auth/registration`, {
    headers: { origin: baseURL },
    data: { kind: "personal", email, password: "proverka-2026", name: "Ольга", surname: "Проверкина", phone: "+7 (900) 123-45-67", consent: true },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const client = new SessionApi(request, baseURL, ((await registered.json()) as SessionGrant).token);

  const products = await client.get<{ items: { id: number; productName: string }[] }>("/public/product?limit=100");
  const product = products.items.find((item) => item.productName === PRODUCT);
  if (!product) throw new Error(`${PRODUCT} is not in the catalogue`);
  const cart = await client.post<Cart>("/client-cart/product", { data: { productId: product.id, quantity: 100 } });
  const line = first(cart.orderProduct, "cart line");
  const detail = first(line.layouts, "detail to lay out");

  await client.post("/file/upload/layout", {
    multipart: { file: { name: "vizitka-rgb.pdf", mimeType: "application/pdf", buffer: RGB_CARD }, orderProductId: String(line.id), detailName: detail.detailName },
  });
  await client.post(`/client-order/${cart.id}/product/${line.id}/autocheck/${encodeURIComponent(detail.detailName)}`);
  let layoutId: number | null = null;
  await expect
    .poll(
      async () => {
        const current = first((await client.get<Cart>("/client-cart")).orderProduct, "cart line").layouts.find((layout) => layout.detailName === detail.detailName);
        layoutId = current?.layoutId ?? null;
        return current?.status;
      },
      { message: "the server's check finds the RGB fill", timeout: 20_000 },
    )
    .toBe("failed");
  const approval = await request.put(`${baseURL}/api/file/layout/${layoutId}/approval`, { headers: { authorization: `Bearer ${client.token}` }, data: { approved: true } });
  expect(approval.status(), await approval.text()).toBe(200);

  const points = await client.get<{ items: { id: number; cityKladrId: string }[] }>("/delivery/self-pickup");
  const point = first(points.items, "self-pickup point");
  await client.post("/client-cart/delivery", {
    data: { deliveryType: "SelfPickup", deliveryMethod: "SelfPickup", cityKladrId: point.cityKladrId, pickupPointCode: String(point.id) },
  });
  await client.post("/client-cart/place-order", { data: { companyId: null, paymentType: "Yookassa", idempotencyKey: crypto.randomUUID() } });

  const next = await client.post<Cart>("/client-cart/product", { data: { productId: product.id, quantity: 200 } });
  const waiting = first(next.orderProduct, "second cart line");
  const face = first(waiting.layouts, "detail for the designer");
  await client.post("/client-order/design", { data: { orderProductId: waiting.id, detailName: face.detailName, comment: "Логотип крупнее, фон белый." } });
}

/**
 * Waits until the page is hydrated and its data has loaded: the app carries `data-hydrated`, main
 * has its heading, and nothing in main says «Загружаем …» (every section's loading line). Checked on
 * each frame in the page, not polled from here: 52 pages would wait out the poll's steps.
 */
async function loaded(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return document.querySelector("#ottisk-app[data-hydrated]") !== null && main !== null && main.querySelector("h1") !== null && !(main.textContent ?? "").includes("Загружаем");
  });
}

/** axe on the page as it is and, on a phone, no sideways scrolling. */
async function checkPage(page: Page, width: number, what: string): Promise<void> {
  await expectAccessible(page, `${what} at ${width} px`);
  if (width < 400) await expectNoHorizontalScroll(page);
}

/** Opens a dialog by its button, runs axe on it once its fade-in has ended, and closes it by its button `cancel`. */
async function checkDialog(page: Page, width: number, button: Locator, name: string, cancel = "Отмена"): Promise<void> {
  await button.click();
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  await checkPage(page, width, `the dialog «${name}»`);
  await dialog.getByRole("button", { name: cancel }).click();
  await expect(dialog).toBeHidden();
}

/**
 * A browser context of its own at `viewport`, with the shop's promo popup already dismissed (as
 * support.ts's `test` does for its `page`): it opens by itself and is modal.
 */
async function contextAt(browser: Browser, baseURL: string, viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport, locale: "ru-RU" });
  const popup = (await (await context.request.get("/api/public/website/popup")).json()) as { updatedAt?: string };
  if (popup.updatedAt) {
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), ["ottisk-popup-dismissed", popup.updatedAt] as const);
  }
  return context;
}

/** Every page of the admin at one width, in a context of its own; the dialogs too. */
async function openAdminPages(browser: Browser, baseURL: string, viewport: { width: number; height: number }, ids: ObjectIds): Promise<void> {
  const context = await contextAt(browser, baseURL, viewport);
  try {
    await openPagesIn(await context.newPage(), viewport.width, ids);
  } finally {
    await context.close();
  }
}

async function openPagesIn(page: Page, width: number, ids: ObjectIds): Promise<void> {
  const problems = watchProblems(page);
  const main = page.locator("main");
  await signIn(page, ADMIN);

  await page.goto("/admin");
  await loaded(page);
  await expect(main.getByRole("heading", { level: 2, name: "Разделы" })).toBeVisible();
  await checkPage(page, width, "the panel's start page");

  for (const section of BACK_OFFICE_SECTION_KEYS) {
    await page.goto(backOfficePath(section));
    await loaded(page);
    await checkPage(page, width, `the section ${section}`);
    if (WITH_NEW_FORM.has(section)) {
      await page.goto(backOfficePath(section, "new"));
      await loaded(page);
      await checkPage(page, width, `the new object of ${section}`);
    }
    const id = ids[section];
    if (id !== undefined) {
      await page.goto(backOfficePath(section, id));
      await loaded(page);
      await expect(main.getByText(/не найден/), `the object ${id} of ${section} is shown`).toHaveCount(0);
      await checkPage(page, width, `the object ${id} of ${section}`);
      if (section === "products") await checkDialog(page, width, main.getByRole("button", { name: "В архив" }), "Убрать товар в архив?");
      if (section === "design") await checkDialog(page, width, main.getByRole("button", { name: "Отменить заказ дизайна" }), "Отменить заказ дизайна?", "Не отменять");
      if (section === "employees") await checkDialog(page, width, main.getByRole("button", { name: "Отключить" }), "Отключить сотрудника?");
    }
  }
  expect(problems, `the browser's problems at ${width} px`).toEqual([]);
}

test.describe("every back-office page", () => {
  let ids: ObjectIds = {};

  test.beforeAll(async ({ playwright }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL;
    if (!baseURL) throw new Error("baseURL is not configured");
    const request = await playwright.request.newContext({ baseURL });
    await orderWithFindingsAndDesign(request, baseURL);
    const login = await request.post("/api/auth/login", { data: ADMIN, headers: { origin: baseURL } });
    expect(login.status(), await login.text()).toBe(200);
    ids = await objectIds(request);
    await request.dispose();
  });

  for (const viewport of WIDTHS) {
    // One test per width: each walks every page and dialog (about 40 s alone), and the other
    // projects' workers run beside it.
    test(`the admin's pages and dialogs pass axe at ${viewport.width} px`, async ({ browser, baseURL }) => {
      test.setTimeout(120_000);
      if (!baseURL) throw new Error("baseURL is not configured");
      await openAdminPages(browser, baseURL, viewport, ids);
    });
  }

  test("a content employee sees only the content sections, and another section's address says there is no access", async ({ page }) => {
    const problems = watchProblems(page);
    const main = page.locator("main");
    await signIn(page, CONTENT);
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await page.goto("/admin/employee/pages");
      await loaded(page);
      const menu = page.getByRole("navigation", { name: "Личный кабинет" });
      await expect(menu.getByRole("link", { name: "Страницы сайта" })).toBeVisible();
      await expect(menu.getByRole("link", { name: "Меню, подвал, всплывающее окно" })).toBeVisible();
      for (const other of ["Категории", "Товары", "Промокоды", "Пункты самовывоза", "Заказы дизайна", "Допечатная проверка", "Сотрудники", "Журнал изменений"]) {
        await expect(menu.getByRole("link", { name: other })).toHaveCount(0);
      }
      await page.goto("/admin/employee/products");
      await siteHydrated(page);
      await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(main.getByRole("alert")).toContainText("Нет доступа");
      await expect(main.getByRole("alert")).toContainText("«Администратор» или «Каталог»");
      await checkPage(page, viewport.width, "the no-access page");
    }
    expect(problems).toEqual([]);
  });
});
