import { PRERENDER_ATTRIBUTES } from "../shared/contracts/wire";
import type { PrerenderTag } from "../shared/contracts/wire";
import { fetchWidgetPrerender } from "../shared/http/prerender";
import { readText, STORAGE_KEYS } from "../shared/state/storage";
import { defaultApiBase, resolveApiBase, storefrontOrigin } from "./api-base";
import { adoptStyles } from "./styles";

/*
 * The first paint before the code: for a tag the shop's server can draw (`<ottisk-catalog>`), the
 * loader asks the server for the element's shadow-root HTML, puts it in place and only then loads
 * the element's code, which takes the HTML over (hydrates) with the data it was drawn from. A
 * partner page thus shows the catalogue's cards after a ~1 KB script and one request, and React
 * follows. Only for visitors without a session (the HTML is anonymous) and only where the API is
 * the shop's own; otherwise, or when the server cannot draw it, the element draws itself.
 *
 * `<ottisk-account>` and `<ottisk-cart-button>` are drawn this way only on another origin than the
 * shop's (a partner's page) for a visitor without a stored session: nobody can be signed in there,
 * so the server's «Войти» and empty cart link are what the element would draw. Their code then
 * waits for the visitor to use them (widgets/loader.ts, CODE_ON_USE).
 */

/** Tags drawn first only where nobody can have a session: on a partner's page without a stored token. */
const ANONYMOUS_ONLY: ReadonlySet<string> = new Set(["ottisk-account", "ottisk-cart-button"]);

const SNAPSHOTS = Symbol.for("ottisk.prerender.snapshots");

function snapshots(): WeakMap<Element, unknown> {
  const holder = globalThis as typeof globalThis & { [SNAPSHOTS]?: WeakMap<Element, unknown> };
  holder[SNAPSHOTS] ??= new WeakMap();
  return holder[SNAPSHOTS];
}

/** The data a pre-drawn element was drawn from, taken once by the element when it hydrates. */
export function takePrerenderSnapshot(element: Element): { snapshot: unknown } | null {
  const store = snapshots();
  if (!store.has(element)) return null;
  const snapshot = store.get(element);
  store.delete(element);
  return { snapshot };
}

function isPrerenderTag(tag: string): tag is PrerenderTag {
  return tag in PRERENDER_ATTRIBUTES;
}

/** Draws `element` from the shop's server if it can; resolves to whether it did. */
export async function prerender(element: Element): Promise<boolean> {
  const tag = element.localName;
  if (!isPrerenderTag(tag) || element.shadowRoot || customElements.get(tag)) return false;
  const declared = element.getAttribute("api-base");
  const apiBase = declared ? resolveApiBase(declared) : defaultApiBase();
  const shop = storefrontOrigin();
  if (new URL(apiBase).href !== `${shop}/api`) return false;
  // A session may change what the visitor sees (favourites): draw it in the browser then.
  if (readText(STORAGE_KEYS.session(apiBase)) !== null) return false;
  // On the shop's own origin the session cookie is invisible here: the account may be anybody's.
  if (ANONYMOUS_ONLY.has(tag) && window.location.origin === shop) return false;

  const url = new URL(`/widgets/prerender/${tag}`, shop);
  for (const name of PRERENDER_ATTRIBUTES[tag]) {
    const value = element.getAttribute(name);
    if (value) url.searchParams.set(name, value);
  }
  const drawn = await fetchWidgetPrerender(url.href);
  // The element's code may have arrived first (another copy of it on the page): it draws itself.
  if (!drawn || element.shadowRoot || customElements.get(tag)) return false;
  const shadow = element.attachShadow({ mode: "open" });
  adoptStyles(shadow, drawn.styles);
  shadow.innerHTML = drawn.html;
  snapshots().set(element, drawn.snapshot);
  return true;
}
