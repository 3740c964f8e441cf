/*
 * widgets/blog-teasers — <ottisk-blog-teasers>: the latest blog posts. The folder's one public face
 * (widgets/README.md, "Faces"): the React feature that the host site or another widget may draw, and
 * the element's type. The element itself is defined by its `*.element.ts`, the bundle's entry that
 * the loader's registry (widgets/registry.ts) imports when the tag first appears; importing this
 * face defines nothing.
 */
export { BlogTeasers } from "./BlogTeasers";
export type { BlogTeasersProps } from "./BlogTeasers";
export type { OttiskBlogTeasersElement } from "./blog-teasers.element";
