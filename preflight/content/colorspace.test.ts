import { describe, expect, it } from "vitest";
import { isDict } from "../core/objects";
import type { PdfDict } from "../core/objects";
import { ColorSpaceError, componentCount, initialColor, isRgbSpace, labToCmyk, resolveColorSpace, rgbToCmyk, spotColorants, toCmyk } from "./colorspace";
import type { ColorSpace } from "./device";
import { compilePostScript, runPostScript } from "./functions";
import { interpretPage } from "./interpreter";
import { parseObject } from "./lexer";
import { RecordingDevice, makeDoc, onePage, testBudget } from "./test-support";
import type { ObjectSource } from "./test-support";

const close = (actual: readonly number[], expected: readonly number[]) => {
  expect(actual.length).toBe(expected.length);
  expected.forEach((v, i) => expect(actual[i]).toBeCloseTo(v, 3));
};

/** A document whose page resources hold `colorSpaces` under /ColorSpace, plus extra objects. */
function setup(colorSpaces: string, extra: Record<number, ObjectSource> = {}) {
  const doc = makeDoc(onePage("", `<< /ColorSpace ${colorSpaces} >>`, extra));
  const resources = doc.pages[0]?.resources as PdfDict;
  const space = (name: string): ColorSpace => resolveColorSpace(doc, { kind: "name", name }, resources);
  return { doc, resources, space };
}

const tint1 = "<< /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [0 0.5 1 0] /N 1 >>";

describe("resolveColorSpace", () => {
  it("resolves device names, named resources and arrays", () => {
    const { space } = setup(`<< /Rgb /DeviceRGB /Icc [/ICCBased 10 0 R] /Cal [/CalRGB << /WhitePoint [0.95 1 1.09] >>] /Lab [/Lab << /WhitePoint [0.96 1 0.82] >>] >>`, {
      10: { dict: "<< /N 3 /Alternate /DeviceRGB >>", data: "" },
    });
    expect(space("DeviceCMYK")).toEqual({ family: "DeviceCMYK" });
    expect(space("Rgb")).toEqual({ family: "DeviceRGB" });
    const icc = space("Icc");
    expect(icc.family === "ICCBased" && icc.n).toBe(3);
    expect(isRgbSpace(icc)).toBe(true);
    expect(space("Cal")).toEqual({ family: "CalRGB" });
    expect(isRgbSpace(space("Lab"))).toBe(false);
    expect(space("Pattern")).toEqual({ family: "Pattern", base: null });
  });

  it("throws ColorSpaceError for unknown names, malformed arrays and cycles", () => {
    const { space } = setup("<< /Loop [/Indexed 10 0 R 1 <00>] /Bad [/Separation] /Num 5 >>", { 10: "[/Indexed 10 0 R 1 <00>]" });
    expect(() => space("Nope")).toThrow(ColorSpaceError);
    expect(() => space("Loop")).toThrow(ColorSpaceError);
    expect(() => space("Bad")).toThrow(ColorSpaceError);
    expect(() => space("Num")).toThrow(ColorSpaceError);
  });

  it("gives component counts and initial colours", () => {
    const { space } = setup(`<< /N [/DeviceN [/Cyan /Spot] /DeviceCMYK ${tint1}] >>`);
    const n = space("N");
    expect(componentCount(n)).toBe(2);
    expect(initialColor(n)).toEqual([1, 1]);
    expect(initialColor({ family: "DeviceCMYK" })).toEqual([0, 0, 0, 1]);
    expect(spotColorants(n)).toEqual(["Spot"]);
  });
});

