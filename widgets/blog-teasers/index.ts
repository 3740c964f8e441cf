/*
 * widgets/blog-teasers — <ottisk-blog-teasers>: the latest blog posts. The folder's one public face
 * (widgets/README.md, "Faces"): the React feature that the host site or another widget may draw,
 * and the element's type. The element: `elements` names its tag and loads the `*.element.ts` that
 * defines it, which the loader's registry (widgets/registry.ts) calls when the tag first appears;
 * importing this face defines nothing.
 */
// The stylesheet the feature needs where it is drawn in a page (the host site): whoever imports the face gets it.
import "./blog-teasers.css";
export { BlogTeasers } from "./BlogTeasers";
export type { BlogTeasersProps } from "./BlogTeasers";
export type { OttiskBlogTeasersElement } from "./blog-teasers.element";

/** The tags of this widget and the code that defines each, loaded the first time the tag appears. */
export const elements: Readonly<Record<string, () => Promise<unknown>>> = {
  "ottisk-blog-teasers": () => import("./blog-teasers.element"),
};
