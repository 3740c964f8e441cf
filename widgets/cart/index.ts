/*
 * widgets/cart — <ottisk-cart>: the shopper's cart and checkout. The folder's one public face
 * (widgets/README.md, "Faces"): the React feature that the host site or another widget may draw,
 * and the element's type. The element: `elements` names its tag and loads the `*.element.ts` that
 * defines it, which the loader's registry (widgets/registry.ts) calls when the tag first appears;
 * importing this face defines nothing.
 */
// The stylesheet the feature needs where it is drawn in a page (the host site): whoever imports the face gets it.
import "./cart.css";
export { Cart } from "./Cart";
export { PAYMENT_TYPE_LABELS } from "./CartPayment";
export { CartElement } from "./CartElement";
export type { CartProps } from "./Cart";
export type { CartElementProps } from "./CartElement";
export type { OttiskCartElement } from "./cart.element";

/** The tags of this widget and the code that defines each, loaded the first time the tag appears. */
export const elements: Readonly<Record<string, () => Promise<unknown>>> = {
  "ottisk-cart": () => import("./cart.element"),
};
