/*
 * widgets/pdf-viewer — <ottisk-pdf-viewer>: the annotating PDF viewer. The folder's one public face
 * (widgets/README.md, "Faces"): the React feature that the host site or another widget may draw, and
 * the element's type. The element itself is defined by its `*.element.ts`, the bundle's entry that
 * the loader's registry (widgets/registry.ts) imports when the tag first appears; importing this
 * face defines nothing.
 */
export { PdfViewer } from "./PdfViewer";
export type { PdfSaved, PdfViewerProps } from "./PdfViewer";
export type { OttiskPdfViewerElement } from "./pdf-viewer.element";
