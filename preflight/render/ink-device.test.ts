import { describe, expect, it } from "vitest";
import { encode as encodeJpeg } from "jpeg-js";
import type { ColorSpace, ImageDraw, PaintState, Path } from "../content/device";
import { PreflightError } from "../core/errors";
import { createInkImage } from "./image";
import { createInkDevice, fittingDpi } from "./ink-device";
import type { InkResult } from "./ink-device";
import { cmykJpeg } from "./jpeg-fixture";
import { budget, CMYK, cmyk, dict, fakeDoc, MM, name, page, paintState, rectMm, stream } from "./test-support";

/** A device over a 100 × 100 mm page at 150 dpi. */
const device = (options: { dpi?: number; maxOperators?: number; sizeMm?: [number, number] } = {}) =>
  createInkDevice({ page: page((options.sizeMm?.[0] ?? 100) * MM, (options.sizeMm?.[1] ?? 100) * MM), doc: fakeDoc(), budget: budget(options.maxOperators), dpi: options.dpi ?? 150 });

/** The total ink (percent) of the pixel under page point (x, y) in millimetres. */
function tacAt(r: InkResult, xMm: number, yMm: number): number {
  const sx = r.width / (r.area[2] - r.area[0]);
  const sy = r.height / (r.area[3] - r.area[1]);
  const col = Math.floor((xMm * MM - r.area[0]) * sx);
  const row = Math.floor((r.area[3] - yMm * MM) * sy);
  return r.tac[row * r.width + col] ?? NaN;
}

/** The number of pixel centres of a 150-dpi raster in [a, b) mm along one axis (columns counted from 0 mm). */
const centresIn = (aMm: number, bMm: number, dpi = 150): number => {
  let n = 0;
  for (let i = 0; i < 10000; i++) {
    const c = ((i + 0.5) / dpi) * 25.4;
    if (c >= aMm && c < bMm) n++;
  }
  return n;
};

