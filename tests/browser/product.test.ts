/// <reference types="mocha" />
import { expect } from "chai";
import type { Product } from "../../shared/contracts/index";
import { formatRoubles } from "../../shared/domain/money";
import "../../widgets/index";
import { clickStar, visitorApi } from "./favourite-star";
import { collectEvents, expectAccessible, find, findText, mount, resetPage, shadow, testApi, waitFor } from "./support";

const api = testApi();

afterEach(() => resetPage());

/** A business card: options in every group, several runs, urgency, a back side that needs 4+4. */
async function businessCard(): Promise<Product> {
  const categories = await api.getProductCategories();
  const vizitki = categories.find((category) => category.slug === "vizitki")!;
  const page = await api.getProducts({ categoryId: vizitki.id, sort: "NameAsc", limit: 24 });
  for (const card of page.items) {
    const product = await api.getProduct(card.id);
    if (product.priceTiers.length > 1 && product.urgency.available && product.options.length > 1) return product;
  }
  throw new Error("The demo data has no business card with runs, options and urgency");
}

function priceText(element: Element): string {
  return shadow(element).querySelector(".ottisk-product__total")?.textContent ?? "";
}

async function shownPrice(element: Element, price: number): Promise<void> {
  await waitFor(() => priceText(element) === formatRoubles(price), `the price ${formatRoubles(price)} (shown: ${priceText(element)})`);
}

