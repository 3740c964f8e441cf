import { expect } from "@playwright/test";
import type { Locator, Request } from "@playwright/test";
import { join } from "node:path";
import type { AccountProfile, Cart, Order, OrderListPage, SessionGrant } from "../../shared/contracts/index";
import { chromiumArgs, chromiumPath } from "../chromium";
import { CLIENT, SessionApi, catalogHydrated, chooseSelfPickup, eventsOf, uploadCleanLayouts, expectNoHorizontalScroll, openWidgetsGallery, partnerUrl, recordEvents, screenshots, scrollThrough, watchProblems, test } from "./support";

/*
 * The embeds as partners use them (issue 5): the built bundle (`npm run build` first) on demo pages
 * opened on 127.0.0.1 while the shop and its API stay on localhost, so every element works across
 * origins, as on a partner's site.
 */

// Third-party cookies blocked, as browsers do more and more, for every page of this file (Playwright
// sets launch options per file, not per describe block): partner pages must not need them.
test.use({ launchOptions: { executablePath: chromiumPath(), args: [...chromiumArgs, "--test-third-party-cookie-phaseout"] } });

const ROMASHKA = "ООО «Ромашка»";
const PRODUCT = "Визитки стандартные 90×50";

function shadowCount(element: Locator, selector: string): Promise<number> {
  return element.evaluate((host, css) => host.shadowRoot?.querySelectorAll(css).length ?? -1, selector);
}

