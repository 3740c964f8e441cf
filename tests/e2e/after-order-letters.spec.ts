import { expect } from "@playwright/test";
import type { Page } from "@playwright/test";
import type { DevMail, Order } from "../../shared/contracts/index";
import { ADMIN, SessionApi, chooseSelfPickup, expectAccessible, mailedLink, mailsTo, placeOrderWith, productPath, siteHydrated, test, uploadCleanLayouts, watchProblems } from "./support";

/*
 * After «Оформить заказ» (issue 30), the letters, the tracking and the timeline: a new client orders
 * business cards by card; the outbox holds «заказ принят» with the lines and a link that opens the
 * order; the client pays on the test payment page and «оплачен» follows; the employee moves the order
 * to production and hands it to CDEK with a tracking number; the client gets both letters, and the
 * order page shows the timeline (date and time, Moscow) and the tracking link, with no stray «:» at
 * the start of the delivery line.
 */

const PRODUCT = "Визитки стандартные 90×50";

/** The subjects of the letters to `email`, oldest first, once `count` of them are there. */
async function subjectsOnceThere(request: Parameters<typeof mailsTo>[0], baseURL: string, email: string, count: number): Promise<DevMail[]> {
  let letters: DevMail[] = [];
  await expect
    .poll(
      async () => {
        letters = (await mailsTo(request, baseURL, email)).filter((mail) => mail.subject.includes("Заказ №")).reverse();
        return letters.length;
      },
      { message: `${count} order letters to ${email}` },
    )
    .toBe(count);
  return letters;
}

