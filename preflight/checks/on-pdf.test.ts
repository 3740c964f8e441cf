import { describe, expect, it } from "vitest";
import { interpretPage } from "../content/interpreter";
import { createBudget } from "../core/budget";
import { DEFAULT_LIMITS } from "../core/errors";
import { openDocument } from "../core/reader";
import type { Finding, PreflightProfile } from "../report";
import { checkVersion } from "./1120-version";
import { checkPageCount } from "./1163-pages";
import { checkOutputIntents } from "./3171-icc";
import { checkLayers } from "./3244-layers";
import { collapseFindings, sortFindings } from "./common";
import { composeDevices } from "./compose";
import { createPageChecks } from "./page-checks";
import { profile as baseProfile } from "./test-fixtures";
import { firstExtra, pagesPdf, streamObject } from "./test-pdf";
import type { ObjectBody, TestPage } from "./test-pdf";

/*
 * The checks on hand-written PDFs read by the real reader and walked by the real interpreter (the
 * ink renderer left out: 4731's raster part is tested in 4731-tac.test.ts and through the engine).
 */

const profile: PreflightProfile = { ...baseProfile, pages: 1 };

function check(bytes: Uint8Array, prof: PreflightProfile = profile): Finding[] {
  const budget = createBudget({ ...DEFAULT_LIMITS, now: () => Date.now() });
  const doc = openDocument(bytes, budget);
  const out = [...checkVersion(doc, prof), ...checkPageCount(doc, prof), ...checkOutputIntents(doc), ...checkLayers(doc)];
  for (const page of doc.pages) {
    const checks = createPageChecks({ page, profile: prof }, () => ({ raster: null, objects: [] }));
    interpretPage(doc, page, composeDevices(checks.devices), budget, { annotations: true });
    out.push(...checks.findings());
  }
  return sortFindings(collapseFindings(out));
}

const codes = (findings: Finding[]) => findings.map((f) => f.code);
const one = (page: TestPage, options: { header?: string; catalog?: string; extra?: readonly ObjectBody[] } = {}) => pagesPdf([page], options);
/** The first extra object's number in a one-page document. */
const X = firstExtra(1);