test.describe("a partner page with third-party cookies blocked", () => {
  test("adds a product, signs in, switches to a company, chooses a delivery and places an order", async ({ page, baseURL, request }) => {
    test.setTimeout(60_000);
    if (!baseURL) throw new Error("baseURL is not configured");
    const problems = watchProblems(page);
    await recordEvents(page, ["ottisk-add-to-cart", "ottisk-login", "ottisk-company-change", "ottisk-checkout"]);
    const apiRequests: { request: Request; withSession: boolean }[] = [];
    let sessionExists = false;
    page.on("request", (sent) => {
      if (sent.url().startsWith(`${baseURL}/api/`) && sent.method() !== "OPTIONS") apiRequests.push({ request: sent, withSession: sessionExists });
    });

    // The account remembers its last company on the server: start from the personal profile, so
    // that signing in lands there and switching to the company is a real switch.
    await (await SessionApi.signIn(request, baseURL, CLIENT)).post("/client-account/select-company", { data: { companyId: null } });

    await page.goto(partnerUrl(baseURL, "partner.html"));
    await catalogHydrated(page);
    const catalog = page.locator("ottisk-catalog");
    const product = page.locator("ottisk-product");
    const cartButton = page.locator("ottisk-cart-button");
    const account = page.locator("ottisk-account");
    const cart = page.locator("ottisk-cart");

    // 'Заказать' stays on the partner's page: partner.js cancels ottisk-order and opens <ottisk-product>.
    await catalog.locator(".ottisk-card", { hasText: PRODUCT }).getByRole("link", { name: `Заказать: ${PRODUCT}` }).click();
    await expect(page.locator("#product")).toBeVisible();
    expect(new URL(page.url()).hostname).toBe("127.0.0.1");
    await expect(product.getByRole("heading", { name: PRODUCT })).toBeVisible();
    await product.getByRole("button", { name: "В корзину" }).click();
    await expect(cartButton.locator("[part~=badge]")).toHaveText("1");
    await expect(cartButton.getByRole("link")).toHaveAccessibleName("Корзина, 1 товар");
    // The visitor's first change opened a temporary account: from here every call carries its token.
    sessionExists = true;
    expect((await eventsOf(page, "ottisk-add-to-cart"))[0]).toMatchObject({ itemCount: 1, quantity: expect.any(Number) });

    await account.getByRole("button", { name: "Войти" }).click();
    const loginDialog = account.getByRole("dialog", { name: "Вход и регистрация" });
    await loginDialog.getByLabel("Электронная почта").fill(CLIENT.email);
    await loginDialog.getByLabel("Пароль", { exact: true }).fill(CLIENT.password);
    await loginDialog.getByRole("button", { name: "Войти" }).click();
    await expect(loginDialog).toBeHidden();
    const accountButton = account.locator("[part~=account-button]");
    await expect(accountButton).toContainText("Иван");
    expect(await eventsOf(page, "ottisk-login")).toEqual([{ name: expect.stringContaining("Иван"), typeUser: "client" }]);
    // Signing in merged the visitor's line into the client's cart (the personal profile, selected now).
    // The cart's code loads when it is about to be visible: the shopper scrolls down to it.
    await page.evaluate(() => document.querySelector("#cart")?.scrollIntoView());
    await expect(cart.getByLabel("Заказываю от имени")).toHaveValue("");
    await expect(cart.locator("[part~=line]", { hasText: PRODUCT }).first()).toBeVisible();

    // Switch the account to the company in the header's account panel: the cart follows (same page store).
    await accountButton.click();
    await account.locator("[part~=account-option]", { hasText: ROMASHKA }).click();
    await expect(accountButton).toContainText(ROMASHKA);
    const [companyChange] = await eventsOf(page, "ottisk-company-change");
    const companyId = companyChange?.companyId;
    if (typeof companyId !== "number") throw new Error("ottisk-company-change carried no company");
    await expect(cart.getByLabel("Заказываю от имени")).toHaveValue(String(companyId));
    await page.keyboard.press("Escape");

    // The company's cart is its own: order the product for the company too.
    await product.getByRole("button", { name: "В корзину" }).click();
    await expect(cart.locator("[part~=line]", { hasText: PRODUCT }).first()).toBeVisible();
    const api = await SessionApi.of(page, request, baseURL);
    const companyCart = await api.get<Cart>(`/client-cart?companyId=${companyId}`);
    await expect(cartButton.locator("[part~=badge]")).toHaveText(String(companyCart.orderProduct.length));

    await uploadCleanLayouts(api, companyId);

    // Self-pickup at the shop's counter in the client's city (Krasnodar).
    await chooseSelfPickup(cart);
    await expect(cart.locator("[part~=delivery]", { hasText: "Самовывоз" }).first()).toBeVisible();
    // The delivery's answer is the whole cart: the layouts checked through the API show as checked.
    await expect(cart.locator("[part~=line]", { hasText: PRODUCT }).first()).toContainText("макет проверен");

    // The payment type is the server's: the radio turns checked when PATCH /client-cart answers.
    const balance = cart.getByRole("radio", { name: /^С баланса/ });
    await balance.click();
    await expect(balance).toBeChecked();
    await expect(cart.getByTestId("balance")).toContainText("На балансе");
    const checkout = cart.getByRole("button", { name: "Оформить заказ" });
    await expect(checkout).toBeEnabled();
    await checkout.click();

    const success = cart.locator("[part~=success]");
    await expect(success.getByRole("heading", { name: /^Заказ № .+ оформлен$/ })).toBeVisible();
    await expect(success).toContainText("Оплачено с баланса");
    const [placed] = await eventsOf(page, "ottisk-checkout");
    if (!placed) throw new Error("No ottisk-checkout event");
    expect(placed).toMatchObject({
      orderId: expect.any(Number),
      number: expect.any(String),
      paymentType: "InternalBalance",
      total: expect.any(Number),
      href: `${baseURL}/success-payment?orderId=${placed.orderId}`,
    });
    await expect(success.getByRole("heading")).toHaveText(`Заказ № ${placed.number} оформлен`);

    // The order exists for the company, with the product, paid from the balance.
    const order = await api.get<Order>(`/client-order/${placed.orderId}`);
    expect(order).toMatchObject({ id: placed.orderId, number: placed.number, companyId, paymentType: "InternalBalance", total: placed.total });
    expect(order.lines.map((line) => line.productName)).toContain(PRODUCT);
    expect(order.deliveries.map((delivery) => delivery.deliveryMethod)).toEqual(["SelfPickup"]);
    const companyOrders = await api.get<OrderListPage>(`/client-order?companyId=${companyId}`);
    expect(companyOrders.items.map((item) => item.id)).toContain(placed.orderId);
    const profile = await api.get<AccountProfile>("/account/profile");
    expect(profile.companies.find((item) => item.id === companyId)?.name).toBe(ROMASHKA);

    // Third-party cookies are blocked: the session travels only as the bearer token.
    expect(apiRequests.length).toBeGreaterThan(10);
    for (const { request: sent, withSession } of apiRequests) {
      const headers = await sent.allHeaders();
      expect(headers["cookie"], `${sent.method()} ${sent.url()} sends no cookie`).toBeUndefined();
      if (withSession) expect(headers["authorization"], `${sent.method()} ${sent.url()} carries the session`).toMatch(/^Bearer \S+$/);
    }
    expect(problems).toEqual([]);
  });
});

