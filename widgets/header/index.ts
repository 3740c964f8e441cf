/*
 * widgets/header — <ottisk-header>: the site's header with its side menu. The folder's one public
 * face (widgets/README.md, "Faces"): the React feature that the host site or another widget may
 * draw, and the element's type. The element: `elements` names its tag and loads the `*.element.ts`
 * that defines it, which the loader's registry (widgets/registry.ts) calls when the tag first
 * appears; importing this face defines nothing.
 */
// The stylesheet the feature needs where it is drawn in a page (the host site): whoever imports the face gets it.
import "./header.css";
export { Header, headerTabs } from "./Header";
export { HeaderElement } from "./HeaderElement";
export type { HeaderProps } from "./Header";
export type { HeaderElementProps } from "./HeaderElement";
export type { OttiskHeaderElement } from "./header.element";

/** The tags of this widget and the code that defines each, loaded the first time the tag appears. */
export const elements: Readonly<Record<string, () => Promise<unknown>>> = {
  "ottisk-header": () => import("./header.element"),
};
