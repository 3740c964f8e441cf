/// <reference types="mocha" />
import { expect } from "chai";
import { createElement, useEffect } from "react";
import type { ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { readText, STORAGE_KEYS, writeText } from "../../shared/state/index";
import { storefrontOrigin } from "../../widgets/api-base";
import "../../widgets/index";
import { replayEarlyInput, takeEarlyInput } from "../../host-site/early-input";
import { collectEvents, expectAccessible, find, findText, mount, resetPage, shadow, testApi, typeInto, waitFor } from "./support";
import { SearchBox } from "../../shared/ui/index";
import { formatRoubles } from "../../shared/domain/index";


function resultTitles(element: Element): string[] {
  return Array.from(shadow(element).querySelectorAll("[part='result-link']")).map((link) => link.textContent ?? "");
}

/** Keeps the test page: a cancelled ottisk-search or ottisk-navigate does not navigate. */
function stayOnPage(name: string): () => void {
  const stay = (event: Event) => event.preventDefault();
  document.addEventListener(name, stay);
  return () => document.removeEventListener(name, stay);
}

afterEach(() => resetPage());

describe("<ottisk-search>", () => {
  it("stores the query, clears the field and fires a cancelable ottisk-search with the results address", async () => {
    const element = mount("ottisk-search");
    const form = await find<HTMLFormElement>(element, "form[role='search']");
    const input = form.querySelector<HTMLInputElement>("input")!;
    expect(input.placeholder).to.equal("Поиск по сайту");
    expect(shadow(element).querySelector(`label[for='${input.id}']`)?.textContent).to.equal("Поиск по сайту");
    expect(form.querySelector("button[type='submit']")?.textContent).to.equal("Найти");
    await expectAccessible(element);

    const release = stayOnPage("ottisk-search");
    try {
      const empty = await collectEvents("ottisk-search", async () => {
        typeInto(input, "   ");
        form.requestSubmit();
      });
      expect(empty, "an empty query does nothing").to.have.length(0);

      typeInto(input, " визитка ");
      const events = await collectEvents<{ query: string; href: string }>("ottisk-search", async () => {
        form.requestSubmit();
        await waitFor(() => input.value === "", "the field to clear");
      });
      expect(events).to.have.length(1);
      expect(events[0]!.cancelable).to.equal(true);
      expect(events[0]!.detail).to.deep.equal({ query: "визитка", href: `${storefrontOrigin()}/poisk?q=${encodeURIComponent("визитка")}` });
      expect(readText(STORAGE_KEYS.searchQuery)).to.equal("визитка");
    } finally {
      release();
    }
  });

  it("has a reset button that clears the field, and takes a results-url template", async () => {
    const element = mount("ottisk-search", { "results-url": "https://partner.example/search/{query}" });
    const form = await find<HTMLFormElement>(element, "form[role='search']");
    const input = form.querySelector<HTMLInputElement>("input")!;
    typeInto(input, "буклет");
    const reset = await find<HTMLButtonElement>(element, "button[type='reset']");
    expect(reset.getAttribute("aria-label")).to.equal("Очистить поиск");
    await expectAccessible(element);
    reset.click();
    await waitFor(() => input.value === "", "the field to clear");
    expect(shadow(element).activeElement).to.equal(input);

    const release = stayOnPage("ottisk-search");
    try {
      typeInto(input, "буклет а5");
      const events = await collectEvents<{ query: string; href: string }>("ottisk-search", async () => {
        form.requestSubmit();
        await waitFor(() => input.value === "", "the field to clear");
      });
      expect(events[0]!.detail.href).to.equal(`https://partner.example/search/${encodeURIComponent("буклет а5")}`);
    } finally {
      release();
    }
  });
});

describe("SearchBox drawn by the server (the host site's header)", () => {
  it("is a plain GET form to the results before the code runs, and what was typed before hydration is searched", async () => {
    const container = document.createElement("div");
    document.body.append(container);
    const searched: string[] = [];
    const box = () =>
      createElement(SearchBox, {
        resultsUrl: "/poisk",
        onSearch: (query: string) => {
          searched.push(query);
          return false;
        },
      });
    container.innerHTML = renderToString(box());
    const form = container.querySelector<HTMLFormElement>("form[role='search']")!;
    expect(form.getAttribute("action")).to.equal("/poisk");
    expect(form.getAttribute("method")).to.equal("get");
    expect(form.querySelector("input")?.name).to.equal("q");

    // The shopper types while the page's code is still on its way; the host site notes it before
    // hydrating and types it again once hydrated (host-site/early-input.ts, as entry-client.tsx does).
    form.querySelector("input")!.value = "буклет";
    const early = takeEarlyInput(container);
    expect(form.querySelector("input")?.value, "put back to the server's drawing for the hydration").to.equal("");
    const Replay = ({ children }: { children: ReactNode }) => {
      useEffect(() => void replayEarlyInput(early), []);
      return children;
    };
    const root = hydrateRoot(container, createElement(Replay, null, box()));
    try {
      await waitFor(() => container.querySelector("button[type='reset']") !== null, "the field's reset button, for the typed text");
      form.requestSubmit();
      await waitFor(() => searched.length === 1, "the search");
      expect(searched).to.deep.equal(["буклет"]);
    } finally {
      root.unmount();
      container.remove();
    }
  });

  it("has no action of its own for a results template, which only the code can fill", () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(createElement(SearchBox, { resultsUrl: "/search/{query}" }));
    expect(container.querySelector("form")?.hasAttribute("action")).to.equal(false);
  });
});

