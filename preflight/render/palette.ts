import type { PaintColor } from "../content/device";
import { inkPaint } from "./cmyk";

/*
 * Images and shadings paint a colour per pixel; converting each through toCmyk (tint transforms,
 * Lab) would be slow, so the distinct colours are converted once and kept here: four plate values
 * scaled to 0…65535 (the raster's unit) and the plates the colour changes.
 */

export const INK_SCALE = 65535;

export class Palette {
  /** c, m, y, k, plates per entry. */
  readonly values: Uint16Array;
  size = 0;

  constructor(readonly capacity: number) {
    this.values = new Uint16Array(capacity * 5);
  }

  get full(): boolean {
    return this.size >= this.capacity;
  }

  /** Appends a colour; the caller checks `full` first. Returns its index. */
  add(color: PaintColor, overprint: boolean, overprintMode: 0 | 1, opmApplies: boolean): number {
    const i = this.size++;
    this.put(i, color, overprint, overprintMode, opmApplies);
    return i;
  }

  /** Writes a colour into entry `i` (a scratch entry once the palette is full). */
  put(i: number, color: PaintColor, overprint: boolean, overprintMode: 0 | 1, opmApplies: boolean): void {
    const { cmyk, plates } = inkPaint(color, overprint, overprintMode, opmApplies);
    const v = this.values;
    v[i * 5] = Math.round(cmyk[0] * INK_SCALE);
    v[i * 5 + 1] = Math.round(cmyk[1] * INK_SCALE);
    v[i * 5 + 2] = Math.round(cmyk[2] * INK_SCALE);
    v[i * 5 + 3] = Math.round(cmyk[3] * INK_SCALE);
    v[i * 5 + 4] = plates;
  }
}
