/*
 * widgets/pdf-viewer — <ottisk-pdf-viewer>: the annotating PDF viewer. The folder's one public face
 * (widgets/README.md, "Faces"): the React feature that the host site or another widget may draw,
 * and the element's type. The element: `elements` names its tag and loads the `*.element.ts` that
 * defines it, which the loader's registry (widgets/registry.ts) calls when the tag first appears;
 * importing this face defines nothing.
 */
export { PdfViewer } from "./PdfViewer";
export type { PdfSaved, PdfViewerProps } from "./PdfViewer";
export type { OttiskPdfViewerElement } from "./pdf-viewer.element";

/**
 * The viewer's React feature, loaded when first drawn: the layout checker's design-order panel
 * shows a proof with `React.lazy(loadPdfViewer)`, so pdf.js comes only with it.
 */
export const loadPdfViewer = () => import("./PdfViewer").then((module) => ({ default: module.PdfViewer }));

/** The tags of this widget and the code that defines each, loaded the first time the tag appears. */
export const elements: Readonly<Record<string, () => Promise<unknown>>> = {
  "ottisk-pdf-viewer": () => import("./pdf-viewer.element"),
};
