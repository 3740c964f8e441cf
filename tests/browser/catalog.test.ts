/// <reference types="mocha" />
import { expect } from "chai";
import type { ProductListPage, ProductListQuery } from "../../shared/contracts/index";
import "../../widgets/index";
import { clickStar, visitorApi } from "./favourite-star";
import { apiBase, chooseOption, collectCancelledEvents, collectEvents, expectAccessible, find, findText, resetPage, testApi, typeInto, waitFor } from "./support";

const api = testApi();

function mountCatalog(attributes: Record<string, string>): HTMLElement {
  const element = document.createElement("ottisk-catalog");
  element.setAttribute("api-base", apiBase);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

function cardsOf(element: HTMLElement): HTMLElement[] {
  return Array.from(element.shadowRoot?.querySelectorAll<HTMLElement>(".ottisk-card:not(.ottisk-card--skeleton)") ?? []);
}

async function renderedCards(element: HTMLElement, count: number): Promise<HTMLElement[]> {
  return waitFor(() => {
    const cards = cardsOf(element);
    return cards.length === count ? cards : null;
  }, `${count} product cards`);
}

function namesOf(element: HTMLElement): string[] {
  return cardsOf(element).map((card) => card.querySelector(".ottisk-card__name")?.textContent ?? "");
}

/** Waits until the element shows exactly these product names, in this order. */
async function renderedNames(element: HTMLElement, names: string[]): Promise<void> {
  await waitFor(() => JSON.stringify(namesOf(element)) === JSON.stringify(names), `the products ${names.join(", ")}`);
}

async function categoryPage(slug: string): Promise<ProductListPage> {
  const category = (await api.getProductCategories()).find((item) => item.slug === slug);
  if (!category) throw new Error(`The demo data has no category ${slug}`);
  return api.getProducts({ categoryId: category.id, sort: "NameAsc", limit: 24 });
}

afterEach(() => {
  resetPage();
  document.head.querySelectorAll("style[data-test]").forEach((style) => style.remove());
});

describe("<ottisk-catalog>", () => {
  it("renders the category's product cards into its shadow root, in the API's order", async () => {
    const expected = await categoryPage("vizitki");
    expect(expected.total).to.be.greaterThan(1);
    const element = mountCatalog({ category: "vizitki" });

    const cards = await renderedCards(element, expected.items.length);
    const names = cards.map((card) => card.querySelector(".ottisk-card__name")?.textContent);
    expect(names).to.deep.equal(expected.items.map((item) => item.productName));
    expect(element.children.length, "nothing is rendered into the light DOM").to.equal(0);
    expect(document.querySelector(".ottisk-card"), "no card leaks into the page").to.equal(null);

    const first = cards[0]!;
    const order = first.querySelector<HTMLAnchorElement>(".ottisk-card__order");
    expect(order?.textContent).to.equal("Заказать");
    expect(first.querySelector(".ottisk-card__favorite")?.getAttribute("aria-pressed")).to.equal("false");
    for (const [index, item] of expected.items.entries()) {
      const card = cards[index]!;
      if (item.photoUrl) expect(card.querySelector("img")?.getAttribute("src")).to.equal(item.photoUrl);
      else expect(card.querySelector('[data-testid="photo-placeholder"]')).to.not.equal(null);
    }
  });

  it("shows every product when no category is given, and a clear message for an unknown one", async () => {
    const all = await api.getProducts({ limit: 24 });
    const element = mountCatalog({});
    await renderedCards(element, Math.min(all.total, 24));

    const unknown = mountCatalog({ category: "net-takoy-kategorii" });
    const message = await waitFor(() => unknown.shadowRoot?.querySelector(".ottisk-message")?.textContent, "the message");
    expect(message).to.contain("Категория «net-takoy-kategorii» не найдена");
  });

  it("follows its category attribute when it is changed or removed", async () => {
    const flyers = await categoryPage("listovki");
    const all = await api.getProducts({ sort: "NameAsc", limit: 24 });
    const element = mountCatalog({ category: "vizitki" });
    await renderedCards(element, (await categoryPage("vizitki")).items.length);

    element.setAttribute("category", "listovki");
    await renderedNames(element, flyers.items.map((item) => item.productName));

    element.removeAttribute("category");
    await renderedNames(element, all.items.map((item) => item.productName));
  });

  it("pages with dots when there are more products than page-size", async () => {
    const all = await api.getProducts({ sort: "NameAsc", limit: 5 });
    expect(all.total).to.be.greaterThan(5);
    const element = mountCatalog({ "page-size": "5" });
    await renderedCards(element, 5);
    const dots = Array.from(element.shadowRoot!.querySelectorAll<HTMLButtonElement>(".ottisk-dots__dot"));
    expect(dots).to.have.length(Math.ceil(all.total / 5));
    expect(dots[0]!.getAttribute("aria-current")).to.equal("page");

    dots[1]!.click();
    const secondPage = await api.getProducts({ sort: "NameAsc", offset: 5, limit: 5 });
    await renderedNames(element, secondPage.items.map((item) => item.productName));
    expect(element.shadowRoot!.querySelectorAll(".ottisk-dots__dot")[1]!.getAttribute("aria-current")).to.equal("page");
  });

  it("applies its CSS inside its shadow root only, and the page's CSS does not reach inside", async () => {
    const pageStyle = document.createElement("style");
    pageStyle.dataset.test = "";
    pageStyle.textContent = `
      body { font-family: Georgia, serif; color: rgb(0, 128, 0); }
      .ottisk-card { border: 5px dashed rgb(255, 0, 0); }
      h3 { color: rgb(255, 0, 255); }
    `;
    document.head.append(pageStyle);
    const outside = document.createElement("div");
    outside.className = "ottisk-card__placeholder";
    outside.textContent = "not a card";
    document.body.append(outside);

    const expected = await categoryPage("vizitki");
    const element = mountCatalog({ category: "vizitki" });
    const [card] = await renderedCards(element, expected.items.length);
    const inside = getComputedStyle(card!);
    expect(inside.borderTopStyle, "the page's .ottisk-card rule stays outside").to.equal("solid");
    expect(inside.borderTopLeftRadius, "the element's own rule applies inside").to.equal("14px");
    const name = card!.querySelector(".ottisk-card__name")!;
    expect(getComputedStyle(name).color).to.not.equal("rgb(255, 0, 255)");
    expect(getComputedStyle(name).fontFamily).to.not.contain("Georgia");
    expect(getComputedStyle(element.shadowRoot!.querySelector(".ottisk-catalog")!).color).to.not.equal("rgb(0, 128, 0)");
    expect(getComputedStyle(outside).display, "the element's .ottisk-card__placeholder rule stays inside").to.equal("block");
  });

  it("lets the page theme it through --ottisk-* custom properties", async () => {
    const expected = await categoryPage("vizitki");
    const element = mountCatalog({ category: "vizitki" });
    element.style.setProperty("--ottisk-color-accent", "rgb(1, 2, 3)");
    const [card] = await renderedCards(element, expected.items.length);
    expect(getComputedStyle(card!.querySelector(".ottisk-card__order")!).backgroundColor).to.equal("rgb(1, 2, 3)");
  });

  it("shares one store between elements: the same data is asked for once", async () => {
    // A page size no other test uses, so the list cannot come from an earlier test's cache.
    const expected = await categoryPage("listovki");
    performance.clearResourceTimings();
    const first = mountCatalog({ category: "listovki", "page-size": "7" });
    const second = mountCatalog({ category: "listovki", "page-size": "7" });
    await renderedCards(first, expected.items.length);
    await renderedCards(second, expected.items.length);

    const requests = performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((name) => name.startsWith(apiBase));
    const categoryCalls = requests.filter((name) => name.endsWith("/public/product/category"));
    // The elements' own lists (page size 7): the resource entry of the test's own request above may
    // land after clearResourceTimings, as entries are added once a body is read.
    const listCalls = requests.filter((name) => name.includes("/public/product?") && new URL(name).searchParams.get("limit") === "7");
    expect(categoryCalls.length, "the categories, once at most (earlier elements may have cached them)").to.be.at.most(1);
    expect(listCalls, "one product list request for two elements").to.have.length(1);
    const secondNames = cardsOf(second).map((card) => card.querySelector(".ottisk-card__name")?.textContent);
    expect(secondNames).to.deep.equal(expected.items.map((item) => item.productName));
  });

  it("fires a cancelable, composed ottisk-order event from 'Заказать'", async () => {
    const expected = await categoryPage("vizitki");
    const element = mountCatalog({ category: "vizitki", "product-url": "https://partner.example/order/{category}/{id}" });
    const [card] = await renderedCards(element, expected.items.length);
    const link = card!.querySelector<HTMLAnchorElement>(".ottisk-card__order")!;
    expect(link.href).to.equal(`https://partner.example/order/vizitki/${expected.items[0]!.id}`);

    const heard = await collectCancelledEvents("ottisk-order", async () => link.click());
    expect(heard).to.have.length(1);
    expect(heard[0]!.detail).to.deep.equal({ productId: expected.items[0]!.id, categorySlug: "vizitki", href: link.href });
    expect(window.location.href, "a cancelled order keeps the page").to.not.contain("partner.example");
  });

  it("is harmless when the script is loaded twice: no error, nothing rendered twice, one warning", async () => {
    const expected = await categoryPage("vizitki");
    const element = mountCatalog({ category: "vizitki" });
    await renderedCards(element, expected.items.length);

    const warnings: unknown[][] = [];
    const originalWarn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      // The loader as the page's script tag loads it, then two more copies under other addresses.
      await import("../../widgets/loader");
      for (const copy of ["2", "3"]) {
        const entry = new URL("../../widgets/loader.ts", import.meta.url);
        entry.searchParams.set("copy", copy);
        await import(/* @vite-ignore */ entry.href);
      }
    } finally {
      console.warn = originalWarn;
    }
    expect(warnings, "one warning per page, however many copies").to.have.length(1);
    expect(String(warnings[0]![0])).to.contain("included more than once");

    const again = mountCatalog({ category: "vizitki" });
    await renderedCards(again, expected.items.length);
    expect(cardsOf(element)).to.have.length(expected.items.length);
    expect(element.shadowRoot!.querySelectorAll(".ottisk-catalog")).to.have.length(1);
  });

  it("saves the star on the server and flips it only once the server has confirmed", async () => {
    const expected = await categoryPage("vizitki");
    const element = mountCatalog({ category: "vizitki" });
    const [card] = await renderedCards(element, expected.items.length);
    const product = expected.items[0]!;
    const star = card!.querySelector<HTMLButtonElement>(".ottisk-card__favorite")!;
    expect(star.getAttribute("aria-pressed")).to.equal("false");
    expect(star.getAttribute("aria-label")).to.equal("Добавить в избранное");

    const { states, changes } = await clickStar(star);
    expect(states[0], "busy and unchanged while the request is on its way").to.deep.equal({ pressed: "false", busy: "true" });
    expect(states.at(-1)).to.deep.equal({ pressed: "true", busy: null });
    expect(star.getAttribute("aria-label")).to.equal("Убрать из избранного");
    expect(changes).to.deep.equal([{ productId: product.id, inFavorite: true }]);
    expect((await visitorApi().getFavoriteProducts()).map((item) => item.id)).to.deep.equal([product.id]);

    const off = await collectEvents<{ productId: number; inFavorite: boolean }>("ottisk-favourite-change", async () => {
      star.click();
      await waitFor(() => star.getAttribute("aria-pressed") === "false", "the star off again");
    });
    expect(off.map((event) => event.detail)).to.deep.equal([{ productId: product.id, inFavorite: false }]);
    expect(await visitorApi().getFavoriteProducts()).to.deep.equal([]);
  });
});

