import { describe, expect, it } from "vitest";
import { pdfName } from "../core/objects";
import { createFontCheck } from "./4752-fonts";
import { dict, page, text } from "./test-fixtures";

describe("4752 fonts", () => {
  it("passes a page that shows no text (unused font resources never reach the check)", () => {
    expect(createFontCheck({ page: page() }).findings()).toEqual([]);
  });

  it("fails text in every visible render mode, measuring the font without its subset prefix", () => {
    const check = createFontCheck({ page: page() });
    for (const renderMode of [0, 1, 2, 4, 5, 6, 7]) check.showText?.(text({ renderMode, font: dict({ BaseFont: pdfName("ABCDEF+Arial-BoldMT") }) }));
    // Seven uses of one font on one page: one finding standing for seven.
    expect(check.findings()).toEqual([{ code: 4752, message: "Найдены шрифты: переведите их в кривые", page: 1, bbox: [10, 10, 100, 22], measured: "Arial-BoldMT", count: 7 }]);
  });

  it("passes invisible text (Tr 3)", () => {
    const check = createFontCheck({ page: page() });
    check.showText?.(text({ renderMode: 3 }));
    expect(check.findings()).toEqual([]);
  });

  it("fails Type3 text, named by its subtype when it has no /BaseFont", () => {
    const check = createFontCheck({ page: page() });
    check.showText?.(text({ font: dict({ Subtype: pdfName("Type3") }), fontSubtype: "Type3", operator: "TJ" }));
    check.showText?.(text({ font: null, fontSubtype: null, operator: "'" }));
    expect(check.findings().map((f) => f.measured)).toEqual(["Type3", "?"]);
  });
});
