/*
 * widgets/favourite-button — <ottisk-favourite-button>: one product's favourite star. The folder's
 * one public face (widgets/README.md, "Faces"): the React feature that the host site or another
 * widget may draw, and the element's type. The element: `elements` names its tag and loads the
 * `*.element.ts` that defines it, which the loader's registry (widgets/registry.ts) calls when the
 * tag first appears; importing this face defines nothing.
 */
export { FavouriteButtonElement } from "./FavouriteButton";
export type { FavouriteButtonElementProps } from "./FavouriteButton";
export type { OttiskFavouriteButtonElement } from "./favourite-button.element";

/** The tags of this widget and the code that defines each, loaded the first time the tag appears. */
export const elements: Readonly<Record<string, () => Promise<unknown>>> = {
  "ottisk-favourite-button": () => import("./favourite-button.element"),
};
