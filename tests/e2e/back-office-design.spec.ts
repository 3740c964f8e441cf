import { expect } from "@playwright/test";
import type { Page } from "@playwright/test";
import { businessCardPdf } from "../../preflight/core/testing";
import type { Cart, DesignQuote, NotificationListPage, Order, OrderListPage } from "../../shared/contracts/index";
import { formatDateLong, formatRoubles } from "../../shared/domain/index";
import { SessionApi, chooseSelfPickup, mailsTo, placeOrderWith, siteHydrated, test, watchProblems, productPath, expectAccessibleAtBothWidths } from "./support";

/*
 * A design order (issue 29; server/docs/back-office-design.md) from the cart to the placed order:
 * the client orders a design from the cart's layout dialog, seeing its price and due date first,
 * and cannot check out while the designer works; the designer takes the order in the back office's
 * queue, writes to the client (who gets a notification and a letter) and uploads the finished
 * layout (checked by the server like any upload); the client sees it in the proof view and
 * approves it, checkout opens, and the placed line has the designer's layout. The admin's audit,
 * filtered to the design order, shows each of the designer's writes. The queue and the design
 * order's page pass axe at 375 and 1280 px.
 */

const PRODUCT = "Визитки стандартные 90×50";
/** The demo card is printed on one side (4+0): one detail. */
const DETAIL = "Лицевая сторона";
const BUYER = { email: "petrova@example.com", password: "client12345" } as const;
const DESIGNER = { email: "designer@example.com", password: "designer12345", name: "Анна Лебедева" } as const;
const ADMIN = { email: "manager@example.com", password: "manager12345" } as const;
const WISHES = "Визитка для кофейни: зелёный и белый, логотип крупно.";
const MESSAGE = "Здравствуйте! Сделаю два цвета, как вы просили; макет пришлю сегодня.";
/** The designer's finished card: CMYK, the product's size with bleed — the server's check finds nothing. */
const FINISHED_CARD = Buffer.from(businessCardPdf("0 0.5 1 0 k 20 20 100 60 re f"));
const FINISHED_NAME = "vizitka-ot-dizainera.pdf";


