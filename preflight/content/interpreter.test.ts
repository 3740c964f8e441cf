import { describe, expect, it } from "vitest";
import { PreflightError } from "../core/errors";
import { interpretPage } from "./interpreter";
import type { InterpretOptions } from "./interpreter";
import { RecordingDevice, makeDoc, onePage, testBudget } from "./test-support";
import type { ObjectSource } from "./test-support";

function run(objects: Record<number, ObjectSource>, options?: InterpretOptions): RecordingDevice {
  const doc = makeDoc(objects);
  const device = new RecordingDevice();
  const page = doc.pages[0];
  if (page === undefined) throw new Error("no page");
  interpretPage(doc, page, device, testBudget(), options);
  return device;
}

const close = (actual: readonly number[] | undefined, expected: readonly number[]) => {
  expect(actual).toBeDefined();
  expect(actual?.length).toBe(expected.length);
  expected.forEach((v, i) => expect(actual?.[i]).toBeCloseTo(v, 3));
};

describe("paths, colours and the graphics state", () => {
  it("fills and strokes in page coordinates with the CTM, reporting the colour space when painted", () => {
    const d = run(onePage("q 2 0 0 2 10 20 cm 1 0 0 rg 0 0 10 5 re f 0 0 1 RG 3 w 0 0 m 10 0 l S Q 0 0 0 1 k 1 1 2 2 re f"));
    const fills = d.of("fill");
    expect(fills).toHaveLength(2);
    close(fills[0]?.bbox, [10, 20, 30, 30]);
    expect(fills[0]?.color).toEqual({ space: { family: "DeviceRGB" }, components: [1, 0, 0] });
    const stroke = d.of("stroke")[0];
    expect(stroke?.lineWidth).toBeCloseTo(6);
    close(stroke?.bbox, [7, 17, 33, 23]);
    expect(d.spaces()).toEqual(["fill:DeviceRGB", "stroke:DeviceRGB", "fill:DeviceCMYK"]);
  });

  it("does not report a colour set but never painted, nor a path ended with n", () => {
    const d = run(onePage("1 0 0 rg 0 0 1 RG 0 0 10 10 re n 0.5 g 0 0 5 5 re f"));
    expect(d.spaces()).toEqual(["fill:DeviceGray"]);
  });

  it("flattens curves and closes subpaths", () => {
    const d = run(onePage("0 0 m 0 100 100 100 100 0 c h f"));
    const path = d.of("fill")[0]?.path;
    expect(path?.subpaths).toHaveLength(1);
    expect(path?.subpaths[0]?.closed).toBe(true);
    expect(path?.subpaths[0]?.points.length).toBeGreaterThan(4);
    const bbox = d.of("fill")[0]?.bbox;
    close(bbox, [0, 0, 100, 75]);
  });

  it("reports clips, and restores the clip on Q", () => {
    const d = run(onePage("q 10 10 100 100 re W n q 20 20 10 10 re W* n 0 g 0 0 600 800 re f Q Q 0 0 1 1 re f"));
    const clips = d.of("clip");
    expect(clips.map((c) => c.all.length)).toEqual([1, 2, 1, 0]);
    expect(clips[3]?.path).toBeNull();
  });

  it("applies ExtGState overprint, overprint mode, line width and soft mask presence", () => {
    const d = run(
      onePage(
        "/GS1 gs 0 0 0 1 k 0 0 10 10 re f 0 0 m 5 5 l S",
        "<< /ExtGState << /GS1 << /OP true /OPM 1 /LW 4 /SMask << /S /Luminosity >> >> >> >>",
      ),
    );
    const fill = d.of("fill")[0];
    expect(fill).toBeDefined();
    const stroke = d.of("stroke")[0];
    expect(stroke?.lineWidth).toBe(4);
    // Recorded device keeps only line width from the state of strokes; check via a custom device.
    const states: Array<{ fillOverprint: boolean; strokeOverprint: boolean; overprintMode: number; softMask?: boolean }> = [];
    const doc = makeDoc(onePage("/GS1 gs 0 0 10 10 re f", "<< /ExtGState << /GS1 << /OP true /OPM 1 /SMask << /S /Luminosity >> >> >> >>"));
    interpretPage(doc, doc.pages[0] as NonNullable<(typeof doc.pages)[0]>, { fillPath: (_p, _c, _e, state) => states.push(state) }, testBudget());
    expect(states[0]).toMatchObject({ fillOverprint: true, strokeOverprint: true, overprintMode: 1, softMask: true });
  });

  it("skips malformed operators without throwing and keeps going", () => {
    const d = run(onePage("(x) rg 1 2 cm /Nope gs /Nope Do /Nope cs 5 l 0 0 m 1 g 0 0 10 10 re f"));
    expect(d.of("fill")).toHaveLength(1);
    expect(d.of("fill")[0]?.color.components).toEqual([1]);
  });

  it("limits q nesting and survives unbalanced Q", () => {
    const d = run(onePage("q ".repeat(5000) + "0.5 g 0 0 1 1 re f " + "Q ".repeat(6000) + "0 0 1 1 re f"));
    const fills = d.of("fill");
    expect(fills).toHaveLength(2);
    expect(fills[1]?.color.components).toEqual([0]);
  });

  it("keeps a form's extra Q from popping the caller's state", () => {
    const d = run(
      onePage("q 0.5 g q 2 0 0 2 0 0 cm /Fm Do 0 0 1 1 re f Q 0 0 1 1 re f Q", "<< /XObject << /Fm 10 0 R >> >>", {
        10: { dict: "<< /Subtype /Form /BBox [0 0 10 10] >>", data: "Q Q Q 1 g 0 0 1 1 re f" },
      }),
    );
    expect(d.of("fill").map((f) => [f.color.components[0], f.bbox[2]])).toEqual([
      [1, 2],
      [0.5, 2],
      [0.5, 1],
    ]);
  });

  it("paints nothing with the Pattern space selected but no pattern", () => {
    const d = run(onePage("/Pattern cs 0 0 1 1 re f"));
    expect(d.events).toEqual([]);
  });

  it("ends with TOO_COMPLEX when the operator budget runs out", () => {
    const doc = makeDoc(onePage("0 0 1 1 re f ".repeat(2000)));
    const page = doc.pages[0];
    if (page === undefined) throw new Error("no page");
    expect(() => interpretPage(doc, page, new RecordingDevice(), testBudget({ maxOperators: 1000 }))).toThrow(PreflightError);
  });
});

