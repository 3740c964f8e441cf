/// <reference types="mocha" />
import { expect } from "chai";
import { useAtomValue } from "jotai/react";
import { createElement, Fragment } from "react";
import type { ComponentType } from "react";
import type { AccountProfile } from "../../shared/contracts/index";
import type { Api } from "../../shared/http/index";
import { accountResource, accountStateAtom, createPageStore } from "../../shared/state/index";
import baseCss from "../../shared/ui/base.css?inline";
import siteCss from "../../host-site/site.css?inline";
import { renderOnPage, siteMain, unmountFromPage } from "./react-page";
import { businessCardId, chooseOption, expectAccessible, testApi, typeInto, waitFor } from "./support";
import { CompanyPage, DesignMessages, EmployeeProfilePage, NotificationsPage, ProfilePage } from "../../widgets/account-area/index";

/*
 * The account area's notifications, profile and company pages and a design order's messages
 * (widgets/account-area), drawn with React against the real test API, signed in by bearer
 * token, with the host site's styles, and checked with axe.
 */

function signedIn(): { api: Api; token: { value: string | null } } {
  const token = { value: null as string | null };
  return { api: testApi(token), token };
}

async function login(email: string, password: string): Promise<Api> {
  const { api } = signedIn();
  await api.login({ email, password, rememberMe: false });
  return api;
}

/** Draws `page` as the account area does: the profile from the store's account state. */
function render(api: Api, profile: AccountProfile, page: ComponentType<{ profile: AccountProfile }>): HTMLElement {
  const store = createPageStore(api);
  store.set(accountResource.valueAtom, { status: "ready", data: profile });
  const style = document.createElement("style");
  style.textContent = [baseCss, siteCss].join("\n");
  document.head.append(style);
  function Page() {
    const current = useAtomValue(accountStateAtom).profile ?? profile;
    return createElement(page, { profile: current });
  }
  return renderOnPage(createElement(Fragment, null, createElement("h1", null, "Страница"), createElement(Page)), { store, container: siteMain() });
}

function byText<E extends Element>(container: Element, selector: string, text: string): E | null {
  return Array.from(container.querySelectorAll<E>(selector)).find((element) => (element.textContent ?? "").includes(text)) ?? null;
}

function findText(container: Element, text: string): Promise<string> {
  return waitFor(() => ((container.textContent ?? "").includes(text) ? container.textContent : null), `«${text}»`);
}

function fieldOrNull(container: Element, label: string): HTMLInputElement | null {
  const found = Array.from(container.querySelectorAll("label")).find((item) => item.textContent === label);
  return found ? (document.getElementById(found.htmlFor) as HTMLInputElement | null) : null;
}

function field(container: Element, label: string): HTMLInputElement {
  const control = fieldOrNull(container, label);
  if (!control) throw new Error(`No field «${label}»`);
  return control;
}

/** Waits for the button with `text` (React draws after the state change), then presses it. */
async function click(container: Element, text: string, selector = "button"): Promise<void> {
  const button = await waitFor(() => byText<HTMLButtonElement>(container, selector, text), `the button «${text}»`);
  button.click();
}

afterEach(() => {
  unmountFromPage();
  document.body.replaceChildren();
  document.head.querySelectorAll("style").forEach((style) => style.remove());
});

describe("account area: profile pages", () => {
  it("ProfilePage saves the phone in the mask's format, keeps recipients and addresses, and passes axe", async () => {
    const api = await login("petrova@example.com", "client12345");
    const profile = await api.getProfile();
    const page = render(api, profile, ProfilePage);
    await findText(page, "Получателей пока нет.");
    await waitFor(() => page.querySelector(".profile-list") && (page.textContent ?? "").includes("Добавить адрес"), "the addresses");
    await expectAccessible(page);

    typeInto(field(page, "Телефон"), "89181112233");
    expect(field(page, "Телефон").value).to.equal("+7 918 111-22-33");
    await click(page, "Сохранить");
    await findText(page, "Данные сохранены.");
    expect((await api.getProfile()).phone).to.equal("+7 918 111-22-33");

    // A wrong current password: the server's message, by the field.
    typeInto(field(page, "Текущий пароль"), "not-my-password-1");
    typeInto(field(page, "Новый пароль"), "another-pass-42");
    typeInto(field(page, "Новый пароль ещё раз"), "another-pass-42");
    await click(page, "Сменить пароль");
    await findText(page, "Текущий пароль введён неверно.");
    expect(field(page, "Текущий пароль").getAttribute("aria-invalid")).to.equal("true");

    // A recipient: added, changed, deleted after «Да, удалить».
    await click(page, "Добавить получателя");
    typeInto(await waitFor(() => fieldOrNull(page, "Имя получателя"), "the recipient form"), "Анна Смирнова");
    typeInto(field(page, "Телефон получателя"), "9187654321");
    await click(page, "Добавить", "form[aria-label='Новый получатель'] button");
    await findText(page, "+7 918 765-43-21");
    await click(page, "Изменить получателя Анна Смирнова");
    const nameField = await waitFor(() => fieldOrNull(page, "Имя получателя"), "the edit form");
    expect(nameField.value).to.equal("Анна Смирнова");
    typeInto(nameField, "Анна Петрова");
    await click(page, "Сохранить", "form[aria-label^='Изменить получателя'] button");
    await findText(page, "Анна Петрова");
    await click(page, "Удалить получателя Анна Петрова");
    await findText(page, "Удалить получателя Анна Петрова?");
    await expectAccessible(page);
    await click(page, "Да, удалить");
    await findText(page, "Получателей пока нет.");
    expect(await api.getRecipients()).to.deep.equal([]);

    // An address: a city chosen from the list, the street typed.
    await click(page, "Добавить адрес");
    const city = await waitFor(() => page.querySelector<HTMLSelectElement>("select[name='city']"), "the city list");
    expect(city.options.length).to.be.greaterThan(1);
    chooseOption(city, city.options[1]?.value ?? "");
    typeInto(field(page, "Адрес: улица, дом, квартира или офис"), "ул. Садовая, 7");
    await click(page, "Добавить", "form[aria-label='Новый адрес'] button");
    await findText(page, "ул. Садовая, 7");
    const saved = await api.getAddresses();
    expect(saved.map((item) => item.address)).to.include("ул. Садовая, 7");
    await expectAccessible(page);
    for (const item of saved) await api.deleteAddress(item.id);
    await api.updateProfile({ name: profile.name, surname: profile.surname, phone: "" });
  });

  it("CompanyPage lists the companies, selects one, shows its requisites and refuses to delete one with money", async () => {
    const api = await login("client@example.com", "client12345");
    await api.selectCompany(null);
    const profile = await api.getProfile();
    const page = render(api, profile, CompanyPage);
    await findText(page, "Ваши компании");
    await expectAccessible(page);
    const first = profile.companies[0];
    if (!first) throw new Error("The demo client has no company");
    await click(page, `Заказывать от её имени: ${first.name}`);
    await findText(page, "Реквизиты");
    expect(field(page, "Название").value).to.equal(first.name);
    await expectAccessible(page);

    await click(page, `Удалить компанию ${first.name}`);
    await click(page, "Да, удалить");
    await waitFor(() => page.querySelector(".profile-list__confirm [role='alert']"), "the refusal");
    expect(page.querySelector(".profile-list__confirm [role='alert']")?.textContent).to.match(/нельзя/);
    await api.selectCompany(null);
  });

  it("EmployeeProfilePage edits the employee's own data and passes axe", async () => {
    const api = await login("manager@example.com", "manager12345");
    const profile = await api.getProfile();
    const page = render(api, profile, EmployeeProfilePage);
    await findText(page, "Личные данные");
    expect(field(page, "Имя").value).to.equal(profile.name);
    await expectAccessible(page);
  });
});

