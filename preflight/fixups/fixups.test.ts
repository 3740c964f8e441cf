import { describe, expect, it } from "vitest";
import { BUSINESS_CARD_PROFILE, buildPdf, latin1 } from "../core/testing";
import { runPreflight } from "../engine";
import { checkCodes } from "../report";
import { fixupErrorMessages } from "./errors";
import { FixupError, applyFixup, fixAdvice, offerFixups } from "./index";
import type { FixupId } from "./index";
import { rgbToCmyk } from "./rgb-to-cmyk";
import { cardPdf, codesOf, fileText, pdfjsOperators, qpdfCheck, streamsText } from "./testing";

/*
 * The fix-ups on hand-made files, one operator case at a time, and their errors. The corpus run
 * (corpus.test.ts) covers files made by real tools.
 */

const profile = BUSINESS_CARD_PROFILE;

async function offerFor(bytes: Uint8Array, id: FixupId) {
  return (await offerFixups(bytes, runPreflight(bytes, profile))).find((o) => o.id === id);
}

async function applyChecked(bytes: Uint8Array, id: FixupId): Promise<Uint8Array> {
  const copy = bytes.slice();
  const out = await applyFixup(bytes, id);
  expect(bytes).toEqual(copy);
  const check = qpdfCheck(out);
  expect([0, 3], check.output).toContain(check.status);
  expect(await pdfjsOperators(out)).toHaveLength(1);
  return out;
}

const squeeze = (text: string) => text.replace(/\s+/g, " ");

