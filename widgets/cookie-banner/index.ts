/*
 * widgets/cookie-banner — <ottisk-cookie-banner>: the cookie notice. The folder's one public face
 * (widgets/README.md, "Faces"): the React feature that the host site or another widget may draw,
 * and the element's type. The element: `elements` names its tag and loads the `*.element.ts` that
 * defines it, which the loader's registry (widgets/registry.ts) calls when the tag first appears;
 * importing this face defines nothing.
 */
// The stylesheet the feature needs where it is drawn in a page (the host site): whoever imports the face gets it.
import "./cookie-banner.css";
export { CookieBanner } from "./CookieBanner";
export type { CookieBannerProps, CookieBannerState } from "./CookieBanner";
export type { OttiskCookieBannerElement } from "./cookie-banner.element";

/** The tags of this widget and the code that defines each, loaded the first time the tag appears. */
export const elements: Readonly<Record<string, () => Promise<unknown>>> = {
  "ottisk-cookie-banner": () => import("./cookie-banner.element"),
};
