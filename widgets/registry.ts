/*
 * Every Ottisk tag and the code that defines it. The loader imports an element's module the first
 * time the tag appears on the page; tags that share a module share one download.
 * Each module defines its tags itself (defineElement) when it is evaluated.
 */
export const elementModules: Readonly<Record<string, () => Promise<unknown>>> = {
  "ottisk-catalog": () => import("./catalog/catalog.element"),
};