describe("images", () => {
  const imageRes = (dict: string) =>
    onePage("q 0 100 -200 0 300 50 cm /Im1 Do Q", "<< /XObject << /Im1 10 0 R >> >>", { 10: { dict: `<< /Type /XObject /Subtype /Image ${dict} >>`, data: "\x00\x00\x00\x00\x00\x00" } });

  it("reports a rotated image with its CTM, filters, decode and colour space", () => {
    const d = run(imageRes("/Width 2 /Height 1 /BitsPerComponent 8 /ColorSpace /DeviceRGB /Filter /DCTDecode /Decode [1 0 1 0 1 0]"));
    const img = d.of("image")[0];
    expect(img?.image).toMatchObject({ width: 2, height: 1, bitsPerComponent: 8, filters: ["DCTDecode"], inline: false, imageMask: false, hasSoftMask: false, decode: [1, 0, 1, 0, 1, 0] });
    expect(img?.image.ctm).toEqual([0, 100, -200, 0, 300, 50]);
    close(img?.bbox, [100, 50, 300, 150]);
    expect(d.spaces()).toEqual(["image:DeviceRGB"]);
  });

  it("reports an image mask with the fill colour and no space of its own", () => {
    const d = run(imageRes("/Width 8 /Height 1 /ImageMask true /SMask 10 0 R"));
    const img = d.of("image")[0]?.image;
    expect(img?.space).toBeNull();
    expect(img?.imageMask).toBe(true);
    expect(img?.fill).toEqual({ space: { family: "DeviceGray" }, components: [0] });
    expect(d.spaces()).toEqual(["fill:DeviceGray"]);
  });

  it("reports inline images with expanded abbreviations, and the operators after them", () => {
    const d = run(onePage("q 10 0 0 10 5 5 cm BI /W 2 /H 2 /BPC 8 /CS /RGB /F /Fl ID \x01\x02\x03\x04\x05\x06\nEI Q 0 0 1 1 re f\n q 4 0 0 4 0 0 cm BI /W 2 /H 1 /CS /G /BPC 8 ID \x45\x49 EI Q"));
    const images = d.of("image");
    expect(images).toHaveLength(2);
    expect(images[0]?.image).toMatchObject({ inline: true, width: 2, height: 2, filters: ["FlateDecode"] });
    expect(images[0]?.image.space).toEqual({ family: "DeviceRGB" });
    close(images[0]?.bbox, [5, 5, 15, 15]);
    // An unfiltered gray image whose data is the bytes "EI" is still cut at the right place.
    expect(Array.from(images[1]?.image.stream.raw ?? [])).toEqual([0x45, 0x49]);
    expect(d.spaces()).toEqual(["inline-image:DeviceRGB", "fill:DeviceGray", "inline-image:DeviceGray"]);
  });

  it("reads a JPX image's colour space from its codestream when /ColorSpace is absent", () => {
    // A JP2 "colr" box with method 1 and EnumCS 16 (sRGB).
    const colr = "\x00\x00\x00\x0fcolr\x01\x00\x00\x00\x00\x00\x10";
    const d = run(
      onePage("/Im1 Do", "<< /XObject << /Im1 10 0 R >> >>", { 10: { dict: "<< /Subtype /Image /Width 1 /Height 1 /Filter /JPXDecode >>", data: `\x00\x00\x00\x0cjP  ${colr}` } }),
    );
    expect(d.spaces()).toEqual(["image:DeviceRGB"]);
  });
});

