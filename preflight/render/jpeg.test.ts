import { describe, expect, it } from "vitest";
import { encode as encodeJpeg } from "jpeg-js";
import { decodeJpeg } from "./jpeg";
import { BASELINE_RGB_JPEG, cmykJpeg, PROGRESSIVE_RGB_JPEG } from "./jpeg-fixture";

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

describe("decodeJpeg", () => {
  it("returns a four-component Adobe JPEG's stored samples, each within 1 of 255", () => {
    const blocks = [
      [0, 40, 200, 255],
      [255, 128, 7, 0],
      [13, 250, 99, 180],
    ];
    const jpeg = decodeJpeg(cmykJpeg(blocks), null);
    expect(jpeg).toMatchObject({ width: 24, height: 8, components: 4 });
    blocks.forEach((block, b) => {
      for (const [x, y] of [
        [b * 8, 0],
        [b * 8 + 7, 7],
      ] as const) {
        const at = (y * 24 + x) * 4;
        for (let c = 0; c < 4; c++) expect(Math.abs((jpeg.data[at + c] as number) - (block[c] as number))).toBeLessThanOrEqual(1);
      }
    });
  });

  it("returns RGB for a three-component JPEG and one byte a pixel for gray", () => {
    const rgba = new Uint8Array(8 * 8 * 4);
    for (let i = 0; i < 64; i++) rgba.set([0, 0, 255, 255], i * 4);
    const rgb = decodeJpeg(Uint8Array.from(encodeJpeg({ width: 8, height: 8, data: rgba }, 100).data), null);
    expect(rgb.components).toBe(3);
    expect(rgb.data.length).toBe(8 * 8 * 3);
    expect(rgb.data[2] as number).toBeGreaterThan(245);
    expect(rgb.data[0] as number).toBeLessThan(10);
  });

  it("refuses what is not a JPEG", () => {
    expect(() => decodeJpeg(Uint8Array.from([1, 2, 3, 4]), null)).toThrow();
  });

  it("decodes at the coarsest of 1/1, 1/2, 1/4, 1/8 that still gives the samples asked for", () => {
    const blocks = [
      [0, 40, 200, 255],
      [255, 128, 7, 0],
      [13, 250, 99, 180],
    ];
    const jpeg = cmykJpeg(blocks);
    // At 1/8 each flat 8 × 8 block is one sample: its stored CMYK, exactly.
    const eighth = decodeJpeg(jpeg, null, { minWidth: 3, minHeight: 1 });
    expect(eighth).toMatchObject({ width: 3, height: 1, components: 4, scale: 8 });
    expect([...eighth.data]).toEqual(blocks.flat());
    expect(decodeJpeg(jpeg, null, { minWidth: 4, minHeight: 1 })).toMatchObject({ width: 6, height: 2, scale: 4 });
    expect(decodeJpeg(jpeg, null, { minWidth: 7, minHeight: 1 })).toMatchObject({ width: 12, height: 4, scale: 2 });
    expect(decodeJpeg(jpeg, null, { minWidth: 13, minHeight: 1 })).toMatchObject({ width: 24, height: 8, scale: 1 });
  });

  it("gives each reduced sample the mean of the full-size pixels it stands for, on a smooth picture", () => {
    const w = 64;
    const rgba = new Uint8Array(w * w * 4);
    for (let y = 0; y < w; y++) for (let x = 0; x < w; x++) rgba.set([x * 3, y * 3, 128 + ((x + y) >> 1), 255], (y * w + x) * 4);
    const bytes = Uint8Array.from(encodeJpeg({ width: w, height: w, data: rgba }, 95).data);
    const full = decodeJpeg(bytes, null);
    for (const scale of [2, 4, 8]) {
      const part = decodeJpeg(bytes, null, { minWidth: w / scale, minHeight: w / scale });
      expect(part).toMatchObject({ width: w / scale, height: w / scale, scale });
      let worst = 0;
      for (let y = 0; y < part.height; y++)
        for (let x = 0; x < part.width; x++)
          for (let c = 0; c < 3; c++) {
            let sum = 0;
            for (let j = 0; j < scale; j++) for (let i = 0; i < scale; i++) sum += full.data[((y * scale + j) * w + x * scale + i) * 3 + c] as number;
            worst = Math.max(worst, Math.abs((part.data[(y * part.width + x) * 3 + c] as number) - sum / (scale * scale)));
          }
      expect(worst).toBeLessThanOrEqual(4);
    }
  });

  it("reads a progressive JPEG to the same samples as its baseline twin, in full and from its DC scans alone at 1/8", () => {
    const baseline = fromBase64(BASELINE_RGB_JPEG);
    const progressive = fromBase64(PROGRESSIVE_RGB_JPEG);
    expect(progressive[progressive.indexOf(0xc2) - 1]).toBe(0xff); // an SOF2 frame
    for (const size of [undefined, { minWidth: 1, minHeight: 1 }, { minWidth: 20, minHeight: 12 }]) {
      const a = decodeJpeg(baseline, null, size);
      const b = decodeJpeg(progressive, null, size);
      expect(b).toMatchObject({ width: a.width, height: a.height, components: 3 });
      expect([...b.data]).toEqual([...a.data]);
    }
  });
});