describe("toCmyk", () => {
  it("converts gray to K and RGB by the naive formula", () => {
    close(toCmyk({ space: { family: "DeviceGray" }, components: [0.25] }), [0, 0, 0, 0.75]);
    close(rgbToCmyk(1, 0, 0), [0, 1, 1, 0]);
    close(rgbToCmyk(0, 0, 0), [0, 0, 0, 1]);
    // K = 1 − 0.8 = 0.2; C = (1 − 0.8 − 0.2)/0.8 = 0, M = (1 − 0.4 − 0.2)/0.8 = 0.5, Y = (1 − 0.2 − 0.2)/0.8 = 0.75.
    close(rgbToCmyk(0.8, 0.4, 0.2), [0, 0.5, 0.75, 0.2]);
    close(toCmyk({ space: { family: "CalRGB" }, components: [1, 1, 1] }), [0, 0, 0, 0]);
  });

  it("converts Lab through sRGB: white is no ink, black is K", () => {
    close(labToCmyk(100, 0, 0), [0, 0, 0, 0]);
    close(labToCmyk(0, 0, 0), [0, 0, 0, 1]);
    const red = labToCmyk(54, 80, 67);
    expect(red[1]).toBeGreaterThan(0.8);
    expect(red[0]).toBeLessThan(0.1);
  });

  it("maps Separation /Black straight onto K and /All onto every plate", () => {
    const { space } = setup(`<< /K [/Separation /Black /DeviceRGB 10 0 R] /A [/Separation /All /DeviceCMYK ${tint1}] /No [/Separation /None /DeviceCMYK ${tint1}] >>`, {
      10: "<< /FunctionType 2 /Domain [0 1] /C0 [1 1 1] /C1 [1 0 0] /N 1 >>",
    });
    close(toCmyk({ space: space("K"), components: [0.6] }), [0, 0, 0, 0.6]);
    close(toCmyk({ space: space("A"), components: [0.5] }), [0.5, 0.5, 0.5, 0.5]);
    close(toCmyk({ space: space("No"), components: [1] }), [0, 0, 0, 0]);
    expect(spotColorants(space("K"))).toEqual([]);
  });

  it("converts a spot colour through its tint transform into the alternate space", () => {
    const { space } = setup(`<< /S [/Separation /PANTONE#20185#20C /DeviceCMYK ${tint1}] >>`);
    const s = space("S");
    expect(s.family === "Separation" && s.colorant).toBe("PANTONE 185 C");
    close(toCmyk({ space: s, components: [0.5] }), [0, 0.25, 0.5, 0]);
  });

  it("maps a DeviceN: process colorants onto their plates, the spot through the tint transform", () => {
    // PostScript tint transform: (c spot) → (c, 0.5·spot, spot, 0) — the process input is zeroed before it runs.
    const program = "{ exch pop 0 exch dup 0.5 mul exch 0 }";
    const { space } = setup("<< /N [/DeviceN [/Cyan /Gold] /DeviceCMYK 10 0 R] /P [/DeviceN [/Magenta /Black] /DeviceCMYK 10 0 R] >>", {
      10: { dict: "<< /FunctionType 4 /Domain [0 1 0 1] /Range [0 1 0 1 0 1 0 1] >>", data: program },
    });
    const n = space("N");
    expect(spotColorants(n)).toEqual(["Gold"]);
    close(toCmyk({ space: n, components: [0.3, 0.8] }), [0.3, 0.4, 0.8, 0]);
    close(toCmyk({ space: space("P"), components: [0.2, 0.9] }), [0, 0.2, 0, 0.9]);
  });

  it("looks Indexed colours up in the table over RGB and CMYK", () => {
    const { space } = setup("<< /I [/Indexed /DeviceRGB 1 <FF0000 0000FF>] /C [/Indexed /DeviceCMYK 0 10 0 R] >>", {
      10: { dict: "<< >>", data: "\x00\x80\x00\xff" },
    });
    const i = space("I");
    expect(isRgbSpace(i)).toBe(true);
    close(toCmyk({ space: i, components: [0] }), [0, 1, 1, 0]);
    close(toCmyk({ space: i, components: [1] }), [1, 1, 0, 0]);
    const c = space("C");
    expect(isRgbSpace(c)).toBe(false);
    close(toCmyk({ space: c, components: [0] }), [0, 128 / 255, 0, 1]);
  });

  it("converts ICCBased by its component count", () => {
    const { space } = setup("<< /G [/ICCBased 10 0 R] /C [/ICCBased 11 0 R] >>", {
      10: { dict: "<< /N 1 >>", data: "" },
      11: { dict: "<< /N 4 >>", data: "" },
    });
    close(toCmyk({ space: space("G"), components: [1] }), [0, 0, 0, 0]);
    close(toCmyk({ space: space("C"), components: [0.1, 0.2, 0.3, 0.4] }), [0.1, 0.2, 0.3, 0.4]);
  });
});

