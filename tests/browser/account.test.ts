/// <reference types="mocha" />
import { expect } from "chai";
import { ACCOUNT_LIST_MAX_HEIGHT_PX } from "../../shared/domain/index";
import type { Api } from "../../shared/http/index";
import { STORAGE_KEYS, writeText } from "../../shared/state/index";
import "../../widgets/index";
import { apiBase, collectEvents, expectAccessible, find, findText, mount, resetPage, shadow, testApi, waitFor } from "./support";

const ADMIN = "https://admin.example";

/** Signs in through the API and hands the session to the page, as a partner page would keep it. */
async function signIn(email: string, password: string): Promise<{ api: Api; token: { value: string | null } }> {
  const token = { value: null as string | null };
  const api = testApi(token);
  await api.login({ email, password });
  writeText(STORAGE_KEYS.session(apiBase), token.value);
  return { api, token };
}

async function openPanel(element: Element): Promise<{ toggle: HTMLButtonElement; panel: HTMLElement }> {
  const toggle = await find<HTMLButtonElement>(element, "[part='account-button']");
  toggle.click();
  await waitFor(() => toggle.getAttribute("aria-expanded") === "true", "the panel to open");
  const panel = shadow(element).getElementById(toggle.getAttribute("aria-controls")!)!;
  expect(panel.hidden).to.equal(false);
  return { toggle, panel };
}

function options(element: Element): HTMLButtonElement[] {
  return Array.from(shadow(element).querySelectorAll<HTMLButtonElement>("[part='account-option']"));
}

function links(panel: HTMLElement): { href: string | null; text: string | null }[] {
  return Array.from(panel.querySelectorAll("a")).map((link) => ({ href: link.getAttribute("href"), text: link.textContent }));
}

/** The next `name` event on document (the element fires it once the server has answered). */
function nextEvent<D>(name: string): Promise<CustomEvent<D>> {
  return new Promise((resolve) => document.addEventListener(name, (event) => resolve(event as CustomEvent<D>), { once: true }));
}

afterEach(() => resetPage());