describe("overprint simulation", () => {
  const twoRects = (state: PaintState, second: [number, number, number, number] = [0, 0, 1, 1]) => {
    const d = device();
    d.fillPath?.(rectMm(10, 10, 40, 40), cmyk(1, 1, 0, 0), false, state, [0, 0, 0, 0]);
    d.fillPath?.(rectMm(30, 30, 60, 60), cmyk(...second), false, state, [0, 0, 0, 0]);
    return d.result();
  };

  it("two 200 % objects overprinting (OPM 1) make 400 % where they overlap, and only there", () => {
    const r = twoRects(paintState(true, 1));
    expect(tacAt(r, 35, 35)).toBeCloseTo(400, 3);
    expect(tacAt(r, 20, 20)).toBeCloseTo(200, 3);
    expect(tacAt(r, 50, 50)).toBeCloseTo(200, 3);
    expect(tacAt(r, 80, 80)).toBe(0);
    expect(r.maxTacPct).toBeCloseTo(400, 3);
    // The overlap is 10 × 10 mm: the pixel centres inside it, at 150 dpi.
    const y = (a: number, b: number) => centresIn(100 - b, 100 - a);
    const expected = centresIn(30, 40) * y(30, 40) * (25.4 / 150) ** 2;
    expect(r.areaOverMm2(301)).toBeCloseTo(expected, 6);
    expect(Math.abs(r.areaOverMm2(301) - 100)).toBeLessThan(4);
    const box = r.bboxOver(301);
    expect(box).not.toBeNull();
    const [x0, y0, x1, y1] = (box as [number, number, number, number]).map((v) => v / MM);
    expect(Math.abs((x0 as number) - 30)).toBeLessThan(0.2);
    expect(Math.abs((y0 as number) - 30)).toBeLessThan(0.2);
    expect(Math.abs((x1 as number) - 40)).toBeLessThan(0.2);
    expect(Math.abs((y1 as number) - 40)).toBeLessThan(0.2);
  });

  it("knocks out with overprint off: the later object replaces all four plates", () => {
    const r = twoRects(paintState(false));
    expect(tacAt(r, 35, 35)).toBeCloseTo(200, 3);
    expect(r.maxTacPct).toBeCloseTo(200, 3);
    expect(r.areaOverMm2(301)).toBe(0);
    expect(r.bboxOver(301)).toBeNull();
  });

  it("OPM 0 replaces every plate of a DeviceCMYK paint, OPM 1 leaves the zero components' plates alone", () => {
    expect(tacAt(twoRects(paintState(true, 0)), 35, 35)).toBeCloseTo(200, 3);
    expect(tacAt(twoRects(paintState(true, 1)), 35, 35)).toBeCloseTo(400, 3);
    // A zero component under OPM 1 keeps the plate below; a non-zero one replaces it.
    const r = twoRects(paintState(true, 1), [0.5, 0, 0, 0.5]);
    expect(tacAt(r, 35, 35)).toBeCloseTo(50 + 100 + 50, 3);
  });

  it("a Separation / DeviceN paint with overprint changes only its own plates, whatever the OPM", () => {
    const tint = (input: number[]) => input;
    const black: ColorSpace = { family: "Separation", colorant: "Black", alternate: CMYK, tint: () => [0, 0, 0, 1] };
    const cm: ColorSpace = { family: "DeviceN", colorants: ["Cyan", "Magenta"], alternate: CMYK, tint };
    const d = device();
    d.fillPath?.(rectMm(10, 10, 40, 40), { space: cm, components: [1, 1] }, false, paintState(true, 0), [0, 0, 0, 0]);
    d.fillPath?.(rectMm(30, 30, 60, 60), { space: black, components: [1] }, false, paintState(true, 0), [0, 0, 0, 0]);
    const r = d.result();
    expect(tacAt(r, 35, 35)).toBeCloseTo(300, 3);
    expect(tacAt(r, 50, 50)).toBeCloseTo(100, 3);
  });

  it("a spot colorant overprinting counts its alternate CMYK on the plates it uses", () => {
    const spot: ColorSpace = { family: "Separation", colorant: "PANTONE 186 C", alternate: CMYK, tint: ([t = 0]) => [0, t, t * 0.8, 0] };
    const d = device();
    d.fillPath?.(rectMm(10, 10, 40, 40), cmyk(1, 0, 0, 1), false, paintState(false), [0, 0, 0, 0]);
    d.fillPath?.(rectMm(10, 10, 40, 40), { space: spot, components: [1] }, false, paintState(true, 0), [0, 0, 0, 0]);
    expect(tacAt(d.result(), 20, 20)).toBeCloseTo(100 + 100 + 100 + 80, 2);
  });
});

