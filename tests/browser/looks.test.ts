/// <reference types="mocha" />
import { expect } from "chai";
import type { Api } from "../../shared/http/index";
import { STORAGE_KEYS, writeText } from "../../shared/state/index";
import "../../widgets/index";
import { apiBase, businessCardId, find, mount, resetPage, shadow, testApi, typeInto, waitFor } from "./support";
import { setViewport } from "./real-input";

/*
 * Issue 16, item 7 — what the elements look like, measured: the account's name is never cut, the
 * sign-in alert keeps off the header's controls, a missing layout is said once per cart line, the
 * company select stays in the cart's flow, the catalogue filter's select shows its whole text, the
 * header in a narrow container overlaps nothing, and one lamination unchecks the other.
 */

const CLIENT = { email: "client@example.com", password: "client12345" };
const WIDTHS = [375, 800, 1280] as const;

type Box = Pick<DOMRect, "left" | "right" | "top" | "bottom" | "width" | "height">;

function intersects(a: Box, b: Box): boolean {
  return a.width > 0 && a.height > 0 && b.width > 0 && b.height > 0 && a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
}

/** The text is drawn whole: not ellipsised, not clipped by its box. */
function expectWhole(node: HTMLElement, what: string): void {
  expect(node.scrollWidth, `${what}: «${node.textContent}» is not cut`).to.be.at.most(node.clientWidth + 1);
  expect(getComputedStyle(node).textOverflow === "ellipsis" && getComputedStyle(node).whiteSpace === "nowrap", `${what}: not ellipsised`).to.equal(false);
}

/** Signs the demo client in on the page (the elements find the stored session). */
async function signedIn(): Promise<Api> {
  const token: { value: string | null } = { value: null };
  const api = testApi(token);
  await api.login(CLIENT);
  if (!token.value) throw new Error("The API opened no session");
  writeText(STORAGE_KEYS.session(apiBase), token.value);
  return api;
}

afterEach(async () => {
  resetPage();
  document.body.style.margin = "";
  await setViewport({ width: 800, height: 600 });
});

describe("the account's name", () => {
  for (const width of WIDTHS) {
    it(`is shown whole in <ottisk-account> at ${width} px, with the full name in its title`, async () => {
      await setViewport({ width, height: 800 });
      await signedIn();
      const element = mount("ottisk-account");
      const name = await find(element, ".ottisk-account__name");
      const selected = await find(element, ".ottisk-account__selected");
      expect(name.textContent).to.equal("Иван Иванов");
      expectWhole(name, "name");
      expectWhole(selected, "account");
      const toggle = await find(element, "[part~=account-button]");
      expect(toggle.title).to.contain("Иван Иванов");
      expect(toggle.title).to.contain(selected.textContent ?? "—");
    });
  }

  it("is shown whole in the desktop header at 1280 px", async () => {
    await setViewport({ width: 1280, height: 800 });
    document.body.style.margin = "0";
    await signedIn();
    const element = mount("ottisk-header");
    const name = await find(element, ".ottisk-account__name");
    await waitFor(() => name.getBoundingClientRect().width > 0, "the account in the header");
    expectWhole(name, "name");
    expectWhole(await find(element, ".ottisk-account__selected"), "account");
    const bar = await find(element, "[part~=bar]");
    expect(bar.scrollWidth, "nothing sticks out of the bar").to.be.at.most(bar.clientWidth + 1);
  });
});

