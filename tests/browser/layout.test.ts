/// <reference types="mocha" />
import { expect } from "chai";
import type { MenuTab } from "../../shared/contracts/index";
import { BREAKPOINT_DESKTOP_PX, displayPhone, fileNameWithoutExtension, MENU_TABS_MAX } from "../../shared/domain/index";
import { readText, STORAGE_KEYS, writeText } from "../../shared/state/index";
import { storefrontOrigin } from "../../widgets/api-base";
import "../../widgets/index";
import { apiBase, collectCancelledEvents, collectEvents, expectAccessible, find, findText, mount, resetPage, shadow, testApi, waitFor } from "./support";
import { headerTabs } from "../../widgets/header/index";

/*
 * The layout blocks against the seeded API: <ottisk-header>, <ottisk-side-menu>, <ottisk-footer>
 * and <ottisk-cookie-banner>. Each test starts as a fresh visitor; the one that signs in uses the
 * demo client with a session of its own.
 */

const api = testApi();
const desktop = () => window.matchMedia(`(min-width: ${BREAKPOINT_DESKTOP_PX}px)`).matches;

function texts(elements: Iterable<Element>): string[] {
  return Array.from(elements, (element) => element.textContent?.trim() ?? "");
}

function hrefs(elements: Iterable<HTMLAnchorElement>): string[] {
  return Array.from(elements, (element) => element.href);
}

/** The slug's address on the storefront, as the elements link it. */
function pageUrl(slug: string): string {
  return `${storefrontOrigin()}/${slug}`;
}

/** The side menu's dialog once its content is drawn (the page list loaded). */
async function openedMenu(element: HTMLElement): Promise<HTMLDialogElement> {
  const dialog = await find<HTMLDialogElement>(element, "dialog[part~=side-menu]");
  await waitFor(() => dialog.open && dialog.querySelector("[part~=page-link]"), "the side menu to open with its pages");
  return dialog;
}

function pressEscape(target: Element): void {
  // A real Escape closes a modal dialog by a "cancel" then "close"; requestClose does the same.
  const dialog = target.closest("dialog") ?? target;
  (dialog as HTMLDialogElement).requestClose();
}

afterEach(() => resetPage());

describe("headerTabs", () => {
  it("skips the first entry (the main page) and keeps at most nine", () => {
    const menu: MenuTab[] = Array.from({ length: 14 }, (_, index) => ({ slug: `page-${index}`, label: `Раздел ${index}` }));
    const tabs = headerTabs(menu);
    expect(tabs).to.have.length(MENU_TABS_MAX);
    expect(tabs[0]!.slug).to.equal("page-1");
    expect(tabs.at(-1)!.slug).to.equal("page-9");
    expect(headerTabs(menu.slice(0, 4)).map((tab) => tab.slug)).to.deep.equal(["page-1", "page-2", "page-3"]);
  });
});

