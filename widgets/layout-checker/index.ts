/*
 * widgets/layout-checker — <ottisk-layout-checker>: the layout check in the browser, the upload, the
 * server's check, the proof and its approval, design orders. The folder's one public face
 * (widgets/README.md, "Faces"): the React feature that the host site or another widget may draw, and
 * the element's type. The element itself is defined by its `*.element.ts`, the bundle's entry that
 * the loader's registry (widgets/registry.ts) imports when the tag first appears; importing this
 * face defines nothing.
 */
export { LayoutChecker } from "./LayoutChecker";
export { FindingsReport } from "./FindingsReport";
export { ProofView } from "./ProofView";
export type { LayoutCheckerProps } from "./LayoutChecker";
export type { FindingsReportProps } from "./FindingsReport";
export type { ProofViewProps } from "./ProofView";
export type { OttiskLayoutCheckerElement } from "./layout-checker.element";
