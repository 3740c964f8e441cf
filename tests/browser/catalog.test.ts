/// <reference types="mocha" />
import { expect } from "chai";
import { createApi } from "../../shared/http/index";
import type { ProductListPage } from "../../shared/contracts/index";
import "../../widgets/index";

const apiBase = window.OTTISK_TEST_API_BASE;
const api = createApi({ baseURL: apiBase });

async function waitFor<T>(read: () => T | null | undefined | false, what: string, timeoutMs = 10_000): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = read();
    if (value) return value;
    if (performance.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

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
  document.body.replaceChildren();
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
    const listCalls = requests.filter((name) => name.includes("/public/product?"));
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

    const heard: CustomEvent[] = [];
    const listener = (event: Event) => {
      heard.push(event as CustomEvent);
      event.preventDefault();
    };
    document.addEventListener("ottisk-order", listener);
    try {
      link.click();
    } finally {
      document.removeEventListener("ottisk-order", listener);
    }
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
      // Two more copies of the entry module under other addresses, as two script tags would load them.
      for (const copy of ["2", "3"]) {
        const entry = new URL("../../widgets/index.ts", import.meta.url);
        entry.searchParams.set("copy", copy);
        await import(/* @vite-ignore */ entry.href);
      }
    } finally {
      console.warn = originalWarn;
    }
    expect(warnings).to.have.length(1);
    expect(String(warnings[0]![0])).to.contain("<ottisk-catalog> is already defined by another copy");

    const again = mountCatalog({ category: "vizitki" });
    await renderedCards(again, expected.items.length);
    expect(cardsOf(element)).to.have.length(expected.items.length);
    expect(element.shadowRoot!.querySelectorAll(".ottisk-catalog")).to.have.length(1);
  });
});

describe("custom-elements.json", () => {
  it("documents every attribute <ottisk-catalog> observes", async () => {
    const manifest = (await import("../../widgets/custom-elements.json")).default as {
      modules: Array<{ declarations?: Array<{ tagName?: string; attributes?: Array<{ name: string }> }> }>;
    };
    const declaration = manifest.modules
      .flatMap((module) => module.declarations ?? [])
      .find((item) => item.tagName === "ottisk-catalog");
    expect(declaration, "ottisk-catalog is in the manifest").to.not.equal(undefined);
    const documented = (declaration!.attributes ?? []).map((attribute) => attribute.name).sort();
    const observed = [...((customElements.get("ottisk-catalog") as unknown as { observedAttributes: string[] }).observedAttributes)].sort();
    expect(documented).to.deep.equal(observed);
  });
});
