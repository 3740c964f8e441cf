import type { ImageDraw } from "../content/device";
import { canonicalFilterName } from "../core/filters/index";
import type { PreflightProfile } from "../report";
import type { BBox, PageCheck, PageCheckContext } from "./common";
import { createFindingList } from "./common";

/*
 * 2088 compressed image. With compression "lossy": an image filtered with DCTDecode or JPXDecode
 * (JPEG, JPEG 2000). With "any": every image with a filter at all. Image XObjects and inline images
 * alike (inline abbreviations such as /DCT are read as their full names), image masks included —
 * the rule names images, not only colour ones. Measured: the image's filters joined with ", ",
 * e.g. "DCTDecode" or "ASCII85Decode, FlateDecode".
 */

const lossy = new Set(["DCTDecode", "JPXDecode"]);

/** The measured figure when `filters` offend under `compression`, else null. */
export function offendingFilters(filters: readonly string[], compression: PreflightProfile["compression"]): string | null {
  const names = filters.map(canonicalFilterName);
  if (names.length === 0) return null;
  if (compression === "lossy" && !names.some((n) => lossy.has(n))) return null;
  return names.join(", ");
}

export function createCompressionCheck({ page, profile }: PageCheckContext): PageCheck {
  const found = createFindingList();
  return {
    drawImage(image: ImageDraw, bbox: BBox) {
      const measured = offendingFilters(image.filters, profile.compression);
      if (measured !== null) found.add(2088, page.number, bbox, measured);
    },
    findings: () => found.items,
  };
}
