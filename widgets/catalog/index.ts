/*
 * widgets/catalog — <ottisk-catalog>: the catalogue, and its first paint drawn by the shop's
 * server. The folder's one public face (widgets/README.md, "Faces"): the React feature that the
 * host site or another widget may draw, and the element's type. The element: `elements` names its
 * tag and loads the `*.element.ts` that defines it, which the loader's registry
 * (widgets/registry.ts) calls when the tag first appears; importing this face defines nothing.
 */
// The stylesheet the feature needs where it is drawn in a page (the host site): whoever imports the face gets it.
import "./catalog.css";
export { Catalog, catalogSortLabels } from "./Catalog";
export { CatalogElement } from "./CatalogElement";
export { prerenderCatalog } from "./prerender";
export type { CatalogProps } from "./Catalog";
export type { CatalogElementProps } from "./CatalogElement";
export type { OttiskCatalogElement } from "./catalog.element";

/** The tags of this widget and the code that defines each, loaded the first time the tag appears. */
export const elements: Readonly<Record<string, () => Promise<unknown>>> = {
  "ottisk-catalog": () => import("./catalog.element"),
};
