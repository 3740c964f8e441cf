/*
 * widgets/search — <ottisk-search> and <ottisk-search-results>: the site search box and its
 * results. The folder's one public face (widgets/README.md, "Faces"): the React feature that the
 * host site or another widget may draw, and the element's type. The element: `elements` names its
 * tag and loads the `*.element.ts` that defines it, which the loader's registry
 * (widgets/registry.ts) calls when the tag first appears; importing this face defines nothing.
 */
// The stylesheet the feature needs where it is drawn in a page (the host site): whoever imports the face gets it.
import "./search.css";
export { SearchResults } from "./SearchResults";
export { SearchElement, SearchResultsElement } from "./SearchElements";
export type { SearchResultsProps } from "./SearchResults";
export type { SearchElementProps, SearchResultsElementProps } from "./SearchElements";
export type { OttiskSearchElement } from "./search.element";
export type { OttiskSearchResultsElement } from "./search-results.element";

/** The tags of this widget and the code that defines each, loaded the first time the tag appears. */
export const elements: Readonly<Record<string, () => Promise<unknown>>> = {
  "ottisk-search-results": () => import("./search-results.element"),
  "ottisk-search": () => import("./search.element"),
};
