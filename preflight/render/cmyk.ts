import type { ColorSpace, PaintColor } from "../content/device";
import { toCmyk } from "../content/colorspace";

/*
 * What overprint simulation needs on top of content/colorspace.ts's `toCmyk` (a colour → C, M, Y,
 * K, 0…1 each, by naive conversions; spot colorants through their tint transform and alternate
 * space): which of the four plates a paint changes.
 */

export type Cmyk = [number, number, number, number];

/** Plate bits: a paint changes the planes whose bit is set and leaves the others as they are. */
export const PLATE_C = 1;
export const PLATE_M = 2;
export const PLATE_Y = 4;
export const PLATE_K = 8;
export const ALL_PLATES = 15;

const PROCESS_PLATES: Record<string, number> = { Cyan: PLATE_C, Magenta: PLATE_M, Yellow: PLATE_Y, Black: PLATE_K };

const processOnly = (colorants: readonly string[]): boolean => colorants.every((n) => n === "None" || PROCESS_PLATES[n] !== undefined);

const nonzeroPlates = (cmyk: Cmyk): number => (cmyk[0] > 0 ? PLATE_C : 0) | (cmyk[1] > 0 ? PLATE_M : 0) | (cmyk[2] > 0 ? PLATE_Y : 0) | (cmyk[3] > 0 ? PLATE_K : 0);

/** A paint's ink and the plates it changes. */
export interface InkPaint {
  cmyk: Cmyk;
  plates: number;
}

/**
 * The ink a paint lays and the plates it changes (ISO 32000-1 §8.6.7):
 * - overprint off: all four plates (knockout — the paint's zero components erase what is below);
 * - overprint on, DeviceCMYK (and ICCBased with N = 4, which RIPs treat alike) with OPM 1 where
 *   `opmApplies`: only the plates whose component is non-zero; with OPM 0: all four;
 * - overprint on, Separation or DeviceN: only the plates of its process colorants (Cyan, Magenta,
 *   Yellow, Black; All: all four; None: nothing). A spot colorant has no plate of its own here: its
 *   ink is counted through its alternate space's CMYK (toCmyk), on the plates where that is
 *   non-zero — so a spot overprinting process colour adds its ink as a spot plate would;
 * - any other space replaces all four.
 * `opmApplies` is false for sampled images, which the overprint mode does not govern.
 */
export function inkPaint(color: PaintColor, overprint: boolean, overprintMode: 0 | 1, opmApplies = true): InkPaint {
  const raw = safeCmyk(color);
  const cmyk: Cmyk = [clamp01(raw[0]), clamp01(raw[1]), clamp01(raw[2]), clamp01(raw[3])];
  if (!overprint) return { cmyk, plates: ALL_PLATES };
  return { cmyk, plates: overprintPlates(color.space, cmyk, overprintMode, opmApplies, 0) };
}

/** A tint transform that throws must not take the page down: such a colour counts as no ink. */
function safeCmyk(color: PaintColor): Cmyk {
  try {
    return toCmyk(color);
  } catch {
    return [0, 0, 0, 0];
  }
}

const clamp01 = (v: number): number => (v > 0 ? (v < 1 ? v : 1) : 0);

function overprintPlates(space: ColorSpace, cmyk: Cmyk, opm: 0 | 1, opmApplies: boolean, depth: number): number {
  switch (space.family) {
    case "DeviceCMYK":
      return opm === 1 && opmApplies ? nonzeroPlates(cmyk) : ALL_PLATES;
    case "ICCBased":
      return space.n === 4 && opm === 1 && opmApplies ? nonzeroPlates(cmyk) : ALL_PLATES;
    case "Separation": {
      const plate = PROCESS_PLATES[space.colorant];
      if (plate !== undefined) return plate;
      if (space.colorant === "All") return ALL_PLATES;
      if (space.colorant === "None") return 0;
      return nonzeroPlates(cmyk);
    }
    case "DeviceN": {
      let plates = 0;
      for (const name of space.colorants) plates |= name === "All" ? ALL_PLATES : (PROCESS_PLATES[name] ?? 0);
      return processOnly(space.colorants) ? plates : plates | nonzeroPlates(cmyk);
    }
    case "Pattern":
      return space.base === null || depth > 4 ? ALL_PLATES : overprintPlates(space.base, cmyk, opm, opmApplies, depth + 1);
    default:
      return ALL_PLATES;
  }
}

/** C+M+Y+K of a colour in percent (0…400). */
export const tacPct = (cmyk: Cmyk): number => (cmyk[0] + cmyk[1] + cmyk[2] + cmyk[3]) * 100;