describe("geometry", () => {
  const square = (x0: number, y0: number, x1: number, y1: number): Path["subpaths"][number] => ({
    points: [[x0 * MM, y0 * MM], [x1 * MM, y0 * MM], [x1 * MM, y1 * MM], [x0 * MM, y1 * MM]],
    closed: true,
  });

  it("the even-odd rule leaves a hole where the non-zero rule fills it", () => {
    const ring: Path = { subpaths: [square(10, 10, 40, 40), square(20, 20, 30, 30)] };
    const evenOdd = device();
    evenOdd.fillPath?.(ring, cmyk(0, 0, 0, 1), true, paintState(false), [0, 0, 0, 0]);
    const e = evenOdd.result();
    expect(tacAt(e, 25, 25)).toBe(0);
    expect(tacAt(e, 15, 15)).toBeCloseTo(100, 3);
    expect(Math.abs(e.areaOverMm2(50) - (900 - 100))).toBeLessThan(10);
    const nonZero = device();
    nonZero.fillPath?.(ring, cmyk(0, 0, 0, 1), false, paintState(false), [0, 0, 0, 0]);
    expect(tacAt(nonZero.result(), 25, 25)).toBeCloseTo(100, 3);
    // Opposite windings cancel under non-zero too.
    const reversed: Path = { subpaths: [square(10, 10, 40, 40), { points: [...square(20, 20, 30, 30).points].reverse(), closed: true }] };
    const hole = device();
    hole.fillPath?.(reversed, cmyk(0, 0, 0, 1), false, paintState(false), [0, 0, 0, 0]);
    expect(tacAt(hole.result(), 25, 25)).toBe(0);
  });

  it("a 10 × 10 mm square at 150 dpi covers 100 mm², to the pixel", () => {
    const d = device();
    d.fillPath?.(rectMm(10, 10, 20, 20), cmyk(1, 1, 1, 1), false, paintState(false), [0, 0, 0, 0]);
    const r = d.result();
    expect(r.dpi).toBe(150);
    expect(r.width).toBe(Math.ceil((100 / 25.4) * 150));
    const pixels = centresIn(10, 20) * centresIn(80, 90);
    expect(r.areaOverMm2(399)).toBeCloseTo(pixels * (25.4 / 150) ** 2, 6);
    expect(r.areaOverMm2(399)).toBeGreaterThan(97);
    expect(r.areaOverMm2(399)).toBeLessThan(103);
    expect(r.areaOverMm2(400)).toBe(0);
  });

  it("strokes a line as a band of the line width with round ends", () => {
    const d = device();
    const line: Path = { subpaths: [{ points: [[10 * MM, 50 * MM], [60 * MM, 50 * MM]], closed: false }] };
    d.strokePath?.(line, cmyk(1, 1, 1, 0), paintState(false, 0, 2 * MM), [0, 0, 0, 0]);
    const r = d.result();
    expect(tacAt(r, 35, 50)).toBeCloseTo(300, 3);
    expect(tacAt(r, 35, 50.8)).toBeCloseTo(300, 3);
    expect(tacAt(r, 35, 51.4)).toBe(0);
    expect(tacAt(r, 8.5, 50)).toBe(0);
    // 50 × 2 mm plus two half discs of 1 mm radius (an octagon's area is 0.9 of the disc's).
    expect(r.areaOverMm2(200)).toBeGreaterThan(100);
    expect(r.areaOverMm2(200)).toBeLessThan(106);
  });

  it("paints only inside the clip, the intersection of the clips in force, and everywhere again after it is lifted", () => {
    const d = device();
    const a = { path: rectMm(0, 0, 20, 20), evenOdd: false };
    const b = { path: rectMm(10, 0, 40, 40), evenOdd: false };
    d.clip?.(a.path, false, [a]);
    d.fillPath?.(rectMm(0, 0, 50, 50), cmyk(0, 0, 0, 1), false, paintState(false), [0, 0, 0, 0]);
    const first = d.result();
    expect(Math.abs(first.areaOverMm2(50) - 400)).toBeLessThan(8);
    expect(tacAt(first, 30, 30)).toBe(0);
    d.clip?.(b.path, false, [a, b]);
    d.fillPath?.(rectMm(0, 0, 50, 50), cmyk(1, 0, 0, 0), false, paintState(true), [0, 0, 0, 0]);
    const second = d.result();
    expect(Math.abs(second.areaOverMm2(150) - 200)).toBeLessThan(6);
    expect(tacAt(second, 15, 15)).toBeCloseTo(200, 3);
    expect(tacAt(second, 5, 15)).toBeCloseTo(100, 3);
    d.clip?.(null, false, []);
    d.fillPath?.(rectMm(80, 80, 90, 90), cmyk(0, 1, 0, 0), false, paintState(false), [0, 0, 0, 0]);
    expect(tacAt(d.result(), 85, 85)).toBeCloseTo(100, 3);
  });

  it("a raster over a huge page falls back to a lower dpi within the memory cap", () => {
    // A 3 × 1 m banner: 17 717 × 5 906 pixels at 150 dpi.
    const d = device({ sizeMm: [3000, 1000] });
    d.fillPath?.(rectMm(100, 100, 200, 200), cmyk(1, 1, 1, 0), false, paintState(false), [0, 0, 0, 0]);
    const r = d.result();
    expect(r.dpi).toBeLessThan(150);
    expect(r.dpi).toBeGreaterThan(50);
    expect(r.width * r.height * 16).toBeLessThanOrEqual(200 * 1024 * 1024);
    expect(Math.abs(r.areaOverMm2(250) - 10000)).toBeLessThan(150);
    expect(fittingDpi([0, 0, 595, 842], 150, 200 * 1024 * 1024)).toBe(150);
  });

  it("ticks the budget per row: a hostile amount of painting ends in TOO_COMPLEX", () => {
    const d = device({ maxOperators: 5000 });
    const paint = () => {
      for (let i = 0; i < 10; i++) d.fillPath?.(rectMm(0, 0, 100, 100), cmyk(0, 0, 0, 1), false, paintState(false), [0, 0, 0, 0]);
    };
    expect(paint).toThrow(PreflightError);
  });

  it("counts a row's work by the edges it crosses, so one fill of thousands of edges cannot outrun the deadline", () => {
    // A comb of 2 000 teeth over 50 mm: each of its ~300 rows crosses ~4 000 edges. Counted as one
    // unit per row (300) it would pass a budget of 100 000; counted by its edges it is over.
    const teeth = 2000;
    const points: Array<[number, number]> = [];
    for (let i = 0; i < teeth; i++) {
      const x = (i / teeth) * 100 * MM;
      points.push([x, 0], [x, 50 * MM], [x + (0.5 / teeth) * 100 * MM, 50 * MM], [x + (0.5 / teeth) * 100 * MM, 0]);
    }
    const comb: Path = { subpaths: [{ points, closed: true }] };
    const tight = device({ maxOperators: 100_000 });
    expect(() => tight.fillPath?.(comb, cmyk(0, 0, 0, 1), false, paintState(false), [0, 0, 100 * MM, 50 * MM])).toThrow(PreflightError);
    const roomy = device({ maxOperators: 20_000_000 });
    roomy.fillPath?.(comb, cmyk(0, 0, 0, 1), false, paintState(false), [0, 0, 100 * MM, 50 * MM]);
    expect(roomy.result().maxTacPct).toBe(100);
  });
});

