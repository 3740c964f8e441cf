/*
 * widgets/search — <ottisk-search> and <ottisk-search-results>: the site search box and its results.
 * The folder's one public face (widgets/README.md, "Faces"): the React feature that the host site or
 * another widget may draw, and the element's type. The element itself is defined by its
 * `*.element.ts`, the bundle's entry that the loader's registry (widgets/registry.ts) imports when
 * the tag first appears; importing this face defines nothing.
 */
export { SearchResults } from "./SearchResults";
export { SearchElement, SearchResultsElement } from "./SearchElements";
export type { SearchResultsProps } from "./SearchResults";
export type { SearchElementProps, SearchResultsElementProps } from "./SearchElements";
export type { OttiskSearchElement } from "./search.element";
export type { OttiskSearchResultsElement } from "./search-results.element";