describe("<ottisk-account>", () => {
  it("shows 'Войти' to a visitor and to a temporary account", async () => {
    const visitor = mount("ottisk-account", { "admin-url": ADMIN });
    await find(visitor, "[part='login-button']");
    expect(shadow(visitor).querySelector("[part='account-button']")).to.equal(null);
    await expectAccessible(visitor);
    resetPage();

    // A visitor who chose a city holds a temporary account: still shown as not signed in (spec §4).
    const token = { value: null as string | null };
    await testApi(token).selectCity("7700000000000");
    const profile = await testApi(token).getProfile();
    expect(profile.temporary).to.equal(true);
    writeText(STORAGE_KEYS.session(apiBase), token.value);
    const temporary = mount("ottisk-account", { "admin-url": ADMIN });
    await find(temporary, "[part='login-button']");
    expect(shadow(temporary).querySelector("[part='account-button']")).to.equal(null);
  });

  it("lists the client's accounts and links, switches the company and fires ottisk-company-change", async () => {
    const { api } = await signIn("client@example.com", "client12345");
    await api.selectCompany(null);
    const me = await api.getProfile();
    const romashka = me.companies.find((company) => company.name === "ООО «Ромашка»")!;
    expect(romashka, "the demo client has ООО «Ромашка»").to.not.equal(undefined);

    const element = mount("ottisk-account", { "admin-url": ADMIN });
    const toggle = await find<HTMLButtonElement>(element, "[part='account-button']");
    expect(toggle.getAttribute("aria-expanded")).to.equal("false");
    expect(toggle.querySelector("[part='avatar']")?.textContent).to.equal("ИИ");
    expect(toggle.textContent).to.contain("Иван Иванов");
    expect(toggle.textContent).to.contain("Личный профиль");

    const { panel } = await openPanel(element);
    expect(panel.querySelector(".ottisk-accounts__title")?.textContent).to.equal("Ваши аккаунты");
    expect(options(element).map((option) => option.textContent)).to.deep.equal(["Личный профиль", ...me.companies.map((company) => company.name)]);
    expect(options(element)[0]!.getAttribute("aria-current")).to.equal("true");
    const list = panel.querySelector<HTMLElement>(".ottisk-accounts__list")!;
    expect(getComputedStyle(list).maxHeight).to.equal(`${ACCOUNT_LIST_MAX_HEIGHT_PX}px`);
    expect(links(panel)).to.deep.equal([
      { href: `${ADMIN}/client/orders`, text: "Мои заказы" },
      { href: `${ADMIN}/client/designs`, text: "Мои макеты" },
      { href: `${ADMIN}/client/documents`, text: "Документы" },
      { href: `${ADMIN}/client/notification`, text: "Уведомления" },
      { href: `${ADMIN}/client/profile/info`, text: "Данные профиля" },
    ]);
    await expectAccessible(element);

    const chosen = nextEvent<{ companyId: number | null }>("ottisk-company-change");
    options(element).find((option) => option.textContent === romashka.name)!.click();
    expect((await chosen).detail).to.deep.equal({ companyId: romashka.id });
    expect(options(element).find((option) => option.textContent === romashka.name)?.getAttribute("aria-current")).to.equal("true");
    expect(options(element)[0]!.getAttribute("aria-current")).to.equal(null);
    expect(toggle.textContent).to.contain(romashka.name);
    expect(links(panel)[4]).to.deep.equal({ href: `${ADMIN}/client/profile/company/info`, text: "Данные компании" });
    expect((await api.getProfile()).selectedCompanyId).to.equal(romashka.id);

    const back = nextEvent<{ companyId: number | null }>("ottisk-company-change");
    options(element)[0]!.click();
    expect((await back).detail).to.deep.equal({ companyId: null });
    expect(options(element)[0]!.getAttribute("aria-current")).to.equal("true");
    expect((await api.getProfile()).selectedCompanyId).to.equal(null);
  });

  it("closes the panel on Escape (focus back on the button) and on a click outside", async () => {
    await signIn("client@example.com", "client12345");
    const element = mount("ottisk-account", { "admin-url": ADMIN });
    const { toggle, panel } = await openPanel(element);
    options(element)[0]!.focus();
    options(element)[0]!.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, composed: true }));
    await waitFor(() => toggle.getAttribute("aria-expanded") === "false", "Escape to close the panel");
    expect(panel.hidden).to.equal(true);
    expect(shadow(element).activeElement).to.equal(toggle);

    await openPanel(element);
    document.body.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, composed: true }));
    await waitFor(() => toggle.getAttribute("aria-expanded") === "false", "an outside click to close the panel");
  });

  it("asks before signing out: 'Отменить' keeps the session, 'Выйти' closes it and fires ottisk-logout", async () => {
    const { token } = await signIn("client@example.com", "client12345");
    const element = mount("ottisk-account", { "admin-url": ADMIN });
    const { panel } = await openPanel(element);
    panel.querySelector<HTMLButtonElement>("[part='logout-button']")!.click();
    const dialog = await find<HTMLDialogElement>(element, "dialog[open]");
    expect(dialog.querySelector("h2")?.textContent).to.equal("Выйти из аккаунта");
    const buttons = Array.from(dialog.querySelectorAll<HTMLButtonElement>(".ottisk-logout__actions button")).map((button) => button.textContent);
    expect(buttons).to.deep.equal(["Выйти", "Отменить"]);
    await expectAccessible(element);

    dialog.querySelector<HTMLButtonElement>("[part='logout-cancel']")!.click();
    await waitFor(() => !dialog.open, "the dialog to close");
    expect(shadow(element).querySelector("[part='account-button']")).to.not.equal(null);

    panel.querySelector<HTMLButtonElement>("[part='logout-button']")!.click();
    const again = await find<HTMLDialogElement>(element, "dialog[open]");
    const events = await collectEvents("ottisk-logout", async () => {
      again.querySelector<HTMLButtonElement>("[part='logout-confirm']")!.click();
      await waitFor(() => !again.open, "the dialog to close");
    });
    expect(events).to.have.length(1);
    const login = await find<HTMLButtonElement>(element, "[part='login-button']");
    await waitFor(() => shadow(element).activeElement === login, "focus on 'Войти'");
    const status = await testApi(token).getProfile().then(
      () => 200,
      (error: unknown) => (error as { status?: number }).status,
    );
    expect(status, "the session is closed on the server").to.equal(401);
  });

  it("gives an employee in client mode the admin links and «Выйти из режима клиента»", async () => {
    const { api } = await signIn("manager@example.com", "manager12345");
    const [client] = (await api.searchClients({ search: "client@example.com" })).filter((item) => item.email === "client@example.com");
    expect(client, "the demo client is found").to.not.equal(undefined);
    await api.enterClientMode(client!.id);

    const element = mount("ottisk-account", { "admin-url": ADMIN });
    const toggle = await find<HTMLButtonElement>(element, "[part='account-button']");
    expect(toggle.textContent).to.contain("Режим клиента");
    const { panel } = await openPanel(element);
    expect(links(panel)).to.deep.equal([
      { href: ADMIN, text: "Панель управления" },
      { href: `${ADMIN}/employee/orders`, text: "Заказы" },
      { href: `${ADMIN}/employee/profile`, text: "Профиль" },
    ]);
    expect(shadow(element).querySelector("[part='account-list']"), "an employee has no accounts to switch").to.equal(null);
    await expectAccessible(element);

    const stay = (event: Event) => event.preventDefault();
    document.addEventListener("ottisk-navigate", stay);
    try {
      const navigation = nextEvent<{ href: string }>("ottisk-navigate");
      (await find<HTMLButtonElement>(element, "[part='exit-client-mode']")).click();
      const event = await navigation;
      expect(event.detail).to.deep.equal({ href: ADMIN });
      expect(event.cancelable).to.equal(true);
      expect(window.location.href, "a cancelled navigation keeps the page").to.not.contain("admin.example");
    } finally {
      document.removeEventListener("ottisk-navigate", stay);
    }
    expect((await api.getProfile()).impersonalization).to.equal(false);
    await findText(element, "Сотрудник");
  });
});
