/*
 * widgets/favourites — <ottisk-favourites>: the shopper's favourite products. The folder's one
 * public face (widgets/README.md, "Faces"): the React feature that the host site or another widget
 * may draw, and the element's type. The element itself is defined by its `*.element.ts`, the
 * bundle's entry that the loader's registry (widgets/registry.ts) imports when the tag first
 * appears; importing this face defines nothing.
 */
export { Favourites } from "./Favourites";
export { FavouritesElement } from "./FavouritesElement";
export type { FavouritesProps } from "./Favourites";
export type { FavouritesElementProps } from "./FavouritesElement";
export type { OttiskFavouritesElement } from "./favourites.element";
