/// <reference types="mocha" />
import { expect } from "chai";
import { createElement, Fragment } from "react";
import type { Api } from "../../shared/http/index";
import { accountResource, createPageStore } from "../../shared/state/index";
import baseCss from "../../shared/ui/base.css?inline";
import siteCss from "../../host-site/site.css?inline";
import { LayoutDesignsPage } from "../../widgets/account-area/index";
import { renderOnPage, siteMain, unmountFromPage } from "./react-page";
import { businessCardId, expectAccessible, testApi, typeInto, waitFor } from "./support";

/*
 * «Мои макеты» (widgets/account-area/LayoutDesignsPage.tsx, issue 32): a new client's layout
 * designs, saved through the real API from a real template, listed newest first with product,
 * size and date, opened, renamed and deleted on the page; the empty list leads to the catalogue.
 * Drawn with React against the test API (bearer token), with the host site's styles, axe clean.
 */

async function newClient(): Promise<Api> {
  const token = { value: null as string | null };
  const api = testApi(token);
  const email = `designs-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await api.register({ kind: "personal", email, password: "secret12345", name: "Анна", phone: "+7 918 000-00-02", consent: true });
  return api;
}

async function render(api: Api): Promise<HTMLElement> {
  const store = createPageStore(api);
  store.set(accountResource.valueAtom, { status: "ready", data: await api.getProfile() });
  const style = document.createElement("style");
  style.textContent = [baseCss, siteCss].join("\n");
  document.head.append(style);
  return renderOnPage(createElement(Fragment, null, createElement("h1", null, "Мои макеты"), createElement(LayoutDesignsPage)), { store, container: siteMain() });
}

function findText(container: Element, text: string): Promise<string> {
  return waitFor(() => ((container.textContent ?? "").includes(text) ? container.textContent : null), `«${text}»`);
}

function byText<E extends Element>(container: Element, selector: string, text: string): E | null {
  return Array.from(container.querySelectorAll<E>(selector)).find((element) => (element.textContent ?? "").includes(text)) ?? null;
}

async function click(container: Element, text: string, selector = "button"): Promise<void> {
  const button = await waitFor(() => byText<HTMLElement>(container, selector, text), `«${text}»`);
  button.click();
}

afterEach(() => {
  unmountFromPage();
  document.body.replaceChildren();
  document.head.querySelectorAll("style").forEach((style) => style.remove());
});

describe("account area: «Мои макеты»", () => {
  it("lists the account's designs newest first, opens, renames and deletes them; the empty list leads to the catalogue", async () => {
    const api = await newClient();

    let page = await render(api);
    await findText(page, "Макетов пока нет.");
    expect(byText<HTMLAnchorElement>(page, "a", "Перейти в каталог")?.getAttribute("href")).to.equal("/catalog");
    await expectAccessible(page);
    unmountFromPage();
    page.remove();

    const productId = await businessCardId(api);
    const product = await api.getProduct(productId);
    const [trimWidth, trimHeight] = product.details[0]?.profile.trimMm ?? [0, 0];
    const { templates } = await api.getLayoutDesignTemplates({ kind: "business-card", trimMm: [trimWidth, trimHeight] });
    const template = templates[0];
    if (!template) throw new Error(`No business card templates of ${trimWidth}×${trimHeight}`);
    const older = await api.createLayoutDesign({ name: "Визитка Анны", productId, document: template.document });
    const newer = await api.createLayoutDesign({ name: "Визитка для выставки", productId, document: template.document });

    page = await render(api);
    await findText(page, "Визитка для выставки");
    const items = Array.from(page.querySelectorAll("li"));
    expect(items.map((item) => item.querySelector("strong")?.textContent)).to.deep.equal(["Визитка для выставки", "Визитка Анны"]);
    expect(items[0]?.textContent).to.include(product.productName).and.include(`${trimWidth} × ${trimHeight} мм`).and.include("Изменён ");
    const open = byText<HTMLAnchorElement>(items[0] ?? page, "a", "Открыть");
    expect(open?.getAttribute("href")).to.equal(`/konstruktor/${productId}?design=${newer.id}`);
    await expectAccessible(page);

    // Renamed in place: the server keeps the new name and the design moves to the top.
    await click(page, "Переименовать «Визитка Анны»");
    const nameField = await waitFor(() => {
      const label = byText<HTMLLabelElement>(page, "label", "Новое название");
      return label ? (document.getElementById(label.htmlFor) as HTMLInputElement | null) : null;
    }, "the name field");
    expect(nameField.value).to.equal("Визитка Анны");
    typeInto(nameField, "");
    await click(page, "Сохранить");
    await findText(page, "Введите название макета");
    await expectAccessible(page);
    typeInto(nameField, "Визитка Анны Ёлкиной");
    await click(page, "Сохранить");
    await waitFor(() => page.querySelector("li strong")?.textContent === "Визитка Анны Ёлкиной", "the renamed design on top");
    const saved = await api.getLayoutDesign(older.id);
    expect(saved.name).to.equal("Визитка Анны Ёлкиной");
    expect(saved.document).to.deep.equal(template.document);

    // Deleted after «Да, удалить».
    await click(page, "Удалить макет «Визитка для выставки»");
    await findText(page, "Удалить макет «Визитка для выставки»?");
    await expectAccessible(page);
    await click(page, "Да, удалить");
    await waitFor(() => page.querySelectorAll("li").length === 1, "one design left");
    expect((await api.getLayoutDesigns()).designs.map((design) => design.name)).to.deep.equal(["Визитка Анны Ёлкиной"]);
  });
});
