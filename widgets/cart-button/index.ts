/*
 * widgets/cart-button — <ottisk-cart-button>: the cart link with its badge (the cart button of
 * shared/ui, with its events). The folder's one public face (widgets/README.md, "Faces"): the React
 * feature that the host site or another widget may draw, and the element's type. The element itself
 * is defined by its `*.element.ts`, the bundle's entry that the loader's registry
 * (widgets/registry.ts) imports when the tag first appears; importing this face defines nothing.
 */
export { CartButtonElement } from "./CartButtonElement";
export type { CartButtonElementProps } from "./CartButtonElement";
export type { OttiskCartButtonElement } from "./cart-button.element";