/** Signs the page's browser in (the session cookie) as someone else, as the sign-in form would. */
async function signInAs(page: Page, credentials: { email: string; password: string }): Promise<void> {
  await page.context().clearCookies();
  const response = await page.request.post("/api/auth/login", { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
}


async function openCart(page: Page): Promise<void> {
  await page.goto("/cart");
  await siteHydrated(page);
}

test.describe("design orders", () => {
  test("the client orders a design, the designer takes it, writes and uploads the layout, the client approves it and orders the line; the audit shows the designer's writes", async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    if (!baseURL) throw new Error("baseURL is not configured");
    const problems = watchProblems(page);
    const main = page.locator("main");
    const client = await SessionApi.signIn(request, baseURL, BUYER);

    // 1. The client: business cards in an empty cart, no layout — checkout waits for one.
    for (const line of (await client.get<Cart>("/client-cart")).orderProduct) await client.delete(`/client-cart/product/${line.id}`);
    await signInAs(page, BUYER);
    await page.goto(await productPath(request));
    await siteHydrated(page);
    await main.getByRole("button", { name: "В корзину" }).click();
    await expect(page.locator("header .ottisk-cart-button__badge")).not.toHaveText("");
    await openCart(page);
    const line = main.locator("[part~=line]", { hasText: PRODUCT });
    await expect(line).toContainText(`Загрузите макет «${DETAIL}»`);
    await chooseSelfPickup(main);
    const checkout = main.getByRole("button", { name: "Оформить заказ" });
    await expect(checkout).toBeDisabled();

    // 2. The layout dialog: the design's price and due date are shown before it is ordered.
    const lineId = (await client.get<Cart>("/client-cart")).orderProduct[0]?.id ?? 0;
    const quote = await client.get<DesignQuote>(`/client-order/design/quote?orderProductId=${lineId}`);
    await line.getByRole("button", { name: "Макеты: загрузить и проверить" }).click();
    const dialog = page.getByRole("dialog", { name: `Макеты: ${PRODUCT}` });
    await dialog.getByRole("button", { name: `Заказать дизайн «${DETAIL}»` }).click();
    await expect(dialog.locator("[part~=design] .ottisk-layout-design__quote strong")).toHaveText(`Дизайн: ${formatRoubles(quote.price)}, готов к ${formatDateLong(quote.dueDate)}`);
    await dialog.getByLabel("Что нужно сделать дизайнеру").fill(WISHES);
    await dialog.getByRole("button", { name: "Заказать дизайн", exact: true }).click();
    await expect(dialog.getByText(/^Заказ дизайна № \d+: Новый/).first()).toBeVisible();
    await expect(dialog.locator("[part~=design] .ottisk-layout-design__price")).toHaveText(`Дизайн: ${formatRoubles(quote.price)}, срок — ${formatDateLong(quote.dueDate)}`);
    await dialog.getByRole("button", { name: "Закрыть" }).click();

    // The line waits for the designer: it says so, and checkout stays disabled with the reason.
    const designed = (await client.get<Cart>("/client-cart")).orderProduct[0]?.layouts[0]?.design;
    if (!designed) throw new Error("The cart's detail has no design order");
    const designId = designed.designId;
    const working = `Макет «${DETAIL}» для «${PRODUCT}» делает дизайнер: заказ можно оформить, когда вы утвердите макет`;
    await expect(line).toContainText(working);
    await expect(main.getByTestId("problems")).toContainText(working);
    await expect(checkout).toBeDisabled();

    // 3. The designer: the queue holds the design order of the cart (not ordered yet).
    await signInAs(page, DESIGNER);
    await page.goto("/admin/employee/design");
    await siteHydrated(page);
    await expect(main.getByRole("heading", { level: 1, name: "Заказы дизайна" })).toBeVisible();
    const row = main.getByRole("row").filter({ has: page.getByRole("link", { name: `№ ${designId}`, exact: true }) });
    await expect(row).toContainText("Ольга Петрова");
    await expect(row).toContainText(PRODUCT);
    await expect(row).toContainText("Новый");
    await expectAccessibleAtBothWidths(page, "the design queue");

    // 4. The design order: «Взять в работу», a message to the client, the finished layout.
    await row.getByRole("link", { name: `№ ${designId}`, exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/admin/employee/design/${designId}`);
    await siteHydrated(page);
    await expect(main.getByRole("heading", { level: 2, name: new RegExp(`^Заказ дизайна № ${designId}`) })).toBeVisible();
    await expect(main.getByText(WISHES)).toBeVisible();
    await expect(main.getByText("ещё в корзине")).toBeVisible();
    await main.getByRole("button", { name: "Взять в работу" }).click();
    await expect(main.getByRole("status").filter({ hasText: "Заказ дизайна ваш" })).toBeVisible();
    await expect(main.getByRole("button", { name: "Взять в работу" })).toHaveCount(0);

    await main.getByLabel("Сообщение клиенту").fill(MESSAGE);
    await main.getByRole("button", { name: "Отправить" }).click();
    await expect(main.locator(".design-chat__list").getByText(MESSAGE)).toBeVisible();
    await expect
      .poll(async () => (await mailsTo(request, baseURL, BUYER.email)).some((mail) => mail.subject.includes(`Новое сообщение дизайнера по заказу дизайна № ${designId}`)), {
        message: "the client gets a letter about the designer's message",
      })
      .toBe(true);
    const news = await client.get<NotificationListPage>("/client-account/notification");
    expect(news.items.find((item) => item.title === `Новое сообщение дизайнера по заказу дизайна № ${designId}`)?.body).toBe(MESSAGE);

    await main.getByLabel("Готовый макет (PDF)").setInputFiles({ name: FINISHED_NAME, mimeType: "application/pdf", buffer: FINISHED_CARD });
    await main.getByRole("button", { name: "Загрузить макет" }).click();
    await expect(main.getByRole("status").filter({ hasText: "Макет загружен и отправлен на проверку" })).toBeVisible();
    await expect(main.getByRole("link", { name: FINISHED_NAME })).toBeVisible();
    await expect(main.getByText("Ждёт клиента").first()).toBeVisible();
    await expectAccessibleAtBothWidths(page, "the design order's page");

    // The server checks the designer's layout like any upload: it passes.
    await expect
      .poll(async () => (await client.get<Cart>("/client-cart")).orderProduct[0]?.layouts[0]?.status, { message: "the designer's layout passes the server's check", timeout: 30_000 })
      .toBe("passed");

    // 5. The client: the line asks for the approval; the proof of the designer's layout; «Утвердить макет».
    await signInAs(page, BUYER);
    await openCart(page);
    const sent = `Дизайнер прислал макет «${DETAIL}» для «${PRODUCT}» — посмотрите и утвердите его`;
    await expect(line).toContainText(sent);
    await expect(checkout).toBeDisabled();
    await line.getByRole("button", { name: "Проверить и утвердить макеты" }).click();
    await expect(dialog.getByText(/^Заказ дизайна № \d+: Макет готов: посмотрите и утвердите/).first()).toBeVisible();
    const proof = dialog.locator("[part~=proof-page]");
    await expect(proof).toHaveAttribute("aria-busy", "false", { timeout: 20_000 });
    await expect(dialog.getByRole("img", { name: `Пробный оттиск: ${DETAIL}` })).toBeVisible();
    await dialog.getByRole("button", { name: "Утвердить макет" }).click();
    await expect(dialog.getByText(/^Заказ дизайна № \d+: Готов/).first()).toBeVisible();
    await dialog.getByRole("button", { name: "Закрыть" }).click();
    await expect(line).not.toContainText(sent);
    await expect(main.getByTestId("problems")).toHaveCount(0);

    // 6. Checkout opens; the placed line has the designer's approved layout and the design order, done.
    await placeOrderWith(main, "Онлайн картой (ЮKassa)");
    await expect(page).toHaveURL(/\/api\/payment\/test\/test-[0-9a-f-]{36}$/);
    const orderId = (await client.get<OrderListPage>("/client-order")).items[0]?.id ?? 0;
    const order = await client.get<Order>(`/client-order/${orderId}`);
    expect(order.lines.map((item) => item.productName)).toEqual([PRODUCT]);
    expect(order.lines[0]?.layouts[0]).toMatchObject({ detailName: DETAIL, fileName: FINISHED_NAME, status: "passed" });
    expect(order.lines[0]?.layouts[0]?.approvedAt).not.toBeNull();
    expect(order.lines[0]?.designOrders[0]).toMatchObject({ status: "done", price: quote.price });

    // 7. The admin's audit, filtered to the design order: the designer took it, wrote, uploaded the layout.
    await signInAs(page, ADMIN);
    await page.goto(`/admin/employee/audit?objectType=design-order&objectId=${designId}`);
    await siteHydrated(page);
    const entries = main.getByRole("row").filter({ hasText: `Заказ дизайна № ${designId}` });
    await expect(entries).toHaveCount(3);
    for (const [action, change] of [
      ["взят в работу", "status: new → in_work"],
      ["сообщение клиенту", MESSAGE.slice(0, 40)],
      ["загружен макет", "status: in_work → waiting_client"],
    ] as const) {
      const entry = entries.filter({ hasText: action });
      await expect(entry).toHaveCount(1);
      await expect(entry).toContainText(DESIGNER.name);
      await expect(entry).toContainText(change);
    }
    expect(problems).toEqual([]);
  });
});