describe("forms", () => {
  it("composes a form drawn inside a scaled form, and uses the form's own resources", () => {
    const d = run(
      onePage("q 2 0 0 2 0 0 cm /Outer Do Q", "<< /XObject << /Outer 10 0 R >> >>", {
        10: { dict: "<< /Subtype /Form /BBox [0 0 100 100] /Matrix [1 0 0 1 10 10] /Resources << /XObject << /Inner 11 0 R >> >> >>", data: "q 0.5 0 0 0.5 0 0 cm /Inner Do Q" },
        11: { dict: "<< /Subtype /Form /BBox [0 0 50 50] /Matrix [3 0 0 3 0 0] /Resources << /XObject << /Im 12 0 R >> >> >>", data: "q 10 0 0 10 1 1 cm /Im Do Q" },
        12: { dict: "<< /Subtype /Image /Width 100 /Height 100 /ColorSpace /DeviceCMYK /BitsPerComponent 8 >>", data: "" },
      }),
    );
    const img = d.of("image")[0];
    // Image ← [10 0 0 10 1 1] × Inner /Matrix [3] × [0.5] × Outer /Matrix [1 0 0 1 10 10] × [2].
    expect(img?.image.ctm).toEqual([30, 0, 0, 30, 23, 23]);
    // Form BBoxes clip: the outer one and the inner one.
    expect(d.of("clip").map((c) => c.all.length)).toEqual([1, 2, 1, 0]);
  });

  it("terminates on a form that draws itself, and on forms drawing each other", () => {
    const d = run(
      onePage("/A Do /Self Do", "<< /XObject << /A 10 0 R /Self 12 0 R >> >>", {
        10: { dict: "<< /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << /B 11 0 R >> >> >>", data: "0 g 0 0 1 1 re f /B Do" },
        11: { dict: "<< /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << /A 10 0 R >> >> >>", data: "0 g 0 0 2 2 re f /A Do" },
        12: { dict: "<< /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << /Self 12 0 R >> >> >>", data: "0 g 0 0 3 3 re f /Self Do" },
      }),
    );
    expect(d.of("fill")).toHaveLength(3);
  });

  it("stops at maxFormDepth", () => {
    const objects: Record<number, ObjectSource> = {};
    for (let i = 0; i < 60; i++) objects[10 + i] = { dict: `<< /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << /N ${11 + i} 0 R >> >> >>`, data: "0 0 1 1 re f /N Do" };
    const d = run(onePage("/N Do", "<< /XObject << /N 10 0 R >> >>", objects));
    expect(d.of("fill")).toHaveLength(32);
  });
});