describe("<ottisk-header>", () => {
  it("shows the logo, the phones as tel: links and the page tabs without the first entry", async () => {
    const [menu, contacts] = await Promise.all([api.getMenu(), api.getHeader()]);
    expect(menu.length).to.be.greaterThan(1);
    const element = mount("ottisk-header");

    const tabs = await waitFor(() => {
      const links = shadow(element).querySelectorAll<HTMLAnchorElement>("[part~=tab]");
      return links.length > 0 ? links : null;
    }, "the page tabs");
    const expected = menu.slice(1, 1 + MENU_TABS_MAX);
    expect(texts(tabs)).to.deep.equal(expected.map((tab) => tab.label));
    expect(hrefs(tabs)).to.deep.equal(expected.map((tab) => pageUrl(tab.slug)));
    expect(texts(tabs)).to.not.include(menu[0]!.label);

    const phones = await waitFor(() => {
      const links = shadow(element).querySelectorAll<HTMLAnchorElement>("[part~=phone]");
      return links.length === 2 ? links : null;
    }, "both phones");
    expect(texts(phones), "one phone format on every screen").to.deep.equal([displayPhone(contacts.numberPhone), displayPhone(contacts.numberPhoneOption)]);
    expect(phones[0]!.getAttribute("href")).to.equal(`tel:+${contacts.numberPhone.replace(/\D/g, "")}`);
    expect(phones[1]!.getAttribute("href")).to.equal(`tel:+${contacts.numberPhoneOption.replace(/\D/g, "")}`);

    const logo = await find<HTMLAnchorElement>(element, "a[part~=logo]");
    expect(logo.textContent).to.equal("Оттиск");
    expect(logo.href).to.equal(`${storefrontOrigin()}/`);
    const favourites = await find<HTMLAnchorElement>(element, "a[part~=favourites-link]");
    expect(favourites.href).to.equal(`${storefrontOrigin()}/izbrannoe`);
    const cart = await find<HTMLAnchorElement>(element, "a[part~=link]");
    expect(cart.href).to.equal(`${storefrontOrigin()}/cart`);
    await find(element, "[part~=city-button]");
    await find(element, "form[role=search]");
    await find(element, "[part~=login-button]");
    await expectAccessible(element);
  });

  it("lays itself out for the window's width: tabs, search and account on desktop, the menu button below", async () => {
    const element = mount("ottisk-header");
    const nav = await find(element, "nav[part~=tabs]");
    const menuButton = await find(element, "[part~=menu-button]");
    const search = await find(element, ".ottisk-header__search");
    const secondPhone = await find(element, ".ottisk-header__phone--option");
    const shown = (node: Element) => getComputedStyle(node).display !== "none";
    expect(shown(nav), "tabs").to.equal(desktop());
    expect(shown(search), "search").to.equal(desktop());
    expect(shown(secondPhone), "second phone").to.equal(desktop());
    expect(shown(menuButton.parentElement!), "menu button").to.equal(!desktop());
    const bar = await find(element, "[part~=bar]");
    expect(bar.scrollWidth, "nothing sticks out of the bar").to.be.at.most(bar.clientWidth + 1);
  });

  it("opens its side menu from the menu button, over an overlay, and gives focus back when it closes", async () => {
    const element = mount("ottisk-header");
    const button = await find<HTMLButtonElement>(element, "[part~=menu-button]");
    expect(button.getAttribute("aria-expanded")).to.equal("false");
    button.focus();
    button.click();
    const dialog = await openedMenu(element);
    expect(dialog.matches(":modal")).to.equal(true);
    expect(button.getAttribute("aria-expanded")).to.equal("true");

    pressEscape(dialog);
    await waitFor(() => !dialog.open, "the side menu to close");
    await waitFor(() => shadow(element).activeElement === button, "focus back on the menu button");
    await waitFor(() => button.getAttribute("aria-expanded") === "false", "the button to say the menu is closed");
  });

  it("announces its links with a cancelable ottisk-navigate", async () => {
    const element = mount("ottisk-header");
    const tab = await find<HTMLAnchorElement>(element, "[part~=tab]");
    const events = await collectCancelledEvents<{ href: string }>("ottisk-navigate", async () => tab.click());
    expect(events).to.have.length(1);
    expect(events[0]!.detail.href).to.equal(tab.href);
    expect(events[0]!.defaultPrevented).to.equal(true);
    expect(window.location.href).to.not.equal(tab.href);
  });
});

