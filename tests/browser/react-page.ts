/*
 * React on the test page (not a test file): the host site's pages and shared/ui components drawn
 * one tree at a time into a container at the end of the body, under a page store when given one,
 * as the host site draws them.
 */
import { Provider } from "jotai/react";
import { createElement } from "react";
import type { ReactNode } from "react";
import { createRoot } from "react-dom/client";
import type { Root } from "react-dom/client";
import type { Store } from "../../shared/state/index";

let drawn: Root | null = null;

/** Draws `node` into `container` (a new `<div>` unless given), appended to the body; under `store`'s Provider when given. */
export function renderOnPage(node: ReactNode, { store, container = document.createElement("div") }: { store?: Store; container?: HTMLElement } = {}): HTMLElement {
  document.body.append(container);
  drawn = createRoot(container);
  drawn.render(store ? createElement(Provider, { store }, node) : node);
  return container;
}

/** Takes the drawn tree down (after each test, or before drawing the next one). */
export function unmountFromPage(): void {
  drawn?.unmount();
  drawn = null;
}

/** A `<main class="ottisk-root">`, the container the host site draws its pages in. */
export function siteMain(): HTMLElement {
  const main = document.createElement("main");
  main.className = "ottisk-root";
  return main;
}
