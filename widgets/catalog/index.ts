/*
 * widgets/catalog — <ottisk-catalog>: the catalogue, and its first paint drawn by the shop's server.
 * The folder's one public face (widgets/README.md, "Faces"): the React feature that the host site or
 * another widget may draw, and the element's type. The element itself is defined by its
 * `*.element.ts`, the bundle's entry that the loader's registry (widgets/registry.ts) imports when
 * the tag first appears; importing this face defines nothing.
 */
export { Catalog, catalogSortLabels } from "./Catalog";
export { CatalogElement } from "./CatalogElement";
export { prerenderCatalog } from "./prerender";
export type { CatalogProps } from "./Catalog";
export type { CatalogElementProps } from "./CatalogElement";
export type { CatalogPrerenderInput } from "./prerender";
export type { OttiskCatalogElement } from "./catalog.element";
