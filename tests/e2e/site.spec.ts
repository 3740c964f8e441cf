import { expect } from "@playwright/test";
import type { APIRequestContext, Page } from "@playwright/test";
import { join } from "node:path";
import type { AccountProfile, Cart, Order } from "../../shared/contracts/index";
import { CLIENT, SessionApi, chooseSelfPickup, expectNoHorizontalScroll, placeOrderWith, siteHydrated, screenshots, uploadCleanLayouts, watchProblems, test } from "./support";

/*
 * The host site as a shopper and an employee use it (issue 7), on the built site (`npm run build`
 * first) with its cookie sessions: search → product → cart → sign-in → layout → delivery → test
 * payment → success page; a client's city, favourite, company and orders from the balance and by
 * invoice; client mode entered and left; every route of spec §2 drawn on the server; the loading
 * order, choices and taps made before the page's code arrives, and a deploy under an open page;
 * the main screens and the side menu at three widths.
 */

const root = join(import.meta.dirname, "..", "..");
const CLEAN_LAYOUT = join(root, ".tmp", "preflight-corpus", "clean-pdfx1a-like.pdf");
const PRODUCT = "Визитки стандартные 90×50";
const PAPER = "Мелованный картон 350 г/м²";
const FINISHING = "Матовая ламинация";
const FACE = "Лицевая сторона";
const ROMASHKA = "ООО «Ромашка»";
const MANAGER = { email: "manager@example.com", password: "manager12345" } as const;

/**
 * The demo client's cart of `companyId` (null: the personal one) emptied, and the personal profile
 * chosen: lines left by other files would be ordered too.
 */
async function emptyCart(api: SessionApi, companyId: number | null): Promise<void> {
  const cart = await api.get<Cart>(companyId === null ? "/client-cart" : `/client-cart?companyId=${companyId}`);
  for (const line of cart.orderProduct) await api.delete(`/client-cart/product/${line.id}`);
  await api.post("/client-account/select-company", { data: { companyId: null } });
}

/** The id of the product the journeys order. */
async function productId(request: APIRequestContext): Promise<number> {
  const response = await request.get("/api/public/product", { params: { limit: 100 } });
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { id: number; productName: string }[] };
  const product = items.find((item) => item.productName === PRODUCT);
  if (!product) throw new Error(`${PRODUCT} is not in the catalogue`);
  return product.id;
}

/** The published addresses of the sitemap (an index of files: /sitemap-1.xml …), as paths (`/blog/cmyk-i-rgb`). */
async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const locs = async (path: string) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "/").pathname);
  };
  const files = await locs("/sitemap.xml");
  return (await Promise.all(files.map(locs))).flat();
}

/** The first sitemap path matching `pattern`. */
function pathLike(paths: readonly string[], pattern: RegExp): string {
  const found = paths.find((path) => pattern.test(path));
  if (!found) throw new Error(`No address like ${pattern} in sitemap.xml`);
  return found;
}