describe("<ottisk-search-results>", () => {
  it("shows the results of its query with links to the storefront, and fires ottisk-navigate", async () => {
    const expected = await testApi().searchSite({ search: "визитка", offset: 0, limit: 20 });
    expect(expected.total, "the demo data has business cards").to.be.greaterThan(0);
    const element = mount("ottisk-search-results", { query: "визитка" });
    await waitFor(() => resultTitles(element).length === expected.items.length, "the results");
    expect(resultTitles(element)).to.deep.equal(expected.items.map((item) => item.title));
    await findText(element, `Найдено ${expected.total}`);
    // Each product found shows its «от … ₽», as its catalogue card does; a page has none.
    const prices = Array.from(shadow(element).querySelectorAll("[part='result']")).map((result) => result.querySelector("[part='result-price']")?.textContent ?? null);
    expect(prices).to.deep.equal(expected.items.map((item) => (item.priceFrom === null ? null : `от ${formatRoubles(item.priceFrom)}`)));
    expect(prices.some((price) => price !== null), "the business cards have prices").to.equal(true);
    const hrefs = Array.from(shadow(element).querySelectorAll<HTMLAnchorElement>("[part='result-link']")).map((link) => link.getAttribute("href"));
    expect(hrefs).to.deep.equal(expected.items.map((item) => `${storefrontOrigin()}/${item.path}`));
    await expectAccessible(element);

    const release = stayOnPage("ottisk-navigate");
    try {
      const events = await collectEvents<{ href: string }>("ottisk-navigate", async () => {
        shadow(element).querySelector<HTMLAnchorElement>("[part='result-link']")!.click();
      });
      expect(events.map((event) => event.detail.href)).to.deep.equal([`${storefrontOrigin()}/${expected.items[0]!.path}`]);
    } finally {
      release();
    }
  });

  it("loads more with «Показать ещё»", async () => {
    const all = await testApi().searchSite({ search: "печать", offset: 0, limit: 50 });
    expect(all.total, "enough results to page").to.be.greaterThan(2);
    const element = mount("ottisk-search-results", { query: "печать", "page-size": "2" });
    await waitFor(() => resultTitles(element).length === 2, "the first two results");
    (await find<HTMLButtonElement>(element, "[part='more-button']")).click();
    await waitFor(() => resultTitles(element).length === Math.min(4, all.total), "two more results");
    expect(resultTitles(element)).to.deep.equal(all.items.slice(0, 4).map((item) => item.title));
  });

  it("says so when nothing is found, and takes the stored query when it has none", async () => {
    const nothing = mount("ottisk-search-results", { query: "жжжщщщ" });
    await findText(nothing, "Ничего не найдено по запросу «жжжщщщ»");
    await expectAccessible(nothing);
    resetPage();

    writeText(STORAGE_KEYS.searchQuery, "визитка");
    const stored = mount("ottisk-search-results");
    await findText(stored, "Результаты поиска по запросу «визитка»");
    await waitFor(() => resultTitles(stored).length > 0, "the stored query's results");
  });

  it("shows the server's message with «Повторить» when the search fails", async () => {
    const element = mount("ottisk-search-results", { query: "а".repeat(201) });
    const alert = await find(element, ".ottisk-message--error[role='alert']");
    expect(alert.textContent).to.contain("Запрос для поиска — не длиннее 200 символов");
    const retry = alert.querySelector("button")!;
    expect(retry.textContent).to.equal("Повторить");
    await expectAccessible(element);
    performance.clearResourceTimings();
    retry.click();
    await waitFor(
      () => performance.getEntriesByType("resource").some((entry) => entry.name.includes("/public/website/search?")),
      "the search to be asked again",
    );
    await find(element, ".ottisk-message--error[role='alert']");
  });
});
