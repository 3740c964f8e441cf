import { describe, expect, it } from "vitest";
import type { TacRaster } from "./4731-tac";
import { colorTacPct, createTacCheck, findTacAreas, tacFindings, textTacPct } from "./4731-tac";
import { cmyk, color, deviceN, gray, page, profile, rgb, separation, text } from "./test-fixtures";

/** A raster of `w`×`h` pixels at `dpi` over the page's lower-left corner, every pixel `fill` %, with `spots` painted. */
function raster(w: number, h: number, dpi: number, fill: number, spots: Array<[x: number, y: number, pct: number]> = []): TacRaster {
  const tac = new Float32Array(w * h).fill(fill);
  for (const [x, y, pct] of spots) tac[y * w + x] = pct;
  return { width: w, height: h, tac, area: [0, 0, (w * 72) / dpi, (h * 72) / dpi] };
}

/** A square block of `n`×`n` pixels at (x0, y0) of `pct` %. */
const block = (x0: number, y0: number, n: number, pct: number): Array<[number, number, number]> => {
  const out: Array<[number, number, number]> = [];
  for (let y = y0; y < y0 + n; y++) for (let x = x0; x < x0 + n; x++) out.push([x, y, pct]);
  return out;
};

// At 254 dpi a pixel is 0.1 mm: 10×10 pixels are exactly 1 mm².
const DPI = 254;

describe("4731 total ink: rendered areas", () => {
  it("passes exactly at maxTacPct + tolerance (301 %) and fails a step above it", () => {
    expect(tacFindings(1, profile, raster(40, 40, DPI, 0, block(5, 5, 20, 301)), [])).toEqual([]);
    const found = tacFindings(1, profile, raster(40, 40, DPI, 0, block(5, 5, 20, 301.1)), []);
    expect(found).toHaveLength(1);
    expect(found[0]?.measured).toBe(301.1);
  });

  it("fails an area of exactly tacMinAreaMm2 and passes one pixel less", () => {
    expect(tacFindings(1, profile, raster(40, 40, DPI, 0, block(5, 5, 10, 400)), [])).toHaveLength(1);
    const smaller = block(5, 5, 10, 400).slice(1);
    expect(tacFindings(1, profile, raster(40, 40, DPI, 0, smaller), [])).toEqual([]);
  });

  it("treats separate areas apart: scattered small spots do not add up", () => {
    const spots = [...block(0, 0, 8, 350), ...block(20, 20, 8, 350)];
    expect(findTacAreas(raster(40, 40, DPI, 0, spots), 301, 1)).toEqual([]);
    // Diagonal neighbours join one area (8-neighbourhood).
    const joined = [...block(0, 0, 8, 350), ...block(8, 8, 8, 350)];
    expect(findTacAreas(raster(40, 40, DPI, 0, joined), 301, 1)).toHaveLength(1);
  });

  it("reports the area's bbox in page coordinates (raster row 0 at the top) and its highest ink", () => {
    // 100×100 px at 72 dpi: a pixel is a point. Block of 10×10 at column 20, row 30.
    const spots = block(20, 30, 10, 320);
    spots.push([25, 35, 355.56]);
    const found = tacFindings(3, profile, raster(100, 100, 72, 100, spots), []);
    expect(found).toEqual([{ code: 4731, message: "Превышена сумма красок", page: 3, bbox: [20, 60, 30, 70], measured: 355.6 }]);
  });

  it("trusts the raster's maxTacPct when given: a page under the limit is not scanned", () => {
    const r = raster(40, 40, DPI, 0, block(5, 5, 20, 350));
    expect(findTacAreas({ ...r, maxTacPct: 350 }, 301, 1)).toHaveLength(1);
    expect(findTacAreas({ ...r, maxTacPct: 301 }, 301, 1)).toEqual([]);
  });

  it("passes a page whose ink stays at or under the limit everywhere", () => {
    expect(tacFindings(1, profile, raster(50, 50, 150, 300), [])).toEqual([]);
  });
});

describe("4731 total ink: objects counted per object", () => {
  it("sums a colour's process inks", () => {
    expect(colorTacPct(color(cmyk, [1, 1, 1, 1]))).toBe(400);
    expect(colorTacPct(color(gray, [0]))).toBe(100);
    expect(colorTacPct(color(rgb, [0, 0, 0]))).toBe(100);
    expect(colorTacPct(color(separation("All"), [0.8]))).toBeCloseTo(320);
    expect(colorTacPct(color(deviceN(["Cyan", "Magenta", "Yellow", "Black"]), [0.8, 0.8, 0.8, 0.8]))).toBeCloseTo(320);
  });

  it("counts the fill, the stroke or both by the render mode, and nothing for Tr 3 and 7", () => {
    const rich = color(cmyk, [1, 1, 1, 1]);
    const light = color(cmyk, [0, 0, 0, 1]);
    expect(textTacPct(text({ renderMode: 0, fill: rich, stroke: light }))).toBe(400);
    expect(textTacPct(text({ renderMode: 1, fill: rich, stroke: light }))).toBe(100);
    expect(textTacPct(text({ renderMode: 2, fill: light, stroke: rich }))).toBe(400);
    const check = createTacCheck({ page: page(), profile }, () => ({ raster: null, objects: [] }));
    check.showText?.(text({ renderMode: 3, fill: rich }));
    check.showText?.(text({ renderMode: 7, fill: rich }));
    expect(check.findings()).toEqual([]);
  });

  it("fails text whose colour goes over the limit, passes it exactly at the limit", () => {
    const check = createTacCheck({ page: page(), profile }, () => ({ raster: null, objects: [] }));
    check.showText?.(text({ fill: color(cmyk, [0.76, 0.75, 0.75, 0.75]), bbox: [0, 0, 100, 20] }));
    check.showText?.(text({ fill: color(cmyk, [0.76, 0.76, 0.75, 0.75]), bbox: [0, 0, 100, 20] }));
    expect(check.findings().map((f) => f.measured)).toEqual([302]);
  });

  it("keeps the area rule for objects too, and adds the renderer's unrendered objects", () => {
    const tiny = { bbox: [0, 0, 1, 1] as [number, number, number, number], tacPct: 400 };
    const big = { bbox: [0, 0, 10, 10] as [number, number, number, number], tacPct: 350 };
    const check = createTacCheck({ page: page(), profile }, () => ({ raster: null, objects: [tiny, big] }));
    expect(check.findings()).toEqual([{ code: 4731, message: "Превышена сумма красок", page: 1, bbox: [0, 0, 10, 10], measured: 350 }]);
  });
});