describe("<ottisk-side-menu>", () => {
  it("opens from its button and closes with the overlay; the open attribute follows and controls it", async () => {
    // The side menu's own links (the content block side-menu; the demo's are the header's pages).
    const menu = await api.getSideMenu();
    const element = mount("ottisk-side-menu");
    const button = await find<HTMLButtonElement>(element, "[part~=menu-button]");
    expect(button.textContent).to.contain("Меню");
    button.focus();
    button.click();
    const dialog = await openedMenu(element);
    await waitFor(() => element.hasAttribute("open"), "the open attribute");
    expect(dialog.matches(":modal"), "a modal dialog keeps focus inside").to.equal(true);
    const overlay = getComputedStyle(dialog, "::backdrop").backgroundColor;
    expect(overlay, "the dimming overlay").to.not.equal("rgba(0, 0, 0, 0)");

    const pages = await waitFor(() => {
      const links = dialog.querySelectorAll<HTMLAnchorElement>("[part~=page-link]");
      return links.length === menu.length + 1 ? links : null;
    }, "every page and favourites");
    expect(texts(pages)).to.deep.equal([...menu.map((item) => item.label), "Избранное"]);
    expect(hrefs(pages)).to.deep.equal([...menu.map((item) => (item.href.startsWith("/") ? pageUrl(item.href.slice(1)) : item.href)), `${storefrontOrigin()}/izbrannoe`]);
    const search = dialog.querySelector<HTMLInputElement>("input[type=search]");
    expect(search?.placeholder).to.equal("Поиск по сайту");
    const login = await waitFor(() => dialog.querySelector<HTMLAnchorElement>("[part~=login-link]"), "'Войти в систему'");
    expect(login.textContent).to.equal("Войти в систему");
    expect(login.href).to.equal(`${storefrontOrigin()}/admin`);
    await expectAccessible(element);

    // A click on the overlay lands on the dialog itself.
    dialog.dispatchEvent(new MouseEvent("click", { bubbles: true, composed: true }));
    await waitFor(() => !dialog.open, "the side menu to close");
    await waitFor(() => !element.hasAttribute("open"), "the open attribute to go");
    await waitFor(() => shadow(element).activeElement === button, "focus back on the button");

    element.setAttribute("open", "");
    await openedMenu(element);
    element.removeAttribute("open");
    await waitFor(() => !dialog.open, "the attribute to close the menu");
  });

  it("links the admin panel of admin-url and closes after a followed page link", async () => {
    const element = mount("ottisk-side-menu", { "admin-url": "https://lk.example.ru/admin/", open: "" });
    const dialog = await openedMenu(element);
    const login = await waitFor(() => dialog.querySelector<HTMLAnchorElement>("[part~=login-link]"), "'Войти в систему'");
    expect(login.href).to.equal("https://lk.example.ru/admin");

    const link = dialog.querySelector<HTMLAnchorElement>("[part~=page-link]")!;
    const events = await collectCancelledEvents<{ href: string }>("ottisk-navigate", async () => {
      link.click();
      await waitFor(() => !dialog.open, "the menu to close after the link");
    });
    expect(events.map((event) => event.detail.href)).to.deep.equal([link.href]);
  });

  it("shows a signed-in client's account, 'Ваши аккаунты', the client's links and 'Выйти' with its confirmation", async () => {
    const token: { value: string | null } = { value: null };
    const client = testApi(token);
    const grant = await client.login({ email: "client@example.com", password: "client12345" });
    writeText(STORAGE_KEYS.session(apiBase), token.value);
    const element = mount("ottisk-side-menu", { open: "" });
    const dialog = await openedMenu(element);

    await findText(element, `${grant.profile.name} ${grant.profile.surname}`);
    const toggle = await waitFor(() => dialog.querySelector<HTMLButtonElement>("[part~=accounts-button]"), "the account button");
    expect(toggle.getAttribute("aria-expanded")).to.equal("false");
    toggle.click();
    await waitFor(() => toggle.getAttribute("aria-expanded") === "true", "'Ваши аккаунты' to open");
    const options = dialog.querySelectorAll("[part~=account-option]");
    expect(texts(options)).to.deep.equal(["Личный профиль", ...grant.profile.companies.map((company) => company.name)]);
    expect(dialog.querySelector("[part~=account-list]")?.textContent).to.contain("Ваши аккаунты");

    const admin = `${storefrontOrigin()}/admin`;
    const links = dialog.querySelectorAll<HTMLAnchorElement>("[part~=account-link]");
    const profileLink =
      grant.profile.selectedCompanyId === null
        ? { href: `${admin}/client/profile/info`, label: "Данные профиля" }
        : { href: `${admin}/client/profile/company/info`, label: "Данные компании" };
    expect(hrefs(links)).to.deep.equal([`${admin}/client/orders`, `${admin}/client/designs`, `${admin}/client/documents`, `${admin}/client/notification`, profileLink.href]);
    expect(texts(links).at(-1)).to.equal(profileLink.label);
    await expectAccessible(element);

    dialog.querySelector<HTMLButtonElement>("[part~=logout-button]")!.click();
    const confirmation = await waitFor(() => {
      const nested = dialog.querySelector<HTMLDialogElement>("dialog.ottisk-logout-dialog");
      return nested?.open ? nested : null;
    }, "the logout confirmation");
    expect(confirmation.querySelector("h2")?.textContent).to.equal("Выйти из аккаунта");
    expect(texts(confirmation.querySelectorAll(".ottisk-logout__actions button"))).to.deep.equal(["Выйти", "Отменить"]);
    const events = await collectEvents("ottisk-logout", async () => {
      confirmation.querySelector<HTMLButtonElement>("[part~=logout-confirm]")!.click();
      await waitFor(() => !confirmation.open, "the confirmation to close once signed out");
    });
    expect(events).to.have.length(1);
    await waitFor(() => dialog.querySelector("[part~=login-link]"), "'Войти в систему' after the logout");
  });
});

