import { describe, expect, it } from "vitest";
import type { DesignDocument } from "../../shared/contracts/index";
import type { PreflightProfile } from "../../preflight/index";
import { totalInk } from "./pdf/index";
import { imagePpi } from "./model/image";
import { designerProblems } from "./problems";

const profile: PreflightProfile = { pdfVersion: "1.3", pages: 1, trimMm: [90, 50], bleedMm: 2, sizeToleranceMm: 0.5, minPpi: 300, ppiTolerancePct: 5, compression: "lossy", maxTacPct: 300, tacTolerancePct: 1, tacMinAreaMm2: 1 };

const doc: DesignDocument = {
  version: 1,
  trimMm: [90, 50],
  bleedMm: 2,
  safeMm: 3,
  sides: [
    {
      background: { c: 100, m: 100, y: 100, k: 50 },
      elements: [
        { id: "photo", name: "Фото", locked: false, kind: "image", x: 10, y: 10, width: 30, height: 30, slot: "photo", source: { id: "0f8fad5b-d9cb-469f-a165-70867728950e", widthPx: 142, heightPx: 142 }, crop: { x: 0, y: 0, width: 1, height: 1 } },
        { id: "band", name: "Полоса", locked: false, kind: "rect", x: 0, y: 0, width: 90, height: 5, fill: { c: 90, m: 90, y: 90, k: 90 }, stroke: null, strokeWidthMm: 0, radiusMm: 0 },
        { id: "name", name: "Имя", locked: false, kind: "text", x: 1, y: 20, width: 30, field: "name", text: "Анна", fontFamily: "PT Sans", bold: false, fontSizePt: 10, color: { c: 0, m: 0, y: 0, k: 100 }, align: "left", letterSpacing: 0, lineHeight: 1.2 },
      ],
    },
  ],
};

describe("what keeps a design from passing, with the fixes (the export's designProblems as edits)", () => {
  it("names a picture under 300 ppi, colours over the ink limit and text outside the safe zone, and each fix clears its problem", () => {
    const problems = designerProblems(doc, profile, () => 5);
    expect(problems.map((problem) => problem.elementId)).toEqual([null, "photo", "band", "name"]);
    expect(problems.every((problem) => problem.fix !== null)).toBe(true);
    let fixed = doc;
    for (const problem of problems) if (problem.fix) fixed = problem.fix.command(fixed);
    expect(designerProblems(fixed, profile, () => 5)).toEqual([]);
    const photo = fixed.sides[0]!.elements[0]!;
    expect(photo.kind === "image" ? imagePpi(photo) : 0).toBeGreaterThanOrEqual(300);
    expect(totalInk(fixed.sides[0]!.background!)).toBeLessThanOrEqual(300);
  });
});
