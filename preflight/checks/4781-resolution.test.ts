import { describe, expect, it } from "vitest";
import { createResolutionCheck, effectivePpi, minimumPpi } from "./4781-resolution";
import { image, page, profile } from "./test-fixtures";

// minPpi 300 with 5 % tolerance: 285 ppi passes, anything below fails.
const check = () => createResolutionCheck({ page: page(), profile });
const draw = (c: ReturnType<typeof check>, ...args: Parameters<typeof image>) => c.drawImage?.(image(...args), [0, 0, 1, 1]);

describe("4781 image resolution", () => {
  it("computes ppi per axis from the CTM's columns", () => {
    expect(effectivePpi(300, 600, [72, 0, 0, 144, 0, 0])).toEqual({ x: 300, y: 300 });
    // Rotated 90°: the width runs along (0, 72), the height along (-144, 0).
    expect(effectivePpi(300, 600, [0, 72, -144, 0, 200, 0])).toEqual({ x: 300, y: 300 });
    expect(minimumPpi(profile)).toBe(285);
  });

  it("passes exactly at the threshold and fails a step below, measuring the lower axis rounded down", () => {
    const c = check();
    draw(c, { width: 285, height: 1000, ctm: [72, 0, 0, 72, 0, 0] });
    expect(c.findings()).toEqual([]);
    draw(c, { width: 284, height: 1000, ctm: [72, 0, 0, 72, 0, 0] });
    expect(c.findings()).toEqual([{ code: 4781, message: "Неверное разрешение изображения", page: 1, bbox: [0, 0, 1, 1], measured: 284 }]);
  });

  it("judges the lower axis of an anamorphic image", () => {
    const c = check();
    // 600 px over 1 inch across (600 ppi), 300 px over 2 inches up (150 ppi).
    draw(c, { width: 600, height: 300, ctm: [72, 0, 0, 144, 0, 0] });
    expect(c.findings()[0]?.measured).toBe(150);
  });

  it("handles rotation and skew by the columns' lengths", () => {
    const c = check();
    const s = Math.SQRT1_2 * 72;
    // 45° rotation of a one-inch square: each column is 72 pt long.
    draw(c, { width: 300, height: 300, ctm: [s, s, -s, s, 100, 100] });
    expect(c.findings()).toEqual([]);
    draw(c, { width: 200, height: 300, ctm: [s, s, -s, s, 100, 100] });
    expect(c.findings()[0]?.measured).toBe(200);
  });

  it("measures a fractional ppi rounded down", () => {
    const c = check();
    // 1000 × 72 / 250 = 288: passes.
    draw(c, { width: 1000, height: 1000, ctm: [250, 0, 0, 250, 0, 0] });
    expect(c.findings()).toEqual([]);
    draw(c, { width: 1000, height: 1000, ctm: [253, 0, 0, 253, 0, 0] });
    // 1000 × 72 / 253 = 284.58…
    expect(c.findings()[0]?.measured).toBe(284);
  });

  it("does not judge image masks, nor images whose CTM collapses an axis", () => {
    const c = check();
    draw(c, { width: 10, height: 10, ctm: [72, 0, 0, 72, 0, 0], imageMask: true, space: null });
    draw(c, { width: 10, height: 10, ctm: [72, 0, 0, 0, 0, 0] });
    expect(c.findings()).toEqual([]);
  });

  it("judges an image that carries a soft mask by its own pixels", () => {
    const c = check();
    draw(c, { width: 100, height: 100, ctm: [72, 0, 0, 72, 0, 0], hasSoftMask: true });
    expect(c.findings()[0]?.measured).toBe(100);
  });
});
