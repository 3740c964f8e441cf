/// <reference types="mocha" />
import { expect } from "chai";
import { createElement } from "react";
import type { ReactNode } from "react";
import type { Order } from "../../shared/contracts/index";
import { DEFAULT_CITY_KLADR_ID } from "../../shared/domain/index";
import type { Api } from "../../shared/http/index";
import { accountStateAtom, getPageStore, STORAGE_KEYS, writeText } from "../../shared/state/index";
import { businessCardPdf } from "../../preflight/core/testing";
import "../../widgets/index";
import { renderOnPage, unmountFromPage } from "./react-page";
import { apiBase, businessCardId, chooseOption, expectAccessible, find, mount, resetPage, shadow, testApi, typeInto, waitFor } from "./support";
import { EmployeeOrderPage, EmployeeOrdersPage } from "../../widgets/back-office/index";
import { ClientModePicker } from "../../shared/ui/index";
import type { ClientModeEntered } from "../../shared/ui/index";

/*
 * The employee's side of issue 15 in Chromium against the real API: the client search with
 * «Войти в режим клиента» (alone, and in <ottisk-cart> where an employee outside client mode used
 * to see a bare error), the orders list with its filters, and one order's status change.
 */

const EMPLOYEE = { email: "manager@example.com", password: "manager12345" };
const SECOND_CLIENT = { email: "petrova@example.com", password: "client12345" };

/** Signs the employee in through the API and hands the session to the page's store. */
async function signedInEmployee(): Promise<Api> {
  const token: { value: string | null } = { value: null };
  const api = testApi(token);
  await api.login(EMPLOYEE);
  await api.exitClientMode();
  writeText(STORAGE_KEYS.session(apiBase), token.value);
  return api;
}

/** Renders React components in the page with the page's store, as the host site does. */
function render(node: ReactNode): HTMLElement {
  return renderOnPage(node, { store: getPageStore(apiBase) });
}

function within<E extends Element>(container: Element, selector: string, what: string): Promise<E> {
  return waitFor(() => container.querySelector<E>(selector), what);
}

function buttonWithText(container: ParentNode, text: string): Promise<HTMLButtonElement> {
  return waitFor(
    () => Array.from(container.querySelectorAll<HTMLButtonElement>("button")).find((candidate) => candidate.textContent?.includes(text) && !candidate.disabled),
    `a button «${text}»`,
  );
}

/** An order of the second demo client's «Лютик», paid by invoice (an invoice is for a company): a line with its layout and a self-pickup. */
async function placedOrder(): Promise<Order> {
  const api = testApi();
  const grant = await api.login(SECOND_CLIENT);
  const companyId = grant.profile.companies.find((item) => item.name.includes("Лютик"))?.id;
  if (!companyId) throw new Error("The second demo client has no «ООО «Лютик»»");
  let cart = await api.addCartProduct({ productId: await businessCardId(api), quantity: 100, companyId });
  for (const line of cart.orderProduct) {
    for (const layout of line.layouts.filter((item) => item.status === "missing")) {
      const pdf = businessCardPdf("0 0 0 1 k 0 0 100 100 re f");
      await api.uploadLayout({ file: new Blob([pdf.slice().buffer]), fileName: "vizitka.pdf", orderProductId: line.id, detailName: layout.detailName });
    }
  }
  const point = (await api.getSelfPickupPoints()).items.find((item) => item.cityKladrId === DEFAULT_CITY_KLADR_ID);
  if (!point) throw new Error("No self-pickup point in Krasnodar");
  cart = await api.addCartDelivery({ companyId, deliveryType: "SelfPickup", cityKladrId: DEFAULT_CITY_KLADR_ID, deliveryMethod: "SelfPickup", pickupPointCode: String(point.id) });
  expect(cart.problems, "the second client's cart is ready to order").to.deep.equal([]);
  return api.placeOrder({ companyId, paymentType: "Invoice", idempotencyKey: crypto.randomUUID() });
}

afterEach(() => {
  unmountFromPage();
  resetPage();
});

