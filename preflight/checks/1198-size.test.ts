import { describe, expect, it } from "vitest";
import { checkPageSize, pageBoxes } from "./1198-size";
import { mm, page, profile } from "./test-fixtures";

// Trim 90×50 mm with 2 mm bleed: the measured box must be 94×54 mm within 0.5 mm.
describe("1198 size", () => {
  it("passes a MediaBox of trim + 2 × bleed, in either orientation", () => {
    expect(checkPageSize(page({ mediaBox: [0, 0, mm(94), mm(54)] }), profile)).toEqual([]);
    expect(checkPageSize(page({ mediaBox: [0, 0, mm(54), mm(94)] }), profile)).toEqual([]);
  });

  it("passes exactly at the tolerance and fails a step beyond it", () => {
    expect(checkPageSize(page({ mediaBox: [0, 0, mm(94.5), mm(53.5)] }), profile)).toEqual([]);
    const found = checkPageSize(page({ mediaBox: [0, 0, mm(94.51), mm(54)] }), profile);
    expect(found).toHaveLength(1);
    expect(found[0]?.measured).toBe("94.5×54 мм");
  });

  it("fails a MediaBox of the trim alone (no bleed), measuring the box in mm", () => {
    const found = checkPageSize(page({ mediaBox: [0, 0, mm(91), mm(51)] }), profile);
    expect(found).toEqual([{ code: 1198, message: "Размер не соответствует типу макета", page: 1, bbox: [0, 0, 257.95, 144.57], measured: "91×51 мм" }]);
  });

  it("uses the CropBox over the MediaBox", () => {
    expect(checkPageSize(page({ mediaBox: [0, 0, 600, 800], cropBox: [10, 10, 10 + mm(94), 10 + mm(54)] }), profile)).toEqual([]);
    expect(checkPageSize(page({ mediaBox: [0, 0, mm(94), mm(54)], cropBox: [0, 0, mm(80), mm(54)] }), profile)).toHaveLength(1);
  });

  it("with a TrimBox and no BleedBox, grows the TrimBox by the bleed (crop marks outside do not matter)", () => {
    const marks = { mediaBox: [0, 0, mm(130), mm(90)] as [number, number, number, number] };
    expect(checkPageSize(page({ ...marks, trimBox: [mm(20), mm(20), mm(110), mm(70)] }), profile)).toEqual([]);
    expect(checkPageSize(page({ ...marks, trimBox: [mm(20), mm(20), mm(111), mm(70)] }), profile)[0]?.measured).toBe("95×54 мм");
  });

  it("with a TrimBox and a BleedBox, measures the BleedBox", () => {
    const marks = { mediaBox: [0, 0, mm(130), mm(90)] as [number, number, number, number], trimBox: [mm(20), mm(20), mm(110), mm(70)] as [number, number, number, number] };
    expect(checkPageSize(page({ ...marks, bleedBox: [mm(18), mm(18), mm(112), mm(72)] }), profile)).toEqual([]);
    // A BleedBox without bleed (equal to the TrimBox) fails: the layout has no bleed.
    expect(checkPageSize(page({ ...marks, bleedBox: [mm(20), mm(20), mm(110), mm(70)] }), profile)[0]?.measured).toBe("90×50 мм");
  });

  it("with a TrimBox and a BleedBox, the TrimBox must be the trim: TrimBox = BleedBox = MediaBox (Ghostscript's PDF/X) has no bleed", () => {
    const card: [number, number, number, number] = [0, 0, mm(94), mm(54)];
    const found = checkPageSize(page({ mediaBox: card, trimBox: card, bleedBox: card }), profile);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ code: 1198, page: 1, measured: "обрез 94×54 мм, вылет 0 мм" });
    expect(found[0]?.bbox?.map(Math.round)).toEqual(card.map(Math.round));
    // The same boxes in portrait, and a page turned by /Rotate: the same answer.
    const portrait: [number, number, number, number] = [0, 0, mm(54), mm(94)];
    expect(checkPageSize(page({ mediaBox: portrait, trimBox: portrait, bleedBox: portrait, rotate: 90 }), profile)[0]?.measured).toBe("обрез 94×54 мм, вылет 0 мм");
    // A trim 1 mm too wide inside a right BleedBox: 1.5 mm bleed left and right, 2 mm above and below.
    const wide = checkPageSize(page({ mediaBox: card, trimBox: [mm(1.5), mm(2), mm(92.5), mm(52)], bleedBox: card }), profile);
    expect(wide[0]?.measured).toBe("обрез 91×50 мм, вылет 1.5 мм");
    // Within the tolerance the trim passes; a zero-bleed profile passes equal boxes of the trim size.
    expect(checkPageSize(page({ mediaBox: card, trimBox: [mm(2.25), mm(2), mm(91.75), mm(52)], bleedBox: card }), profile)).toEqual([]);
    const trimOnly: [number, number, number, number] = [0, 0, mm(90), mm(50)];
    expect(checkPageSize(page({ mediaBox: trimOnly, trimBox: trimOnly, bleedBox: trimOnly }), { ...profile, bleedMm: 0 })).toEqual([]);
  });

  it("cuts boxes to the MediaBox", () => {
    expect(checkPageSize(page({ mediaBox: [0, 0, mm(92), mm(54)], cropBox: [0, 0, mm(94), mm(54)] }), profile)[0]?.measured).toBe("92×54 мм");
  });

  it("applies /Rotate to the measured figure", () => {
    expect(checkPageSize(page({ mediaBox: [0, 0, mm(100), mm(54)], rotate: 90 }), profile)[0]?.measured).toBe("54×100 мм");
    expect(checkPageSize(page({ mediaBox: [0, 0, mm(54), mm(94)], rotate: 270 }), profile)).toEqual([]);
  });

  it("passes a zero-bleed profile on the trim alone", () => {
    expect(checkPageSize(page({ mediaBox: [0, 0, mm(90), mm(50)] }), { ...profile, bleedMm: 0 })).toEqual([]);
  });

  describe("pageBoxes (the lines drawn over the proof)", () => {
    const round = (box: number[]) => box.map((value) => Math.round(value * 100) / 100);

    it("without a TrimBox: the view is the bleed box, the trim lies the profile's bleed inside it", () => {
      const boxes = pageBoxes(page({ mediaBox: [0, 0, mm(94), mm(54)] }), 2);
      expect(round(boxes.view)).toEqual(round([0, 0, mm(94), mm(54)]));
      expect(round(boxes.bleedBox)).toEqual(round([0, 0, mm(94), mm(54)]));
      expect(round(boxes.trimBox)).toEqual(round([mm(2), mm(2), mm(92), mm(52)]));
      expect(boxes).toMatchObject({ page: 1, rotate: 0 });
    });

    it("with a TrimBox and crop marks: the TrimBox, grown by the bleed where there is no BleedBox", () => {
      const trimBox: [number, number, number, number] = [mm(20), mm(20), mm(110), mm(70)];
      const boxes = pageBoxes(page({ mediaBox: [0, 0, mm(130), mm(90)], trimBox, rotate: 90 }), 2);
      expect(boxes.trimBox).toEqual(trimBox);
      expect(round(boxes.bleedBox)).toEqual(round([mm(18), mm(18), mm(112), mm(72)]));
      expect(boxes.rotate).toBe(90);
      const withBleed = pageBoxes(page({ mediaBox: [0, 0, mm(130), mm(90)], trimBox, bleedBox: [mm(17), mm(17), mm(113), mm(73)] }), 2);
      expect(round(withBleed.bleedBox)).toEqual(round([mm(17), mm(17), mm(113), mm(73)]));
    });
  });
});
