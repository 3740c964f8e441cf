import { expect } from "@playwright/test";
import type { Page } from "@playwright/test";
import type { Cart, Company, DocumentListPage, Order, PaymentRecordList } from "../../shared/contracts/index";
import { kopecksInWords, SHOP_REQUISITES } from "../../shared/domain/index";
import { receiptTotalKopecks } from "../../server/services/orders/fiscal-receipt";
import { decodePdfQr, parseSt00012, pdfText } from "../server/support/pdf-qr";
import { ADMIN, CLIENT, SessionApi, chooseSelfPickup, expectAccessible, placeOrderWith, productPath, siteHydrated, test, uploadCleanLayouts, watchProblems } from "./support";

/*
 * Issue 30, money after «Оформить заказ»: a client orders by card and pays on the test page, and
 * the payment's recorded request carries a 54-ФЗ receipt whose items sum to the payment; the
 * employee cancels a second paid order and the refund with its receipt is recorded and shown on
 * the client's order page; a company's invoice carries a ГОСТ Р 56042 QR code for its sum, and its
 * УПД the requisites and the sum in words.
 */

const SECOND_CLIENT = { email: "petrova@example.com", password: "client12345" } as const;

async function signIn(page: Page, credentials: { email: string; password: string }): Promise<void> {
  const response = await page.request.post("/api/auth/login", { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
}

async function freshCart(api: SessionApi, productId: number, companyId: number | null): Promise<void> {
  const cart = await api.get<Cart>(companyId === null ? "/client-cart" : `/client-cart?companyId=${companyId}`);
  for (const line of cart.orderProduct) await api.delete(`/client-cart/product/${line.id}`);
  await api.post("/client-cart/product", { data: { productId, quantity: 100, ...(companyId === null ? {} : { companyId }) } });
  await uploadCleanLayouts(api, companyId);
}

/** The demo business cards' id: the last part of their storefront address. */
function productIdOf(path: string): number {
  return Number(path.split("/").at(-1));
}

/** The cart page: a self pickup, «Онлайн картой (ЮKassa)», «Оплатить» on the test page; answers the order's id. */
async function orderAndPayByCard(page: Page): Promise<number> {
  const main = page.locator("main");
  await page.goto("/cart");
  await siteHydrated(page);
  await chooseSelfPickup(main);
  await placeOrderWith(main, "Онлайн картой (ЮKassa)");
  await expect(page).toHaveURL(/\/api\/payment\/test\/test-[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: /^Оплатить/ }).click();
  await expect(page).toHaveURL(/\/success-payment\?orderId=\d+$/);
  return Number(new URL(page.url()).searchParams.get("orderId"));
}

test.describe("money after the order", () => {
  test("a card order's receipt is recorded, and a cancelled paid order is refunded with its receipt", async ({ page, baseURL, request }) => {
    test.setTimeout(180_000);
    if (!baseURL) throw new Error("baseURL is not configured");
    const problems = watchProblems(page);
    const main = page.locator("main");
    const client = await SessionApi.signIn(request, baseURL, SECOND_CLIENT);
    const productId = productIdOf(await productPath(request));
    await signIn(page, SECOND_CLIENT);

    // 1. An order paid by card: the test payment recorded the request it would send ЮKassa.
    await freshCart(client, productId, null);
    const firstId = await orderAndPayByCard(page);
    const first = await client.get<Order>(`/client-order/${firstId}`);
    expect(first).toMatchObject({ paymentType: "Yookassa", paymentStatus: "paid" });
    const employee = await SessionApi.signIn(request, baseURL, ADMIN);
    const [payment] = (await employee.get<PaymentRecordList>(`/employee/order/${firstId}/payments`)).items;
    const receipt = payment?.request?.receipt;
    if (!payment?.request || !receipt) throw new Error("The test payment recorded no receipt");
    expect(payment.request.amount).toEqual({ value: first.total.toFixed(2), currency: "RUB" });
    expect(receiptTotalKopecks(receipt)).toBe(Math.round(first.total * 100));
    expect(receipt.customer).toEqual({ email: SECOND_CLIENT.email });
    expect(receipt.items).toHaveLength(first.lines.length);
    for (const item of receipt.items) expect(item).toMatchObject({ vat_code: 12, payment_subject: "commodity", payment_mode: "full_prepayment" });

    // The order page links the receipt's page, and «Документы» lists it.
    await page.goto(`/admin/client/orders/${firstId}`);
    await siteHydrated(page);
    const receiptLink = main.getByRole("link", { name: "Кассовый чек" });
    const receiptHref = await receiptLink.getAttribute("href");
    if (!receiptHref) throw new Error("No receipt link");
    const receiptPage = await page.request.get(receiptHref);
    expect(receiptPage.status()).toBe(200);
    expect(await receiptPage.text()).toContain(`Заказ № ${first.number}`);
    const documents = await client.get<DocumentListPage>("/client-account/documents");
    expect(documents.items).toContainEqual(expect.objectContaining({ kind: "receipt", orderId: firstId }));

    // 2. A second paid order, cancelled by the employee: the refund is recorded with the payment's receipt.
    await freshCart(client, productId, null);
    const secondId = await orderAndPayByCard(page);
    const second = await client.get<Order>(`/client-order/${secondId}`);
    const cancelled = await request.patch(`${baseURL}/api/employee/order/${secondId}/status`, { headers: { authorization: `Bearer ${employee.token}` }, data: { status: "cancelled" } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    const [paid] = (await employee.get<PaymentRecordList>(`/employee/order/${secondId}/payments`)).items;
    expect(paid?.refunds).toHaveLength(1);
    const refund = paid?.refunds[0];
    expect(refund).toMatchObject({ amount: second.total, status: "succeeded", request: { payment_id: paid?.externalId, amount: { value: second.total.toFixed(2), currency: "RUB" } } });
    expect(refund?.request.receipt).toEqual(paid?.request?.receipt);

    // The client's order page shows the refund.
    await page.goto(`/admin/client/orders/${secondId}`);
    await siteHydrated(page);
    await expect(main.locator("[part~=refund]")).toContainText(/^Возврат .+ оформлен \d+ [а-я]+ \d{4}\./);
    await expectAccessible(page, "the order page with a refund");
    expect(problems).toEqual([]);
  });

  test("a company's invoice has the ГОСТ Р 56042 QR code for its sum, and its УПД the requisites and the sum in words", async ({ page, baseURL, request }) => {
    test.setTimeout(180_000);
    if (!baseURL) throw new Error("baseURL is not configured");
    const main = page.locator("main");
    const client = await SessionApi.signIn(request, baseURL, CLIENT);
    const companies = await client.get<Company[]>("/client-account/company");
    const romashka = companies.find((item) => item.name === "ООО «Ромашка»");
    if (!romashka) throw new Error("The demo client has no ООО «Ромашка»");
    const productId = productIdOf(await productPath(request));
    await freshCart(client, productId, romashka.id);
    await client.post("/client-cart/delivery", {
      data: { deliveryType: "Door", cityKladrId: "2300000100000", deliveryMethod: "Courier", address: "ул. Красная, д. 1, оф. 5", companyId: romashka.id },
    });
    const order = await client.post<Order>("/client-cart/place-order", { data: { companyId: romashka.id, paymentType: "Invoice", idempotencyKey: crypto.randomUUID() } });
    const totalKopecks = Math.round(order.total * 100);

    const invoice = await client.download(`${baseURL}/api/client-order/${order.id}/invoice`);
    expect(invoice.contentType).toContain("application/pdf");
    const qr = await decodePdfQr(invoice.bytes);
    if (qr === null) throw new Error("No QR code on the invoice");
    expect(parseSt00012(qr)).toMatchObject({
      Name: SHOP_REQUISITES.name,
      PersonalAcc: SHOP_REQUISITES.settlementAccount,
      BIC: SHOP_REQUISITES.bik,
      CorrespAcc: SHOP_REQUISITES.correspondentAccount,
      PayeeINN: SHOP_REQUISITES.inn,
      KPP: SHOP_REQUISITES.kpp,
      Sum: String(totalKopecks),
      Purpose: expect.stringContaining(`Оплата по счёту № ${order.number}`),
    });

    // The employee marks it paid and ships it; the УПД is downloaded through the order page's link.
    const employee = await SessionApi.signIn(request, baseURL, ADMIN);
    for (const status of ["paid", "in_production", "shipped"]) {
      const moved = await request.patch(`${baseURL}/api/employee/order/${order.id}/status`, { headers: { authorization: `Bearer ${employee.token}` }, data: { status } });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    await signIn(page, CLIENT);
    await page.goto(`/admin/client/orders/${order.id}`);
    await siteHydrated(page);
    const updHref = await main.getByRole("link", { name: "Скачать УПД" }).getAttribute("href");
    if (!updHref) throw new Error("No УПД link");
    const upd = await page.request.get(updHref);
    expect(upd.status()).toBe(200);
    const text = (await pdfText(new Uint8Array(await upd.body()))).replace(/\s+/g, " ");
    expect(text).toContain("Статус: 1");
    expect(text).toContain(`ИНН/КПП продавца: ${SHOP_REQUISITES.inn}/${SHOP_REQUISITES.kpp}`);
    expect(text).toContain(`ИНН/КПП покупателя: ${romashka.inn}/${romashka.kpp ?? ""}`);
    expect(text).toContain(kopecksInWords(totalKopecks));
    await expectAccessible(page, "the company's shipped order page");
  });
});