test.describe("the host site's journeys", () => {
  test("a shopper searches, configures, signs in, uploads and approves a layout, pays on the test page and sees the order", async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(60_000);
    if (!baseURL) throw new Error("baseURL is not configured");
    const problems = watchProblems(page);
    const api = await SessionApi.signIn(request, baseURL, CLIENT);
    await emptyCart(api, null);

    // 1. The header's search leads to /poisk with the results, the product among them.
    await page.goto("/");
    await siteHydrated(page);
    const header = page.locator("header");
    await header.getByRole("searchbox").fill("визитки стандартные");
    await header.getByRole("button", { name: "Найти" }).click();
    await expect(page).toHaveURL(/\/poisk\?q=/);
    await expect(page.getByText("Результаты поиска по запросу «визитки стандартные»")).toBeVisible();
    await expect(header.getByRole("searchbox"), "the field is cleared after searching").toHaveValue("");
    await page.locator("main").getByRole("link", { name: PRODUCT }).first().click();

    // 2. The product page: a heavier paper and matte lamination, then «В корзину».
    await expect(page).toHaveURL(/\/catalog\/vizitki\/\d+$/);
    const main = page.locator("main");
    await expect(main.getByRole("heading", { name: PRODUCT, level: 2 })).toBeVisible();
    await siteHydrated(page);
    await main.getByRole("radio", { name: PAPER }).check();
    await main.getByRole("checkbox", { name: FINISHING }).check();
    await main.getByRole("button", { name: "В корзину" }).click();
    await expect(header.locator(".ottisk-cart-button__badge")).toHaveText("1");

    // 3. The cart, as a visitor; then sign in with the layout's dialog: the line moves into the account.
    await page.goto("/cart");
    await siteHydrated(page);
    await header.getByRole("button", { name: "Войти", exact: true }).click();
    const login = page.getByRole("dialog", { name: "Вход и регистрация" });
    await login.getByLabel("Электронная почта").fill(CLIENT.email);
    await login.getByLabel("Пароль").fill(CLIENT.password);
    await login.getByRole("button", { name: "Войти" }).click();
    await expect(login).toBeHidden();
    await expect(header.locator("[part~=account-button]")).toContainText("Иван");
    const line = main.locator("[part~=line]", { hasText: PRODUCT });
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(PAPER);
    const [ordered] = (await api.get<Cart>("/client-cart")).orderProduct;
    expect(ordered?.options, "the configured options reached the account's cart").toMatchObject({ paper: "coated-350" });

    // 4. The layout: the checker finds the clean file ready, the server's check agrees, the proof is approved.
    await line.getByRole("button", { name: "Макеты: загрузить и проверить" }).click();
    const dialog = page.getByRole("dialog", { name: `Макеты: ${PRODUCT}` });
    const checker = dialog.locator("[part~=checker]");
    await checker.getByLabel("Выбрать файлы PDF").setInputFiles(CLEAN_LAYOUT);
    const file = checker.getByRole("listitem", { name: "clean-pdfx1a-like.pdf", exact: true });
    await expect(file.locator("[part~=findings-clean]")).toContainText("Макет готов к печати");
    await file.getByRole("button", { name: "Загрузить макет" }).click();
    const detail = checker.getByRole("region", { name: FACE, exact: true });
    await expect(detail.locator("[part~=status]")).toHaveText("Макет проверен: готов к печати — clean-pdfx1a-like.pdf", { timeout: 20_000 });
    const approval = detail.locator("[part~=approval]");
    await approval.getByLabel(`Я проверил(а) пробный оттиск «${FACE}» и утверждаю макет к печати`).check();
    await approval.getByRole("button", { name: "Утвердить макет" }).click();
    await expect(checker.locator("[part~=all-approved]")).toHaveText("Все макеты утверждены");
    await dialog.getByRole("button", { name: "Закрыть" }).click();
    await expect(dialog).toBeHidden();

    // 5. Self-pickup, card payment, the order.
    await chooseSelfPickup(main);
    await placeOrderWith(main, "Онлайн картой (ЮKassa)");

    // 6. The shop's test payment page (offline YooKassa): «Оплатить» leads to the success page.
    await expect(page).toHaveURL(/\/api\/payment\/test\/test-[0-9a-f-]{36}$/);
    const payHeading = page.getByRole("heading", { name: /^Оплата заказа № / });
    await expect(payHeading).toBeVisible();
    const number = /№ (\S+)/.exec((await payHeading.textContent()) ?? "")?.[1];
    if (!number) throw new Error("The test payment page shows no order number");
    await page.getByRole("button", { name: /^Оплатить/ }).click();
    await expect(page).toHaveURL(/\/success-payment\?orderId=\d+$/);
    const orderId = Number(new URL(page.url()).searchParams.get("orderId"));
    await expect(page.getByRole("heading", { level: 1, name: "Спасибо за заказ!" })).toBeVisible();
    await expect(main.getByText(`Заказ № ${number} оформлен.`)).toBeVisible();
    await expect(main.getByText(/^Заказ оплачен: /)).toBeVisible();

    const order = await api.get<Order>(`/client-order/${orderId}`);
    expect(order).toMatchObject({ number, paymentType: "Yookassa", paymentStatus: "paid", status: "paid", companyId: null });
    expect(order.lines.map((item) => [item.productName, item.options.paper, item.layouts.map((layout) => [layout.status, layout.approvedAt !== null])])).toEqual([
      [PRODUCT, "coated-350", [["passed", true]]],
    ]);
    expect(problems).toEqual([]);
  });

  test("a client picks a city, keeps a favourite, switches to the company and orders from the balance and by invoice", async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    if (!baseURL) throw new Error("baseURL is not configured");
    const problems = watchProblems(page);
    const api = await SessionApi.signIn(request, baseURL, CLIENT);
    const profile = await api.get<AccountProfile>("/account/profile");
    const company = profile.companies.find((item) => item.name === ROMASHKA);
    if (!company) throw new Error(`${ROMASHKA} is not the demo client's company`);
    await emptyCart(api, company.id);
    const signIn = await page.request.post("/api/auth/login", { data: CLIENT });
    expect(signIn.status()).toBe(200);

    // 1. The city: «Выберите город», a search, the choice closes the dialog and stays after a reload.
    await page.goto("/");
    await siteHydrated(page);
    const header = page.locator("header");
    const cityButton = header.locator("[part~=city-button]").first();
    await cityButton.click();
    const cityDialog = page.getByRole("dialog", { name: "Выберите город" });
    await cityDialog.getByLabel("Название города").fill("Казань");
    await cityDialog.locator("[part~=city-option]", { hasText: "Казань" }).first().click();
    await expect(cityDialog.getByRole("status")).toHaveText("Выбран город: Казань");
    await expect(cityDialog).toBeHidden();
    await expect(cityButton).toContainText("Казань");
    await page.reload();
    await expect(cityButton, "the server draws the account's city").toContainText("Казань");
    // Back to Krasnodar, one of the presets: the shop's self-pickup counter is there (in Kazan it is
    // «недоступно в этом городе»), and the other journeys expect it.
    await siteHydrated(page);
    await cityButton.click();
    await cityDialog.locator("[part~=city-option]", { hasText: /^Краснодар/ }).click();
    await expect(cityDialog).toBeHidden();
    await expect(cityButton).toContainText("Краснодар");

    // 2. Favourites: the star turns on once the server confirms, and the product is on /izbrannoe.
    await page.goto("/catalog/vizitki");
    await siteHydrated(page);
    const card = page.locator("main .ottisk-card", { hasText: PRODUCT }).first();
    await card.getByRole("button", { name: "Добавить в избранное" }).click();
    await expect(card.getByRole("button", { name: "Убрать из избранного" })).toHaveAttribute("aria-pressed", "true");
    await header.getByRole("link", { name: "Избранное" }).click();
    await expect(page).toHaveURL(/\/izbrannoe$/);
    await expect(page.locator("h1")).toHaveText("Избранное");
    const favourite = page.locator("main .ottisk-card", { hasText: PRODUCT }).first();
    await expect(favourite).toBeVisible();
    await siteHydrated(page);
    await favourite.getByRole("button", { name: "Убрать из избранного" }).click();
    await expect(page.locator("main .ottisk-card", { hasText: PRODUCT })).toHaveCount(0);

    // 3. The company: the account panel's «Ваши аккаунты»; the cart follows it.
    await page.goto(`/catalog/vizitki/${await productId(request)}`);
    await siteHydrated(page);
    const accountButton = header.locator("[part~=account-button]");
    await accountButton.click();
    await header.locator("[part~=account-option]", { hasText: ROMASHKA }).click();
    await expect(accountButton).toContainText(ROMASHKA);
    await page.keyboard.press("Escape");
    const main = page.locator("main");
    await main.getByRole("button", { name: "В корзину" }).click();
    await expect(header.locator(".ottisk-cart-button__badge")).toHaveText("1");

    // 4. From the balance: layouts through the API (the checker is layouts.spec.ts), self-pickup, the order.
    await uploadCleanLayouts(api, company.id);
    await page.goto("/cart");
    await siteHydrated(page);
    await expect(main.getByLabel("Заказываю от имени")).toHaveValue(String(company.id));
    await chooseSelfPickup(main);
    await placeOrderWith(main, /^С баланса/);
    const placed = main.locator("[part~=success]");
    await expect(placed.getByRole("heading", { name: /^Заказ № .+ оформлен$/ })).toBeVisible();
    await expect(placed).toContainText("Оплачено с баланса");

    // 5. «Повторить» puts the line back; by invoice this time, and the invoice downloads.
    await placed.getByRole("button", { name: `Повторить «${PRODUCT}»` }).click();
    await expect(placed.getByRole("button", { name: `Повторить «${PRODUCT}»` })).toHaveText("Добавлено в корзину");
    const balanceOrderLink = placed.getByRole("link", { name: "Подробнее о заказе" });
    const balanceOrderHref = await balanceOrderLink.getAttribute("href");
    await uploadCleanLayouts(api, company.id);
    await page.reload();
    await siteHydrated(page);
    await chooseSelfPickup(main);
    await placeOrderWith(main, "Счёт для юрлица");
    await expect(placed.getByRole("heading", { name: /^Заказ № .+ оформлен$/ })).toBeVisible();
    await expect(placed).toContainText("оплата: счёт для юрлица");
    const invoice = placed.getByRole("link", { name: "Скачать счёт" });
    const invoiceHref = await invoice.getAttribute("href");
    if (!invoiceHref) throw new Error("The invoice link has no address");
    const invoiceFile = await page.request.get(invoiceHref);
    expect(invoiceFile.status()).toBe(200);
    expect(invoiceFile.headers()["content-type"]).toContain("application/pdf");

    // 6. The balance order's page: the success page, drawn for the order.
    if (!balanceOrderHref) throw new Error("The placed order has no link");
    await page.goto(balanceOrderHref);
    await expect(page).toHaveURL(/\/success-payment\?orderId=\d+$/);
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    const orders = await api.get<{ items: Order[] }>(`/client-order?companyId=${company.id}`);
    expect(orders.items.slice(0, 2).map((order) => order.paymentType)).toEqual(["Invoice", "InternalBalance"]);
    expect(problems).toEqual([]);
    // The personal profile chosen again, as the other journeys start.
    await api.post("/client-account/select-company", { data: { companyId: null } });
  });

  test("an employee enters client mode for the demo client and leaves it from the storefront", async ({ page, baseURL }) => {
    if (!baseURL) throw new Error("baseURL is not configured");
    const problems = watchProblems(page);
    // Entering client mode belongs to the admin panel: done here through the API with the page's cookie session.
    const signIn = await page.request.post("/api/auth/login", { data: MANAGER });
    expect(signIn.status()).toBe(200);
    const clients = await page.request.get("/api/client/search-by-name", { params: { search: CLIENT.email } });
    expect(clients.status()).toBe(200);
    const [client] = (await clients.json()) as { id: number; email: string }[];
    if (!client) throw new Error("The demo client is not found");
    // As the shop's own page would send it: a cookie call that changes something must name its origin (CSRF check).
    const enter = await page.request.post(`/api/client/${client.id}/impersonalization`, { data: { companyId: null }, headers: { origin: new URL(baseURL).origin } });
    expect(enter.status(), await enter.text()).toBe(200);

    const entered = (await enter.json()) as AccountProfile;
    expect(entered).toMatchObject({ typeUser: "employee", impersonalization: true, placeClientId: client.id });

    // The storefront shows client mode (the label of the code: the employee's name over «Режим клиента»; the
    // client's name is not in the profile) and, in the account panel, «Выйти из режима клиента».
    await page.goto("/");
    const account = page.locator("header [part~=account-button]");
    await expect(account).toContainText("Мария Кузнецова");
    await expect(account).toContainText("Режим клиента");
    await siteHydrated(page);
    await account.click();
    const panel = page.locator("header [part~=account-panel]");
    const exit = panel.getByRole("button", { name: "Выйти из режима клиента" });
    await expect(exit).toBeVisible();
    // Exiting calls the server, then goes to the admin panel (spec §4): the account area's «Панель управления».
    const exited = page.waitForResponse((response) => response.url().endsWith("/api/client/exit-impersonalization") && response.request().method() === "POST");
    const toAdmin = page.waitForRequest((sent) => sent.isNavigationRequest() && new URL(sent.url()).pathname === "/admin");
    await exit.click();
    expect((await exited).status()).toBe(200);
    await toAdmin;
    await expect(page).toHaveURL(`${baseURL}/admin`);
    await expect(page.getByRole("heading", { level: 1, name: "Панель управления" })).toBeVisible();
    const profile = (await (await page.request.get("/api/account/profile")).json()) as AccountProfile;
    expect(profile, "the session left client mode").toMatchObject({ typeUser: "employee", impersonalization: false, placeClientId: null });
    await expect(account).toContainText("Сотрудник");
    expect(problems).toEqual([]);
  });
});