describe("shadings and patterns", () => {
  it("reports sh with the clip's bounding box and the shading's space", () => {
    const d = run(
      onePage("q 10 10 50 50 re W n /Sh1 sh Q /Sh1 sh", "<< /Shading << /Sh1 << /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 1 0] /Function 10 0 R >> >> >>", {
        10: "<< /FunctionType 2 /Domain [0 1] /C0 [0 0 0] /C1 [1 1 1] /N 1 >>",
      }),
    );
    const shadings = d.of("shading");
    expect(shadings).toHaveLength(2);
    expect(shadings[0]?.shading.bbox).toEqual([10, 10, 60, 60]);
    expect(shadings[1]?.shading.bbox).toEqual([0, 0, 600, 800]);
    expect(d.spaces()).toEqual(["shading:DeviceRGB", "shading:DeviceRGB"]);
  });

  it("draws a shading pattern used as a fill, clipped to the path", () => {
    const d = run(
      onePage("/Pattern cs /P1 scn 0 0 100 100 re f", "<< /Pattern << /P1 << /PatternType 2 /Matrix [2 0 0 2 0 0] /Shading << /ShadingType 2 /ColorSpace /DeviceCMYK /Coords [0 0 1 0] /Function << /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [1 0 0 0] /N 1 >> >> >> >> >>"),
    );
    expect(d.of("fill")).toHaveLength(0);
    const sh = d.of("shading")[0]?.shading;
    expect(sh?.ctm).toEqual([2, 0, 0, 2, 0, 0]);
    expect(sh?.bbox).toEqual([0, 0, 100, 100]);
    expect(d.spaces()).toEqual(["pattern:DeviceCMYK"]);
    expect(d.of("clip").map((c) => c.all.length)).toEqual([1, 0]);
  });

  it("tiles a coloured tiling pattern over the filled area", () => {
    const d = run(
      onePage("/Pattern cs /P1 scn 0 0 40 20 re f", "<< /Pattern << /P1 10 0 R >> >>", {
        10: { dict: "<< /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 10 10] /XStep 10 /YStep 10 /Resources << >> >>", data: "1 0 0 rg 0 0 5 5 re f" },
      }),
    );
    const fills = d.of("fill");
    // 4 × 2 tiles cover the area; the index range may add border tiles that do not touch it.
    expect(fills.length).toBeGreaterThanOrEqual(8);
    const boxes = fills.map((f) => f.bbox.join(","));
    expect(boxes).toContain("0,0,5,5");
    expect(boxes).toContain("30,10,35,15");
    expect(new Set(d.spaces())).toEqual(new Set(["fill:DeviceRGB"]));
  });

  it("paints an uncoloured tiling pattern in its base colour, ignoring colour operators inside", () => {
    const d = run(
      onePage("/Cs1 cs 0 0 0 1 /P1 scn 0 0 10 10 re f", "<< /ColorSpace << /Cs1 [/Pattern /DeviceCMYK] >> /Pattern << /P1 10 0 R >> >>", {
        10: { dict: "<< /PatternType 1 /PaintType 2 /TilingType 1 /BBox [0 0 10 10] /XStep 10 /YStep 10 /Resources << >> >>", data: "1 0 0 rg 0 0 5 5 re f" },
      }),
    );
    const fill = d.of("fill")[0];
    expect(fill?.color).toEqual({ space: { family: "DeviceCMYK" }, components: [0, 0, 0, 1] });
    expect(new Set(d.spaces())).toEqual(new Set(["fill:DeviceCMYK"]));
  });
});

