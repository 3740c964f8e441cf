import type { PdfPage, Rect } from "../core/document";
import type { Finding, PageBoxes, PreflightProfile } from "../report";
import { finding, formatNumber, intersectRect, pointsToMm } from "./common";

/*
 * 1198 size. The box measured is the layout's size with bleed:
 *   - with a TrimBox: its BleedBox where present, otherwise the TrimBox grown by the profile's bleed
 *     on every side;
 *   - without one: the CropBox (which defaults to the MediaBox).
 * It must measure trim + 2 × bleed within sizeToleranceMm on both sides (exactly at the tolerance
 * passes), in either orientation. Boxes are cut to the MediaBox as ISO 32000-1 §14.11.2 says. The
 * measured figure is the box's size after /Rotate, as the shopper sees the page: "94×54 мм".
 */

/** Float noise of the points → mm conversion must not turn "exactly at the tolerance" into a failure. */
const EPSILON_MM = 1e-6;

function measuredBox(page: PdfPage, bleedMm: number): Rect {
  const media = page.mediaBox;
  const clip = (box: Rect): Rect => intersectRect(box, media) ?? box;
  if (page.trimBox) {
    if (page.bleedBox) return clip(page.bleedBox);
    const grow = bleedMm / pointsToMm(1);
    const t = clip(page.trimBox);
    return [t[0] - grow, t[1] - grow, t[2] + grow, t[3] + grow];
  }
  return clip(page.cropBox);
}

/** The page's boxes as this check sees them (report.ts, PageBoxes). */
export function pageBoxes(page: PdfPage, bleedMm: number): PageBoxes {
  const media = page.mediaBox;
  const view = intersectRect(page.cropBox, media) ?? media;
  const grow = bleedMm / pointsToMm(1);
  const trimBox = page.trimBox ? (intersectRect(page.trimBox, media) ?? page.trimBox) : inset(view, grow);
  const bleedBox = page.trimBox ? measuredBox(page, bleedMm) : view;
  return { page: page.number, view: [...view], trimBox: [...trimBox], bleedBox: [...bleedBox], rotate: page.rotate };
}

/** A box made smaller by `by` on every side (never past its centre). */
function inset(box: Rect, by: number): Rect {
  const dx = Math.min(by, (box[2] - box[0]) / 2);
  const dy = Math.min(by, (box[3] - box[1]) / 2);
  return [box[0] + dx, box[1] + dy, box[2] - dx, box[3] - dy];
}

export function checkPageSize(page: PdfPage, profile: Pick<PreflightProfile, "trimMm" | "bleedMm" | "sizeToleranceMm">): Finding[] {
  const box = measuredBox(page, profile.bleedMm);
  let w = pointsToMm(box[2] - box[0]);
  let h = pointsToMm(box[3] - box[1]);
  if (page.rotate === 90 || page.rotate === 270) [w, h] = [h, w];
  const wantW = profile.trimMm[0] + 2 * profile.bleedMm;
  const wantH = profile.trimMm[1] + 2 * profile.bleedMm;
  const tol = profile.sizeToleranceMm + EPSILON_MM;
  const fits = (a: number, b: number) => Math.abs(a - wantW) <= tol && Math.abs(b - wantH) <= tol;
  if (fits(w, h) || fits(h, w)) return [];
  return [finding(1198, page.number, box, `${formatNumber(w)}×${formatNumber(h)} мм`)];
}
