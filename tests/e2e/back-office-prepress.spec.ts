import { expect } from "@playwright/test";
import type { APIRequestContext, Page } from "@playwright/test";
import { businessCardPdf } from "../../preflight/core/testing";
import type { Cart, Order, OrderListPage } from "../../shared/contracts/index";
import { SessionApi, auditChange, auditOf, chooseSelfPickup, expectAccessible, mailsTo, placeOrderWith, siteHydrated, test, watchProblems, productPath, expectAccessibleAtBothWidths } from "./support";

/*
 * The prepress queue (issue 29; server/docs/back-office-prepress.md) as its people use it: a client
 * orders business cards whose layout has a finding (an RGB fill, code 2078) and approves it as it
 * is; the prepress operator finds the layout in the queue, reads the report and sends it back with
 * a message; the client sees the message on the order's page and uploads a new file there, which
 * clears the wait. The queue and the layout page pass axe at 375 and 1280 px.
 */

const PRODUCT = "Визитки стандартные 90×50";
const BUYER = { email: "petrova@example.com", password: "client12345" } as const;
const PREPRESS = { email: "prepress@example.com", password: "prepress12345" } as const;
const MESSAGE = "Цвета в RGB: пересохраните макет в CMYK и загрузите заново.";
/** A business card with a DeviceRGB fill: the server's check finds 2078 («Цвета RGB недопустимы»). */
const RGB_CARD = Buffer.from(businessCardPdf("1 0 0 rg 20 20 100 60 re f"));
/** The same card in CMYK: no findings. */
const CMYK_CARD = Buffer.from(businessCardPdf("0 0.5 1 0 k 20 20 100 60 re f"));


