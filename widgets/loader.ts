/*
 * ottisk.js — the one script partners include:
 *   <script type="module" src="https://shop.example/widgets/ottisk.js" data-api-base="https://shop.example/api"></script>
 *
 * It is small on purpose (at most 3 KB gzip, `npm run bench:bundle`): it only watches the page for
 * Ottisk tags and loads an element's code when an element of that tag is about to be visible (within
 * a screen's height of the viewport, and not hidden) or is used first (pointer, focus, a key), so a
 * partner page pays for the elements its visitor sees, not for a cart at the bottom or a product
 * section still hidden. Elements that show themselves (the popup, the cookie banner) load at once.
 * The header's account and cart button, drawn by the shop's server for a visitor without a session
 * on a partner's page, load on use or when the account or the cart changes (registry.ts, CODE_ON_USE).
 * React and the shared runtime come with the first element, once per page. A second copy of this script (another version, or the
 * same one under another address) finds the first one running, warns once and does nothing.
 */
import { registerLoader } from "./api-base";
import { PRERENDER_ATTRIBUTES } from "../shared/contracts/wire";
import { CODE_ON_USE, elementModules, LOADED_AT_ONCE, STATE_EVENTS } from "./registry";

const running = registerLoader({ url: import.meta.url, version: __OTTISK_VERSION__ });

if (running) {
  if (!running.warned) {
    running.warned = true;
    console.warn(
    `Ottisk: the script is included more than once (version ${running.version} at ${running.url} is already running; ` +
      `this copy, version ${__OTTISK_VERSION__} at ${import.meta.url}, stays unused). Include /widgets/ottisk.js once per page.`,
    );
  }
} else {
  const pending = new Map(Object.entries(elementModules));
  /** Elements already seen, with their first paint (widgets/prerender.ts) under way or done. */
  const seen = new WeakMap<Element, Promise<boolean>>();
  const triggers = new WeakMap<Element, AbortController>();
  let firstPaints: Promise<unknown> = Promise.resolve();

  const load = (tag: string, element: Element) => {
    const importModule = pending.get(tag);
    if (!importModule) return;
    pending.delete(tag);
    void (seen.get(element) ?? Promise.resolve())
      .then(importModule)
      .catch((error: unknown) => {
        // A failed download (offline, a deploy in between): try again when the tag appears next time.
        pending.set(tag, importModule);
        console.error(`Ottisk: could not load <${tag}>`, error);
      });
  };

  const trigger = (element: Element) => {
    visibility.unobserve(element);
    triggers.get(element)?.abort();
    triggers.delete(element);
    load(element.localName, element);
  };

  /** Server-drawn elements waiting for use (CODE_ON_USE). */
  const waiting = new Set<Element>();
  const loadWaiting = () => {
    for (const element of waiting) trigger(element);
    waiting.clear();
  };
  for (const type of STATE_EVENTS) document.addEventListener(type, loadWaiting);
  // Signed in or out in another tab (the session token's storage event).
  window.addEventListener("storage", loadWaiting);

  /**
   * A plain click on a server-drawn element before its code is there (its «Войти», its link) is
   * held and given again to the same node once the code has taken the HTML over (hydrated).
   */
  const replayClick = (event: Event) => {
    const element = event.currentTarget as Element;
    const target = event.composedPath()[0];
    if (customElements.get(element.localName) || !(target instanceof HTMLElement) || !(event instanceof MouseEvent)) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    event.stopPropagation();
    trigger(element);
    void customElements.whenDefined(element.localName).then(() => {
      if (target.isConnected) target.click();
    });
  };

  // About to be visible: within 200 px below (or above) the viewport.
  const visibility = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) trigger(entry.target);
    },
    { rootMargin: "200px 0px" },
  );

  const watch = (element: Element) => {
    const tag = element.localName;
    if (seen.has(element) || !pending.has(tag)) return;
    // The catalogue's first cards come drawn by the shop's server at once, before its code.
    const drawn = tag in PRERENDER_ATTRIBUTES ? import("./prerender").then(({ prerender }) => prerender(element)).catch(() => false) : Promise.resolve(false);
    seen.set(element, drawn);
    firstPaints = Promise.all([firstPaints, drawn]);
    if (LOADED_AT_ONCE.has(tag)) {
      load(tag, element);
      return;
    }
    // Used before it came into view (a keyboard user tabbing into it, a script focusing it).
    const used = new AbortController();
    triggers.set(element, used);
    for (const type of ["pointerdown", "focusin", "keydown"]) element.addEventListener(type, () => trigger(element), { signal: used.signal, capture: true });
    // Watched once the server-drawn elements found with it are in place (after this scan): until
    // then an empty catalogue takes no room, and the cart below it would look visible.
    void Promise.resolve()
      .then(() => firstPaints)
      .then(() => drawn)
      .then((predrawn) => {
        if (!triggers.has(element)) return;
        if (predrawn && CODE_ON_USE.has(tag)) {
          waiting.add(element);
          element.addEventListener("click", replayClick, { capture: true });
        } else visibility.observe(element);
      });
  };

  const scan = (root: Element | Document) => {
    if (pending.size === 0) return;
    if (root instanceof Element && pending.has(root.localName)) watch(root);
    for (const element of root.querySelectorAll([...pending.keys()].join(","))) watch(element);
  };

  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) scan(node);
    if (pending.size === 0) {
      observer.disconnect();
      visibility.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  scan(document);
}
