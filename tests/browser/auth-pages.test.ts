/// <reference types="mocha" />
import { expect } from "chai";
import { createElement, Fragment } from "react";
import type { ReactElement } from "react";
import { devMailListSchema } from "../../shared/contracts/index";
import type { Api } from "../../shared/http/index";
import { accountResource, accountStateAtom, createPageStore } from "../../shared/state/index";
import type { Store } from "../../shared/state/index";
import baseCss from "../../shared/ui/base.css?inline";
import siteCss from "../../host-site/site.css?inline";
import loginCss from "../../shared/ui/login.css?inline";
import { renderOnPage, siteMain, unmountFromPage } from "./react-page";
import { apiBase, expectAccessible, testApi, typeInto, waitFor } from "./support";
import {
  ConfirmEmailPage,
  EmailConfirmationNotice,
  LoginPage,
  PasswordRecoveryPage,
  PasswordResetPage,
  RegistrationPage,
} from "../../widgets/account-area/index";

/*
 * The account area's auth pages (widgets/account-area/AuthPages.tsx) drawn with React against
 * the real test API: registration (the phone mask, the password rules as they are typed, a company
 * by ИНН from the faked DaData, signed in afterwards), the confirmation notice and link, password
 * recovery and reset with the link read from the outbox — each checked with axe.
 */

function client(): { api: Api; token: { value: string | null } } {
  const token = { value: null as string | null };
  return { api: testApi(token), token };
}

