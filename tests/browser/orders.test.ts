/// <reference types="mocha" />
import { expect } from "chai";
import type { Order } from "../../shared/contracts/index";
import { DEFAULT_CITY_KLADR_ID, formatRoubles } from "../../shared/domain/index";
import type { Api } from "../../shared/http/index";
import { STORAGE_KEYS, writeText } from "../../shared/state/index";
import { businessCardPdf } from "../../preflight/core/testing";
import "../../widgets/index";
import { apiBase, businessCardId, collectEvents, expectAccessible, find, findText, mount, resetPage, shadow, testApi, waitFor } from "./support";

/*
 * <ottisk-orders> against the real API (the same components draw the account area's order pages):
 * the demo client's company «Ромашка» (an invoice is for a company only) with an order paid by card
 * and one paid by invoice, arranged through the API with the session the element then uses.
 */

const CLIENT = { email: "client@example.com", password: "client12345" };
const PARTNER_ORDER = "https://partner.example/orders/{id}";

let api: Api;
let cardOrder: Order;
let invoiceOrder: Order;
/** The company selected before this file ran (undefined until the first sign-in), put back at the end. */
let selectedBefore: number | null | undefined;
let romashka = 0;

/** Signs the demo client in for the test's API client and for the page. */
async function signIn(): Promise<Api> {
  const token: { value: string | null } = { value: null };
  const client = testApi(token);
  const grant = await client.login(CLIENT);
  if (selectedBefore === undefined) selectedBefore = grant.profile.selectedCompanyId;
  const company = grant.profile.companies.find((item) => item.name.includes("Ромашка"));
  if (!company) throw new Error("The demo client has no «ООО «Ромашка»»");
  romashka = company.id;
  writeText(STORAGE_KEYS.session(apiBase), token.value);
  return client;
}

async function clearCompanyCart(client: Api): Promise<void> {
  const cart = await client.getCart({ companyId: romashka });
  for (const delivery of cart.deliveries) await client.removeCartDelivery(delivery.id);
  for (const line of cart.orderProduct) await client.removeCartProduct(line.id);
}

/** Business cards with a clean layout, picked up in Krasnodar, ordered for «Ромашка». */
async function placeOrder(client: Api, paymentType: "Invoice" | "Yookassa"): Promise<Order> {
  await clearCompanyCart(client);
  const cart = await client.addCartProduct({ productId: await businessCardId(client), quantity: 100, companyId: romashka });
  for (const line of cart.orderProduct) {
    for (const layout of line.layouts.filter((item) => item.status === "missing")) {
      const pdf = businessCardPdf("0 0 0 1 k 0 0 100 100 re f");
      await client.uploadLayout({ file: new Blob([pdf.slice().buffer]), fileName: "vizitka.pdf", orderProductId: line.id, detailName: layout.detailName });
    }
  }
  const point = (await client.getSelfPickupPoints()).items.find((item) => item.cityKladrId === DEFAULT_CITY_KLADR_ID);
  await client.addCartDelivery({ companyId: romashka, deliveryType: "SelfPickup", cityKladrId: DEFAULT_CITY_KLADR_ID, deliveryMethod: "SelfPickup", pickupPointCode: String(point?.id ?? "") });
  return client.placeOrder({ companyId: romashka, paymentType, idempotencyKey: crypto.randomUUID() });
}

function rows(element: Element): HTMLTableRowElement[] {
  return Array.from(shadow(element).querySelectorAll<HTMLTableRowElement>("tbody tr"));
}

before(async () => {
  api = await signIn();
  await api.selectCompany(romashka);
  cardOrder = await placeOrder(api, "Yookassa");
  invoiceOrder = await placeOrder(api, "Invoice");
});

after(async () => {
  const client = await signIn();
  await clearCompanyCart(client);
  await client.selectCompany(selectedBefore ?? null);
});

beforeEach(async () => {
  resetPage();
  api = await signIn();
});

afterEach(() => resetPage());

