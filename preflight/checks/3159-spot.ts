import type { ColorSpace, UseSite } from "../content/device";
import type { BBox, PageCheck, PageCheckContext } from "./common";
import { createFindingList, usedSpaces } from "./common";

/*
 * 3159 spot colours: any used Separation or DeviceN colorant other than the process ones and the
 * two special names (ISO 32000-1 §8.6.6.4: None paints nothing, All paints every separation). A
 * Separation /Black is the K plate and passes. Measured: the offending colorant names of the space,
 * joined with ", ", e.g. "PANTONE 286 C".
 */

const allowed = new Set(["Cyan", "Magenta", "Yellow", "Black", "None", "All"]);

/** The spot colorants a use of `space` paints (an Indexed or pattern base included); empty for none. */
export function spotColorants(space: ColorSpace): string[] {
  const out: string[] = [];
  for (const s of usedSpaces(space)) {
    const names = s.family === "Separation" ? [s.colorant] : s.family === "DeviceN" ? s.colorants : [];
    for (const n of names) if (!allowed.has(n) && !out.includes(n)) out.push(n);
  }
  return out;
}

export function createSpotColourCheck({ page }: Pick<PageCheckContext, "page">): PageCheck {
  const found = createFindingList();
  return {
    colorSpaceUsed(space: ColorSpace, _site: UseSite, bbox: BBox | null) {
      const spots = spotColorants(space);
      if (spots.length > 0) found.add(3159, page.number, bbox, spots.join(", "));
    },
    findings: () => found.items,
  };
}