describe("text", () => {
  const font = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 65 /LastChar 66 /Widths [600 400] >>";

  it("reports each text-showing operator with its mode, font and an approximate box", () => {
    const d = run(onePage("BT /F1 10 Tf 100 200 Td (AB) Tj 0 -12 Td [(A) -1000 (B)] TJ 14 TL (A) ' 1 2 (B) \" ET", `<< /Font << /F1 ${font} >> >>`));
    const texts = d.of("text");
    expect(texts.map((t) => t.text.operator)).toEqual(["Tj", "TJ", "'", "\""]);
    expect(texts[0]?.text.fontSubtype).toBe("Type1");
    // "AB": 0.6 + 0.4 em at 10 pt = 10 pt wide from x 100.
    close(texts[0]?.text.bbox, [100, 198, 110, 208]);
    // TJ: A (6) + 10 of kerning + B (4) = 20.
    close(texts[1]?.text.bbox, [100, 186, 120, 196]);
    expect(d.spaces()).toEqual(["text:DeviceGray", "text:DeviceGray", "text:DeviceGray", "text:DeviceGray"]);
  });

  it("reports invisible text (3 Tr) with render mode 3 and no colour use", () => {
    const d = run(onePage("BT /F1 10 Tf 3 Tr 1 0 0 rg (A) Tj ET", `<< /Font << /F1 ${font} >> >>`));
    expect(d.of("text")[0]?.text.renderMode).toBe(3);
    expect(d.spaces()).toEqual([]);
  });

  it("adds text in a clipping render mode to the clip at ET", () => {
    const d = run(onePage("q BT /F1 10 Tf 7 Tr (AB) Tj ET 0 0 600 800 re f Q", `<< /Font << /F1 ${font} >> >>`));
    const clips = d.of("clip");
    expect(clips).toHaveLength(2);
    expect(clips[0]?.path?.subpaths).toHaveLength(1);
    expect(clips[1]?.path).toBeNull();
    expect(d.of("text")[0]?.text.renderMode).toBe(7);
  });

  it("reports a Type3 font's text as text", () => {
    const d = run(
      onePage("BT /T3 20 Tf 10 10 Td (a) Tj ET", "<< /Font << /T3 10 0 R >> >>", {
        10: "<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << /a 11 0 R >> /Encoding << /Differences [97 /a] >> /FirstChar 97 /LastChar 97 /Widths [500] >>",
        11: { dict: "<< >>", data: "500 0 d0 0 0 500 500 re f" },
      }),
    );
    const t = d.of("text")[0]?.text;
    expect(t?.fontSubtype).toBe("Type3");
    close(t?.bbox, [10, 10, 20, 30]);
  });

  it("passes on the colour spaces a coloured Type3 glyph (d0) uses, not an uncoloured one's (d1)", () => {
    const d = run(
      onePage("BT /T3 20 Tf 0 0 0 1 k (abab) Tj ET", "<< /Font << /T3 10 0 R >> >>", {
        10: "<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << /a 11 0 R /b 12 0 R >> /Encoding << /Differences [97 /a /b] >> /FirstChar 97 /LastChar 98 /Widths [500 500] /Resources << /XObject << /Im 13 0 R >> >> >>",
        11: { dict: "<< >>", data: "500 0 d0 1 0 0 rg 0 0 500 500 re f /Im Do" },
        12: { dict: "<< >>", data: "500 0 0 0 500 500 d1 0 0 1 rg 0 0 500 500 re f" },
        13: { dict: "<< /Subtype /Image /Width 1 /Height 1 /BitsPerComponent 8 /ColorSpace /DeviceGray >>", data: "\x00" },
      }),
    );
    expect(d.of("text")).toHaveLength(1);
    // The glyphs' own paths and images are not reported as drawings: the text stands for them.
    expect(d.of("fill")).toHaveLength(0);
    expect(d.of("image")).toHaveLength(0);
    expect(d.spaces()).toEqual(["fill:DeviceRGB", "image:DeviceGray", "text:DeviceCMYK"]);
  });

  it("reads two-byte codes and /W widths of a Type0 font", () => {
    const d = run(
      onePage("BT /F0 10 Tf <00010002> Tj ET", "<< /Font << /F0 10 0 R >> >>", {
        10: "<< /Type /Font /Subtype /Type0 /Encoding /Identity-H /DescendantFonts [11 0 R] >>",
        11: "<< /Type /Font /Subtype /CIDFontType2 /DW 1000 /W [1 [500 250]] >>",
      }),
    );
    close(d.of("text")[0]?.text.bbox.slice(0, 1).concat(d.of("text")[0]?.text.bbox[2] ?? 0), [0, 7.5]);
  });

  it("paints text filled with a pattern through the pattern", () => {
    const d = run(
      onePage("BT /F1 10 Tf /Pattern cs /P1 scn (A) Tj ET", `<< /Font << /F1 ${font} >> /Pattern << /P1 << /PatternType 2 /Shading << /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 1 0] /Function << /FunctionType 2 /Domain [0 1] /C0 [0 0 0] /C1 [1 1 1] /N 1 >> >> >> >> >>`),
    );
    expect(d.of("text")).toHaveLength(1);
    expect(d.spaces()).toEqual(["pattern:DeviceRGB"]);
  });
});

