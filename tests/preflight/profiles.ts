import type { PreflightProfile } from "../../preflight/report";

/**
 * A profile that passes almost any A4-sized page: for the tests that run the engine over foreign
 * files (the veraPDF samples, cut-off copies of them), where what matters is how the engine
 * answers, not what it finds.
 */
export const PERMISSIVE_PROFILE: PreflightProfile = {
  pdfVersion: "1.7",
  pages: 1,
  trimMm: [210, 297],
  bleedMm: 0,
  sizeToleranceMm: 1000,
  minPpi: 1,
  ppiTolerancePct: 0,
  compression: "lossy",
  maxTacPct: 400,
  tacTolerancePct: 0,
  tacMinAreaMm2: 1,
};
