/*
 * widgets/product — <ottisk-product>: a product's page: options, price, the order. The folder's one
 * public face (widgets/README.md, "Faces"): the React feature that the host site or another widget
 * may draw, and the element's type. The element itself is defined by its `*.element.ts`, the
 * bundle's entry that the loader's registry (widgets/registry.ts) imports when the tag first
 * appears; importing this face defines nothing.
 */
export { ProductPage } from "./Product";
export { ProductElement } from "./ProductElement";
export type { ProductPageProps } from "./Product";
export type { ProductElementProps } from "./ProductElement";
export type { OttiskProductElement } from "./product.element";