test.describe("routes rendered on the server", () => {
  test.use({ javaScriptEnabled: false });

  test("every route of spec §2 answers with its title and h1 in the HTML; unknown paths go to main", async ({ page, request }) => {
    const paths = await sitemapPaths(request);
    const productPage = pathLike(paths, /^\/catalog\/vizitki\/\d+$/);
    const routes = [
      "/",
      "/poisk?q=визитки",
      "/izbrannoe",
      "/catalog",
      "/catalog/vizitki",
      productPage,
      // The layout designer of that product (issue 32).
      `/konstruktor/${productPage.split("/").pop() ?? ""}`,
      "/vakansii",
      pathLike(paths, /^\/vakansii\/[^/]+$/),
      "/uslugi",
      pathLike(paths, /^\/uslugi\/[^/]+$/),
      "/cart",
      "/success-payment",
      "/success-payment?orderId=1",
      "/blog",
      pathLike(paths, /^\/blog\/[^/]+$/),
      "/instrukcii",
      pathLike(paths, /^\/instrukcii\/[^/]+$/),
      "/kontakty",
      pathLike(paths, /^\/(?!catalog|vakansii|uslugi|blog|instrukcii|kontakty)[a-z0-9-]+$/),
    ];
    for (const path of routes) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]?.trim() ?? "";
      expect(title, `${path}: <title>`).not.toBe("");
      expect(html, `${path}: h1`).toMatch(/<h1[\s>][^]*?<\/h1>/);
    }
    for (const path of ["/no-such-page", "/o-kompanii/x/y", "/catalog/vizitki/abc", "/konstruktor/abc"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
    }
    // A browser without JavaScript: unknown addresses land on main, its h1 drawn by the server.
    await page.goto("/no-such-page");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("h1")).toHaveText("Печатаем быстро и без сюрпризов");
    await page.goto("/catalog/vizitki");
    await expect(page.locator("h1")).toBeVisible();
    await expect(page.locator(".ottisk-card:not(.ottisk-card--skeleton)").first()).toBeVisible();
    // The header's search is a plain form too: it leads to the results, drawn by the server.
    const search = page.locator("form[role=search]:visible").first();
    await search.getByRole("searchbox").fill("визитки");
    await search.getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL(/\/poisk\?q=%D0%B2%D0%B8%D0%B7%D0%B8%D1%82%D0%BA%D0%B8$/);
    await expect(page.locator("main").getByRole("heading", { name: "Результаты поиска по запросу «визитки»" })).toBeVisible();
    await expect(page.locator("main [part=result]").first()).toBeVisible();
  });
});

