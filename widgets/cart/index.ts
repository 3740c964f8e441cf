/*
 * widgets/cart — <ottisk-cart>: the shopper's cart and checkout. The folder's one public face
 * (widgets/README.md, "Faces"): the React feature that the host site or another widget may draw, and
 * the element's type. The element itself is defined by its `*.element.ts`, the bundle's entry that
 * the loader's registry (widgets/registry.ts) imports when the tag first appears; importing this
 * face defines nothing.
 */
export { Cart } from "./Cart";
export { PAYMENT_TYPE_LABELS } from "./CartPayment";
export { CartElement } from "./CartElement";
export type { CartProps } from "./Cart";
export type { CartElementProps } from "./CartElement";
export type { OttiskCartElement } from "./cart.element";