describe("the checks on real PDF bytes", () => {
  it("passes a clean CMYK vector page of the right size", () => {
    expect(check(one({ content: "0 0 0 1 k 10 10 100 100 re f 0.5 G 0 0 m 50 50 l S" }))).toEqual([]);
  });

  it("1120 and 1163 from the header, the catalog and the page tree", () => {
    expect(check(one({ content: "" }, { header: "1.3", catalog: "/Version /1.4" }))).toMatchObject([{ code: 1120, measured: "1.4" }]);
    expect(check(pagesPdf([{}, {}]))).toMatchObject([{ code: 1163, measured: 2 }]);
  });

  it("1198 on TrimBox/BleedBox pages with crop marks", () => {
    // MediaBox 130×90 mm, TrimBox 90×50 mm, BleedBox 94×54 mm.
    const boxes = "/MediaBox [0 0 368.504 255.118] /TrimBox [56.693 56.693 311.811 198.425] /BleedBox [51.024 51.024 317.48 204.094]";
    expect(check(one({ entries: boxes }))).toEqual([]);
    expect(check(one({ entries: "/MediaBox [0 0 368.504 255.118] /TrimBox [56.693 56.693 311.811 198.425]" }))).toEqual([]);
    expect(check(one({ entries: "/MediaBox [0 0 368.504 255.118]" }))).toMatchObject([{ code: 1198, page: 1, measured: "130×90 мм" }]);
  });

  it("2078 for RGB fills, RGB images and Indexed RGB, not for a Separation's RGB alternate", () => {
    const sep = `<< /ColorSpace << /CS0 [/Separation /Black /DeviceRGB << /FunctionType 2 /Domain [0 1] /C0 [1 1 1] /C1 [0 0 0] /N 1 >>] >> >>`;
    expect(check(one({ content: "/CS0 cs 1 scn 0 0 10 10 re f", resources: sep }))).toEqual([]);
    expect(check(one({ content: "1 0 0 rg 0 0 10 10 re f" }))).toMatchObject([{ code: 2078, measured: "DeviceRGB", bbox: [0, 0, 10, 10] }]);
    const img = streamObject("/Type /XObject /Subtype /Image /Width 1 /Height 1 /BitsPerComponent 8 /ColorSpace [/Indexed /DeviceRGB 0 <FF0000>]", new Uint8Array([0]));
    const found = check(one({ content: "q 0.24 0 0 0.24 0 0 cm /Im0 Do Q", resources: `<< /XObject << /Im0 ${X} 0 R >> >>` }, { extra: [img] }));
    expect(found).toMatchObject([{ code: 2078, measured: "Indexed DeviceRGB" }]);
  });

  it("3159 for a spot Separation, named; Separation /Black passes", () => {
    const fn = "<< /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [1 0.5 0 0] /N 1 >>";
    const res = `<< /ColorSpace << /S1 [/Separation /PANTONE#20286#20C /DeviceCMYK ${fn}] /S2 [/Separation /Black /DeviceCMYK ${fn}] >> >>`;
    expect(check(one({ content: "/S2 cs 1 scn 0 0 10 10 re f", resources: res }))).toEqual([]);
    expect(check(one({ content: "/S1 cs 1 scn 0 0 10 10 re f 20 20 5 5 re f", resources: res }))).toEqual([
      { code: 3159, message: "Лишние (плашечные) цвета: допустимы только 4 цвета CMYK", page: 1, bbox: [0, 0, 10, 10], measured: "PANTONE 286 C", count: 2 },
    ]);
  });

  it("3171 for an embedded OutputIntent profile and for ICCBased spaces used, not for a named condition", () => {
    const icc = streamObject("/N 4", "not really a profile");
    const named = `/OutputIntents [<< /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (FOGRA39) >>]`;
    expect(check(one({ content: "0 0 0 1 k 0 0 1 1 re f" }, { catalog: named }))).toEqual([]);
    const embedded = `/OutputIntents [<< /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (FOGRA39) /DestOutputProfile ${X} 0 R >>]`;
    expect(check(one({ content: "" }, { catalog: embedded, extra: [icc] }))).toMatchObject([{ code: 3171, page: null, measured: "FOGRA39" }]);
    expect(check(one({ content: "/C0 cs 0 0 0 1 scn 0 0 1 1 re f", resources: `<< /ColorSpace << /C0 [/ICCBased ${X} 0 R] >> >>` }, { extra: [icc] }))).toMatchObject([
      { code: 3171, page: 1, measured: "ICCBased CMYK" },
    ]);
  });

  it("3244 for layers", () => {
    const ocg = `<< /Type /OCG /Name (Layer 1) >>`;
    expect(check(one({ content: "" }, { catalog: `/OCProperties << /OCGs [${X} 0 R] /D << /Order [${X} 0 R] >> >>`, extra: [ocg] }))).toMatchObject([{ code: 3244, measured: 1 }]);
    expect(check(one({ content: "" }, { catalog: `/OCProperties << /OCGs [] /D << >> >>` }))).toEqual([]);
  });

  describe("4752 fonts", () => {
    const font = `<< /Font << /F1 ${X} 0 R >> >>`;
    const helvetica = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";

    it("fails text shown, once per font per page with a count", () => {
      const found = check(one({ content: "BT /F1 12 Tf 10 10 Td (Hello) Tj 0 -14 Td [(Wor) -20 (ld)] TJ ET", resources: font }, { extra: [helvetica] }));
      expect(found).toMatchObject([{ code: 4752, page: 1, measured: "Helvetica", count: 2 }]);
    });

    it("passes invisible text (3 Tr) and a font that is never used", () => {
      expect(check(one({ content: "BT /F1 12 Tf 3 Tr 10 10 Td (Hidden) Tj ET", resources: font }, { extra: [helvetica] }))).toEqual([]);
      expect(check(one({ content: "0 0 0 1 k 0 0 1 1 re f", resources: font }, { extra: [helvetica] }))).toEqual([]);
    });

    it("fails text in a form and in a printable annotation's appearance, not in a non-printing one", () => {
      const form = streamObject(`/Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources ${font.replace(`${X} 0 R`, `${X + 1} 0 R`)}`, "BT /F1 9 Tf (In a form) Tj ET");
      expect(check(one({ content: `/Fm0 Do`, resources: `<< /XObject << /Fm0 ${X} 0 R >> >>` }, { extra: [form, helvetica] }))).toMatchObject([{ code: 4752, measured: "Helvetica" }]);

      const appearance = streamObject(`/Type /XObject /Subtype /Form /BBox [0 0 100 20] /Resources << /Font << /F1 ${X + 2} 0 R >> >>`, "BT /F1 9 Tf 2 5 Td (Stamp) Tj ET");
      const annot = (flags: number) => `<< /Type /Annot /Subtype /FreeText /Rect [10 10 110 30] /F ${flags} /AP << /N ${X} 0 R >> /DA (/F1 9 Tf) >>`;
      const page = (flags: number) => pagesPdf([{ content: "", entries: `/MediaBox [0 0 266.457 153.071] /Annots [${X + 1} 0 R]` }], { extra: [appearance, annot(flags), helvetica] });
      expect(codes(check(page(4)))).toEqual([4752]);
      expect(check(page(0))).toEqual([]);
    });

    it("fails Type3 text", () => {
      const glyph = streamObject("", "1000 0 0 0 750 750 d1 0 0 750 750 re f");
      const type3 = `<< /Type /Font /Subtype /Type3 /FontBBox [0 0 750 750] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << /a ${X + 1} 0 R >> /Encoding << /Type /Encoding /Differences [97 /a] >> /FirstChar 97 /LastChar 97 /Widths [1000] /Resources << >> >>`;
      expect(check(one({ content: "BT /F1 12 Tf 10 10 Td (aa) Tj ET", resources: font }, { extra: [type3, glyph] }))).toMatchObject([{ code: 4752, measured: "Type3" }]);
    });
  });

  describe("2088 and 4781 on images", () => {
    const cmykImage = (w: number, h: number, filter = "") => streamObject(`/Type /XObject /Subtype /Image /Width ${w} /Height ${h} /BitsPerComponent 8 /ColorSpace /DeviceCMYK ${filter}`, new Uint8Array(w * h * 4));
    const draw = (cm: string) => ({ content: `q ${cm} cm /Im0 Do Q`, resources: `<< /XObject << /Im0 ${X} 0 R >> >>` });

    it("passes a raw image at exactly 285 ppi and fails it a pixel smaller, ppi rounded down", () => {
      // 285 px over 72 pt is exactly 285 ppi; 284 px is 284.
      expect(check(one(draw("72 0 0 72 0 0"), { extra: [cmykImage(285, 285)] }))).toEqual([]);
      expect(check(one(draw("72 0 0 72 0 0"), { extra: [cmykImage(284, 300)] }))).toMatchObject([{ code: 4781, measured: 284, bbox: [0, 0, 72, 72] }]);
    });

    it("judges the lower axis of a rotated, anamorphic image", () => {
      // Rotated 90°: the width (600 px) runs 72 pt up the page → 600 ppi; the height (300 px) 144 pt across → 150 ppi.
      expect(check(one(draw("0 72 -144 0 150 0"), { extra: [cmykImage(600, 300)] }))).toMatchObject([{ code: 4781, measured: 150 }]);
    });

    it("composes a scaled form's /Matrix", () => {
      const form = streamObject(`/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Matrix [0.5 0 0 0.5 0 0] /Resources << /XObject << /Im0 ${X + 1} 0 R >> >>`, "/Im0 Do");
      // The image is 200 px over 72 × 0.5 = 36 pt: 400 ppi, passes; without the /Matrix it would be 200.
      const pdf = one({ content: "q 72 0 0 72 0 0 cm /Fm0 Do Q", resources: `<< /XObject << /Fm0 ${X} 0 R >> >>` }, { extra: [form, cmykImage(200, 200)] });
      expect(check(pdf)).toEqual([]);
    });

    it("does not judge an image mask", () => {
      const mask = streamObject("/Type /XObject /Subtype /Image /Width 8 /Height 8 /ImageMask true /BitsPerComponent 1", new Uint8Array(8));
      expect(check(one({ content: "0 0 0 1 k q 72 0 0 72 0 0 cm /Im0 Do Q", resources: `<< /XObject << /Im0 ${X} 0 R >> >>` }, { extra: [mask] }))).toEqual([]);
    });

    it("2088: a DCT image fails with lossy, a Flate one only with any", () => {
      const dct = streamObject("/Type /XObject /Subtype /Image /Width 300 /Height 300 /BitsPerComponent 8 /ColorSpace /DeviceCMYK /Filter /DCTDecode", new Uint8Array([0xff, 0xd8, 0xff, 0xd9]));
      expect(check(one(draw("72 0 0 72 0 0"), { extra: [dct] }))).toMatchObject([{ code: 2088, measured: "DCTDecode" }]);
      const flate = streamObject("/Type /XObject /Subtype /Image /Width 300 /Height 300 /BitsPerComponent 8 /ColorSpace /DeviceCMYK /Filter /FlateDecode", new Uint8Array([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]));
      expect(check(one(draw("72 0 0 72 0 0"), { extra: [flate] }))).toEqual([]);
      expect(check(one(draw("72 0 0 72 0 0"), { extra: [flate] }), { ...profile, compression: "any" })).toMatchObject([{ code: 2088, measured: "FlateDecode" }]);
    });

    it("inline images count for 2078, 2088 and 4781", () => {
      const content = "q 72 0 0 72 0 0 cm BI /W 2 /H 2 /CS /RGB /BPC 8 /F /DCT ID \xff\xd8\xff\xd9 EI Q";
      expect(codes(check(one({ content })))).toEqual([2078, 2088, 4781]);
    });
  });
});
