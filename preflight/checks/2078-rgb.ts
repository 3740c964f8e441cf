import type { ColorSpace, UseSite } from "../content/device";
import type { BBox, PageCheck, PageCheckContext } from "./common";
import { createFindingList, usedSpaces } from "./common";

/*
 * 2078 RGB: any use of DeviceRGB, CalRGB, ICCBased with N = 3, or Indexed over one of them (through
 * an uncoloured pattern's base too) — wherever the interpreter met it: page content, forms, images,
 * inline images, shadings, patterns, printable annotations. A Separation's or DeviceN's alternate
 * is not a use. Measured: the name of the space used, e.g. "DeviceRGB", "ICCBased RGB",
 * "Indexed DeviceRGB".
 */

function rgbName(space: ColorSpace): string | null {
  if (space.family === "DeviceRGB" || space.family === "CalRGB") return space.family;
  if (space.family === "ICCBased" && space.n === 3) return "ICCBased RGB";
  return null;
}

/** The RGB space a use of `space` paints in, named for the shopper; null when it paints in none. */
export function rgbUse(space: ColorSpace): string | null {
  const chain = usedSpaces(space);
  for (const s of chain) {
    const name = rgbName(s);
    if (name !== null) return s === space ? name : `${space.family} ${name}`;
  }
  return null;
}

export function createRgbCheck({ page }: Pick<PageCheckContext, "page">): PageCheck {
  const found = createFindingList();
  return {
    colorSpaceUsed(space: ColorSpace, _site: UseSite, bbox: BBox | null) {
      const name = rgbUse(space);
      if (name !== null) found.add(2078, page.number, bbox, name);
    },
    findings: () => found.items,
  };
}
