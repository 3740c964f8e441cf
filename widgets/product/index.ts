/*
 * widgets/product — <ottisk-product>: a product's page: options, price, the order. The folder's one
 * public face (widgets/README.md, "Faces"): the React feature that the host site or another widget
 * may draw, and the element's type. The element: `elements` names its tag and loads the
 * `*.element.ts` that defines it, which the loader's registry (widgets/registry.ts) calls when the
 * tag first appears; importing this face defines nothing.
 */
// The stylesheet the feature needs where it is drawn in a page (the host site): whoever imports the face gets it.
import "./product.css";
export { ProductPage } from "./Product";
export { ProductElement } from "./ProductElement";
export type { ProductPageProps } from "./Product";
export type { ProductElementProps } from "./ProductElement";
export type { OttiskProductElement } from "./product.element";

/** The tags of this widget and the code that defines each, loaded the first time the tag appears. */
export const elements: Readonly<Record<string, () => Promise<unknown>>> = {
  "ottisk-product": () => import("./product.element"),
};
