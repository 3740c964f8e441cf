/*
 * The layout designer's PDF export (issue 32): platform-free (no DOM, no Node API), run in the
 * browser by <ottisk-designer> and in Node by the tests. The editor imports only this file.
 */
export { exportDesignPdf } from "./export-pdf";
export type { DecodedImage, DesignAssets, ExportOptions } from "./types";
export { DESIGN_PALETTE, RICH_BLACK, coloursOverInkLimit, limitInk, rgbToCmyk, totalInk } from "./colours";
export type { PaletteColor } from "./colours";
export type { InkOverLimit } from "./colours";
export { MAX_EXPORT_PPI, cropPixels, effectivePpi, exportPixelSize, printImage } from "./image";
export type { PrintImage } from "./image";
export { designProblems } from "./problems";
export type { DesignFix, DesignProblem, DesignProblemsOptions } from "./problems";
export { linkUri, qrContentText, qrMatrix, qrRectangles, telUri } from "./qr";
export type { QrMatrix } from "./qr";
export { PT_PER_MM, breakLines, createTextMeasure, glyphOutline, layoutText, loadDesignFont, measureLine } from "./text-layout";
export type { DesignFont, OutlineCommand, PlacedGlyph, TextLayout } from "./text-layout";