describe("the sign-in alert", () => {
  it("covers neither the header's cart nor its account area", async () => {
    await setViewport({ width: 1280, height: 800 });
    document.body.style.margin = "0";
    const element = mount("ottisk-header");
    const button = await find<HTMLButtonElement>(element, "[part~=login-button]");
    button.click();
    const form = await find<HTMLFormElement>(element, "dialog[open] form");
    typeInto(form.querySelector<HTMLInputElement>("input[name=email]")!, CLIENT.email);
    typeInto(form.querySelector<HTMLInputElement>("input[name=password]")!, CLIENT.password);
    form.querySelector<HTMLButtonElement>("button[type=submit]")!.click();
    const alert = await find(element, ".ottisk-alert--positive");
    const account = await find(element, "[part~=account-button]");
    const cart = await find(element, ".ottisk-header__cart");
    const alertBox = alert.getBoundingClientRect();
    expect(intersects(alertBox, cart.getBoundingClientRect()), "alert over the cart").to.equal(false);
    expect(intersects(alertBox, account.getBoundingClientRect()), "alert over the account").to.equal(false);
    expect(intersects(alertBox, (await find(element, "[part~=bar]")).getBoundingClientRect()), "alert over the header's bar").to.equal(false);
    expect(alertBox.bottom, "inside the viewport").to.be.at.most(window.innerHeight);
  });
});

describe("<ottisk-cart>: a missing layout", () => {
  it("is said once on its line", async () => {
    const token: { value: string | null } = { value: null };
    const api = testApi(token);
    const cart = await api.addCartProduct({ productId: await businessCardId(api), quantity: 100 });
    writeText(STORAGE_KEYS.session(apiBase), token.value);
    const line = cart.orderProduct[0]!;
    const detail = line.layouts[0]!.detailName;
    const element = mount("ottisk-cart");
    const item = await waitFor(() => shadow(element).querySelector("[part~=line] [data-status=missing]"), "the missing layout");
    const text = item.textContent ?? "";
    expect(text).to.contain(`Загрузите макет «${detail}» для «${line.product.name}»`);
    expect(text.split(detail).length - 1, `«${detail}» once: ${text}`).to.equal(1);
    expect(text).not.to.contain("макет не загружен");
  });
});

describe("<ottisk-cart>: «Заказываю от имени»", () => {
  it("sits in the cart's flow under its title, left-aligned, not over the summary", async () => {
    await setViewport({ width: 1280, height: 800 });
    const api = await signedIn();
    const added = await api.addCartProduct({ productId: await businessCardId(api), quantity: 100 });
    const lineId = added.orderProduct.at(-1)!.id;
    try {
      const element = mount("ottisk-cart");
      const company = await find(element, "[part~=company]");
      const title = await find(element, ".ottisk-cart__title");
      const summary = await find(element, ".ottisk-cart__summary");
      await waitFor(() => summary.getBoundingClientRect().height > 0, "the summary");
      const box = company.getBoundingClientRect();
      expect(box.top, "below the title").to.be.at.least(title.getBoundingClientRect().bottom - 0.5);
      expect(Math.abs(box.left - title.getBoundingClientRect().left), "lined up with the title").to.be.below(1);
      const label = company.querySelector("label")!.getBoundingClientRect();
      const select = company.querySelector("select")!.getBoundingClientRect();
      expect(select.right, "not reaching over the summary's column").to.be.at.most(summary.getBoundingClientRect().left);
      expect(select.top, "the select under its label").to.be.at.least(label.bottom - 0.5);
    } finally {
      await api.removeCartProduct(lineId);
    }
  });
});

describe("<ottisk-catalog>: the filter's select", () => {
  for (const width of WIDTHS) {
    it(`shows its longest choice whole at ${width} px`, async () => {
      await setViewport({ width, height: 800 });
      const element = mount("ottisk-catalog");
      const panel = await find<HTMLDetailsElement>(element, "details.ottisk-catalog__filters");
      panel.open = true;
      const select = await find<HTMLSelectElement>(element, "form select[name=productionTimeDay]");
      await waitFor(() => select.options.length > 2, "the production times");
      // The select's own width with no width set is what it needs for its longest choice.
      const natural = select.cloneNode(true) as HTMLSelectElement;
      natural.style.width = "auto";
      natural.style.minWidth = "0";
      natural.style.maxWidth = "none";
      natural.style.position = "absolute";
      select.parentElement!.append(natural);
      const needed = natural.getBoundingClientRect().width;
      natural.remove();
      expect(select.getBoundingClientRect().width, "room for «не дольше … рабочих дней»").to.be.at.least(needed - 0.5);
      expect(select.scrollWidth).to.be.at.most(select.clientWidth);
    });
  }
});