describe("<ottisk-product>", () => {
  it("shows the product: name, photos, option groups, runs, layouts, time and VAT, and the server's price", async () => {
    const product = await businessCard();
    const element = mount("ottisk-product", { "product-id": String(product.id) });
    await findText(element, product.productName);
    const quote = await api.getProductPrice(product.id, {});
    await shownPrice(element, quote.price);

    const root = shadow(element);
    expect(root.querySelector("h2")?.textContent).to.equal(product.productName);
    const legends = Array.from(root.querySelectorAll(".ottisk-product__legend")).map((legend) => legend.textContent);
    expect(legends).to.deep.equal([...product.options.map((group) => group.label), "Тираж"]);
    expect(root.querySelectorAll('input[name="tier"]')).to.have.length(product.priceTiers.length);
    if (product.photos.length > 0) {
      expect(root.querySelector(".ottisk-product__photo img")?.getAttribute("src")).to.equal(product.photos[0]);
      expect(root.querySelector(".ottisk-product__photo img")?.getAttribute("alt")).to.contain(product.productName);
    } else {
      expect(root.querySelector(".ottisk-product__placeholder")).to.not.equal(null);
    }
    const layouts = Array.from(root.querySelectorAll(".ottisk-product__layouts li")).map((item) => item.textContent);
    expect(layouts).to.deep.equal(quote.layoutDetails);
    await findText(element, "Все цены включают НДС 22 %");
    await findText(element, "Изготовление:");
    expect(element.children.length, "nothing in the light DOM").to.equal(0);
  });

  it("asks the server again when the run, an option or urgency changes", async () => {
    const product = await businessCard();
    const element = mount("ottisk-product", { "product-id": String(product.id) });
    await shownPrice(element, (await api.getProductPrice(product.id, {})).price);

    const secondRun = product.priceTiers[1]!.minQuantity;
    (await find<HTMLInputElement>(element, `input[name="tier"][value="${secondRun}"]`)).click();
    await shownPrice(element, (await api.getProductPrice(product.id, { quantity: secondRun })).price);

    const colours = product.options.find((group) => group.group === "colors");
    const other = colours?.choices.find((choice) => !choice.isDefault);
    if (colours && other) {
      (await find<HTMLInputElement>(element, `input[name="option-colors"][value="${CSS.escape(other.code)}"]`)).click();
      const quote = await api.getProductPrice(product.id, { quantity: secondRun, colors: other.code });
      await shownPrice(element, quote.price);
      const layouts = Array.from(shadow(element).querySelectorAll(".ottisk-product__layouts li")).map((item) => item.textContent);
      expect(layouts).to.deep.equal(quote.layoutDetails);
    }

    (await find<HTMLInputElement>(element, 'input[name="isUrgent"]')).click();
    const urgent = await api.getProductPrice(product.id, { quantity: secondRun, ...(colours && other ? { colors: other.code } : {}), isUrgent: true });
    await shownPrice(element, urgent.price);
    await findText(element, `Изготовление: ${urgent.productionTimeDay}`);
  });

  it("refuses a run that is not a whole number, and adds nothing", async () => {
    const product = await businessCard();
    const element = mount("ottisk-product", { "product-id": String(product.id) });
    const quantity = await find<HTMLInputElement>(element, 'input[name="quantity"]');
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(quantity, "12,5");
    quantity.dispatchEvent(new Event("input", { bubbles: true }));
    await findText(element, "Тираж должен быть целым числом");
    expect(quantity.getAttribute("aria-invalid")).to.equal("true");
    expect(shadow(element).querySelector<HTMLButtonElement>(".ottisk-product__add")!.disabled).to.equal(true);
  });

  it("adds the line to the cart, fires ottisk-add-to-cart and links to the cart", async () => {
    const product = await businessCard();
    const element = mount("ottisk-product", { "product-id": String(product.id), "cart-url": "https://partner.example/korzina" });
    await shownPrice(element, (await api.getProductPrice(product.id, {})).price);
    const run = product.priceTiers[0]!.minQuantity;

    const events = await collectEvents<{ productId: number; orderProductId: number; quantity: number; itemCount: number }>("ottisk-add-to-cart", async () => {
      shadow(element).querySelector<HTMLButtonElement>(".ottisk-product__add")!.click();
      await findText(element, "Товар добавлен в корзину");
    });
    expect(events).to.have.length(1);
    const detail = events[0]!.detail;
    expect(detail).to.include({ productId: product.id, quantity: run, itemCount: 1 });
    const link = await find<HTMLAnchorElement>(element, ".ottisk-product__cart-link");
    expect(link.textContent).to.equal("Перейти в корзину");
    expect(link.href).to.equal("https://partner.example/korzina");

    const cart = await visitorApi().getCart();
    expect(cart.orderProduct.map((line) => [line.id, line.product.id, line.quantity])).to.deep.equal([[detail.orderProductId, product.id, run]]);
  });

  it("shows the Russian message and a way to the catalogue for an unknown product", async () => {
    const element = mount("ottisk-product", { "product-id": "999999", "catalog-url": "https://partner.example/catalog" });
    const alert = await find(element, '[role="alert"]');
    await waitFor(() => alert.textContent?.includes("Товар не найден"), "«Товар не найден»");
    const link = await find<HTMLAnchorElement>(element, '[role="alert"] a');
    expect(link.href).to.equal("https://partner.example/catalog");
    await expectAccessible(element);

    element.setAttribute("product-id", "0");
    await findText(element, "Товар указан неверно");
    expect(shadow(element).querySelector('[role="alert"]'), "a wrong id is an error").not.to.equal(null);
  });

  it("without product-id says what to set, as a neutral hint rather than an error", async () => {
    const element = mount("ottisk-product", {});
    const hint = await find(element, "[part='hint']");
    expect(hint.textContent).to.include("Укажите товар: атрибут product-id");
    expect(hint.getAttribute("role")).to.equal("status");
    expect(hint.classList.contains("ottisk-message--error"), "not painted as an error").to.equal(false);
    expect(shadow(element).querySelector('[role="alert"]'), "no alert").to.equal(null);
    await expectAccessible(element);
  });

  it("follows its product-id attribute", async () => {
    const product = await businessCard();
    const page = await api.getProducts({ sort: "NameDesc", limit: 1 });
    const other = page.items[0]!;
    const element = mount("ottisk-product", { "product-id": String(product.id) });
    await findText(element, product.productName);
    element.setAttribute("product-id", String(other.id));
    await waitFor(() => shadow(element).querySelector("h2")?.textContent === other.productName, "the other product");
  });

  it("saves the star and flips it only after the server's answer", async () => {
    const product = await businessCard();
    const element = mount("ottisk-product", { "product-id": String(product.id) });
    const star = await find<HTMLButtonElement>(element, ".ottisk-star");
    expect(star.getAttribute("aria-pressed")).to.equal("false");
    const { states, changes } = await clickStar(star);
    expect(states[0]).to.deep.equal({ pressed: "false", busy: "true" });
    expect(changes).to.deep.equal([{ productId: product.id, inFavorite: true }]);
    expect((await visitorApi().getFavoriteProducts()).map((card) => card.id)).to.deep.equal([product.id]);
  });

  it("is accessible", async () => {
    const product = await businessCard();
    const element = mount("ottisk-product", { "product-id": String(product.id) });
    await shownPrice(element, (await api.getProductPrice(product.id, {})).price);
    await expectAccessible(element);
  });
});
