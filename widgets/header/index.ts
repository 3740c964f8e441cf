/*
 * widgets/header — <ottisk-header>: the site's header with its side menu. The folder's one public
 * face (widgets/README.md, "Faces"): the React feature that the host site or another widget may
 * draw, and the element's type. The element itself is defined by its `*.element.ts`, the bundle's
 * entry that the loader's registry (widgets/registry.ts) imports when the tag first appears;
 * importing this face defines nothing.
 */
export { Header, headerTabs } from "./Header";
export { HeaderElement } from "./HeaderElement";
export type { HeaderProps } from "./Header";
export type { HeaderElementProps } from "./HeaderElement";
export type { OttiskHeaderElement } from "./header.element";
