/*
 * What the element tests share: the API base of the test server, mounting an element, waiting for
 * what it renders, and an accessibility check with axe-core inside its shadow root.
 */
import axe from "axe-core";
import { createApi } from "../../shared/http/index";
import type { Api } from "../../shared/http/index";
import { disposePageStore } from "../../shared/state/index";

// The dev server serves every module as a file of its own: far more than the browser's default
// buffer of 250 resource entries, after which later loads are not recorded — and the tests that
// check what a page fetched read those entries.
performance.setResourceTimingBufferSize(10_000);

export const apiBase = window.OTTISK_TEST_API_BASE;

/** A client of the test API with its own session (for arranging data the element then shows). */
export function testApi(token: { value: string | null } = { value: null }): Api {
  return createApi({ baseURL: apiBase, sessionToken: { get: () => token.value, set: (next) => (token.value = next) } });
}

/** The demo catalogue's first business card (its name A–Z), which the cart and layout tests order. */
export async function businessCardId(api: Api): Promise<number> {
  const vizitki = (await api.getProductCategories()).find((category) => category.slug === "vizitki");
  if (!vizitki) throw new Error("The demo data has no vizitki");
  const product = (await api.getProducts({ categoryId: vizitki.id, sort: "NameAsc", limit: 1 })).items[0];
  if (!product) throw new Error("No business cards");
  return product.id;
}

/** Chooses an option of a React-controlled select as a person does: the value, then a change event. */
export function chooseOption(select: HTMLSelectElement, value: string): void {
  select.value = value;
  select.dispatchEvent(new Event("change", { bubbles: true }));
}

/** Types into a React-controlled field as a person (or a password manager) does: the value through the prototype's setter, then an input event. */
export function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

export async function waitFor<T>(read: () => T | null | undefined | false, what: string, timeoutMs = 10_000): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = read();
    if (value) return value;
    if (performance.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Creates `<tag>` with these attributes (api-base set to the test API) and puts it on the page. */
export function mount<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, parent: HTMLElement = document.body): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  element.setAttribute("api-base", apiBase);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  parent.append(element);
  return element;
}

/** The element's shadow root (every Ottisk element has an open one). */
export function shadow(element: Element): ShadowRoot {
  if (!element.shadowRoot) throw new Error(`<${element.localName}> has no open shadow root`);
  return element.shadowRoot;
}

/** Waits for the first match of `selector` inside the element's shadow root. */
export function find<E extends Element = HTMLElement>(element: Element, selector: string, timeoutMs?: number): Promise<E> {
  return waitFor(() => shadow(element).querySelector<E>(selector), `${selector} in <${element.localName}>`, timeoutMs);
}

/** Waits for the shadow root's text to contain `text`. */
export function findText(element: Element, text: string, timeoutMs?: number): Promise<string> {
  return waitFor(() => {
    const content = shadow(element).textContent ?? "";
    return content.includes(text) ? content : null;
  }, `«${text}» in <${element.localName}>`, timeoutMs);
}

/** Collects the events `name` fired on document while `action` runs. */
export async function collectEvents<D>(name: string, action: () => Promise<void>): Promise<CustomEvent<D>[]> {
  const heard: CustomEvent<D>[] = [];
  const listener = (event: Event) => heard.push(event as CustomEvent<D>);
  document.addEventListener(name, listener);
  try {
    await action();
  } finally {
    document.removeEventListener(name, listener);
  }
  return heard;
}

/**
 * Collects the events `name` fired on document while `action` runs, cancelling each as a page
 * that handles them itself does (so a link, an order or a checkout keeps the test page).
 */
export async function collectCancelledEvents<D>(name: string, action: () => Promise<void>): Promise<CustomEvent<D>[]> {
  const cancel = (event: Event) => event.preventDefault();
  document.addEventListener(name, cancel);
  try {
    return await collectEvents<D>(name, action);
  } finally {
    document.removeEventListener(name, cancel);
  }
}

/**
 * Runs axe-core on the element (its shadow DOM included) and fails on serious or critical
 * violations, listing them.
 */
export async function expectAccessible(element: Element): Promise<void> {
  // A dialog that just opened is still fading in: let animations end so colours are measured as shown.
  await Promise.all((element.shadowRoot?.getAnimations() ?? []).map((animation) => animation.finished));
  const results = await axe.run(element, { resultTypes: ["violations"] });
  const bad = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  if (bad.length > 0) {
    const list = bad.map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).join("; ")}`);
    throw new Error(`axe found ${bad.length} serious or critical violation(s) in <${element.localName}>:\n${list.join("\n")}`);
  }
}

/**
 * Forgets the page's session and stores between tests: signs nothing out on the server, but the
 * next element starts like on a fresh page (no stored token, no loaded account or cart).
 */
export function resetPage(): void {
  document.body.replaceChildren();
  localStorage.clear();
  disposePageStore(apiBase);
}
