/// <reference types="mocha" />
import { expect } from "chai";
// The partners' script, not widgets/index: no element is defined until its tag shows up on the page.
import "../../widgets/loader";
import { apiBase, expectAccessible, find, mount, resetPage, testApi, waitFor } from "./support";

/*
 * The lazy loader (widgets/loader.ts, built as ottisk.js) in a page of its own: it loads an
 * element's module only when the element's tag appears, also deep inside markup inserted later.
 */

function defined(tag: string): Promise<CustomElementConstructor> {
  return waitFor(() => customElements.get(tag), `<${tag}> to be defined by the loader`);
}

before(() => {
  // Every element module the loader fetches from here on is listed (the default buffer keeps 250 entries).
  performance.clearResourceTimings();
  performance.setResourceTimingBufferSize(10_000);
});

afterEach(() => resetPage());

describe("the lazy loader (ottisk.js)", () => {
  it("defines a tag appended to the page later, and the element renders", async () => {
    expect(customElements.get("ottisk-cart-button"), "nothing is loaded before the tag appears").to.equal(undefined);
    const element = mount("ottisk-cart-button");
    await defined("ottisk-cart-button");
    const link = await find<HTMLAnchorElement>(element, "a[part~=link]");
    expect(link.textContent).to.contain("Корзина");
    await expectAccessible(element);
  });

  it("finds tags inside a subtree inserted later", async () => {
    expect(customElements.get("ottisk-contacts")).to.equal(undefined);
    const container = document.createElement("div");
    document.body.append(container);
    container.innerHTML = `<section><ottisk-contacts api-base="${apiBase}"></ottisk-contacts></section>`;
    await defined("ottisk-contacts");
    const element = container.querySelector("ottisk-contacts")!;
    const button = await find<HTMLButtonElement>(element, "[part~=button]");
    expect(button.textContent).to.contain("Контакты");
    button.click();
    const contacts = await testApi().getHeader();
    const phone = await find<HTMLAnchorElement>(element, "dialog[open] a[part~=phone]");
    expect(phone.textContent, "the contacts come from the API").to.equal(contacts.numberPhone);
    await expectAccessible(element);
  });

  it("does not load the modules of tags that are not on the page", async () => {
    mount("ottisk-cart-button");
    await defined("ottisk-cart-button");
    const fetched = performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname);
    for (const [tag, module] of [
      ["ottisk-catalog", "/widgets/catalog/catalog.element.ts"],
      ["ottisk-feedback-form", "/widgets/feedback-form/feedback-form.element.ts"],
      ["ottisk-account", "/widgets/account/account.element.ts"],
    ] as const) {
      expect(customElements.get(tag), `<${tag}> was never on the page`).to.equal(undefined);
      expect(fetched, `the module of <${tag}>`).to.not.include(module);
    }
    expect(fetched, "the module of the tag that was on the page").to.include("/widgets/cart-button/cart-button.element.ts");
  });
});
