import type { DesignDocument } from "../../../shared/contracts/index";
import type { DesignAssets, ExportOptions } from "./types";

/**
 * The print-ready PDF of a design: PDF 1.3, one page per side, MediaBox = BleedBox = trim + bleed,
 * TrimBox = trim, DeviceCMYK only, text as curves, images in CMYK Flate-compressed at ≤ 450 ppi,
 * every colour within `options.maxTacPct`.
 */
export async function exportDesignPdf(document: DesignDocument, assets: DesignAssets, options: ExportOptions): Promise<Uint8Array> {
  void document;
  void assets;
  void options;
  throw new Error("exportDesignPdf: not built yet");
}