describe("<ottisk-header> in a container narrower than the window", () => {
  for (const width of [856, 1180, 560]) it(`overlaps nothing in ${width} px on a desktop window`, async () => {
    await setViewport({ width: 1440, height: 800 });
    const box = document.createElement("div");
    box.style.width = `${width}px`;
    document.body.append(box);
    await signedIn();
    const element = mount("ottisk-header", {}, box);
    await find(element, "[part~=phone]");
    await find(element, "[part~=account-button], [part~=login-button]");
    const bar = await find(element, "[part~=bar]");
    // What a shopper sees and clicks: none may lie over another, nor be squeezed to nothing.
    const selectors = ["[part~=logo]", "[part~=city-button]", "[part~=phone]", "form[role=search]", "[part~=favourites-link]", ".ottisk-header__cart", "[part~=account-button]", "[part~=menu-button]"];
    const controls = selectors.flatMap((selector) => Array.from(shadow(element).querySelectorAll<HTMLElement>(`[part~=bar] ${selector}`)));
    const shown = controls.filter((control) => control.checkVisibility());
    expect(shown.length, "the logo, city, phone, cart and menu at least").to.be.at.least(5);
    for (const [index, a] of shown.entries()) {
      const box = a.getBoundingClientRect();
      expect(box.width, `${a.className} has room`).to.be.at.least(a.scrollWidth - 1);
      for (const b of shown.slice(index + 1)) {
        if (a.contains(b) || b.contains(a)) continue;
        expect(intersects(box, b.getBoundingClientRect()), `${a.className} «${a.textContent}» over ${b.className} «${b.textContent}»`).to.equal(false);
      }
    }
    expect(bar.scrollWidth, "nothing sticks out of the bar").to.be.at.most(bar.clientWidth + 1);
    expect(element.getBoundingClientRect().width).to.equal(width);
  });
});

describe("<ottisk-product>: lamination", () => {
  it("unchecks matte when gloss is checked, and the price is of one lamination", async () => {
    const api = testApi();
    const card = (await api.getProducts({ sort: "NameAsc", limit: 100 })).items.find((item) => item.productName === "Визитки стандартные 90×50");
    if (!card) throw new Error("The demo data has no «Визитки стандартные 90×50»");
    const product = await api.getProduct(card.id);
    const finishing = product.options.find((group) => group.group === "finishing");
    const codes = finishing?.choices.map((choice) => choice.code) ?? [];
    if (!codes.includes("lamination-matte") || !codes.includes("lamination-gloss")) throw new Error(`The first business card has no matte and gloss lamination: ${codes.join(", ")}`);
    const element = mount("ottisk-product", { "product-id": String(product.id) });
    const matte = await find<HTMLInputElement>(element, "input[value=lamination-matte]");
    const gloss = await find<HTMLInputElement>(element, "input[value=lamination-gloss]");
    const corners = shadow(element).querySelector<HTMLInputElement>("input[value=round-corners]");
    matte.click();
    await waitFor(() => matte.checked, "matte checked");
    corners?.click();
    gloss.click();
    await waitFor(() => gloss.checked, "gloss checked");
    expect(matte.checked, "matte unchecked by gloss").to.equal(false);
    if (corners) expect(corners.checked, "round corners combine with lamination").to.equal(true);
    matte.click();
    await waitFor(() => matte.checked, "matte checked again");
    expect(gloss.checked, "gloss unchecked by matte").to.equal(false);
    await waitFor(() => !shadow(element).querySelector(".ottisk-product__price-error"), "a price, not an error");
  });
});
