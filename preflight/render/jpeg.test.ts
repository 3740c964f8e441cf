import { describe, expect, it } from "vitest";
import { encode as encodeJpeg } from "jpeg-js";
import { decodeJpeg } from "./jpeg";
import { cmykJpeg } from "./jpeg-fixture";

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
});