test.describe("loading order", () => {
  test("content first: the page's code is asked for after the first paint and the main picture, then hydrates the page", async ({ page }) => {
    for (const path of ["/", "/catalog/vizitki"]) {
      const problems = watchProblems(page);
      await page.goto(path);
      // The cookie banner is drawn by the server for a fresh visitor (issue 31); the page's code has
      // run once the app is marked hydrated.
      await expect(page.getByRole("region", { name: "Файлы cookie" })).toBeVisible();
      await expect(page.locator("#ottisk-app[data-hydrated]")).toHaveCount(1);
      const timeline = await page.evaluate(() => {
        const main = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')?.currentSrc ?? "";
        const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        return {
          main,
          mainLoaded: resources.find((entry) => entry.name === main)?.responseEnd ?? Number.NaN,
          firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
          scripts: resources
            .filter((entry) => /\/assets\/[\w-]+\.js$/.test(entry.name) && !/\/assets\/boot-/.test(entry.name))
            .map((entry) => ({ name: entry.name, start: entry.startTime })),
        };
      });
      expect(timeline.main, `${path}: the main picture is marked`).not.toBe("");
      expect(timeline.scripts.map((script) => script.name).some((name) => /entry-client-/.test(name)), `${path}: the entry was loaded`).toBe(true);
      for (const script of timeline.scripts) {
        expect(script.start, `${path}: ${script.name} after the first paint`).toBeGreaterThanOrEqual(timeline.firstPaint);
        expect(script.start, `${path}: ${script.name} after the main picture`).toBeGreaterThanOrEqual(timeline.mainLoaded);
      }
      expect(problems, `${path}: no hydration warning or script error`).toEqual([]);
    }
  });
});