describe("images", () => {
  const imageDraw = (over: Partial<ImageDraw> & Pick<ImageDraw, "stream" | "width" | "height">): ImageDraw => ({
    inline: false,
    bitsPerComponent: 8,
    space: CMYK,
    imageMask: false,
    filters: [],
    ctm: [20 * MM, 0, 0, 10 * MM, 10 * MM, 10 * MM],
    decode: null,
    hasSoftMask: false,
    state: paintState(false),
    fill: null,
    ...over,
  });

  it("maps each pixel back into an 8-bit CMYK image (nearest sample)", () => {
    const d = device();
    // Two samples side by side: 300 % on the left, 100 % K on the right.
    const raw = Uint8Array.from([255, 255, 255, 0, 0, 0, 0, 255]);
    d.drawImage?.(imageDraw({ stream: stream({}, raw), width: 2, height: 1 }), [0, 0, 0, 0]);
    const r = d.result();
    expect(tacAt(r, 15, 15)).toBeCloseTo(300, 2);
    expect(tacAt(r, 25, 15)).toBeCloseTo(100, 2);
    expect(tacAt(r, 35, 15)).toBe(0);
    expect(Math.abs(r.areaOverMm2(250) - 100)).toBeLessThan(4);
  });

  it("reads a rotated 4-bit gray image with a /Decode array", () => {
    const d = device();
    // 2 × 2 samples of 4 bits: row 0 is 0, 15; row 1 is 15, 0.
    const raw = Uint8Array.from([0x0f, 0xf0]);
    const ctm: [number, number, number, number, number, number] = [0, 20 * MM, -20 * MM, 0, 50 * MM, 10 * MM];
    d.drawImage?.(imageDraw({ stream: stream({}, raw), width: 2, height: 2, bitsPerComponent: 4, space: { family: "DeviceGray" }, decode: [1, 0], ctm }), [0, 0, 0, 0]);
    const r = d.result();
    // Rotated 90°: image column 0 runs along page y, image row 0 (top) lies at page x = 50 − 20 = 30 … 40.
    // Samples 0 are white under /Decode [1 0], samples 15 black.
    expect(tacAt(r, 35, 15)).toBe(0);
    expect(tacAt(r, 35, 25)).toBeCloseTo(100, 2);
    expect(tacAt(r, 45, 15)).toBeCloseTo(100, 2);
    expect(tacAt(r, 45, 25)).toBe(0);
  });

  it("paints an image mask with the fill colour where its samples are 0", () => {
    const d = device();
    const raw = Uint8Array.from([0b01000000]);
    d.drawImage?.(imageDraw({ stream: stream({}, raw), width: 2, height: 1, bitsPerComponent: 1, imageMask: true, space: null, fill: cmyk(1, 1, 0, 0) }), [0, 0, 0, 0]);
    const r = d.result();
    expect(tacAt(r, 15, 15)).toBeCloseTo(200, 2);
    expect(tacAt(r, 25, 15)).toBe(0);
  });

  it("decodes a DCT (JPEG) image encoded with jpeg-js", () => {
    const w = 16;
    const h = 16;
    const rgba = new Uint8Array(w * h * 4);
    for (let i = 0; i < w * h; i++) rgba.set([255, 0, 0, 255], i * 4);
    const jpeg = encodeJpeg({ width: w, height: h, data: rgba }, 95).data;
    const d = device();
    d.drawImage?.(imageDraw({ stream: stream({ Filter: name("DCTDecode") }, Uint8Array.from(jpeg)), width: w, height: h, space: { family: "DeviceRGB" }, filters: ["DCTDecode"] }), [0, 0, 0, 0]);
    const r = d.result();
    // Pure red: M 100 % + Y 100 % by the naive conversion, within the JPEG's rounding.
    expect(Math.abs(tacAt(r, 20, 15) - 200)).toBeLessThan(4);
    expect(r.unrendered).toBe(0);
  });

  it("decodes an Adobe CMYK JPEG (stored inverted, /Decode [1 0 …]) to its four inks", () => {
    // Left 8 × 8 block ink 80/70/60/90 % (300 %), right 10/20/30/0 % — stored inverted, as Photoshop writes.
    const ink = (pcts: number[]) => pcts.map((p) => 255 - Math.round((p / 100) * 255));
    const jpeg = cmykJpeg([ink([80, 70, 60, 90]), ink([10, 20, 30, 0])]);
    const d = device();
    d.drawImage?.(imageDraw({ stream: stream({ Filter: name("DCTDecode") }, jpeg), width: 16, height: 8, filters: ["DCTDecode"], decode: [1, 0, 1, 0, 1, 0, 1, 0] }), [0, 0, 0, 0]);
    const r = d.result();
    expect(r.unrendered).toBe(0);
    expect(Math.abs(tacAt(r, 15, 15) - 300)).toBeLessThan(2);
    expect(Math.abs(tacAt(r, 25, 15) - 60)).toBeLessThan(2);
  });

  it("decodes a JPEG drawn smaller than its samples at the reduced size the page needs, with the same ink", () => {
    // 64 × 64 pixels, four flat 32 × 32 quadrants, drawn 20 × 20 mm: 118 page pixels at 150 dpi → 1/1…
    const w = 64;
    const rgba = new Uint8Array(w * w * 4);
    for (let y = 0; y < w; y++) for (let x = 0; x < w; x++) rgba.set(x < 32 ? (y < 32 ? [255, 0, 0, 255] : [0, 0, 0, 255]) : [255, 255, 255, 255], (y * w + x) * 4);
    const jpeg = Uint8Array.from(encodeJpeg({ width: w, height: w, data: rgba }, 95).data);
    const draw = (sizeMm: number) => imageDraw({ stream: stream({ Filter: name("DCTDecode") }, jpeg), width: w, height: w, space: { family: "DeviceRGB" }, filters: ["DCTDecode"], ctm: [sizeMm * MM, 0, 0, sizeMm * MM, 10 * MM, 10 * MM] });
    const reachOf = (sizeMm: number) => ({ width: (sizeMm * 150) / 25.4, height: (sizeMm * 150) / 25.4 });
    expect(createInkImage(fakeDoc(), draw(20), budget(), reachOf(20)).width).toBe(64);
    // … and 2 × 2 mm: 11.8 page pixels → decoded at 1/4 (16 samples), 1 mm: 5.9 → 1/8.
    expect(createInkImage(fakeDoc(), draw(2), budget(), reachOf(2)).width).toBe(16);
    expect(createInkImage(fakeDoc(), draw(1), budget(), reachOf(1)).width).toBe(8);
    const d = device();
    d.drawImage?.(draw(2), [0, 0, 0, 0]);
    const r = d.result();
    // Top-left red (M + Y 200 %), bottom-left black (K 100 %), right half white — at 1/4 as at full size.
    expect(Math.abs(tacAt(r, 10.5, 11.5) - 200)).toBeLessThan(4);
    expect(Math.abs(tacAt(r, 10.5, 10.5) - 100)).toBeLessThan(4);
    expect(tacAt(r, 11.5, 11)).toBeLessThan(4);
  });

  it("counts an image it cannot decode as unrendered instead of failing", () => {
    const d = device();
    d.drawImage?.(imageDraw({ stream: stream({ Filter: name("JPXDecode") }, Uint8Array.from([1, 2, 3])), width: 4, height: 4, filters: ["JPXDecode"] }), [0, 0, 0, 0]);
    expect(d.result().unrendered).toBe(1);
    expect(d.result().maxTacPct).toBe(0);
  });
});

