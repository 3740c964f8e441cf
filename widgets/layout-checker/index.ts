/*
 * widgets/layout-checker — <ottisk-layout-checker>: the layout check in the browser, the upload,
 * the server's check, the proof and its approval, design orders. The folder's one public face
 * (widgets/README.md, "Faces"): the React feature that the host site or another widget may draw,
 * and the element's type. The element: `elements` names its tag and loads the `*.element.ts` that
 * defines it, which the loader's registry (widgets/registry.ts) calls when the tag first appears;
 * importing this face defines nothing.
 */
export { LAYOUT_CHECKER_STYLES, LayoutChecker } from "./LayoutChecker";
export { FindingsReport } from "./FindingsReport";
export { ProofView } from "./ProofView";
export type { LayoutCheckerProps } from "./LayoutChecker";
export type { FindingsReportProps } from "./FindingsReport";
export type { ProofViewProps } from "./ProofView";
export type { OttiskLayoutCheckerElement } from "./layout-checker.element";

/**
 * The checker's React feature, loaded when first drawn: the cart opens it as its dialog with
 * `React.lazy(loadLayoutChecker)`, so the cart's own code carries none of it (nor the engine).
 */
export const loadLayoutChecker = () => import("./LayoutChecker").then((module) => ({ default: module.LayoutChecker }));

/** The tags of this widget and the code that defines each, loaded the first time the tag appears. */
export const elements: Readonly<Record<string, () => Promise<unknown>>> = {
  "ottisk-layout-checker": () => import("./layout-checker.element"),
};
