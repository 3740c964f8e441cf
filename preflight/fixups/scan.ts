import { rgbUse } from "../checks/2078-rgb";
import { usedSpaces } from "../checks/common";
import { interpretPage } from "../content/interpreter";
import type { UseSite } from "../content/device";
import { createBudget } from "../core/budget";
import { DEFAULT_LIMITS } from "../core/errors";
import { openDocument } from "../core/reader";

/*
 * What the engine's interpreter sees painted in RGB and ICCBased spaces, told apart by where it is
 * used: the fix-ups' offers use it to decide whether 2078 concerns vector content (which
 * «Перевести RGB в CMYK» converts) or only images (which it does not), and — on a trial run of
 * the conversion — what would remain. The same notion of use as checks 2078 and 3171 (printable
 * annotations, visible optional content, forms and patterns drawn).
 */

export interface ColorUses {
  /** RGB uses in fills, strokes, text, shadings and patterns. */
  rgbVector: number;
  /** RGB uses in images and inline images. */
  rgbImage: number;
  /** Shadings among `rgbVector`. */
  rgbShading: number;
  /** Uses of any ICCBased space (3171's page part). */
  icc: number;
}

const IMAGE_SITES: ReadonlySet<UseSite> = new Set(["image", "inline-image"]);

/** Throws the engine's PreflightError when the file cannot be read. */
export function scanColorUses(bytes: Uint8Array): ColorUses {
  const budget = createBudget({ ...DEFAULT_LIMITS, now: () => Date.now() });
  const doc = openDocument(bytes, budget);
  const uses: ColorUses = { rgbVector: 0, rgbImage: 0, rgbShading: 0, icc: 0 };
  for (const page of doc.pages) {
    interpretPage(doc, page, {
      colorSpaceUsed(space, site) {
        if (rgbUse(space) !== null) {
          if (IMAGE_SITES.has(site)) uses.rgbImage++;
          else uses.rgbVector++;
          if (site === "shading") uses.rgbShading++;
        }
        if (usedSpaces(space).some((s) => s.family === "ICCBased")) uses.icc++;
      },
    }, budget);
  }
  return uses;
}