describe("<ottisk-orders>", () => {
  it("lists the selected account's orders, newest first, with status, payment, total and lines", async () => {
    const element = mount("ottisk-orders", { "order-href": PARTNER_ORDER });
    await waitFor(() => rows(element).length > 0, "the orders' rows");
    const expected = await api.getOrders({ companyId: romashka, limit: 20 });
    expect(rows(element).map((row) => row.querySelector("th")?.textContent)).to.deep.equal(expected.items.map((order) => `№ ${order.number}`));
    const [first, second] = rows(element);
    expect(first!.querySelector("a")!.getAttribute("href")).to.equal(`https://partner.example/orders/${invoiceOrder.id}`);
    expect(Array.from(first!.querySelectorAll("td"), (cell) => cell.textContent)).to.deep.equal([
      new Intl.DateTimeFormat("ru-RU", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Europe/Moscow" }).format(new Date(invoiceOrder.createdAt)),
      "Новый",
      "Ожидает оплаты",
      formatRoubles(invoiceOrder.total),
      "1 позиция",
    ]);
    expect(second!.querySelector("th")?.textContent).to.equal(`№ ${cardOrder.number}`);
    expect(shadow(element).querySelector("[part~=account]")?.textContent).to.contain("Ромашка");
    await expectAccessible(element);
  });

  it("opens an order in place without order-href and goes back to the list", async () => {
    const element = mount("ottisk-orders");
    await waitFor(() => rows(element).length > 0, "the orders' rows");
    rows(element)
      .find((row) => row.textContent?.includes(cardOrder.number))!
      .querySelector("a")!
      .click();
    await findText(element, `Заказ № ${cardOrder.number} от`);
    const back = await find<HTMLButtonElement>(element, ".ottisk-order__back");
    back.click();
    await waitFor(() => rows(element).length > 0, "the list again");
  });

  it("shows one unpaid card order with its lines, layouts, delivery and totals, and pays it again", async () => {
    const element = mount("ottisk-orders", { "order-id": String(cardOrder.id) });
    await findText(element, `Заказ № ${cardOrder.number} от`);
    const text = shadow(element).textContent ?? "";
    expect(text).to.contain("Картой онлайн (ЮKassa): ожидает оплаты");
    expect(text).to.contain(cardOrder.lines[0]!.productName);
    expect(text).to.contain("Не утверждён.");
    expect(text).to.contain("Самовывоз");
    expect(text).to.contain(`В том числе НДС 22 %${formatRoubles(cardOrder.vat)}`);
    expect(shadow(element).querySelector("[part~=invoice]")).to.equal(null);
    await expectAccessible(element);

    const pay = await find<HTMLButtonElement>(element, "[part~=pay]");
    expect(pay.textContent).to.equal(`Оплатить ${formatRoubles(cardOrder.total)}`);
    const heard: CustomEvent<{ href: string }>[] = [];
    const stay = (event: Event) => {
      event.preventDefault();
      heard.push(event as CustomEvent<{ href: string }>);
    };
    document.addEventListener("ottisk-navigate", stay);
    try {
      pay.click();
      await waitFor(() => heard.length > 0, "ottisk-navigate to the payment page");
      const payment = (await api.getOrder(cardOrder.id)).payment;
      expect(payment.type === "Yookassa" ? payment.confirmationUrl : null).to.equal(heard[0]!.detail.href);
      expect(heard[0]!.detail.href).to.match(/\/api\/payment\/test\/test-/);
      expect(heard[0]!.cancelable).to.equal(true);
    } finally {
      document.removeEventListener("ottisk-navigate", stay);
    }
  });

  it("repeats the order into the cart and says so, with a link to the cart", async () => {
    await clearCompanyCart(api);
    const element = mount("ottisk-orders", { "order-id": String(invoiceOrder.id), "cart-url": "https://partner.example/cart" });
    const repeat = await find<HTMLButtonElement>(element, "[part~=repeat]");
    expect(shadow(element).querySelector("[part~=invoice]")?.getAttribute("href")).to.match(new RegExp(`/api/(file/\\d+|client-order/${invoiceOrder.id}/invoice)$`));
    const events = await collectEvents<{ orderId: number; number: string; itemCount: number }>("ottisk-order-repeat", async () => {
      repeat.click();
      await findText(element, `Товары заказа № ${invoiceOrder.number} добавлены в корзину.`);
    });
    expect(events.map((event) => event.detail)).to.deep.equal([{ orderId: invoiceOrder.id, number: invoiceOrder.number, itemCount: 1 }]);
    const notice = await find(element, "[part~=notice]");
    expect(notice.querySelector("a")?.getAttribute("href")).to.equal("https://partner.example/cart");
    expect((await api.getCart({ companyId: romashka })).orderProduct.map((line) => line.repeatOfId)).to.deep.equal([invoiceOrder.lines[0]!.id]);
    await expectAccessible(element);
    await clearCompanyCart(api);
  });

  it("says «Заказ не найден» for an order that is not the account's", async () => {
    const element = mount("ottisk-orders", { "order-id": "2147483000" });
    await find(element, "[part~=not-found]");
    expect(shadow(element).querySelector("h2")?.textContent).to.equal("Заказ не найден");
    await expectAccessible(element);
  });

  it("lists the account's documents: the invoice of the order paid by invoice", async () => {
    const element = mount("ottisk-orders", { view: "documents", "order-href": PARTNER_ORDER });
    await waitFor(() => rows(element).length > 0, "the documents' rows");
    const row = rows(element).find((item) => item.querySelector("th")?.textContent === `Счёт на оплату № ${invoiceOrder.number}`);
    expect(row, "the invoice's row").to.not.equal(undefined);
    expect(row!.querySelector("a[download]")?.getAttribute("href")).to.equal(`${apiBase}/client-order/${invoiceOrder.id}/invoice`);
    expect(row!.querySelector("td a")?.getAttribute("href")).to.equal(`https://partner.example/orders/${invoiceOrder.id}`);
    expect(rows(element).some((item) => item.textContent?.includes(cardOrder.number))).to.equal(false);
    await expectAccessible(element);
  });

  it("asks a visitor to sign in", async () => {
    resetPage();
    const element = mount("ottisk-orders");
    await find(element, "[part~=sign-in]");
    expect(shadow(element).textContent).to.contain("Войдите, чтобы увидеть свои заказы и документы.");
    await expectAccessible(element);
  });
});