test.describe("the script included twice", () => {
  test("warns once, and every element renders once", async ({ page, baseURL }) => {
    if (!baseURL) throw new Error("baseURL is not configured");
    const problems = watchProblems(page);
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    // demo/twice.html: the site's template and a plugin both add the tag, under two addresses.
    // (A page fulfilled by the test itself would count as a public page, which Chromium's local
    // network access rules forbid to load scripts from localhost.)
    await page.goto(partnerUrl(baseURL, "twice.html"));
    expect(await page.locator('script[src*="/widgets/ottisk.js"]').count()).toBe(2);
    const catalog = page.locator("ottisk-catalog");
    const cards = catalog.locator(".ottisk-card:not(.ottisk-card--skeleton)");
    await expect(cards.first()).toBeVisible();
    await expect(page.locator("ottisk-cart-button").getByRole("link", { name: /^Корзина/ })).toBeVisible();
    await expect(page.locator("ottisk-city-picker [part~=city-button]")).toHaveText(/Краснодар/);
    // A third copy added later changes nothing either.
    await page.addScriptTag({ type: "module", url: `${baseURL}/widgets/ottisk.js?copy=3` });
    await page.waitForLoadState("networkidle");

    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("included more than once");
    // Each element has its shadow root with its main part once (shadowCount is -1 without a shadow root).
    for (const [tag, part] of [
      ["ottisk-catalog", "catalog"],
      ["ottisk-cart-button", "link"],
      ["ottisk-city-picker", "city-button"],
    ] as const) {
      await expect(page.locator(tag)).toHaveCount(1);
      expect(await shadowCount(page.locator(tag), `[part~=${part}]`), tag).toBe(1);
    }
    const ids = await cards.evaluateAll((items) => items.map((item) => item.getAttribute("data-product-id")));
    expect(ids.length).toBeGreaterThan(1);
    expect(new Set(ids).size, "no card twice").toBe(ids.length);
    expect(problems.filter((problem) => !problem.includes("included more than once"))).toEqual([]);
  });
});