describe("functions", () => {
  it("runs PostScript calculator programs with if/ifelse", () => {
    const program = compilePostScript(Uint8Array.from("{ dup 0.5 gt { 1 } { 0 } ifelse exch 2 mul }", (c) => c.charCodeAt(0)));
    expect(program).not.toBeNull();
    expect(runPostScript(program ?? [], [0.7], 2)).toEqual([1, 1.4]);
    expect(runPostScript(program ?? [], [0.2], 2)).toEqual([0, 0.4]);
  });

  it("samples type 0 functions and stitches type 3", () => {
    const { space } = setup(
      "<< /S0 [/Separation /Spot /DeviceGray 10 0 R] /S3 [/Separation /Spot2 /DeviceCMYK << /FunctionType 3 /Domain [0 1] /Bounds [0.5] /Encode [0 1 0 1] /Functions [" +
        `${tint1} << /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [0 0 0 1] /N 1 >>] >>] >>`,
      { 10: { dict: "<< /FunctionType 0 /Domain [0 1] /Range [0 1] /Size [2] /BitsPerSample 8 >>", data: "\xff\x00" } },
    );
    // Gray alternate: tint 1 → sample 0 → gray 0 → K 1.
    close(toCmyk({ space: space("S0"), components: [1] }), [0, 0, 0, 1]);
    close(toCmyk({ space: space("S0"), components: [0] }), [0, 0, 0, 0]);
    // Tint 0.75 falls in the second function at t = 0.5 → K 0.5.
    close(toCmyk({ space: space("S3"), components: [0.75] }), [0, 0, 0, 0.5]);
  });

  it("falls back to black for an unreadable tint transform", () => {
    const { space } = setup("<< /S [/Separation /Spot /DeviceCMYK 99 0 R] >>");
    close(toCmyk({ space: space("S"), components: [0.4] }), [0, 0, 0, 0.4]);
  });
});

describe("colour spaces met by the interpreter", () => {
  it("reports Separation /Black, DeviceN and Indexed over RGB where they paint", () => {
    const doc = makeDoc(
      onePage(
        "/Sep cs 0.5 scn 0 0 1 1 re f /DN CS 0.1 0.2 SCN 0 0 m 1 1 l S /Idx cs 1 sc 0 0 2 2 re f /Im Do",
        `<< /ColorSpace << /Sep [/Separation /Black /DeviceCMYK ${tint1}] /DN [/DeviceN [/Cyan /Gold] /DeviceCMYK 10 0 R] /Idx [/Indexed /DeviceRGB 1 <FF0000 0000FF>] >> /XObject << /Im 11 0 R >> >>`,
        {
          10: { dict: "<< /FunctionType 4 /Domain [0 1 0 1] /Range [0 1 0 1 0 1 0 1] >>", data: "{ pop 0 0 0 }" },
          11: { dict: "<< /Subtype /Image /Width 1 /Height 1 /BitsPerComponent 8 /ColorSpace /Idx >>", data: "\x00" },
        },
      ),
    );
    const device = new RecordingDevice();
    interpretPage(doc, doc.pages[0] as NonNullable<(typeof doc.pages)[0]>, device, testBudget());
    const spaces = device.of("space");
    expect(spaces.map((s) => `${s.site}:${s.space.family}`)).toEqual(["fill:Separation", "stroke:DeviceN", "fill:Indexed", "image:Indexed"]);
    const fill = device.of("fill")[0];
    expect(fill && toCmyk(fill.color)).toEqual([0, 0, 0, 0.5]);
    const stroke = device.of("stroke")[0];
    expect(stroke?.color.components).toEqual([0.1, 0.2]);
    const dn = spaces[1]?.space;
    expect(dn?.family === "DeviceN" && dn.colorants).toEqual(["Cyan", "Gold"]);
  });

  it("parses the objects the tests are written in", () => {
    expect(isDict(parseObject("<< /A [1 2 R] >>"))).toBe(true);
  });
});
