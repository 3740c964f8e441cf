/// <reference types="mocha" />
import { expect } from "chai";
import { createElement } from "react";
import type { ReactElement } from "react";
import { Layout, popupHref, SitePopup } from "../../host-site/Layout";
import { popupSchema } from "../../shared/contracts/index";
import type { Popup } from "../../shared/contracts/index";
import { createPageStore, readText, STORAGE_KEYS } from "../../shared/state/index";
import { renderOnPage, unmountFromPage } from "./react-page";
import { expectAccessible, testApi, waitFor } from "./support";

/*
 * The host site's frame (host-site/Layout.tsx) in Chromium against the seeded API: the «Связаться»
 * strip that opens the contacts dialog, and the site popup, which opens only in the browser after
 * its delay, waits while the shopper types, and stays closed once this version was closed.
 */

const api = testApi();

function render(element: ReactElement): HTMLElement {
  return renderOnPage(element, { store: createPageStore(api) });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function activePopup(): Promise<Popup> {
  // The demo data's popup («Визитки со скидкой 15 %») is active: the schema fails otherwise.
  return popupSchema.parse(await api.getPopup());
}

afterEach(() => {
  unmountFromPage();
  document.body.replaceChildren();
  localStorage.clear();
});

describe("host site layout: «Связаться»", () => {
  it("draws a «Связаться» button above the footer that opens the contacts dialog with both phones", async () => {
    const contacts = await api.getHeader();
    const container = render(createElement(Layout, { popup: false, children: createElement("p", null, "Страница") }));
    const strip = await waitFor(() => container.querySelector<HTMLElement>(".site__contact"), "the contact strip");
    expect(strip.compareDocumentPosition(container.querySelector(".ottisk-footer")!) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    const button = Array.from(strip.querySelectorAll("button")).find((item) => item.textContent?.trim() === "Связаться");
    expect(button, "the «Связаться» button").to.not.equal(undefined);
    expect(button!.getAttribute("aria-haspopup")).to.equal("dialog");
    button!.click();
    const dialog = await waitFor(() => {
      const found = strip.querySelector<HTMLDialogElement>("dialog");
      return found?.open && found.querySelector(".ottisk-contacts__phone") ? found : null;
    }, "the contacts dialog with its phones");
    const phones = Array.from(dialog.querySelectorAll<HTMLAnchorElement>(".ottisk-contacts__phone"));
    expect(phones.map((link) => link.textContent)).to.deep.equal([contacts.numberPhone, contacts.numberPhoneOption]);
    expect(phones[0]!.getAttribute("href")).to.equal(`tel:+${contacts.numberPhone.replace(/\D/g, "")}`);
    await expectAccessible(strip);
  });
});

describe("host site layout: the site popup", () => {
  it("links its button to the site's own path, or to a full address as it is", () => {
    expect(popupHref("/catalog/vizitki")).to.equal("/catalog/vizitki");
    expect(popupHref("blog/cmyk-i-rgb")).to.equal("/blog/cmyk-i-rgb");
    expect(popupHref("https://example.com/a")).to.equal("https://example.com/a");
  });

  it("opens only after its delay, with the active popup; once closed, this version stays closed", async () => {
    const popup = await activePopup();
    const container = render(createElement(SitePopup, { delayMs: 400 }));
    await sleep(150);
    expect(container.querySelector("dialog"), "nothing before the delay").to.equal(null);
    const dialog = await waitFor(() => {
      const found = container.querySelector<HTMLDialogElement>("dialog.ottisk-popup");
      return found?.open ? found : null;
    }, "the popup to open");
    expect(dialog.querySelector("h2")?.textContent).to.equal(popup.title);
    const link = dialog.querySelector<HTMLAnchorElement>(".ottisk-popup__button")!;
    expect(link.textContent).to.equal(popup.textButton);
    expect(link.getAttribute("href")).to.equal(popupHref(popup.urlButton));
    await expectAccessible(dialog);

    dialog.querySelector<HTMLButtonElement>(".ottisk-dialog__close")!.click();
    await waitFor(() => !dialog.open && readText(STORAGE_KEYS.dismissedPopup) === popup.updatedAt, "the popup to close and note its version");

    unmountFromPage();
    document.body.replaceChildren();
    const again = render(createElement(SitePopup, { delayMs: 100 }));
    await waitFor(() => again.querySelector("[data-state=dismissed]"), "the popup to know it was closed");
    expect(again.querySelector("dialog"), "no dialog for a closed version").to.equal(null);
  });

  it("waits while the shopper types in a field, then opens", async () => {
    await activePopup();
    const input = document.createElement("input");
    input.setAttribute("aria-label", "Поиск");
    document.body.append(input);
    input.focus();
    const container = render(createElement(SitePopup, { delayMs: 150 }));
    await sleep(600);
    expect(container.querySelector("dialog"), "not while typing").to.equal(null);
    input.blur();
    await waitFor(() => container.querySelector<HTMLDialogElement>("dialog.ottisk-popup")?.open, "the popup to open after typing");
  });
});