/** Signs the page's browser in (the session cookie), as the sign-in form would. */
async function signIn(page: Page, credentials: { email: string; password: string }): Promise<void> {
  const response = await page.request.post("/api/auth/login", { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
}

/** The employee's status control: the new status (and for «Отгружен» the carrier and number), confirmed in the dialog. */
async function moveOrder(page: Page, status: string, tracking?: { carrier: string; number: string }): Promise<void> {
  const main = page.locator("main");
  await main.getByLabel("Новый статус").selectOption({ label: status });
  if (tracking) {
    await main.getByLabel("Служба доставки").selectOption({ label: tracking.carrier });
    await main.getByLabel("Трек-номер").fill(tracking.number);
  }
  await main.getByRole("button", { name: "Сменить статус" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Да, сменить" }).click();
  await expect(main.getByRole("status").filter({ hasText: `Статус изменён: «${status}»` })).toBeVisible();
}

test.describe("after the order: letters, tracking and the timeline", () => {
  test("a new client hears of each step by letter and follows the order's timeline and its CDEK parcel", async ({ page, browser, baseURL, request }) => {
    test.setTimeout(150_000);
    if (!baseURL) throw new Error("baseURL is not configured");
    const problems = watchProblems(page);
    const main = page.locator("main");
    const email = `pisma-${Date.now()}@example.com`;
    const password = "pisma-parol-1";

    // 1. A new client registers (through the API, as the registration journey's UI would) and confirms the address.
    const registered = await request.post(`${baseURL}/api/auth/registration`, {
      data: { kind: "personal", email, password, name: "Вера", phone: "+7 918 555-11-22", consent: true },
      headers: { origin: baseURL },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    await page.goto(await mailedLink(request, baseURL, email, "/admin/auth/confirm-email"));
    await expect(main.getByText(`Адрес ${email} подтверждён. Спасибо!`)).toBeVisible();
    await signIn(page, { email, password });
    const api = await SessionApi.signIn(request, baseURL, { email, password });

    // 2. Business cards into the cart, a clean layout, self-pickup, paid by card.
    await page.goto(await productPath(request));
    await siteHydrated(page);
    await main.getByRole("button", { name: "В корзину" }).click();
    await expect(page.locator("header .ottisk-cart-button__badge")).not.toHaveText("");
    await uploadCleanLayouts(api, null);
    await page.goto("/cart");
    await siteHydrated(page);
    await chooseSelfPickup(main);
    await placeOrderWith(main, "Онлайн картой (ЮKassa)");
    await expect(page).toHaveURL(/\/api\/payment\/test\/test-[0-9a-f-]{36}$/);
    const paymentPage = page.url();

    // 3. «Заказ принят»: the lines and a link that opens the order.
    const [placed] = await subjectsOnceThere(request, baseURL, email, 1);
    const orderId = Number(/\/admin\/client\/orders\/(\d+)$/.exec(placed?.link ?? "")?.[1]);
    const order = await api.get<Order>(`/client-order/${orderId}`);
    expect(placed?.subject).toBe(`Заказ № ${order.number} принят — «Оттиск»`);
    expect(placed?.text).toContain(PRODUCT);
    expect(placed?.text).toContain(`${order.lines[0]?.quantity ?? 0} шт`);
    expect(placed?.html).toContain(PRODUCT);
    expect(placed?.text).toContain("Картой онлайн (ЮKassa)");
    await page.goto(placed?.link ?? "");
    await siteHydrated(page);
    await expect(main.getByText(`№ ${order.number}`).first()).toBeVisible();
    await expect(main.locator("[part~=line]", { hasText: PRODUCT })).toHaveCount(1);

    // 4. The test payment page: paid; «оплачен» follows.
    await page.goto(paymentPage);
    await page.getByRole("button", { name: /^Оплатить/ }).click();
    await expect(page).toHaveURL(`${baseURL}/success-payment?orderId=${orderId}`);
    const afterPayment = await subjectsOnceThere(request, baseURL, email, 2);
    expect(afterPayment[1]?.subject).toBe(`Заказ № ${order.number} оплачен — «Оттиск»`);

    // 5. The employee moves the order to production, then hands it to CDEK with a tracking number.
    const staff = await browser.newContext({ baseURL });
    const desk = await staff.newPage();
    await signIn(desk, ADMIN);
    await desk.goto(`/admin/employee/orders/${orderId}`);
    await siteHydrated(desk);
    await moveOrder(desk, "В производстве");
    await moveOrder(desk, "Отгружен", { carrier: "СДЭК", number: "1098765432" });
    await expect(desk.locator("main").getByRole("link", { name: "1098765432" })).toHaveAttribute("href", "https://www.cdek.ru/ru/tracking?order_id=1098765432");
    await expect(desk.locator("main .employee-order__timeline li")).toHaveCount(4);
    await expect(desk.locator("main .employee-order__timeline li").nth(3)).toContainText("Отгружен");
    await expect(desk.locator("main .employee-order__timeline li").nth(3)).toContainText("(");
    await staff.close();

    // 6. Both letters reach the client; the handed-to-delivery one carries the carrier, number and link.
    const all = await subjectsOnceThere(request, baseURL, email, 4);
    expect(all.map((mail) => mail.subject)).toEqual([
      `Заказ № ${order.number} принят — «Оттиск»`,
      `Заказ № ${order.number} оплачен — «Оттиск»`,
      `Заказ № ${order.number}: передан в производство — «Оттиск»`,
      `Заказ № ${order.number} передан в доставку — «Оттиск»`,
    ]);
    expect(all[3]?.text).toContain("СДЭК");
    expect(all[3]?.text).toContain("https://www.cdek.ru/ru/tracking?order_id=1098765432");

    // 7. The order page: the timeline (date and time, Moscow) and the tracking link; the delivery line starts with no «:».
    await page.goto(`/admin/client/orders/${orderId}`);
    await siteHydrated(page);
    const timeline = main.locator("[part~=timeline] li");
    await expect(timeline).toHaveCount(4);
    await expect(timeline.nth(0)).toContainText("Новый");
    await expect(timeline.nth(0)).toContainText("(МСК)");
    await expect(timeline.nth(3)).toContainText("Отгружен");
    await expect(main.getByRole("link", { name: "отследить посылку" })).toHaveAttribute("href", "https://www.cdek.ru/ru/tracking?order_id=1098765432");
    const deliveryRows = (await main.locator("[part~=delivery]").first().innerText()).split("\n").map((row) => row.trim());
    expect(deliveryRows.filter((row) => row.startsWith(":")), "no row of the delivery line starts with «:»").toEqual([]);
    await expectAccessible(page, "the order page with its timeline and tracking");
    expect(problems).toEqual([]);
  });
});