/** Holds the entry's file back until `release` is called, as on a slow link; answers the release. */
async function holdEntry(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry-client-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe("choices made before the page's code arrives", () => {
  test("a paper, a finishing and a run chosen while the product page hydrates, and «В корзину» pressed then, put that line in the cart", async ({ page, request }) => {
    const release = await holdEntry(page);
    const problems = watchProblems(page);
    await page.goto(`/catalog/vizitki/${await productId(request)}`);
    const main = page.locator("main");
    await main.getByRole("radio", { name: PAPER }).check();
    await main.getByRole("checkbox", { name: FINISHING }).check();
    await main.getByLabel("Свой тираж, шт.").fill("300");
    // The form has no action: without the hold the browser would send it to this address and reload.
    const addButton = main.getByRole("button", { name: "В корзину" });
    await addButton.click();
    await expect(addButton, "held until the code arrives").toHaveAttribute("data-ottisk-early-action", "");
    await expect(page.locator("#ottisk-app[data-hydrated]"), "not hydrated yet").toHaveCount(0);
    expect(new URL(page.url()).search, "the form was not sent to the page's address").toBe("");
    release();
    await siteHydrated(page);
    // The page still shows the choices, and its state has them: the price is that of 300 cards,
    // and the held «В корзину» was pressed again once they were made.
    await expect(main.getByRole("radio", { name: PAPER })).toBeChecked();
    await expect(main.getByRole("checkbox", { name: FINISHING })).toBeChecked();
    await expect(main.getByLabel("Свой тираж, шт.")).toHaveValue("300");
    await expect(main.locator("[part~=price]")).toContainText("300 шт.");
    await expect(page.locator("header .ottisk-cart-button__badge")).toHaveText("1");
    await expect(main.getByRole("link", { name: "Перейти в корзину" })).toBeVisible();
    await page.goto("/cart");
    const line = main.locator("[part~=line]", { hasText: PRODUCT });
    await expect(line).toContainText(PAPER);
    await expect(line).toContainText(FINISHING);
    await expect(line.getByLabel("Тираж, шт.")).toHaveValue("300");
    expect(problems).toEqual([]);
  });
});

test.describe("a tap or a form sent before the page's code arrives", () => {
  test("the menu button pressed at phone width opens the side menu once the page is hydrated, once", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const release = await holdEntry(page);
    const problems = watchProblems(page);
    await page.goto("/catalog/vizitki");
    const menuButton = page.locator("header [part~=menu-button]");
    // Two taps on a dead button: the last one is held, not both (which would open and close it).
    await menuButton.click();
    await menuButton.click();
    await expect(page.locator("[data-ottisk-early-action]"), "one action held").toHaveCount(1);
    await expect(page.getByRole("dialog", { name: "Меню" })).toBeHidden();
    release();
    await siteHydrated(page);
    await expect(page.getByRole("dialog", { name: "Меню" })).toBeVisible();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator("[data-ottisk-early-action]"), "nothing left held").toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test("the feedback form sent before the page is hydrated is not sent to the page's address, and goes once the code is there", async ({ page }) => {
    const release = await holdEntry(page);
    const problems = watchProblems(page);
    await page.goto("/kontakty");
    const form = page.locator("main form", { has: page.getByRole("button", { name: "Отправить" }) });
    await form.getByLabel("Как к вам обращаться").fill("Ирина");
    await form.getByLabel("Телефон").fill("+7 918 555-12-34");
    await form.getByLabel("Сообщение").fill("Нужны буклеты А4 к пятнице, 500 шт.");
    await form.getByLabel("Согласен на обработку персональных данных").check();
    await form.getByRole("button", { name: "Отправить" }).click();
    await expect(form.getByRole("button", { name: "Отправить" })).toHaveAttribute("data-ottisk-early-action", "");
    expect(new URL(page.url()).search, "not sent to the page's own address").toBe("");
    await expect(form.getByLabel("Сообщение"), "what was typed is still there").toHaveValue("Нужны буклеты А4 к пятнице, 500 шт.");
    release();
    await siteHydrated(page);
    await expect(page.getByRole("dialog", { name: "Ваши данные успешно отправлены" })).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test.describe("a deploy under an open page", () => {
  test("a start-up file that cannot be loaded reloads the page once, then the page stays as drawn", async ({ page }) => {
    // The entry's file unreachable, as when a deploy removed the build the page names.
    await page.route(/\/assets\/entry-client-[\w-]+\.js$/, (route) => route.abort("failed"));
    let loads = 0;
    page.on("load", () => (loads += 1));
    const failures: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && message.text().startsWith("Ottisk: the page's code did not load")) failures.push(message.text());
    });
    await page.goto("/catalog/vizitki");
    await expect.poll(() => failures.length, { message: "the second failure, after the reload" }).toBe(2);
    expect(loads, "one reload, not a loop").toBe(2);
    // The server's page is still there to read, its links plain links.
    await expect(page.locator("h1")).toHaveText("Визитки");
    await expect(page.locator(".ottisk-card__name a").first()).toHaveAttribute("href", /^\/catalog\/vizitki\/\d+$/);
  });
});

test.describe("the main screens at three widths", () => {
  for (const width of [375, 768, 1280] as const) {
    test(`main, a category, a product and the cart fit ${width} px`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 });
      const problems = watchProblems(page);
      const id = await productId(request);
      // The cart with a line in it: the visitor's own cookie session.
      const added = await page.request.post("/api/client-cart/product", { data: { productId: id, options: {}, quantity: 100, companyId: null } });
      expect(added.ok(), await added.text()).toBe(true);

      for (const [name, path, ready] of [
        ["main", "/", "h1"],
        ["category", "/catalog/vizitki", ".ottisk-card:not(.ottisk-card--skeleton)"],
        ["product", `/catalog/vizitki/${id}`, "main [part~=price], main h2"],
        ["cart", "/cart", "main [part~=line]"],
      ] as const) {
        await page.goto(path);
        await expect(page.locator(ready).first()).toBeVisible();
        await siteHydrated(page);
        await page.waitForLoadState("networkidle");
        if (name === "main") {
          // The cookie banner floats over the page: accepted once, it stays away from the other screenshots.
          const banner = page.getByRole("region", { name: "Файлы cookie" });
          await banner.getByRole("button", { name: "Принять" }).click();
          await expect(banner).toBeHidden();
        }
        await expectNoHorizontalScroll(page);
        // Lazy images load once scrolled to: the whole page is shown in the screenshot.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expect.poll(() => page.evaluate(() => [...document.images].every((image) => image.complete)), { message: "every image loaded" }).toBe(true);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: join(screenshots, `site-${name}-${width}.png`), fullPage: true });
      }
      if (width < 1280) {
        // Below desktop the header's menu button opens the side menu over a dimming overlay; a
        // click on the overlay closes it.
        // By CSS: while the modal menu is open, the page behind it (the header too) is inert.
        const menuButton = page.locator("header [part~=menu-button]");
        await menuButton.click();
        const menu = page.getByRole("dialog", { name: "Меню" });
        await expect(menu).toBeVisible();
        await expect(menuButton).toHaveAttribute("aria-expanded", "true");
        const backdrop = await menu.evaluate((dialog) => getComputedStyle(dialog, "::backdrop").backgroundColor);
        expect(backdrop, "the overlay dims the page").not.toBe("rgba(0, 0, 0, 0)");
        await expect(menu.getByRole("link", { name: "Избранное" })).toBeVisible();
        // The panel slides in: the screenshot once it is in place.
        await menu.evaluate((dialog) => Promise.all(dialog.getAnimations({ subtree: true }).map((animation) => animation.finished)));
        await page.screenshot({ path: join(screenshots, `site-menu-${width}.png`) });
        await page.mouse.click(width - 10, 450);
        await expect(menu).toBeHidden();
        await expect(menuButton).toHaveAttribute("aria-expanded", "false");
      }
      expect(problems).toEqual([]);
    });
  }
});