describe("rgb-to-cmyk", () => {
  it("converts with the naive formula: black, white, grey, primaries", () => {
    expect(rgbToCmyk(0, 0, 0)).toEqual([0, 0, 0, 1]);
    expect(rgbToCmyk(1, 1, 1)).toEqual([0, 0, 0, 0]);
    expect(rgbToCmyk(0.5, 0.5, 0.5)).toEqual([0, 0, 0, 0.5]);
    expect(rgbToCmyk(1, 0, 0)).toEqual([0, 1, 1, 0]);
    expect(rgbToCmyk(0.2, 0.4, 0.8)).toEqual([0.75, 0.5, 0, 0.2]);
  });

  it("rewrites rg/RG, cs/CS DeviceRGB with sc/SC, keeping the other operators byte for byte", async () => {
    const content = "q 1 0 0 rg 0 0 10 10 re f 0 0 1 RG 0 0 5 5 re S Q\n/DeviceRGB cs 0 1 0 sc 1 1 2 2 re f q /DeviceRGB CS 1 1 1 SC 3 3 1 1 re S Q 0.25 0.5 0.75 0.1 k 4 4 1 1 re f";
    const bytes = cardPdf(content);
    const offer = await offerFor(bytes, "rgb-to-cmyk");
    expect(offer).toMatchObject({ clears: [2078], blockedBy: null, label: "Перевести RGB в CMYK" });
    const out = await applyChecked(bytes, "rgb-to-cmyk");
    const text = squeeze(await streamsText(out));
    for (const op of ["0 1 1 0 k", "1 1 0 0 K", "/DeviceCMYK cs", "1 0 1 0 sc", "/DeviceCMYK CS", "0 0 0 0 SC", "0.25 0.5 0.75 0.1 k 4 4 1 1 re f", "0 0 10 10 re f"]) expect(text).toContain(op);
    expect(text).not.toMatch(/\brg\b|\bRG\b|DeviceRGB/);
    expect(codesOf(out, profile)).not.toContain(2078);
  });

  it("converts an Indexed RGB palette used by vectors entry by entry, leaving the palette itself", async () => {
    const bytes = cardPdf("/CS0 cs 1 sc 0 0 5 5 re f /CS0 CS 0 SC 0 0 5 5 re S", { resources: "<< /ColorSpace << /CS0 [/Indexed /DeviceRGB 1 <FF00000000FF>] >> >>" });
    const out = await applyChecked(bytes, "rgb-to-cmyk");
    const text = squeeze(await streamsText(out));
    expect(text).toContain("/DeviceCMYK cs 0 1 1 0 sc 1 1 0 0 sc");
    expect(text).toContain("/DeviceCMYK CS 0 1 1 0 SC 0 1 1 0 SC");
    expect(codesOf(out, profile)).not.toContain(2078);
  });

  it("converts an uncoloured pattern's RGB components through a [/Pattern /DeviceCMYK] resource", async () => {
    const bytes = cardPdf("/CSp cs 0 0 1 /P0 scn 0 0 20 20 re f", {
      resources: "<< /ColorSpace << /CSp [/Pattern /DeviceRGB] >> /Pattern << /P0 10 0 R >> >>",
      objects: [{ num: 10, body: "<< /Type /Pattern /PatternType 1 /PaintType 2 /TilingType 1 /BBox [0 0 4 4] /XStep 4 /YStep 4 /Resources << >> >>", stream: "0 0 2 2 re f" }],
    });
    const out = await applyChecked(bytes, "rgb-to-cmyk");
    const text = squeeze(await streamsText(out));
    expect(text).toContain("/OttiskPatternCMYK cs 1 1 0 0 /P0 scn");
    expect(fileText(out)).toMatch(/\/OttiskPatternCMYK \[ ?\/Pattern \/DeviceCMYK ?\]/);
    expect(codesOf(out, profile)).not.toContain(2078);
  });

  it("converts forms, annotation appearances and Type3 glyphs too", async () => {
    const bytes = cardPdf("/Fm0 Do BT /T3 10 Tf 5 5 Td (a) Tj ET", {
      resources: "<< /XObject << /Fm0 10 0 R >> /Font << /T3 11 0 R >> >>",
      page: "/Annots [13 0 R]",
      objects: [
        { num: 10, body: "<< /Type /XObject /Subtype /Form /BBox [0 0 50 50] >>", stream: "0 1 0 rg 0 0 5 5 re f" },
        { num: 11, body: "<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << /sq 12 0 R >> /Encoding << /Differences [97 /sq] >> /FirstChar 97 /LastChar 97 /Widths [1000] >>" },
        { num: 12, body: "<< >>", stream: "1000 0 d0 1 1 0 rg 0 0 1000 1000 re f" },
        { num: 13, body: "<< /Type /Annot /Subtype /Square /Rect [10 10 30 30] /F 4 /AP << /N 14 0 R >> >>" },
        { num: 14, body: "<< /Type /XObject /Subtype /Form /BBox [0 0 20 20] >>", stream: "0 0 1 RG 1 1 18 18 re S" },
      ],
    });
    expect(codesOf(bytes, profile)).toContain(2078);
    const out = await applyChecked(bytes, "rgb-to-cmyk");
    const text = squeeze(await streamsText(out));
    expect(text).toContain("1 0 1 0 k 0 0 5 5 re f");
    expect(text).toContain("1000 0 d0 0 0 1 0 k");
    expect(text).toContain("1 1 0 0 K 1 1 18 18 re S");
    expect(codesOf(out, profile)).not.toContain(2078);
  });

  it("converts a DeviceRGB shading's Type 2 function and says what it cannot convert", async () => {
    const axial = (fn: string) => `<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 100 0] /Function ${fn} /Extend [true true] >>`;
    const type2 = "<< /FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0 0 1] /N 1 >>";
    const simple = cardPdf("/Sh0 sh", { resources: `<< /Shading << /Sh0 ${axial(type2)} >> >>` });
    const out = await applyChecked(simple, "rgb-to-cmyk");
    expect(squeeze(fileText(out))).toMatch(/\/C0 \[ ?0 1 1 0 ?\]/);
    expect(squeeze(fileText(out))).toMatch(/\/C1 \[ ?1 1 0 0 ?\]/);
    expect(codesOf(out, profile)).not.toContain(2078);

    // One function per component: not converted; the offer claims nothing and says why.
    const perComponent = `[${["<< /FunctionType 2 /Domain [0 1] /C0 [1] /C1 [0] /N 1 >>", "<< /FunctionType 2 /Domain [0 1] /C0 [0] /C1 [0] /N 1 >>", "<< /FunctionType 2 /Domain [0 1] /C0 [0] /C1 [1] /N 1 >>"].join(" ")}]`;
    const complex = cardPdf("1 0 0 rg 0 0 5 5 re f /Sh0 sh", { resources: `<< /Shading << /Sh0 ${axial(perComponent)} >> >>` });
    const offer = await offerFor(complex, "rgb-to-cmyk");
    expect(offer?.clears).toEqual([]);
    expect(offer?.description).toContain("градиенты");
    expect(codesOf(await applyFixup(complex, "rgb-to-cmyk"), profile)).toContain(2078);
  });

  it("leaves RGB images alone: offered only with RGB vectors, and then claims nothing", async () => {
    const image = { num: 10, body: "<< /Type /XObject /Subtype /Image /Width 2 /Height 1 /ColorSpace /DeviceRGB /BitsPerComponent 8 >>", stream: latin1("\xff\x00\x00\x00\x00\xff") };
    const imageOnly = cardPdf("q 200 0 0 100 0 0 cm /Im0 Do Q", { resources: "<< /XObject << /Im0 10 0 R >> >>", objects: [image] });
    expect(codesOf(imageOnly, profile)).toContain(2078);
    expect(await offerFor(imageOnly, "rgb-to-cmyk")).toBeUndefined();

    const both = cardPdf("1 0 0 rg 0 0 5 5 re f q 200 0 0 100 0 0 cm /Im0 Do Q", { resources: "<< /XObject << /Im0 10 0 R >> >>", objects: [image] });
    const offer = await offerFor(both, "rgb-to-cmyk");
    expect(offer).toMatchObject({ clears: [], blockedBy: null });
    expect(offer?.description).toContain("RGB-изображения");
    const out = await applyChecked(both, "rgb-to-cmyk");
    expect(fileText(out)).toContain("\xff\x00\x00\x00\x00\xff");
    const rgb = runPreflight(out, profile).findings.filter((f) => f.code === 2078);
    expect(rgb.map((f) => f.measured)).toEqual(["DeviceRGB"]);
    expect(squeeze(await streamsText(out))).toContain("0 1 1 0 k");
  });
});

