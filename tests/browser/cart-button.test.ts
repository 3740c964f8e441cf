/// <reference types="mocha" />
import { expect } from "chai";
import type { Api } from "../../shared/http/index";
import { addToCartAtom, getPageStore, STORAGE_KEYS, writeText } from "../../shared/state/index";
import "../../widgets/index";
import { apiBase, businessCardId, collectCancelledEvents, collectEvents, expectAccessible, find, mount, resetPage, shadow, testApi, waitFor } from "./support";

/** A fresh visitor with `lines` business-card lines in the cart, signed in on this page through its stored token. */
async function visitorWithLines(lines: number): Promise<{ api: Api; productId: number }> {
  const token: { value: string | null } = { value: null };
  const api = testApi(token);
  const productId = await businessCardId(api);
  for (let index = 0; index < lines; index += 1) await api.addCartProduct({ productId, quantity: 100 + index * 100 });
  if (!token.value) throw new Error("The API opened no visitor session");
  writeText(STORAGE_KEYS.session(apiBase), token.value);
  return { api, productId };
}

afterEach(() => resetPage());

describe("<ottisk-cart-button>", () => {
  it("shows the visitor's line count on the badge and in the link's name, and follows the page's cart", async () => {
    const { productId } = await visitorWithLines(2);
    const element = mount("ottisk-cart-button");
    const badge = await find(element, "[part~=badge]");
    await waitFor(() => badge.textContent === "2", "the badge to show 2");
    const link = await find<HTMLAnchorElement>(element, "a[part~=link]");
    expect(link.textContent, "the link's name").to.equal("Корзина, 2 товара");

    const events = await collectEvents<{ itemCount: number; total: number; readyToOrder: boolean }>("ottisk-cart-change", async () => {
      await getPageStore(apiBase).set(addToCartAtom, { productId, quantity: 500 });
      await waitFor(() => shadow(element).querySelector("[part~=badge]")?.textContent === "3", "the badge to show 3");
    });
    expect(link.textContent).to.equal("Корзина, 3 товара");
    expect(events.length).to.be.greaterThan(0);
    const last = events.at(-1)!;
    expect(last.detail.itemCount).to.equal(3);
    expect(last.detail.total).to.be.greaterThan(0);
    expect(last.detail.readyToOrder).to.equal(false);
    expect(last.composed && last.bubbles).to.equal(true);
    await expectAccessible(element);
  });

  it("shows no badge for an empty cart, links to cart-url and lets the page route the click", async () => {
    const element = mount("ottisk-cart-button", { "cart-url": "https://partner.example/korzina" });
    const link = await find<HTMLAnchorElement>(element, "a[part~=link]");
    await waitFor(() => link.getAttribute("aria-busy") === "false", "the cart to load");
    expect(link.textContent).to.equal("Корзина, 0 товаров");
    expect(shadow(element).querySelector("[part~=badge]")).to.equal(null);
    expect(link.href).to.equal("https://partner.example/korzina");

    const heard = await collectCancelledEvents<{ href: string }>("ottisk-navigate", async () => link.click());
    expect(heard).to.have.length(1);
    expect(heard[0]!.detail.href).to.equal("https://partner.example/korzina");
    await expectAccessible(element);
  });

  it("links to the storefront's cart by default", async () => {
    const element = mount("ottisk-cart-button");
    const link = await find<HTMLAnchorElement>(element, "a[part~=link]");
    expect(new URL(link.href).pathname).to.equal("/cart");
  });
});