/** Draws the page and waits for React's first commit (the heading comes with it). */
async function render(store: Store, page: ReactElement): Promise<HTMLElement> {
  const style = document.createElement("style");
  style.textContent = [baseCss, siteCss, loginCss].join("\n");
  document.head.append(style);
  const container = renderOnPage(createElement(Fragment, null, createElement("h1", null, "Страница"), page), { store, container: siteMain() });
  await waitFor(() => container.querySelector("h1"), "the first render");
  return container;
}

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ru`;
}

function field(container: Element, label: string): HTMLInputElement {
  const found = Array.from(container.querySelectorAll("label")).find((item) => item.textContent === label);
  const control = found ? (document.getElementById(found.htmlFor) as HTMLInputElement | null) : null;
  if (!control) throw new Error(`No field «${label}»`);
  return control;
}

function findText(container: Element, text: string): Promise<string> {
  return waitFor(() => ((container.textContent ?? "").includes(text) ? container.textContent : null), `«${text}»`);
}

function submit(container: Element): void {
  container.querySelector<HTMLButtonElement>("button[type='submit']")!.click();
}

function ruleMet(container: Element, rule: string): boolean {
  return container.querySelector(`[data-rule='${rule}']`)?.classList.contains("auth-rules__rule--met") ?? false;
}

/** The newest letter's link to `email`, from the dev mail page's JSON (the API has no SMTP). */
async function newestLink(email: string): Promise<URL> {
  const letters = devMailListSchema.parse(await (await fetch(`${apiBase}/dev/mail.json?to=${encodeURIComponent(email)}`)).json());
  const link = letters[0]?.link;
  if (!link) throw new Error(`No letter with a link to ${email}`);
  return new URL(link);
}

async function registered(email: string): Promise<{ api: Api; store: Store }> {
  const { api } = client();
  await api.register({ kind: "personal", email, password: "secret12345", name: "Вера", phone: "+7 918 000-00-01", consent: true });
  const store = createPageStore(api);
  store.set(accountResource.valueAtom, { status: "ready", data: await api.getProfile() });
  return { api, store };
}

afterEach(() => {
  unmountFromPage();
  document.body.replaceChildren();
  document.head.querySelectorAll("style").forEach((style) => style.remove());
});

describe("account area: registration", () => {
  it("masks the phone, shows the password rules as they are typed, checks the fields, then signs up and goes on to next", async () => {
    const { api } = client();
    const store = createPageStore(api);
    const went: string[] = [];
    const page = await render(store, createElement(RegistrationPage, { next: "/cart", profile: null, navigate: (href: string) => went.push(href) }));
    await expectAccessible(page);
    expect(page.querySelector<HTMLAnchorElement>("a[href^='/admin/auth/login']")?.getAttribute("href")).to.equal("/admin/auth/login?next=%2Fcart");

    const phone = field(page, "Телефон");
    typeInto(phone, "89185551234");
    expect(phone.value).to.equal("+7 918 555-12-34");
    expect(phone.type).to.equal("tel");

    const email = uniqueEmail("browser");
    typeInto(field(page, "Электронная почта"), email);
    const password = field(page, "Пароль");
    expect(password.autocomplete).to.equal("new-password");
    typeInto(password, "abc");
    await waitFor(() => ruleMet(page, "letters") && !ruleMet(page, "length") && !ruleMet(page, "digits"), "letters met, length and digits not");
    typeInto(password, email.split("@")[0]!);
    await waitFor(() => !ruleMet(page, "notEmail"), "the e-mail rule broken");
    typeInto(password, "novyi-parol-7");
    await waitFor(() => ["length", "letters", "digits", "notEmail"].every((rule) => ruleMet(page, rule)), "every rule met");
    expect(page.querySelector(".auth-rules")?.textContent).to.contain("Не короче 8 символов");

    submit(page);
    await findText(page, "Укажите имя");
    await findText(page, "Нужно согласие на обработку персональных данных");
    expect(field(page, "Имя").getAttribute("aria-invalid")).to.equal("true");
    await waitFor(() => document.activeElement === field(page, "Имя"), "focus on the first wrong field");
    await expectAccessible(page);
    expect(went).to.deep.equal([]);

    typeInto(field(page, "Имя"), "Пётр");
    const consent = page.querySelector<HTMLInputElement>("input[name='consent']")!;
    consent.click();
    await waitFor(() => !(page.textContent ?? "").includes("Укажите имя"), "the name's message to go");
    submit(page);
    await waitFor(() => went.length > 0, "the page to go on");
    expect(went).to.deep.equal(["/cart"]);
    const profile = store.get(accountStateAtom).profile;
    expect(profile).to.include({ email, name: "Пётр", temporary: false, emailConfirmed: false });
    expect((await api.getProfile()).email, "the session is the new account's").to.equal(email);
    expect((await newestLink(email)).pathname).to.equal("/admin/auth/confirm-email");
  });

  it("registers a company: the ИНН fills its details from DaData, they stay editable, a wrong ИНН says so", async () => {
    const { api } = client();
    const store = createPageStore(api);
    const went: string[] = [];
    const page = await render(store, createElement(RegistrationPage, { next: "/admin/client/orders", profile: null, navigate: (href: string) => went.push(href) }));
    const companyChoice = Array.from(page.querySelectorAll<HTMLLabelElement>("label")).find((label) => label.textContent === "Компания или ИП")!;
    companyChoice.click();
    const inn = await waitFor(() => page.querySelector<HTMLInputElement>("input[name='inn']"), "the ИНН field");

    typeInto(inn, "7707083894");
    await findText(page, "ИНН указан с ошибкой: не сходятся контрольные цифры");
    typeInto(inn, "7707083893");
    await waitFor(() => field(page, "Название").value === "ПАО СБЕРБАНК", "the name from DaData");
    expect(field(page, "КПП").value).to.equal("773601001");
    expect(field(page, "ОГРН").value).to.equal("1027700132195");
    expect(field(page, "Юридический адрес").value).to.equal("117312, г Москва, ул Вавилова, д 19");
    await findText(page, "Нашли: ПАО СБЕРБАНК");
    await expectAccessible(page);

    typeInto(field(page, "Название"), "ПАО «Сбербанк», отдел закупок");
    typeInto(field(page, "Электронная почта"), uniqueEmail("company"));
    typeInto(field(page, "Пароль"), "zakupki-2026");
    typeInto(field(page, "Имя"), "Ирина");
    typeInto(field(page, "Телефон"), "9181234567");
    page.querySelector<HTMLInputElement>("input[name='consent']")!.click();
    submit(page);
    await waitFor(() => went.length > 0, "the page to go on");
    const profile = await api.getProfile();
    expect(profile.companies.map((company) => company.name)).to.deep.equal(["ПАО «Сбербанк», отдел закупок"]);
    expect(profile.selectedCompanyId).to.equal(profile.companies[0]!.id);
  });

  it("tells a taken address with links to sign in and to recover the password", async () => {
    const { api } = client();
    const page = await render(createPageStore(api), createElement(RegistrationPage, { next: "/cart", profile: null, navigate: () => undefined }));
    typeInto(field(page, "Электронная почта"), "client@example.com");
    typeInto(field(page, "Пароль"), "secret12345");
    typeInto(field(page, "Имя"), "Иван");
    typeInto(field(page, "Телефон"), "+7 918 000-00-02");
    page.querySelector<HTMLInputElement>("input[name='consent']")!.click();
    submit(page);
    const alert = await waitFor(() => page.querySelector("[role='alert'] .ottisk-message--error"), "the alert");
    expect(alert.textContent).to.contain("Этот адрес уже зарегистрирован. Войдите или восстановите пароль.");
    expect(Array.from(alert.querySelectorAll("a")).map((link) => link.getAttribute("href"))).to.deep.equal([
      "/admin/auth/login?next=%2Fcart",
      "/admin/auth/password-recovery?next=%2Fcart",
    ]);
    await expectAccessible(page);
  });
});

describe("account area: sign-in and e-mail confirmation", () => {
  it("LoginPage links registration and recovery with next", async () => {
    const { api } = client();
    const page = await render(createPageStore(api), createElement(LoginPage, { next: "/admin/client/documents", profile: null }));
    const links = await waitFor(() => {
      const found = Array.from(page.querySelectorAll<HTMLAnchorElement>(".ottisk-login-form__links a"));
      return found.length === 2 ? found : null;
    }, "the form's links");
    expect(links.map((link) => link.getAttribute("href"))).to.deep.equal([
      "/admin/auth/registration?next=%2Fadmin%2Fclient%2Fdocuments",
      "/admin/auth/password-recovery?next=%2Fadmin%2Fclient%2Fdocuments",
    ]);
    await expectAccessible(page);
  });

  it("sends the confirmation letter again from the notice, and the link confirms the address", async () => {
    const email = uniqueEmail("notice");
    const { store } = await registered(email);
    const notice = await render(store, createElement(EmailConfirmationNotice));
    await findText(notice, `Подтвердите адрес электронной почты ${email}`);
    await expectAccessible(notice);
    const button = Array.from(notice.querySelectorAll("button")).find((item) => item.textContent === "Отправить письмо ещё раз")!;
    button.click();
    await findText(notice, "Мы отправили письмо со ссылкой для подтверждения.");
    const link = await newestLink(email);
    unmountFromPage();
    document.body.replaceChildren();

    const page = await render(store, createElement(ConfirmEmailPage, { token: link.searchParams.get("token") ?? "", profile: store.get(accountStateAtom).profile }));
    await findText(page, `Адрес ${email} подтверждён. Спасибо!`);
    await waitFor(() => store.get(accountStateAtom).profile?.emailConfirmed === true, "the account to say confirmed");
    await expectAccessible(page);
  });

  it("says a used confirmation link is used", async () => {
    const email = uniqueEmail("used");
    const { api } = await registered(email);
    const token = (await newestLink(email)).searchParams.get("token") ?? "";
    await api.confirmEmail(token);
    const page = await render(createPageStore(client().api), createElement(ConfirmEmailPage, { token, profile: null }));
    await findText(page, "Эта ссылка уже использована: адрес подтверждён.");
    await expectAccessible(page);
  });
});

describe("account area: password recovery", () => {
  it("asks for the link, sets the new password twice by it, signs in; the used link says so", async () => {
    const email = uniqueEmail("recovery");
    await registered(email);
    const { api } = client();
    const store = createPageStore(api);
    const recovery = await render(store, createElement(PasswordRecoveryPage, { next: "/cart", profile: null }));
    await expectAccessible(recovery);
    submit(recovery);
    await findText(recovery, "Введите адрес электронной почты");
    typeInto(field(recovery, "Электронная почта"), email);
    submit(recovery);
    await findText(recovery, "Если такой адрес зарегистрирован, мы отправили на него ссылку");
    await expectAccessible(recovery);
    const link = await newestLink(email);
    expect(link.pathname).to.equal("/admin/auth/password-reset");
    unmountFromPage();
    document.body.replaceChildren();

    const token = link.searchParams.get("token") ?? "";
    const reset = await render(store, createElement(PasswordResetPage, { token }));
    typeInto(field(reset, "Новый пароль"), "novyi-parol-9");
    typeInto(field(reset, "Повторите пароль"), "novyi-parol-8");
    submit(reset);
    await findText(reset, "Пароли не совпадают");
    await waitFor(() => ["length", "letters", "digits"].every((rule) => ruleMet(reset, rule)), "the rules met");
    await expectAccessible(reset);
    typeInto(field(reset, "Повторите пароль"), "novyi-parol-9");
    submit(reset);
    await findText(reset, "Пароль изменён, вы вошли в аккаунт.");
    await waitFor(() => store.get(accountStateAtom).profile?.email === email, "signed in");
    await expectAccessible(reset);
    const other = client().api;
    expect((await other.login({ email, password: "novyi-parol-9", rememberMe: false })).profile.email).to.equal(email);
    unmountFromPage();
    document.body.replaceChildren();

    const again = await render(createPageStore(client().api), createElement(PasswordResetPage, { token }));
    typeInto(field(again, "Новый пароль"), "eshche-parol-1");
    typeInto(field(again, "Повторите пароль"), "eshche-parol-1");
    submit(again);
    await findText(again, "Эта ссылка уже использована или заменена новой.");
    expect(again.querySelector<HTMLAnchorElement>("[role='alert'] a")?.getAttribute("href")).to.equal("/admin/auth/password-recovery");
    await expectAccessible(again);
  });
});