describe("account area: notifications and design messages", () => {
  it("shows a designer's answer as new, marks it read after showing, and passes axe", async () => {
    const client = await login("petrova@example.com", "client12345");
    const employee = await login("manager@example.com", "manager12345");
    const productId = await businessCardId(client);
    const cart = await client.addCartProduct({ productId, quantity: 100 });
    const line = cart.orderProduct.at(-1);
    const detailName = line?.layouts[0]?.detailName;
    if (!line || !detailName) throw new Error("No line with a layout detail");
    const design = await client.createDesignOrder({ orderProductId: line.id, detailName, comment: "Логотип крупнее" });
    await employee.postDesignMessage(design.designId, "Пришлём эскиз завтра.");

    const page = render(client, await client.getProfile(), NotificationsPage);
    const item = await waitFor(() => byText<HTMLLIElement>(page, "li", `Новое сообщение дизайнера по заказу дизайна № ${design.designId}`), "the notification");
    expect(item.querySelector(".account-notifications__badge")?.textContent, "new is said in words").to.equal("Новое");
    expect(item.querySelector("time")?.textContent).to.match(/\(МСК\)$/);
    // The summary agrees with the badges: what shows «Новое» is counted as new, not «Все уведомления прочитаны».
    const summary = await waitFor(() => {
      const text = page.querySelector(".account-notifications__bar [role=status]")?.textContent ?? "";
      return text.startsWith("Непрочитанных") ? null : text;
    }, "the page to mark them read");
    expect((await client.getNotifications()).unread).to.equal(0);
    const shownNew = page.querySelectorAll(".account-notifications__badge").length;
    expect(summary, "the summary counts the new ones shown").to.equal(`Новых: ${shownNew} — отмечены прочитанными`);
    expect(page.textContent).not.to.include("Все уведомления прочитаны");
    await expectAccessible(page);
    await client.removeCartProduct(line.id);
  });

  it("DesignMessages lists the conversation and sends a message", async () => {
    const client = await login("petrova@example.com", "client12345");
    const productId = await businessCardId(client);
    const cart = await client.addCartProduct({ productId, quantity: 100 });
    const line = cart.orderProduct.at(-1);
    const detailName = line?.layouts[0]?.detailName;
    if (!line || !detailName) throw new Error("No line with a layout detail");
    const design = await client.createDesignOrder({ orderProductId: line.id, detailName, comment: "" });
    const store = createPageStore(client);
    const style = document.createElement("style");
    style.textContent = [baseCss, siteCss].join("\n");
    document.head.append(style);
    const container = renderOnPage(createElement(Fragment, null, createElement("h1", null, "Заказ"), createElement(DesignMessages, { designOrderId: design.designId })), { store, container: siteMain() });
    await findText(container, "Сообщений пока нет.");
    await click(container, "Отправить");
    await findText(container, "Напишите сообщение");
    const box = container.querySelector<HTMLTextAreaElement>("textarea")!;
    expect(box.getAttribute("aria-invalid")).to.equal("true");
    typeInto(box, "Можно синий фон?");
    await click(container, "Отправить");
    await waitFor(() => byText(container, ".design-messages__item", "Можно синий фон?"), "the sent message");
    expect(box.value).to.equal("");
    expect((await client.getDesignMessages(design.designId)).map((message) => message.text)).to.deep.equal(["Можно синий фон?"]);
    await expectAccessible(container);
    await client.removeCartProduct(line.id);
  });
});
