/*
 * widgets/designer — <ottisk-designer>: the layout designer (issue 32). The folder's one public
 * face (widgets/README.md, "Faces"): the React feature the host site's page `/konstruktor/{id}`
 * may draw, and the element's type. `elements` names the tag and the `*.element.ts` that defines it,
 * loaded by the loader only when the tag appears; importing this face defines nothing and loads
 * neither the fonts nor the PDF export.
 */
export { Designer } from "./Designer";
export type { DesignerProps } from "./Designer";
export type { OttiskDesignerElement } from "./designer.element";

/** The designer's React feature, loaded when first drawn. */
export const loadDesigner = () => import("./Designer").then((module) => ({ default: module.Designer }));

/** The tags of this widget and the code that defines each, loaded the first time the tag appears. */
export const elements: Readonly<Record<string, () => Promise<unknown>>> = {
  "ottisk-designer": () => import("./designer.element"),
};
