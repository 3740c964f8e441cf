import { createElement } from "react";
import type { ComponentType } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import type { Root } from "react-dom/client";
import { Provider } from "jotai/react";
import { getPageStore } from "../shared/state/index";
import type { Store } from "../shared/state/index";
import { ErrorBoundary } from "../shared/ui/index";
import { resolveApiBase, defaultApiBase } from "./api-base";
import { takePrerenderSnapshot } from "./prerender";
import { adoptStyles } from "./styles";

/*
 * The base of every Ottisk element: a React component rendered into an open shadow root, inside the
 * page's one jotai store, with the component's stylesheets adopted there.
 *
 * The component is inside an error boundary (shared/ui/ErrorBoundary.tsx): a bug, thrown while
 * drawing or sent from a handler (useShowFailure, useReportBug), is logged and the element shows a
 * generic message instead of a half-working screen; the API's errors are shown where they happen.
 *
 * Attributes map to props by the `attributes` table (kebab-case attribute → camelCase prop, typed);
 * a removed or emptied attribute clears its prop. `properties` are JavaScript-only props (a File,
 * an object). Every component also gets `host` (the element, for events) and `apiBase` (resolved:
 * the element's `api-base` attribute, else the script tag's `data-api-base`, else /api beside the
 * script).
 */

export type AttributeType = "string" | "number" | "boolean" | "json";

export interface HostProps {
  host: HTMLElement;
  apiBase: string;
}

export interface ElementOptions<Props> {
  /** Prop name → attribute type; the attribute is the prop's kebab-case name. */
  attributes: Partial<Record<keyof Props & string, AttributeType>>;
  /** Props set only as element properties (not attributes). */
  properties?: readonly (keyof Props & string)[];
  styles: readonly string[];
  /**
   * For elements the shop's server can draw first (widgets/prerender.ts): puts the data the HTML
   * was drawn from into the page's store, so the element hydrates that HTML instead of drawing anew.
   * Returns whether it can: false says the page's store has moved on from what the HTML shows (the account or the
   * cart changed before the element's code came): the element then draws itself.
   */
  hydrate?: (store: Store, snapshot: unknown) => boolean;
}

function kebabCase(prop: string): string {
  return prop.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

function parseAttribute(type: AttributeType, value: string | null): unknown {
  if (value === null) return type === "boolean" ? false : undefined;
  switch (type) {
    case "string":
      return value === "" ? undefined : value;
    case "number": {
      if (value.trim() === "") return undefined;
      const number = Number(value);
      return Number.isFinite(number) ? number : undefined;
    }
    case "boolean":
      return value !== "false";
    case "json":
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return undefined;
      }
  }
}

export function reactElement<Props extends object>(
  component: ComponentType<Props & HostProps>,
  options: ElementOptions<Props>,
): { new (): HTMLElement } & { readonly observedAttributes: string[] } {
  const attributeToProp = new Map<string, { prop: string; type: AttributeType }>();
  for (const [prop, type] of Object.entries(options.attributes) as [string, AttributeType][]) {
    attributeToProp.set(kebabCase(prop), { prop, type });
  }
  // Every element takes `api-base`.
  attributeToProp.set("api-base", { prop: "apiBase", type: "string" });
  const propertyNames = [...attributeToProp.values()].map((entry) => entry.prop).concat(options.properties ?? []);

  class OttiskElement extends HTMLElement {
    static get observedAttributes(): string[] {
      return [...attributeToProp.keys()];
    }

    #props: Record<string, unknown> = {};
    #root: Root | null = null;
    #scheduled = false;

    constructor() {
      super();
      // A shadow root already here was drawn by the shop's server before this code arrived.
      const shadow = this.shadowRoot ?? this.attachShadow({ mode: "open" });
      shadow.adoptedStyleSheets = [];
      adoptStyles(shadow, options.styles);
      // A property set before the element was upgraded sits on the instance: take it over.
      for (const prop of propertyNames) {
        if (Object.prototype.hasOwnProperty.call(this, prop)) {
          const value = (this as unknown as Record<string, unknown>)[prop];
          delete (this as unknown as Record<string, unknown>)[prop];
          this.#props[prop] = value;
        }
      }
    }

    connectedCallback(): void {
      if (this.#root) {
        this.#render();
        return;
      }
      const shadow = this.shadowRoot as ShadowRoot;
      const drawn = takePrerenderSnapshot(this);
      if (drawn && options.hydrate && shadow.firstChild) {
        const apiBase = this.#apiBase();
        if (options.hydrate(getPageStore(apiBase), drawn.snapshot)) {
          this.#root = hydrateRoot(shadow as unknown as Element, this.#tree(apiBase));
          return;
        }
      }
      shadow.replaceChildren();
      this.#root = createRoot(shadow);
      this.#render();
    }

    disconnectedCallback(): void {
      // Moving the element in the page disconnects and reconnects it at once: keep the React tree then.
      queueMicrotask(() => {
        if (this.isConnected || !this.#root) return;
        this.#root.unmount();
        this.#root = null;
      });
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
      const entry = attributeToProp.get(name);
      if (!entry) return;
      this.#props[entry.prop] = parseAttribute(entry.type, value);
      this.#schedule();
    }

    /** Reads a prop (attribute-backed or property-only). */
    getProp(prop: string): unknown {
      return this.#props[prop];
    }

    setProp(prop: string, value: unknown): void {
      this.#props[prop] = value;
      this.#schedule();
    }

    #schedule(): void {
      if (!this.#root || this.#scheduled) return;
      this.#scheduled = true;
      queueMicrotask(() => {
        this.#scheduled = false;
        this.#render();
      });
    }

    #apiBase(): string {
      const declared = this.#props.apiBase;
      return typeof declared === "string" ? resolveApiBase(declared) : defaultApiBase();
    }

    #tree(apiBase: string) {
      const props = { ...this.#props, host: this, apiBase } as Props & HostProps;
      return createElement(Provider, { store: getPageStore(apiBase) }, createElement(ErrorBoundary, null, createElement(component, props)));
    }

    #render(): void {
      if (!this.#root) return;
      this.#root.render(this.#tree(this.#apiBase()));
    }
  }

  for (const prop of propertyNames) {
    Object.defineProperty(OttiskElement.prototype, prop, {
      configurable: true,
      enumerable: true,
      get(this: OttiskElement) {
        return this.getProp(prop);
      },
      set(this: OttiskElement, value: unknown) {
        this.setProp(prop, value);
      },
    });
  }
  return OttiskElement;
}
