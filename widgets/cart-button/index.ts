/*
 * widgets/cart-button — <ottisk-cart-button>: the cart link with its badge (the cart button of
 * shared/ui, with its events). The folder's one public face (widgets/README.md, "Faces"): the React
 * feature that the host site or another widget may draw, and the element's type. The element:
 * `elements` names its tag and loads the `*.element.ts` that defines it, which the loader's
 * registry (widgets/registry.ts) calls when the tag first appears; importing this face defines
 * nothing.
 */
export { CartButtonElement } from "./CartButtonElement";
export type { CartButtonElementProps } from "./CartButtonElement";
export { prerenderCartButton } from "./prerender";
export type { OttiskCartButtonElement } from "./cart-button.element";

/** The tags of this widget and the code that defines each, loaded the first time the tag appears. */
export const elements: Readonly<Record<string, () => Promise<unknown>>> = {
  "ottisk-cart-button": () => import("./cart-button.element"),
};