describe("<ottisk-footer>", () => {
  it("shows the company's lines, the VAT percent, the documents without extension, the addresses and the social links", async () => {
    const [footer, nds] = await Promise.all([api.getFooter(), api.getNds()]);
    const element = mount("ottisk-footer");

    const info = await find(element, "[part~=company-info]");
    expect(info.textContent).to.equal(footer.infoCompany);
    expect(footer.infoCompany).to.contain("\n");
    expect(getComputedStyle(info).whiteSpace, "line breaks are kept").to.equal("pre-line");

    const vat = await find(element, "[part~=vat-note]");
    expect(vat.textContent).to.equal(`Все цены указаны с учётом НДС ${nds.percent} %`);

    const files = await waitFor(() => {
      const links = shadow(element).querySelectorAll<HTMLAnchorElement>("[part~=files] a");
      return links.length > 0 ? links : null;
    }, "the documents");
    expect(texts(files)).to.deep.equal(footer.files.map((file) => fileNameWithoutExtension(file.name)));
    expect(texts(files)).to.include("Политика конфиденциальности");
    for (const name of texts(files)) expect(name).to.not.match(/\.pdf$/i);
    expect(hrefs(files)).to.deep.equal(footer.files.map((file) => file.url));

    const addresses = shadow(element).querySelectorAll("[part~=addresses] li");
    expect(addresses).to.have.length(footer.addreses.length);
    footer.addreses.forEach((place, index) => {
      expect(addresses[index]!.textContent).to.contain(place.address);
      expect(addresses[index]!.textContent).to.contain(place.operatingMode);
    });

    const social = shadow(element).querySelectorAll<HTMLAnchorElement>("[part~=social] a");
    expect(hrefs(social)).to.deep.equal(footer.social.map((link) => new URL(link.url).href));
    for (const link of social) {
      expect(link.getAttribute("aria-label")).to.match(/^Оттиск в (Telegram|WhatsApp|ВКонтакте)$/);
      expect(link.querySelector("svg")).to.not.equal(null);
    }
    // The rating badge links to the reviews, and shows on desktop only (spec §2).
    const rating = shadow(element).querySelector<HTMLAnchorElement>("[part~=rating]");
    if (footer.rating) {
      expect(rating, "the rating badge").to.not.equal(null);
      expect(rating!.href).to.equal(new URL(footer.rating.url).href);
      expect(rating!.textContent).to.contain(footer.rating.source);
      expect(getComputedStyle(rating!).display !== "none", "badge shown").to.equal(desktop());
    } else {
      expect(rating, "no rating data, no badge").to.equal(null);
    }
    await expectAccessible(element);
  });

  it("shows a logo picture from logo-src", async () => {
    const logo = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='120' height='40'/%3E";
    const element = mount("ottisk-footer", { "logo-src": logo });
    const image = await find<HTMLImageElement>(element, "[part~=logo] img");
    expect(image.getAttribute("src")).to.equal(logo);
    expect(image.alt).to.contain("Оттиск");
  });
});

describe("<ottisk-cookie-banner>", () => {
  it("shows until accepted, stores 'accept-cookies' = 'true', fires ottisk-cookie-accept and stays hidden", async () => {
    const main = await api.getPage("");
    const documents = main.components.flatMap((component) => (component.key === "Widget" ? [component.content] : []));
    const element = mount("ottisk-cookie-banner");
    const banner = await find(element, "[part~=banner]");
    expect(shadow(element).querySelector("[data-state]")?.getAttribute("data-state")).to.equal("shown");
    const links = await waitFor(() => {
      const found = banner.querySelectorAll<HTMLAnchorElement>("a");
      return found.length === 2 ? found : null;
    }, "the policy links");
    const privacy = documents.find((document) => document.widget === "PrivacyPolicy")!;
    const cookies = documents.find((document) => document.widget === "Cookies")!;
    expect(hrefs(links)).to.deep.equal([privacy.file.url, cookies.file.url]);
    await expectAccessible(element);

    const events = await collectEvents("ottisk-cookie-accept", async () => {
      (await find<HTMLButtonElement>(element, "[part~=accept-button]")).click();
      await waitFor(() => !shadow(element).querySelector("[part~=banner]"), "the banner to hide");
    });
    expect(events).to.have.length(1);
    expect(readText(STORAGE_KEYS.acceptCookies)).to.equal("true");

    element.remove();
    const again = mount("ottisk-cookie-banner");
    await find(again, "[data-state=accepted]");
    expect(shadow(again).querySelector("[part~=banner]")).to.equal(null);
  });

  it("closing also accepts, and policy-url replaces the privacy policy's link", async () => {
    const element = mount("ottisk-cookie-banner", { "policy-url": "https://partner.example/privacy" });
    const banner = await find(element, "[part~=banner]");
    const first = await waitFor(() => banner.querySelector<HTMLAnchorElement>("a"), "the policy link");
    expect(first.href).to.equal("https://partner.example/privacy");
    (await find<HTMLButtonElement>(element, "[part~=close-button]")).click();
    await find(element, "[data-state=accepted]");
    expect(readText(STORAGE_KEYS.acceptCookies)).to.equal("true");
  });
});
