/// <reference types="mocha" />
import { expect } from "chai";
import { createElement, useState } from "react";
import { DotPagination } from "../../shared/ui/index";
import { renderOnPage, unmountFromPage } from "./react-page";
import { sendKeys } from "./real-input";
import { expectAccessible, resetPage, waitFor } from "./support";

/*
 * The dot pagination (shared/ui/DotPagination.tsx, spec §2) of a large catalogue: 1,292 pages
 * (31,000 products, 24 a page) draw a window of dots — the first, the current with two each side,
 * the last, ellipses between — not a button a page; the current dot is marked for screen readers and
 * the keyboard moves from page to page.
 */

function Paged({ pageCount, start }: { pageCount: number; start: number }) {
  const [page, setPage] = useState(start);
  return createElement("main", null, createElement(DotPagination, { pageCount, page, onChange: setPage, label: "Страницы каталога" }));
}

function render(pageCount: number, start = 0): HTMLElement {
  return renderOnPage(createElement(Paged, { pageCount, start }));
}

function dots(container: HTMLElement): HTMLButtonElement[] {
  return Array.from(container.querySelectorAll<HTMLButtonElement>("button.ottisk-dots__dot"));
}

/** The page numbers (from 1) of the drawn dots, with «…» for each ellipsis, and the current one. */
function row(container: HTMLElement): { items: string[]; current: string | null } {
  const items = Array.from(container.querySelectorAll("ul.ottisk-dots > li")).map((item) => {
    const button = item.querySelector("button");
    return button ? (/Страница (\d+) из/.exec(button.getAttribute("aria-label") ?? "")?.[1] ?? "?") : (item.textContent ?? "").trim();
  });
  const current = container.querySelector('[aria-current="page"]')?.getAttribute("aria-label") ?? null;
  return { items, current };
}

afterEach(() => {
  unmountFromPage();
  resetPage();
});

describe("DotPagination", () => {
  it("draws a window of at most 9 items for 1,292 pages, not a button a page", async () => {
    const container = render(1292, 640);
    await waitFor(() => dots(container).length > 0, "the dots");
    expect(dots(container).length).to.be.at.most(7);
    expect(row(container)).to.deep.equal({ items: ["1", "…", "639", "640", "641", "642", "643", "…", "1292"], current: "Страница 641 из 1292" });
    const gaps = Array.from(container.querySelectorAll(".ottisk-dots__gap"));
    expect(gaps.every((gap) => gap.getAttribute("aria-hidden") === "true")).to.equal(true);
    await expectAccessible(container);
  });

  it("draws every page while there are few, and no ellipsis for a single page left out", async () => {
    const few = render(7, 3);
    await waitFor(() => dots(few).length > 0, "the dots");
    expect(row(few).items).to.deep.equal(["1", "2", "3", "4", "5", "6", "7"]);
    unmountFromPage();
    resetPage();
    const near = render(40, 3);
    await waitFor(() => dots(near).length > 0, "the dots");
    expect(row(near).items).to.deep.equal(["1", "2", "3", "4", "5", "6", "…", "40"]);
  });

  it("moves the window with a click, and from page to page with the keyboard, the focus following", async () => {
    const container = render(1292);
    await waitFor(() => dots(container).length > 0, "the dots");
    expect(row(container)).to.deep.equal({ items: ["1", "2", "3", "…", "1292"], current: "Страница 1 из 1292" });

    dots(container).at(-1)!.click();
    await waitFor(() => row(container).current === "Страница 1292 из 1292", "the last page");
    expect(row(container).items).to.deep.equal(["1", "…", "1290", "1291", "1292"]);

    const last = container.querySelector<HTMLButtonElement>('[aria-current="page"]')!;
    last.focus();
    await sendKeys({ press: "ArrowLeft" });
    await waitFor(() => row(container).current === "Страница 1291 из 1292", "the page before, by ←");
    await waitFor(() => document.activeElement?.getAttribute("aria-label") === "Страница 1291 из 1292", "the focus on the new current dot");
    await sendKeys({ press: "Home" });
    await waitFor(() => row(container).current === "Страница 1 из 1292", "the first page, by Home");
    await sendKeys({ press: "ArrowRight" });
    await waitFor(() => row(container).current === "Страница 2 из 1292", "the next page, by →");
    expect(document.activeElement?.getAttribute("aria-current")).to.equal("page");
    await sendKeys({ press: "End" });
    await waitFor(() => row(container).current === "Страница 1292 из 1292", "the last page, by End");
  });
});
