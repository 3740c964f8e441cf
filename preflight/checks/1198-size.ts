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
 *
 * With both a TrimBox and a BleedBox, the TrimBox must also measure the trim itself, so the bleed is
 * the difference between the boxes. Ghostscript's PDF/X output (-dPDFX) writes TrimBox = BleedBox =
 * MediaBox: a 94×54 mm page of a 90×50 card with 2 mm bleed has then a 94×54 mm trim and no bleed
 * at all. That page fails with the TrimBox's size and the narrowest bleed on any side:
 * "обрез 94×54 мм, вылет 0 мм" (issue 31).
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

/** The box's width and height in mm as the shopper sees the page (after /Rotate). */
function shownSizeMm(page: PdfPage, box: Rect): [number, number] {
  const w = pointsToMm(box[2] - box[0]);
  const h = pointsToMm(box[3] - box[1]);
  return page.rotate === 90 || page.rotate === 270 ? [h, w] : [w, h];
}

export function checkPageSize(page: PdfPage, profile: Pick<PreflightProfile, "trimMm" | "bleedMm" | "sizeToleranceMm">): Finding[] {
  const tol = profile.sizeToleranceMm + EPSILON_MM;
  /** Whether w × h is want within the tolerance, in either orientation. */
  const fits = ([w, h]: [number, number], want: [number, number]) => {
    const near = (a: number, b: number) => Math.abs(a - want[0]) <= tol && Math.abs(b - want[1]) <= tol;
    return near(w, h) || near(h, w);
  };
  const box = measuredBox(page, profile.bleedMm);
  const [w, h] = shownSizeMm(page, box);
  if (!fits([w, h], [profile.trimMm[0] + 2 * profile.bleedMm, profile.trimMm[1] + 2 * profile.bleedMm])) {
    return [finding(1198, page.number, box, `${formatNumber(w)}×${formatNumber(h)} мм`)];
  }
  // Without a BleedBox the measured box is the TrimBox grown by the bleed: its trim was judged above.
  if (!page.trimBox || !page.bleedBox) return [];
  const trim = intersectRect(page.trimBox, page.mediaBox) ?? page.trimBox;
  const [trimW, trimH] = shownSizeMm(page, trim);
  if (fits([trimW, trimH], profile.trimMm)) return [];
  const bleed = Math.max(0, Math.min(trim[0] - box[0], trim[1] - box[1], box[2] - trim[2], box[3] - trim[3]));
  return [finding(1198, page.number, trim, `обрез ${formatNumber(trimW)}×${formatNumber(trimH)} мм, вылет ${formatNumber(pointsToMm(bleed))} мм`)];
}