const layers = (extraD = "") =>
  `/OCProperties << /OCGs [20 0 R 21 0 R] /D << /Order [20 0 R 21 0 R] /OFF [21 0 R] ${extraD} >> >>`;
const layerObjects = [
  { num: 20, body: "<< /Type /OCG /Name (Видимый) >>" },
  { num: 21, body: "<< /Type /OCG /Name (Скрытый) >>" },
];

describe("flatten-layers", () => {
  it("keeps the visible layer's content, drops the hidden one's painting, and the markers", async () => {
    const content = [
      "/OC /L1 BDC 1 0 0 0 k 0 0 10 10 re f EMC",
      "/OC /L2 BDC 0 1 0 0 k 20 20 10 10 re f BT /F1 9 Tf (hidden) Tj (next) ' ET /Span << /MCID 0 >> BDC 30 30 1 1 re f EMC EMC",
      "/Artifact BMC 0 0 0 1 k 5 5 1 1 re f EMC",
      "/OC /MD BDC 0 0 1 0 k 40 40 5 5 re f EMC",
    ].join("\n");
    const bytes = cardPdf(content, {
      catalog: layers(),
      resources: "<< /Properties << /L1 20 0 R /L2 21 0 R /MD << /Type /OCMD /OCGs [20 0 R 21 0 R] /P /AllOn >> >> /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>",
      objects: layerObjects,
    });
    expect(codesOf(bytes, profile)).toContain(3244);
    expect(await offerFor(bytes, "flatten-layers")).toMatchObject({ clears: [3244], blockedBy: null, label: "Свести слои" });
    const out = await applyChecked(bytes, "flatten-layers");
    const text = squeeze(await streamsText(out));
    expect(text).toContain("1 0 0 0 k 0 0 10 10 re f");
    expect(text).toContain("/Artifact BMC 0 0 0 1 k 5 5 1 1 re f EMC");
    // Hidden: the state changes stay, the painting does not.
    expect(text).toMatch(/0 1 0 0 k 20 20 10 10 re n BT \/F1 9 Tf T\* ET/);
    expect(text).not.toContain("hidden");
    expect(text).not.toContain("30 30 1 1 re f");
    // AllOn over a visible and a hidden layer: hidden.
    expect(text).not.toContain("40 40 5 5 re f");
    expect(text).not.toMatch(/\/OC\b|BDC/);
    expect((text.match(/\bEMC\b/g) ?? []).length).toBe(1);
    expect(fileText(out)).not.toContain("OCProperties");
    expect(fileText(out)).not.toContain("/OCG");
    expect(codesOf(out, profile)).not.toContain(3244);
  });

  it("drops the Do of a hidden XObject and removes an annotation on a hidden layer; visible ones lose /OC", async () => {
    const bytes = cardPdf("/Fm1 Do /Fm2 Do", {
      catalog: layers(),
      resources: "<< /XObject << /Fm1 10 0 R /Fm2 11 0 R >> >>",
      page: "/Annots [12 0 R 13 0 R]",
      objects: [
        ...layerObjects,
        { num: 10, body: "<< /Type /XObject /Subtype /Form /BBox [0 0 50 50] /OC 20 0 R >>", stream: "0 0 0 1 k 0 0 5 5 re f" },
        { num: 11, body: "<< /Type /XObject /Subtype /Form /BBox [0 0 50 50] /OC 21 0 R >>", stream: "1 0 0 0 k 0 0 6 6 re f" },
        { num: 12, body: "<< /Type /Annot /Subtype /Square /Rect [10 10 30 30] /F 4 /OC 20 0 R >>" },
        { num: 13, body: "<< /Type /Annot /Subtype /Circle /Rect [10 10 30 30] /F 4 /OC 21 0 R >>" },
      ],
    });
    const out = await applyChecked(bytes, "flatten-layers");
    const text = squeeze(await streamsText(out));
    expect(text).toContain("/Fm1 Do");
    expect(text).not.toContain("/Fm2 Do");
    const file = fileText(out);
    expect(file).toContain("/Square");
    expect(file).not.toContain("/Circle");
    expect(file).not.toMatch(/\/OC\b/);
    expect(codesOf(out, profile)).not.toContain(3244);
  });

  it("keeps hiding a layer on every page that shares the page resources", async () => {
    const page = (n: number, content: number) => ({ num: n, body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 266.46 153.07] /Resources 9 0 R /Contents ${content} 0 R >>` });
    const bytes = buildPdf([
      { num: 1, body: `<< /Type /Catalog /Pages 2 0 R ${layers()} >>` },
      { num: 2, body: "<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 >>" },
      page(3, 4),
      { num: 4, body: "<< >>", stream: "/OC /L2 BDC 1 1 5 5 re f EMC" },
      page(5, 6),
      { num: 6, body: "<< >>", stream: "/OC /L2 BDC 2 2 5 5 re f EMC" },
      { num: 9, body: "<< /Properties << /L2 21 0 R >> >>" },
      ...layerObjects,
    ]);
    const text = squeeze(await streamsText(await applyFixup(bytes, "flatten-layers")));
    expect(text).toContain("1 1 5 5 re n");
    expect(text).toContain("2 2 5 5 re n");
  });

  it("follows /BaseState /OFF with /ON, and the print state of /AS", async () => {
    const bytes = cardPdf("/OC /L1 BDC 0 0 5 5 re f EMC /OC /L2 BDC 7 7 5 5 re f EMC", {
      catalog: "/OCProperties << /OCGs [20 0 R 21 0 R] /D << /BaseState /OFF /ON [20 0 R 21 0 R] /AS [<< /Event /Print /Category [/Print] /OCGs [21 0 R] >>] >> >>",
      resources: "<< /Properties << /L1 20 0 R /L2 21 0 R >> >>",
      objects: [layerObjects[0]!, { num: 21, body: "<< /Type /OCG /Name (Заметки) /Usage << /Print << /PrintState /OFF >> >> >>" }],
    });
    const text = squeeze(await streamsText(await applyChecked(bytes, "flatten-layers")));
    expect(text).toContain("0 0 5 5 re f");
    expect(text).toContain("7 7 5 5 re n");
  });
});

describe("pdf-version", () => {
  it("writes %PDF-1.3 with a classic xref, without /Version, object streams unpacked", async () => {
    const bytes = cardPdf("0 0 0 1 k 0 0 5 5 re f", { version: "1.5", xref: "stream", catalog: "/Version /1.6" });
    expect(codesOf(bytes, profile)).toEqual([1120]);
    expect(await offerFor(bytes, "pdf-version")).toMatchObject({ clears: [1120], blockedBy: null, label: "Сохранить как PDF 1.3" });
    const out = await applyChecked(bytes, "pdf-version");
    const text = fileText(out);
    expect(text.startsWith("%PDF-1.3\n")).toBe(true);
    expect(text).toContain("\nxref\n");
    expect(text).not.toMatch(/\/ObjStm|\/XRef|\/Version/);
    expect(codesOf(out, profile)).toEqual([]);
  });

  it("is blocked by transparency, layers, JPEG 2000 and 16-bit images, with the reasons", async () => {
    const transparent = cardPdf("/GS0 gs 0 0 5 5 re f", { version: "1.4", resources: "<< /ExtGState << /GS0 << /ca 0.5 >> >> >>" });
    const offer = await offerFor(transparent, "pdf-version");
    expect(offer?.blockedBy).toBe("В макете есть прозрачность — её нужно свести в программе вёрстки");
    await expect(applyFixup(transparent, "pdf-version")).rejects.toMatchObject({ code: "BLOCKED", messageUI: offer?.blockedBy });

    const layered = cardPdf("0 0 5 5 re f", { version: "1.5", catalog: layers(), objects: layerObjects });
    expect((await offerFor(layered, "pdf-version"))?.blockedBy).toContain("«Свести слои»");
    const flattened = await applyFixup(layered, "flatten-layers");
    expect((await offerFor(flattened, "pdf-version"))?.blockedBy).toBeNull();

    const images = cardPdf("q 10 0 0 10 0 0 cm /Im0 Do Q /Im1 Do", {
      version: "1.5",
      resources: "<< /XObject << /Im0 10 0 R /Im1 11 0 R >> /ExtGState << /G << /BM /Multiply >> >> >>",
      objects: [
        { num: 10, body: "<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /Filter /JPXDecode >>", stream: "\x00" },
        { num: 11, body: "<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 16 >>", stream: "\x00\x00" },
      ],
    });
    const reasons = (await offerFor(images, "pdf-version"))?.blockedBy ?? "";
    for (const part of ["прозрачность", "JPEG 2000", "16-битные"]) expect(reasons).toContain(part);
  });

  it("is not offered when the file is at 1.3 already (the profile wants another version)", async () => {
    const bytes = cardPdf("0 0 5 5 re f", { version: "1.3" });
    const report = runPreflight(bytes, { ...profile, pdfVersion: "1.4" });
    expect(report.findings.map((f) => f.code)).toContain(1120);
    expect(await offerFixups(bytes, report)).toEqual([]);
  });
});

describe("output-intent", () => {
  const intent = (profileRef: string) => `/OutputIntents [<< /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (FOGRA39) ${profileRef} >>]`;
  const icc = { num: 10, body: "<< /N 4 >>", stream: "not really a profile, but a stream of bytes" };

  it("removes the embedded profile and keeps the named condition", async () => {
    const bytes = cardPdf("0 0 0 1 k 0 0 5 5 re f", { catalog: intent("/DestOutputProfile 10 0 R"), objects: [icc] });
    expect(codesOf(bytes, profile)).toEqual([3171]);
    expect(await offerFor(bytes, "output-intent")).toMatchObject({ clears: [3171], blockedBy: null, label: "Удалить ICC-профиль" });
    const out = await applyChecked(bytes, "output-intent");
    const text = fileText(out);
    expect(text).toContain("(FOGRA39)");
    expect(text).not.toContain("DestOutputProfile");
    expect(text).not.toContain("not really a profile");
    expect(codesOf(out, profile)).toEqual([]);
  });

  it("claims nothing when ICCBased colours remain, and says so", async () => {
    const bytes = cardPdf("/CS0 cs 0 0 0 1 scn 0 0 5 5 re f", {
      catalog: intent("/DestOutputProfile 10 0 R"),
      resources: "<< /ColorSpace << /CS0 [/ICCBased 10 0 R] >> >>",
      objects: [icc],
    });
    const offer = await offerFor(bytes, "output-intent");
    expect(offer?.clears).toEqual([]);
    expect(offer?.description).toContain("ICCBased");
    const out = await applyFixup(bytes, "output-intent");
    expect(runPreflight(out, profile).findings.map((f) => f.measured)).toEqual(["ICCBased CMYK"]);
  });
});

describe("errors", () => {
  it("refuses what is not a PDF as UNREADABLE, with the Russian message", async () => {
    for (const bytes of [new Uint8Array(0), latin1("\xff\xd8\xff\xe0 not a pdf"), latin1("%PDF-1.4\n1 0 obj << /Type")]) {
      const error = await applyFixup(bytes, "pdf-version").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FixupError);
      expect(error).toMatchObject({ code: "UNREADABLE", messageUI: fixupErrorMessages.UNREADABLE });
    }
  });

  it("refuses an encrypted file as ENCRYPTED, and blocks its offers", async () => {
    const encrypted = buildPdf(
      [
        { num: 1, body: "<< /Type /Catalog /Pages 2 0 R >>" },
        { num: 2, body: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>" },
        { num: 3, body: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 266.46 153.07] /Contents 4 0 R >>" },
        { num: 4, body: "<< >>", stream: "0 0 5 5 re f" },
        { num: 5, body: "<< /Filter /Standard /V 4 /R 4 /Length 128 /O <00> /U <00> /P -4 >>" },
      ],
      { trailer: "/Root 1 0 R /Encrypt 5 0 R /ID [<01> <01>]" },
    );
    await expect(applyFixup(encrypted, "rgb-to-cmyk")).rejects.toMatchObject({ code: "ENCRYPTED", messageUI: fixupErrorMessages.ENCRYPTED });
    const report = runPreflight(cardPdf("1 0 0 rg 0 0 5 5 re f"), profile);
    expect(await offerFixups(encrypted, report)).toEqual([{ id: "rgb-to-cmyk", label: "Перевести RGB в CMYK", description: expect.any(String), clears: [], blockedBy: fixupErrorMessages.ENCRYPTED }]);
  });
});

describe("fixAdvice", () => {
  it("has Russian advice of one to three sentences for every check code, with menu paths for fonts and resolution", () => {
    for (const code of checkCodes) {
      const advice = fixAdvice[code];
      expect(advice).toMatch(/[а-яё]/i);
      expect(advice.split(/[.!?](?:\s|$)/).filter((s) => s.trim() !== "").length).toBeLessThanOrEqual(3);
    }
    expect(fixAdvice[4752]).toContain("Преобразовать в кривые");
    expect(fixAdvice[4781]).toContain("ppi");
  });
});