describe("optional content", () => {
  const catalog = (d: string) => ({ 1: `<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [20 0 R 21 0 R] /D ${d} >> >>`, 20: "<< /Type /OCG /Name (On) >>", 21: "<< /Type /OCG /Name (Off) >>" });

  it("does not report content of an OFF layer, and does report an ON layer", () => {
    const d = run(
      onePage("/OC /L1 BDC 1 0 0 rg 0 0 1 1 re f EMC /OC /L2 BDC 0 0 1 rg 0 0 2 2 re f BDC_ignored EMC 0 g 0 0 3 3 re f", "<< /Properties << /L1 20 0 R /L2 21 0 R >> >>", catalog("<< /OFF [21 0 R] >>")),
    );
    expect(d.spaces()).toEqual(["fill:DeviceRGB", "fill:DeviceGray"]);
    expect(d.of("fill").map((f) => f.bbox[2])).toEqual([1, 3]);
  });

  it("honours /BaseState /OFF with /ON, and membership dictionaries", () => {
    const d = run(
      onePage(
        "/OC /L1 BDC 0 0 1 1 re f EMC /OC /L2 BDC 0 0 2 2 re f EMC /OC /M1 BDC 0 0 3 3 re f EMC /OC /M2 BDC 0 0 4 4 re f EMC /OC /M3 BDC 0 0 5 5 re f EMC",
        "<< /Properties << /L1 20 0 R /L2 21 0 R /M1 << /Type /OCMD /OCGs [20 0 R 21 0 R] /P /AllOn >> /M2 << /Type /OCMD /VE [/Not 21 0 R] >> /M3 << /Type /OCMD /OCGs 21 0 R /P /AnyOff >> >> >>",
        catalog("<< /BaseState /OFF /ON [20 0 R] >>"),
      ),
    );
    expect(d.of("fill").map((f) => f.bbox[2])).toEqual([1, 4, 5]);
  });

  it("does not draw a form or an image whose /OC is off", () => {
    const d = run(
      onePage("/Fm Do /Im Do", "<< /XObject << /Fm 10 0 R /Im 11 0 R >> >>", {
        ...catalog("<< /OFF [21 0 R] >>"),
        10: { dict: "<< /Subtype /Form /BBox [0 0 10 10] /OC 21 0 R >>", data: "0 0 1 1 re f" },
        11: { dict: "<< /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceRGB /BitsPerComponent 8 /OC 21 0 R >>", data: "\x00\x00\x00" },
      }),
    );
    expect(d.events.filter((e) => e.type !== "clip")).toEqual([]);
  });
});