describe("ClientModePicker", () => {
  it("finds the demo client «Иван» with his companies and enters client mode for one of them", async () => {
    const api = await signedInEmployee();
    const entered: ClientModeEntered[] = [];
    const container = render(createElement(ClientModePicker, { onEntered: (value: ClientModeEntered) => entered.push(value) }));
    const field = await within<HTMLInputElement>(container, "input[type='search']", "the search field");
    expect(container.querySelector(`label[for='${field.id}']`)?.textContent).to.equal("Клиент");

    typeInto(field, "Иван");
    const client = await waitFor(
      () => Array.from(container.querySelectorAll<HTMLElement>(".ottisk-client-picker__client")).find((item) => item.textContent?.includes("Иван Иванов")),
      "the demo client in the results",
    );
    expect(client.textContent).to.contain("client@example.com");
    const accounts = Array.from(client.querySelectorAll(".ottisk-client-picker__account")).map((item) => item.firstElementChild?.textContent);
    expect(accounts[0]).to.equal("Личный профиль");
    expect(accounts.some((text) => text?.startsWith("ООО «Ромашка»"))).to.equal(true);
    await expectAccessible(container);

    const romashka = Array.from(client.querySelectorAll<HTMLLIElement>(".ottisk-client-picker__account")).find((item) => item.textContent?.includes("Ромашка"));
    romashka!.querySelector("button")!.click();
    await waitFor(() => entered.length === 1, "client mode to be entered");
    expect(entered[0]!.label).to.equal("Иван Иванов, ООО «Ромашка»");
    expect(entered[0]!.href).to.equal(null);
    const status = await waitFor(() => container.querySelector("[role='status'].ottisk-client-picker__status")?.textContent || null, "the status line");
    expect(status).to.equal("Вы работаете от имени клиента: Иван Иванов, ООО «Ромашка».");

    const profile = await api.getProfile();
    expect(profile).to.include({ impersonalization: true, placeClientId: entered[0]!.client.id, placeCompanyId: entered[0]!.companyId });
    expect(getPageStore(apiBase).get(accountStateAtom).profile?.impersonalization).to.equal(true);
    await api.exitClientMode();
  });

  it("says when nobody is found, and «Только мои клиенты» keeps the employee's own", async () => {
    await signedInEmployee();
    const container = render(createElement(ClientModePicker, { initialQuery: "Петрова" }));
    await waitFor(() => container.textContent?.includes("Ольга Петрова"), "the second demo client");
    const mine = await within<HTMLInputElement>(container, ".ottisk-client-picker__check input", "the «Только мои клиенты» box");
    mine.click();
    // The second demo client has no manager: not the employee's.
    await waitFor(() => container.textContent?.includes("Никого не нашли"), "no client of the employee's own");
    await expectAccessible(container);
  });
});

describe("the employee's cart", () => {
  it("offers the client search instead of an error, then shows the client's cart", async () => {
    const api = await signedInEmployee();
    const cart = mount("ottisk-cart");
    const picker = await find(cart, ".ottisk-client-picker");
    expect(shadow(cart).textContent).to.contain("Найдите клиента и войдите в режим клиента");
    expect(shadow(cart).textContent).to.not.contain("Повторить");
    await expectAccessible(cart);

    typeInto(picker.querySelector<HTMLInputElement>("input[type='search']")!, "client@example");
    const personal = await waitFor(
      () => Array.from(picker.querySelectorAll<HTMLButtonElement>("button[data-company-id='']")).find((candidate) => !candidate.disabled),
      "«Войти в режим клиента» for the personal profile",
    );
    personal.click();
    // The cart is the client's now: the picker gives way to it (lines or «Корзина пуста»).
    await waitFor(() => shadow(cart).querySelector(".ottisk-client-picker") === null && (shadow(cart).querySelector("[part~='lines'], [part='empty']") ?? null), "the client's cart");
    expect((await api.getProfile()).impersonalization).to.equal(true);
    await api.exitClientMode();
  });
});

describe("the employee's orders", () => {
  it("lists the orders with filters in the address, passes axe, and changes an order's status after a confirmation", async () => {
    const order = await placedOrder();
    const api = await signedInEmployee();

    const list = render(createElement(EmployeeOrdersPage, { status: "new", clientId: null, search: order.number, page: 0, profile: await api.getProfile() }));
    const row = await waitFor(
      () => Array.from(list.querySelectorAll("tbody tr")).find((item) => item.textContent?.includes(order.number)),
      "the placed order in the list",
    );
    expect(row.textContent).to.contain("Ольга Петрова");
    expect(row.textContent).to.contain("Новый");
    expect(row.querySelector("a")?.getAttribute("href")).to.equal(`/admin/employee/orders/${order.id}`);
    const form = list.querySelector<HTMLFormElement>("form[action='/admin/employee/orders']")!;
    expect(form.method).to.equal("get");
    expect(form.querySelector<HTMLSelectElement>("select[name='status']")!.value).to.equal("new");
    expect(form.querySelector<HTMLInputElement>("input[name='search']")!.value).to.equal(order.number);
    await expectAccessible(list);
    unmountFromPage();
    list.remove();

    const page = render(createElement(EmployeeOrderPage, { orderId: order.id, profile: await api.getProfile() }));
    await waitFor(() => page.textContent?.includes(`Заказ № ${order.number}`), "the order");
    expect(page.textContent).to.contain("petrova@example.com");
    const select = await within<HTMLSelectElement>(page, ".employee-status-change select", "the status control");
    expect(Array.from(select.options).map((option) => option.textContent)).to.deep.equal(["Оплачен", "В производстве", "Отменён"]);
    await expectAccessible(page);

    chooseOption(select, "in_production");
    (await buttonWithText(page, "Сменить статус")).click();
    const dialog = await within<HTMLDialogElement>(page, "dialog[open]", "the confirmation");
    expect(dialog.textContent).to.contain("«Новый» → «В производстве»");
    await expectAccessible(page);
    (await buttonWithText(dialog, "Да, сменить")).click();
    await waitFor(() => page.textContent?.includes("Статус изменён: «В производстве». Клиент получил уведомление."), "the change to be reported");
    expect((await api.getEmployeeOrder(order.id)).status).to.equal("in_production");
  });
});