describe("<ottisk-catalog> filters", () => {
  function input<E extends HTMLInputElement | HTMLSelectElement = HTMLInputElement>(element: HTMLElement, name: string): NoInfer<E> {
    const field = element.shadowRoot!.querySelector<E>(`form [name="${name}"]`);
    if (!field) throw new Error(`No field ${name}`);
    return field;
  }

  async function openPanel(element: HTMLElement): Promise<HTMLDetailsElement> {
    const panel = await find<HTMLDetailsElement>(element, "details.ottisk-catalog__filters");
    panel.open = true;
    return panel;
  }

  async function expectNames(element: HTMLElement, query: ProductListQuery): Promise<void> {
    const answer = await api.getProducts({ sort: "NameAsc", limit: 24, ...query });
    await renderedNames(element, answer.items.map((item) => item.productName));
  }

  it("applies the chosen filters, stores them under 'catalog-filters' and shows what the API answers for them", async () => {
    const all = await api.getProducts({ sort: "NameAsc", limit: 24 });
    const element = mountCatalog({});
    await renderedCards(element, Math.min(all.total, 24));
    await openPanel(element);

    // The limits read in the genitive: «не дольше 1 рабочего дня», «не дольше 5 рабочих дней».
    const limits = Array.from(input<HTMLSelectElement>(element, "productionTimeDay").options).slice(1).map((option) => [Number(option.value), option.textContent]);
    expect(limits.length, "production-time limits").to.be.greaterThan(0);
    for (const [day, text] of limits) expect(text).to.equal(`не дольше ${day} ${day === 1 || day === 21 ? "рабочего дня" : "рабочих дней"}`);
    input(element, "discount").click();
    typeInto(input(element, "maxPrice"), "3 000");
    chooseOption(input<HTMLSelectElement>(element, "productionTimeDay"), "5");
    await waitFor(() => input(element, "discount").checked && input(element, "maxPrice").value === "3 000", "the typed filters");
    element.shadowRoot!.querySelector<HTMLButtonElement>('form button[type="submit"]')!.click();

    const filters = { productionTimeDay: 5, discount: true, maxPrice: 3000 };
    await waitFor(() => localStorage.getItem("catalog-filters"), "the stored filters");
    expect(JSON.parse(localStorage.getItem("catalog-filters")!)).to.deep.equal(filters);
    const filtered = await api.getProducts({ sort: "NameAsc", limit: 24, ...filters });
    expect(filtered.total, "the demo data has discounted products under 3000 ₽").to.be.greaterThan(0);
    expect(filtered.total).to.be.lessThan(all.total);
    await expectNames(element, filters);
    await findText(element, `${filtered.total} товар`);
    expect(element.shadowRoot!.querySelector(".ottisk-catalog__filters-badge")?.textContent).to.equal("3");
  });

  it("restores the stored filters on load, and the reset clears them", async () => {
    const categories = await api.getProductCategories();
    const flyers = categories.find((category) => category.slug === "listovki")!;
    localStorage.setItem("catalog-filters", JSON.stringify({ categoryId: flyers.id, minPrice: 0 }));
    const element = mountCatalog({});
    await expectNames(element, { categoryId: flyers.id, minPrice: 0 });
    await openPanel(element);
    // The category choice appears once the categories are loaded: wait for it, not only for its value.
    await waitFor(
      () => element.shadowRoot!.querySelector<HTMLSelectElement>('form [name="categoryId"]')?.value === String(flyers.id),
      "the restored category in the form",
    );
    expect(input(element, "minPrice").value).to.equal("0");

    element.shadowRoot!.querySelector<HTMLButtonElement>('form button[type="reset"]')!.click();
    await waitFor(() => localStorage.getItem("catalog-filters") === null, "the filters removed from storage");
    await expectNames(element, {});
    expect(input<HTMLSelectElement>(element, "categoryId").value).to.equal("");
  });

  it("ignores broken stored filters, and a catalogue bound to a category ignores the stored category", async () => {
    const categories = await api.getProductCategories();
    const flyers = categories.find((category) => category.slug === "listovki")!;
    const vizitki = categories.find((category) => category.slug === "vizitki")!;
    localStorage.setItem("catalog-filters", JSON.stringify({ categoryId: flyers.id, productionTimeDay: "много", minPrice: 500, maxPrice: 100 }));
    const bound = mountCatalog({ category: "vizitki" });
    await expectNames(bound, { categoryId: vizitki.id });
    await openPanel(bound);
    expect(bound.shadowRoot!.querySelector('form [name="categoryId"]'), "no category choice in a bound catalogue").to.equal(null);
  });

  it("refuses a price range that is upside down, with a Russian message, and stores nothing", async () => {
    const element = mountCatalog({});
    await openPanel(element);
    await find(element, 'form [name="minPrice"]');
    typeInto(input(element, "minPrice"), "900");
    typeInto(input(element, "maxPrice"), "100");
    await waitFor(() => input(element, "maxPrice").value === "100", "the typed prices");
    element.shadowRoot!.querySelector<HTMLButtonElement>('form button[type="submit"]')!.click();
    await findText(element, "Минимальная цена не может быть больше максимальной");
    expect(input(element, "minPrice").getAttribute("aria-invalid")).to.equal("true");
    expect(localStorage.getItem("catalog-filters")).to.equal(null);
  });

  it("tells when nothing matches and offers to reset", async () => {
    localStorage.setItem("catalog-filters", JSON.stringify({ minPrice: 99_000_000 }));
    const element = mountCatalog({});
    await findText(element, "По выбранным фильтрам товаров нет");
    const reset = Array.from(element.shadowRoot!.querySelectorAll<HTMLButtonElement>(".ottisk-message button")).find((button) => button.textContent === "Сбросить фильтры");
    reset!.click();
    await waitFor(() => localStorage.getItem("catalog-filters") === null, "the filters reset");
    await expectNames(element, {});
  });

  it("is accessible with its filter panel open", async () => {
    const all = await api.getProducts({ limit: 24 });
    const element = mountCatalog({});
    await renderedCards(element, Math.min(all.total, 24));
    await openPanel(element);
    await find(element, 'form [name="categoryId"]');
    await expectAccessible(element);
  });
});

describe("custom-elements.json", () => {
  it("documents every element with exactly the attributes it observes", async () => {
    const manifest = (await import("../../widgets/custom-elements.json")).default as {
      modules: Array<{ declarations?: Array<{ tagName?: string; attributes?: Array<{ name: string }> }> }>;
    };
    const declarations = manifest.modules.flatMap((module) => module.declarations ?? []).filter((item) => item.tagName);
    const tags = declarations.map((item) => item.tagName);
    for (const tag of ["ottisk-catalog", "ottisk-product", "ottisk-favourites", "ottisk-favourite-button"]) {
      expect(tags, `${tag} is in the manifest`).to.include(tag);
    }
    for (const declaration of declarations) {
      const tag = declaration.tagName!;
      const defined = customElements.get(tag) as unknown as { observedAttributes: string[] } | undefined;
      expect(defined, `<${tag}> is defined by widgets/index.ts`).to.not.equal(undefined);
      const documented = (declaration.attributes ?? []).map((attribute) => attribute.name).sort();
      expect(documented, `the attributes of <${tag}>`).to.deep.equal([...defined!.observedAttributes].sort());
    }
  });
});