describe("annotations", () => {
  const annotations = (extra: Record<number, ObjectSource>) =>
    onePage("", "<< >>", {
      10: "<< /Type /Annot /Subtype /Stamp /F 4 /Rect [100 100 200 150] /AP << /N 12 0 R >> >>",
      11: "<< /Type /Annot /Subtype /Stamp /F 0 /Rect [300 300 400 350] /AP << /N 13 0 R >> >>",
      12: { dict: "<< /Subtype /Form /BBox [0 0 20 10] >>", data: "1 0 0 rg 0 0 20 10 re f" },
      13: { dict: "<< /Subtype /Form /BBox [0 0 20 10] >>", data: "0 0 1 rg 0 0 20 10 re f" },
      ...extra,
    }, "/Annots [10 0 R 11 0 R 14 0 R]");

  it("draws a printable annotation's appearance fitted to its /Rect, and not a non-printing one", () => {
    const d = run(annotations({ 14: "<< /Type /Annot /Subtype /Widget /F 6 /Rect [0 0 10 10] /AP << /N 12 0 R >> >>" }));
    const fills = d.of("fill");
    expect(fills).toHaveLength(1);
    close(fills[0]?.bbox, [100, 100, 200, 150]);
    expect(d.spaces()).toEqual(["fill:DeviceRGB"]);
  });

  it("chooses the appearance state by /AS, and skips annotations when asked", () => {
    const objects = annotations({
      14: "<< /Type /Annot /Subtype /Widget /F 4 /Rect [0 0 10 10] /AS /Yes /AP << /N << /Yes 15 0 R /Off 12 0 R >> >> >>",
      15: { dict: "<< /Subtype /Form /BBox [0 0 10 10] /Matrix [0 1 -1 0 0 0] >>", data: "0 0 0 1 k 0 0 10 10 re f" },
    });
    const d = run(objects);
    expect(d.spaces()).toEqual(["fill:DeviceRGB", "fill:DeviceCMYK"]);
    close(d.of("fill")[1]?.bbox, [0, 0, 10, 10]);
    expect(run(objects, { annotations: false }).events).toEqual([]);
  });
});

describe("hostile content", () => {
  it("never throws anything but a PreflightError on random operator soup", () => {
    // A deterministic generator (a linear congruential one), so a failure reproduces.
    let seed = 12345;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const words = [
      "q", "Q", "cm", "m", "l", "c", "v", "y", "h", "re", "f", "F", "f*", "S", "s", "B", "b*", "n", "W", "W*", "g", "rg", "k", "cs", "CS", "sc", "scn", "SCN",
      "gs", "Do", "sh", "BT", "ET", "Tf", "Td", "TD", "Tm", "T*", "Tj", "TJ", "'", "\"", "Tr", "Tz", "BDC", "BMC", "EMC", "d0", "1", "-2.5", "0", "1e3", "/F1", "/Fm",
      "/Im", "/P1", "/Sh", "/GS", "/OC", "/Pattern", "/Cs", "(str)", "<00ff>", "[", "]", "<<", ">>", "BI /W 2 /H 2 ID xx EI", "true", "null", ")", "{",
    ];
    const resources =
      "<< /Font << /F1 << /Subtype /Type0 /DescendantFonts 5 >> >> /XObject << /Fm 10 0 R /Im 11 0 R >> /Pattern << /P1 12 0 R >> /Shading << /Sh << /ColorSpace /Nope >> >> /ExtGState << /GS << /OP 5 /SMask /None /Font [1 2] >> >> /ColorSpace << /Cs [/Indexed /DeviceRGB 300 <00>] >> /Properties << >> >>";
    for (let round = 0; round < 200; round++) {
      const parts: string[] = [];
      for (let i = 0; i < 300; i++) parts.push(words[rand(words.length)] as string);
      const content = parts.join(" ");
      const doc = makeDoc(
        onePage(content, resources, {
          10: { dict: "<< /Subtype /Form /BBox [0 0 1] /Matrix [1 2] /Resources << /XObject << /Fm 10 0 R >> >> >>", data: content },
          11: { dict: "<< /Subtype /Image /Width -1 /Height 2 >>", data: "" },
          12: { dict: "<< /PatternType 1 /PaintType 1 /BBox [0 0 1 1] /XStep 0.001 /YStep 0.001 >>", data: content },
        }),
      );
      const page = doc.pages[0];
      if (page === undefined) throw new Error("no page");
      try {
        interpretPage(doc, page, new RecordingDevice(), testBudget({ maxOperators: 200_000 }));
      } catch (error) {
        expect(error).toBeInstanceOf(PreflightError);
      }
    }
  });
});
