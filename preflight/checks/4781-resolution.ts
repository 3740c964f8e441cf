import type { ImageDraw, Matrix } from "../content/device";
import type { PreflightProfile } from "../report";
import type { BBox, PageCheck, PageCheckContext } from "./common";
import { createFindingList } from "./common";

/*
 * 4781 image resolution. The image's unit square maps to the page by its CTM [a b c d e f] (forms'
 * /Matrix already composed by the interpreter), so the image's width runs along the first column
 * (a, b) and its height along the second (c, d); their lengths in points hold for any rotation or
 * skew. Effective ppi per axis = pixels × 72 / length; the lower axis counts. Image masks
 * (stencils) are not judged, and neither are soft masks (they are never drawn as images). It fails
 * below minPpi × (1 − ppiTolerancePct / 100) — exactly at that figure passes. Measured: the lower
 * ppi rounded down to an integer.
 */

/** Relative float noise allowed at the threshold, so "exactly at the limit" is not lost to rounding. */
const RELATIVE_EPSILON = 1e-9;

/** The effective ppi on each axis; Infinity on an axis the CTM collapses. */
export function effectivePpi(width: number, height: number, ctm: Matrix): { x: number; y: number } {
  const lenX = Math.hypot(ctm[0], ctm[1]);
  const lenY = Math.hypot(ctm[2], ctm[3]);
  return { x: lenX > 0 ? (width * 72) / lenX : Infinity, y: lenY > 0 ? (height * 72) / lenY : Infinity };
}

export function minimumPpi(profile: Pick<PreflightProfile, "minPpi" | "ppiTolerancePct">): number {
  return profile.minPpi * (1 - profile.ppiTolerancePct / 100);
}

export function createResolutionCheck({ page, profile }: PageCheckContext): PageCheck {
  const found = createFindingList();
  const limit = minimumPpi(profile);
  return {
    drawImage(image: ImageDraw, bbox: BBox) {
      if (image.imageMask) return;
      const ppi = effectivePpi(image.width, image.height, image.ctm);
      // A CTM that collapses an axis draws nothing: there is no picture whose sharpness could suffer.
      if (!Number.isFinite(ppi.x) || !Number.isFinite(ppi.y)) return;
      const lower = Math.min(ppi.x, ppi.y);
      if (lower >= limit * (1 - RELATIVE_EPSILON)) return;
      found.add(4781, page.number, bbox, Math.floor(lower + lower * RELATIVE_EPSILON));
    },
    findings: () => found.items,
  };
}