describe("shadings and text", () => {
  it("renders an axial shading from 0 to 100 % K", () => {
    const fn = dict({ FunctionType: 2, Domain: [0, 1], C0: [0, 0, 0, 0], C1: [0, 0, 0, 1], N: 1 });
    const shading = dict({ ShadingType: 2, ColorSpace: name("DeviceCMYK"), Coords: [10 * MM, 0, 90 * MM, 0], Function: fn, Extend: [true, true] });
    const d = device();
    d.drawShading?.({ shading, space: CMYK, ctm: [1, 0, 0, 1, 0, 0], bbox: [0, 0, 100 * MM, 20 * MM], state: paintState(false) });
    const r = d.result();
    expect(tacAt(r, 10, 10)).toBeLessThan(1);
    expect(Math.abs(tacAt(r, 30, 10) - 25)).toBeLessThan(1);
    expect(Math.abs(tacAt(r, 50, 10) - 50)).toBeLessThan(1);
    expect(Math.abs(tacAt(r, 70, 10) - 75)).toBeLessThan(1);
    expect(tacAt(r, 95, 10)).toBeCloseTo(100, 1);
    expect(tacAt(r, 5, 10)).toBeLessThan(0.01);
    expect(tacAt(r, 50, 30)).toBe(0);
  });

  it("renders a radial shading and leaves the outside of unextended circles unpainted", () => {
    const fn = dict({ FunctionType: 2, Domain: [0, 1], C0: [0, 0, 0, 1], C1: [0, 0, 0, 0], N: 1 });
    const shading = dict({ ShadingType: 3, Coords: [50 * MM, 50 * MM, 0, 50 * MM, 50 * MM, 20 * MM], Function: fn });
    const d = device();
    d.drawShading?.({ shading, space: CMYK, ctm: [1, 0, 0, 1, 0, 0], bbox: [0, 0, 100 * MM, 100 * MM], state: paintState(false) });
    const r = d.result();
    expect(tacAt(r, 50, 50)).toBeGreaterThan(98);
    expect(Math.abs(tacAt(r, 60, 50) - 50)).toBeLessThan(2);
    expect(tacAt(r, 75, 50)).toBe(0);
  });

  it("keeps text's total ink per object", () => {
    const d = device();
    d.showText?.({ operator: "Tj", font: null, fontSubtype: "Type1", renderMode: 0, fill: cmyk(1, 1, 1, 1), stroke: cmyk(0, 0, 0, 0), bbox: [10, 10, 50, 20], state: paintState(false) });
    d.showText?.({ operator: "Tj", font: null, fontSubtype: "Type1", renderMode: 3, fill: cmyk(1, 1, 1, 1), stroke: cmyk(1, 1, 1, 1), bbox: [0, 0, 500, 500], state: paintState(false) });
    const r = d.result();
    expect(r.textMaxTacPct).toBeCloseTo(400, 6);
    expect(r.textBbox).toEqual([10, 10, 50, 20]);
    expect(r.maxTacPct).toBe(0);
  });
});