test.describe("a page under a strict Content-Security-Policy", () => {
  test("works without a single violation", async ({ page, baseURL }) => {
    const problems = watchProblems(page);
    await page.addInitScript(() => {
      const violations: string[] = [];
      Object.assign(window, { cspViolations: violations });
      document.addEventListener("securitypolicyviolation", (event) => violations.push(`${event.effectiveDirective}: ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
    });
    await page.goto(partnerUrl(baseURL, "strict-csp.html"));
    expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content")).toContain("default-src 'none'");

    const cards = page.locator("ottisk-catalog .ottisk-card:not(.ottisk-card--skeleton)");
    await expect(cards.first()).toBeVisible();
    // The adopted stylesheets apply (a blocked style would leave the card unstyled).
    expect(await cards.first().evaluate((card) => getComputedStyle(card).borderTopStyle)).toBe("solid");
    await expect(page.locator("ottisk-cart-button").getByRole("link", { name: /^Корзина/ })).toBeVisible();

    const picker = page.locator("ottisk-city-picker");
    await picker.locator("[part~=city-button]").click();
    const dialog = picker.getByRole("dialog", { name: "Выберите город" });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator("[part~=city-option]")).toHaveCount(5);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    const login = page.locator("ottisk-login");
    // Its code loads when it is about to be visible: the visitor scrolls down to it.
    await login.evaluate((element) => element.scrollIntoView());
    await login.getByRole("button", { name: "Войти" }).click();
    await expect(login.getByRole("dialog", { name: "Вход и регистрация" }).getByLabel("Электронная почта")).toBeVisible();
    await page.keyboard.press("Escape");

    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

test.describe("screenshots", () => {
  for (const width of [375, 768, 1280] as const) {
    test(`partner and gallery pages fit ${width} px`, async ({ page, baseURL }) => {
      const problems = watchProblems(page);
      await page.setViewportSize({ width, height: 900 });

      await page.goto(partnerUrl(baseURL, "partner.html"));
      await expect(page.locator("ottisk-catalog .ottisk-card:not(.ottisk-card--skeleton)").first()).toBeVisible();
      // The code of the elements below the fold loads when they are about to be visible: scroll through.
      await scrollThrough(page);
      await expect(page.locator("ottisk-cart [part~=empty]")).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: join(screenshots, `embed-partner-${width}.png`), fullPage: true });

      // The popup closed, so the screenshot shows the elements.
      await openWidgetsGallery(page, baseURL);
      await page.waitForLoadState("networkidle");
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: join(screenshots, `embed-widgets-${width}.png`), fullPage: true });
      expect(problems).toEqual([]);
    });
  }
});

test.describe("a CMS article", () => {
  test("shows blog teasers and a working city picker", async ({ page, baseURL }) => {
    const problems = watchProblems(page);
    await recordEvents(page, ["ottisk-city-change"]);
    await page.goto(partnerUrl(baseURL, "cms.html"));

    const teasers = page.locator("ottisk-blog-teasers [part~=teaser]");
    await expect(teasers.first()).toBeVisible();
    expect(await teasers.count()).toBeGreaterThanOrEqual(2);
    await expect(teasers.first().locator("[part~=link]")).toHaveAttribute("href", /^http:\/\/localhost:\d+\/blog\//);

    const [headerPicker, asidePicker] = [page.locator("ottisk-city-picker").first(), page.locator("ottisk-city-picker").nth(1)];
    await expect(headerPicker.locator("[part~=city-button]")).toHaveText(/Краснодар/);
    await asidePicker.locator("[part~=city-button]").click();
    const dialog = asidePicker.getByRole("dialog", { name: "Выберите город" });
    await dialog.locator("[part~=city-option]", { hasText: /^Москва$/ }).click();
    await expect(dialog).toContainText("Выбран город: Москва");
    await expect(dialog).toBeHidden();
    await expect(asidePicker.locator("[part~=city-button]")).toHaveText(/Москва/);
    // Both pickers show the account's city: one page store.
    await expect(headerPicker.locator("[part~=city-button]")).toHaveText(/Москва/);
    await expect(asidePicker.locator("[part~=city-button]")).toBeFocused();
    expect(await eventsOf(page, "ottisk-city-change")).toEqual([{ kladrId: expect.any(String), city: "Москва", region: "Москва" }]);
    expect(problems).toEqual([]);
  });
});

test.describe("the hand-off from a partner page to the shop", () => {
  test("the cart button's link carries the session to the shop's own origin as a cookie, without the token in any address", async ({ page, baseURL, request }) => {
    if (!baseURL) throw new Error("baseURL is not configured");
    const signIn = await request.post(`${baseURL}/api/auth/login`, { data: { email: "petrova@example.com", password: "client12345" } });
    const { token } = (await signIn.json()) as SessionGrant;
    // A partner page whose visitor signed in earlier: the widgets' session is the stored bearer token.
    await page.goto(partnerUrl(baseURL, "minimal.html"));
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [`ottisk-session:${baseURL}/api`, token] as const);
    await page.goto(partnerUrl(baseURL, "strict-csp.html"));
    const addresses: string[] = [];
    page.on("request", (sent) => {
      if (sent.isNavigationRequest()) addresses.push(sent.url());
    });
    const link = page.locator("ottisk-cart-button").getByRole("link");
    await expect(link).toHaveAttribute("href", `${baseURL}/cart`);
    await link.click();
    await page.waitForURL((url) => url.origin === baseURL && url.pathname !== "/api/auth/handoff");

    expect(addresses.some((address) => address.startsWith(`${baseURL}/api/auth/handoff?token=`)), "through a hand-off link").toBe(true);
    expect(addresses.every((address) => !address.includes(token)), "the session token never goes into an address").toBe(true);
    const cookie = (await page.context().cookies(baseURL)).find((item) => item.name === "ottisk_session");
    expect(cookie?.httpOnly, "a session cookie on the shop's origin").toBe(true);
    const profile = await page.request.get(`${baseURL}/api/account/profile`);
    expect(((await profile.json()) as AccountProfile).email).toBe("petrova@example.com");
  });
});

test.describe("two tabs of one partner site", () => {
  test("a line added in one tab shows in the other's cart button, and signing in follows", async ({ context, baseURL }) => {
    if (!baseURL) throw new Error("baseURL is not configured");
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto(partnerUrl(baseURL, "partner.html"));
    await second.goto(partnerUrl(baseURL, "partner.html"));
    await expect(second.locator("ottisk-cart-button").getByRole("link")).toBeVisible();
    await catalogHydrated(first);

    await first.locator("ottisk-catalog .ottisk-card", { hasText: PRODUCT }).getByRole("link", { name: `Заказать: ${PRODUCT}` }).click();
    await first.locator("ottisk-product").getByRole("button", { name: "В корзину" }).click();
    await expect(first.locator("ottisk-cart-button [part~=badge]")).toHaveText("1");
    // The other tab was not touched: its store hears the change and reloads the cart by itself.
    await expect(second.locator("ottisk-cart-button [part~=badge]")).toHaveText("1");

    const account = first.locator("ottisk-account");
    await account.getByRole("button", { name: "Войти" }).click();
    const dialog = account.getByRole("dialog", { name: "Вход и регистрация" });
    await dialog.getByLabel("Электронная почта").fill("petrova@example.com");
    await dialog.getByLabel("Пароль", { exact: true }).fill("client12345");
    await dialog.getByRole("button", { name: "Войти" }).click();
    await expect(second.locator("ottisk-account [part~=account-button]")).toContainText("Ольга");
  });
});

test.describe("the catalogue's first paint, drawn by the shop's server", () => {
  test("shows the cards before the element's code, which then takes them over without a warning", async ({ page, baseURL }) => {
    if (!baseURL) throw new Error("baseURL is not configured");
    const problems = watchProblems(page);
    const requests: string[] = [];
    page.on("request", (sent) => requests.push(new URL(sent.url()).pathname));
    await page.goto(partnerUrl(baseURL, "minimal.html"));
    const catalog = page.locator("ottisk-catalog");
    await expect(catalog.locator(".ottisk-card").first()).toBeVisible();
    // The cards came with the prerender, before any of the element's own code was asked for.
    const prerenderAt = requests.indexOf("/widgets/prerender/ottisk-catalog");
    expect(prerenderAt, "the first paint comes from the shop's server").toBeGreaterThanOrEqual(0);
    expect(requests.slice(0, prerenderAt).some((path) => path.includes("catalog.element")), "the element's code comes after").toBe(false);

    await page.waitForFunction(() => customElements.get("ottisk-catalog") !== undefined);
    const names = () => catalog.locator(".ottisk-card__name").allTextContents();
    const drawn = await names();
    expect(drawn.length).toBeGreaterThan(1);
    // Hydrated: the sort works, and the element shows one catalogue, not a second copy beside the first.
    await catalog.getByLabel("Сортировка").selectOption("NameDesc");
    await expect.poll(names).toEqual([...drawn].reverse());
    expect(await catalog.locator(".ottisk-catalog").count()).toBe(1);
    expect(problems, "no hydration warnings, no failed requests").toEqual([]);
  });

  test("draws the header's account and cart button first; their code comes on use and takes them over without a warning", async ({ page, baseURL }) => {
    if (!baseURL) throw new Error("baseURL is not configured");
    const problems = watchProblems(page);
    const requests: string[] = [];
    page.on("request", (sent) => requests.push(new URL(sent.url()).pathname));
    await page.goto(partnerUrl(baseURL, "partner.html"));
    await catalogHydrated(page);
    const account = page.locator("ottisk-account");
    const link = page.locator("ottisk-cart-button").getByRole("link");
    await expect(link).toHaveAccessibleName("Корзина, 0 товаров");
    await expect(link).toHaveAttribute("href", "#cart");
    // Drawn by the shop's server; nobody used them, so their code was not asked for.
    expect(requests).toContain("/widgets/prerender/ottisk-account");
    expect(requests).toContain("/widgets/prerender/ottisk-cart-button");
    expect(await page.evaluate(() => [customElements.get("ottisk-account"), customElements.get("ottisk-cart-button")].map(Boolean))).toEqual([false, false]);
    expect(requests.some((path) => path.includes("account.element") || path.includes("Login"))).toBe(false);

    // The first click, made before the code is there, is not lost: the dialog opens.
    await account.getByRole("button", { name: "Войти" }).click();
    await expect(account.getByRole("dialog", { name: "Вход и регистрация" })).toBeVisible();
    expect(await shadowCount(account, ".ottisk-account"), "hydrated, not drawn a second time").toBe(1);
    expect(problems, "no hydration warnings, no failed requests").toEqual([]);
  });

  test("is not used for a visitor with a session, whose stars may differ", async ({ page, baseURL }) => {
    if (!baseURL) throw new Error("baseURL is not configured");
    const requests: string[] = [];
    page.on("request", (sent) => requests.push(new URL(sent.url()).pathname));
    await page.goto(partnerUrl(baseURL, "minimal.html"));
    await page.evaluate((key) => localStorage.setItem(key, "a".repeat(43)), `ottisk-session:${baseURL}/api`);
    requests.length = 0;
    await page.reload();
    await expect(page.locator("ottisk-catalog .ottisk-card").first()).toBeVisible();
    expect(requests).not.toContain("/widgets/prerender/ottisk-catalog");
  });

  test("answers for known tags and categories only", async ({ request, baseURL }) => {
    const drawn = await request.get(`${baseURL}/widgets/prerender/ottisk-catalog?category=vizitki&page-size=2`);
    expect(drawn.status()).toBe(200);
    expect(drawn.headers()["access-control-allow-origin"]).toBe("*");
    const body = (await drawn.json()) as { html: string; styles: string[]; snapshot: unknown };
    expect(body.html.match(/class="ottisk-card__name"/g)).toHaveLength(2);
    expect(body.styles.length).toBeGreaterThan(0);
    expect((await request.get(`${baseURL}/widgets/prerender/ottisk-catalog?category=net-takoi`)).status()).toBe(204);
    const unknown = await request.get(`${baseURL}/widgets/prerender/ottisk-cart`);
    expect(unknown.status()).toBe(404);
    expect(((await unknown.json()) as { messageUI: string }).messageUI).toBe("Этот элемент не рисуется на сервере.");
  });
});
