import r2wc from "@r2wc/react-to-web-component";
import type { ComponentType } from "react";
import { adoptStyles } from "./styles";

type AttributeType = "string" | "number" | "boolean" | "json";

/** r2wc keeps an element's props under this registered symbol, and renders through the other. */
const R2WC_PROPS = Symbol.for("r2wc.props");
const R2WC_RENDER = Symbol.for("r2wc.render");

interface R2wcInternals {
  [R2WC_PROPS]: Record<string, unknown>;
  [R2WC_RENDER](): void;
  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void;
}

function camelCase(attribute: string): string {
  return attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * The base class of every Ottisk element: the React component rendered by r2wc into an open shadow
 * root, with the component's stylesheets adopted there.
 *
 * r2wc ignores an attribute that is removed or emptied, so `<ottisk-catalog category="">` would keep
 * showing the old category; here the prop is cleared and the component renders again.
 */
export function reactElement<Props extends object>(
  component: ComponentType<Props>,
  options: { props: Partial<Record<keyof Props & string, AttributeType>>; styles: readonly string[] },
): CustomElementConstructor {
  const Base = r2wc(component, { shadow: "open", props: options.props }) as unknown as {
    new (): HTMLElement & R2wcInternals;
  };
  return class OttiskReactElement extends Base {
    constructor() {
      super();
      if (this.shadowRoot) adoptStyles(this.shadowRoot, options.styles);
    }

    override attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null) {
      if (newValue) {
        super.attributeChangedCallback(name, oldValue, newValue);
        return;
      }
      const prop = camelCase(name);
      if (!(prop in options.props) || this[R2WC_PROPS][prop] === undefined) return;
      this[R2WC_PROPS][prop] = undefined;
      this[R2WC_RENDER]();
    }
  };
}
