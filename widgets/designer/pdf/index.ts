/*
 * The layout designer's PDF export (issue 32): platform-free (no DOM, no Node API), run in the
 * browser by <ottisk-designer> and in Node by the tests. The editor imports only this file.
 */
export { exportDesignPdf } from "./export-pdf";
export type { DecodedImage, DesignAssets, ExportOptions } from "./types";
