import type { DesignFontFamily, DesignImageSource } from "../../../shared/contracts/index";

/** A picture's pixels as the platform decoded them: 8-bit RGBA, row by row, top row first. */
export interface DecodedImage {
  widthPx: number;
  heightPx: number;
  /** widthPx × heightPx × 4 bytes (R, G, B, A). */
  rgba: Uint8Array;
}

/**
 * What the export needs from its platform: the browser passes fetch + canvas decoding, tests pass
 * files. The export code itself knows no DOM and no Node API.
 */
export interface DesignAssets {
  /** The TrueType file of a family's regular (400) or bold (700) face. */
  font(family: DesignFontFamily, bold: boolean): Promise<Uint8Array>;
  /** The uploaded picture's pixels (the whole picture: the export crops it itself). */
  image(source: DesignImageSource): Promise<DecodedImage>;
}

export interface ExportOptions {
  /** The product's total-ink limit in per cent (its preflight profile's `maxTacPct`): every colour is kept within it. */
  maxTacPct: number;
}