/** Signs the page's browser in (the session cookie), as the sign-in form would. */
async function signIn(page: Page, credentials: { email: string; password: string }): Promise<void> {
  const response = await page.request.post("/api/auth/login", { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
}


/**
 * The buyer's cart gets one business-card line whose layout is the RGB card: uploaded, checked by
 * the server (findings) and approved as it is, as the layout checker does.
 */
async function cartWithFaultyLayout(page: Page, api: SessionApi, request: APIRequestContext, baseURL: string): Promise<void> {
  const before = await api.get<Cart>("/client-cart");
  for (const line of before.orderProduct) await api.delete(`/client-cart/product/${line.id}`);
  await page.goto(await productPath(request));
  await siteHydrated(page);
  await page.locator("main").getByRole("button", { name: "В корзину" }).click();
  await expect(page.locator("header .ottisk-cart-button__badge")).not.toHaveText("");

  const cart = await api.get<Cart>("/client-cart");
  const line = cart.orderProduct.find((item) => item.product.name === PRODUCT);
  const detail = line?.layouts[0];
  if (!cart.id || !line || !detail) throw new Error("The cart has no business-card line with a detail to lay out");
  await api.post("/file/upload/layout", {
    multipart: { file: { name: "vizitka-rgb.pdf", mimeType: "application/pdf", buffer: RGB_CARD }, orderProductId: String(line.id), detailName: detail.detailName },
  });
  await api.post(`/client-order/${cart.id}/product/${line.id}/autocheck/${encodeURIComponent(detail.detailName)}`);
  const seen: { layoutId: number | null } = { layoutId: null };
  await expect
    .poll(
      async () => {
        const current = (await api.get<Cart>("/client-cart")).orderProduct.find((item) => item.id === line.id)?.layouts[0];
        seen.layoutId = current?.layoutId ?? null;
        if (!current) return "no layout";
        return current.status === "failed" && (current.findings ?? []).some((finding) => finding.code === 2078) ? "failed with 2078" : current.status;
      },
      { message: "the server's check finds the RGB fill", timeout: 20_000 },
    )
    .toBe("failed with 2078");
  if (seen.layoutId === null) throw new Error("The checked layout has no id");
  const approval = await request.put(`${baseURL}/api/file/layout/${seen.layoutId}/approval`, {
    headers: { authorization: `Bearer ${api.token}` },
    data: { approved: true },
  });
  expect(approval.status(), await approval.text()).toBe(200);
}

test.describe("the prepress queue", () => {
  test("prepress sends a layout with findings back, and the client uploads a new one on the order's page", async ({ page, baseURL, request }) => {
    test.setTimeout(120_000);
    if (!baseURL) throw new Error("baseURL is not configured");
    const problems = watchProblems(page);
    const main = page.locator("main");
    const client = await SessionApi.signIn(request, baseURL, BUYER);

    // 1. The client orders business cards whose layout has a finding, approved as it is.
    await signIn(page, BUYER);
    await cartWithFaultyLayout(page, client, request, baseURL);
    await page.goto("/cart");
    await siteHydrated(page);
    await chooseSelfPickup(main);
    await placeOrderWith(main, "Онлайн картой (ЮKassa)");
    await expect(page).toHaveURL(/\/api\/payment\/test\/test-[0-9a-f-]{36}$/);
    const orderId = (await client.get<OrderListPage>("/client-order")).items[0]?.id;
    if (!orderId) throw new Error("The client has no order");
    const order = await client.get<Order>(`/client-order/${orderId}`);
    const layout = order.lines[0]?.layouts[0];
    if (!layout) throw new Error("The order's line has no layout");
    expect(layout).toMatchObject({ status: "failed", fileName: "vizitka-rgb.pdf", prepress: null });

    // 2. The prepress operator: the queue shows the order's layout with its findings.
    await page.context().clearCookies();
    await signIn(page, PREPRESS);
    await page.goto("/admin/employee/prepress");
    await siteHydrated(page);
    await expect(main.getByRole("heading", { level: 1, name: "Допечатная проверка" })).toBeVisible();
    const row = main.getByRole("row").filter({ hasText: `№ ${order.number}` });
    await expect(row).toContainText(/Замечаний: [1-9]/);
    await expect(row).toContainText("vizitka-rgb.pdf");
    await expectAccessibleAtBothWidths(page, "the prepress queue");

    // 3. The layout: the server's report, the proof, and «Вернуть клиенту» with a message.
    await row.getByRole("link", { name: `${PRODUCT}: ${layout.detailName}` }).click();
    await expect(page).toHaveURL(`${baseURL}/admin/employee/prepress/${layout.id}`);
    await siteHydrated(page);
    await expect(main.getByRole("heading", { level: 2, name: `${PRODUCT}: ${layout.detailName}` })).toBeVisible();
    await expect(main.getByRole("heading", { level: 2, name: "Отчёт проверки на сервере" })).toBeVisible();
    await expect(main.getByRole("listitem").filter({ hasText: "Цвета RGB недопустимы, используйте CMYK" }).first()).toBeVisible();
    await expect(main.getByText(/^Загружаем (файл|просмотр)…$/)).toHaveCount(0);
    await expectAccessibleAtBothWidths(page, "the prepress layout page");
    await main.getByLabel("Сообщение клиенту: что исправить").fill(MESSAGE);
    await main.getByRole("button", { name: "Вернуть клиенту" }).click();
    await expect(main.getByRole("status").filter({ hasText: "Макет возвращён клиенту" })).toBeVisible();
    // The audit: the operator's decision and message, before and after.
    const [returned] = await auditOf(request, baseURL, "layout", layout.id);
    expect(returned).toMatchObject({ action: "return", employee: { name: "Сергей Новиков" } });
    expect(auditChange(returned, "prepressDecision")).toEqual({ before: null, after: "returned" });
    expect(auditChange(returned, "prepressNote")?.after).toBe(MESSAGE);
    await expect
      .poll(async () => (await mailsTo(request, baseURL, BUYER.email)).some((mail) => mail.subject.includes(`Заказ № ${order.number}`) && mail.text.includes(MESSAGE)), {
        message: "the client gets a letter with the operator's message",
      })
      .toBe(true);

    // 4. The client: the order's page shows the message and takes a new file for the detail.
    await page.context().clearCookies();
    await signIn(page, BUYER);
    await page.goto(`/admin/client/orders/${orderId}`);
    await siteHydrated(page);
    const note = main.getByRole("note").filter({ hasText: "Допечатная подготовка вернула макет" });
    await expect(note).toContainText(MESSAGE);
    const reupload = main.getByRole("form", { name: `Новый макет: ${layout.detailName}` });
    await expectAccessible(page, "the order with a returned layout");
    // Without a file: a message, nothing sent.
    await reupload.getByRole("button", { name: "Загрузить новый макет" }).click();
    await expect(reupload.getByRole("alert")).toHaveText("Выберите файл макета в формате PDF");
    await reupload
      .getByLabel(`Новый файл макета «${layout.detailName}» (PDF)`)
      .setInputFiles({ name: "vizitka-cmyk.pdf", mimeType: "application/pdf", buffer: CMYK_CARD });
    await reupload.getByRole("button", { name: "Загрузить новый макет" }).click();
    await expect(note).toHaveCount(0);
    await expect(reupload).toHaveCount(0);
    await expect(main.locator("[part~=layout]")).toContainText("vizitka-cmyk.pdf");
    await expect
      .poll(async () => (await client.get<Order>(`/client-order/${orderId}`)).lines[0]?.layouts[0]?.status, {
        message: "the new file is checked and passes",
        timeout: 20_000,
      })
      .toBe("passed");
    const replaced = (await client.get<Order>(`/client-order/${orderId}`)).lines[0]?.layouts[0];
    expect(replaced).toMatchObject({ fileName: "vizitka-cmyk.pdf", prepress: null });
    expect(replaced?.id).not.toBe(layout.id);
    expect(problems).toEqual([]);
  });
});
