/// <reference types="mocha" />
import { expect } from "chai";
import type { ProductCard } from "../../shared/contracts/index";
import "../../widgets/index";
import { clickStar, visitorApi } from "./favourite-star";
import { collectEvents, expectAccessible, find, findText, mount, resetPage, shadow, testApi, waitFor } from "./support";

const api = testApi();

afterEach(() => resetPage());

async function firstProducts(count: number): Promise<ProductCard[]> {
  return (await api.getProducts({ sort: "NameAsc", limit: count })).items;
}

function cardNames(element: Element): string[] {
  return Array.from(shadow(element).querySelectorAll(".ottisk-card:not(.ottisk-card--skeleton) .ottisk-card__name")).map((name) => name.textContent ?? "");
}

describe("<ottisk-favourites>", () => {
  it("tells a new visitor the list is empty and links to the catalogue", async () => {
    const element = mount("ottisk-favourites", { "catalog-url": "https://partner.example/catalog" });
    await findText(element, "В избранном пока ничего нет");
    const link = await find<HTMLAnchorElement>(element, '[part="empty"] a');
    expect(link.href).to.equal("https://partner.example/catalog");
    await expectAccessible(element);
  });

  it("shows what a star elsewhere on the page saved, newest first, and removes a card once the server confirms", async () => {
    const [first, second] = await firstProducts(2);
    const list = mount("ottisk-favourites", { "product-url": "https://partner.example/p/{category}/{id}" });
    await findText(list, "В избранном пока ничего нет");
    const buttons = [first!, second!].map((product) => mount("ottisk-favourite-button", { "product-id": String(product.id) }));
    for (const button of buttons) {
      const star = await find<HTMLButtonElement>(button, ".ottisk-star");
      await waitFor(() => shadow(button).querySelector('[aria-busy="true"]') === null, "the product's state");
      star.click();
      await waitFor(() => star.getAttribute("aria-pressed") === "true", "the confirmed star");
    }
    await waitFor(() => JSON.stringify(cardNames(list)) === JSON.stringify([second!.productName, first!.productName]), "both favourites, newest first");
    const link = shadow(list).querySelector<HTMLAnchorElement>(".ottisk-card__name a")!;
    expect(link.href).to.equal(`https://partner.example/p/${second!.category.slug}/${second!.id}`);

    const star = shadow(list).querySelector<HTMLButtonElement>(`[data-product-id="${second!.id}"] .ottisk-card__favorite`)!;
    expect(star.getAttribute("aria-pressed")).to.equal("true");
    const { states, changes } = await clickStar(star, { done: () => JSON.stringify(cardNames(list)) === JSON.stringify([first!.productName]), what: "the card removed" });
    expect(states[0], "still there and busy while the server is asked").to.deep.equal({ pressed: "true", busy: "true" });
    expect(changes).to.deep.equal([{ productId: second!.id, inFavorite: false }]);
    const secondStar = shadow(buttons[1]!).querySelector(".ottisk-star")!;
    await waitFor(() => secondStar.getAttribute("aria-pressed") === "false", "the other star on the page follows");
    expect((await visitorApi().getFavoriteProducts()).map((card) => card.id)).to.deep.equal([first!.id]);
    await expectAccessible(list);
  });
});

describe("<ottisk-favourite-button>", () => {
  it("asks the product for its state, flips only after the server confirms, and fires ottisk-favourite-change", async () => {
    const [product] = await firstProducts(1);
    const element = mount("ottisk-favourite-button", { "product-id": String(product!.id) });
    const star = await find<HTMLButtonElement>(element, ".ottisk-star");
    await waitFor(() => shadow(element).querySelector('[aria-busy="true"]') === null, "the product's state");
    expect(star.getAttribute("aria-pressed")).to.equal("false");
    expect(star.getAttribute("aria-label")).to.equal("Добавить в избранное");
    await expectAccessible(element);

    const { states, changes } = await clickStar(star);
    expect(states[0]).to.deep.equal({ pressed: "false", busy: "true" });
    expect(star.getAttribute("aria-label")).to.equal("Убрать из избранного");
    expect(changes).to.deep.equal([{ productId: product!.id, inFavorite: true }]);
  });

  it("starts from its in-favorite attribute without asking the API", async () => {
    const [product] = await firstProducts(1);
    performance.clearResourceTimings();
    const element = mount("ottisk-favourite-button", { "product-id": String(product!.id), "in-favorite": "" });
    const star = await find<HTMLButtonElement>(element, ".ottisk-star");
    expect(star.getAttribute("aria-pressed")).to.equal("true");
    const asked = performance.getEntriesByType("resource").filter((entry) => entry.name.includes(`/public/product/${product!.id}`));
    expect(asked).to.have.length(0);

    element.setAttribute("in-favorite", "false");
    await waitFor(() => star.getAttribute("aria-pressed") === "false", "in-favorite=false");
    element.removeAttribute("product-id");
    await waitFor(() => shadow(element).querySelector(".ottisk-star") === null, "nothing without a product");
  });

  it("keeps the star and shows the Russian message when the server refuses", async () => {
    const element = mount("ottisk-favourite-button", { "product-id": "999999", "in-favorite": "false" });
    const star = await find<HTMLButtonElement>(element, ".ottisk-star");
    const events = await collectEvents("ottisk-favourite-change", async () => {
      star.click();
      await findText(element, "Товар не найден");
    });
    expect(events).to.have.length(0);
    expect(star.getAttribute("aria-pressed")).to.equal("false");
    expect(star.hasAttribute("aria-busy")).to.equal(false);
  });
});
