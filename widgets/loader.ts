/*
 * ottisk.js — the one script partners include:
 *   <script type="module" src="https://shop.example/widgets/ottisk.js" data-api-base="https://shop.example/api"></script>
 *
 * It is small on purpose (at most 3 KB gzip, `npm run bench:bundle`): it only watches the page for
 * Ottisk tags and loads an element's code when its tag first appears. React and the shared runtime
 * come with the first element, once per page. A second copy of this script (another version, or the
 * same one under another address) finds the first one running, warns once and does nothing.
 */
import { registerLoader } from "./api-base";
import { PRERENDER_ATTRIBUTES } from "../shared/contracts/wire";
import { elementModules } from "./registry";

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

  const load = (tag: string, element: Element) => {
    const importModule = pending.get(tag);
    if (!importModule) return;
    pending.delete(tag);
    // The catalogue's first cards come drawn by the shop's server, before its code (widgets/prerender.ts).
    const drawnFirst = tag in PRERENDER_ATTRIBUTES
      ? import("./prerender").then(({ prerender }) => prerender(element)).catch(() => undefined)
      : Promise.resolve();
    void drawnFirst
      .then(() => importModule())
      .catch((error: unknown) => {
        // A failed download (offline, a deploy in between): try again when the tag appears next time.
        pending.set(tag, importModule);
        console.error(`Ottisk: could not load <${tag}>`, error);
      });
  };

  const scan = (root: Element | Document) => {
    if (pending.size === 0) return;
    if (root instanceof Element && pending.has(root.localName)) load(root.localName, root);
    for (const element of root.querySelectorAll([...pending.keys()].join(","))) load(element.localName, element);
  };

  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) scan(node);
    if (pending.size === 0) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
  scan(document);
}
