import { describe, expect, it } from "vitest";
import { createSpotColourCheck, spotColorants } from "./3159-spot";
import { cmyk, deviceN, indexed, page, rgb, separation } from "./test-fixtures";

describe("3159 spot colours", () => {
  it("passes the process colorants and None/All, as Separation and as DeviceN", () => {
    for (const name of ["Cyan", "Magenta", "Yellow", "Black", "None", "All"]) expect(spotColorants(separation(name))).toEqual([]);
    expect(spotColorants(deviceN(["Cyan", "Magenta", "Yellow", "Black"]))).toEqual([]);
    expect(spotColorants(cmyk)).toEqual([]);
  });

  it("finds other colorants, measuring only the offending names", () => {
    expect(spotColorants(separation("PANTONE 286 C"))).toEqual(["PANTONE 286 C"]);
    expect(spotColorants(deviceN(["Cyan", "Gold", "Black", "Silver"]))).toEqual(["Gold", "Silver"]);
    expect(spotColorants(separation("black"))).toEqual(["black"]);
  });

  it("finds a spot colour under an Indexed space and an uncoloured pattern", () => {
    expect(spotColorants(indexed(separation("Varnish")))).toEqual(["Varnish"]);
    expect(spotColorants({ family: "Pattern", base: separation("Gold", rgb) })).toEqual(["Gold"]);
  });

  it("reports per use with the names joined", () => {
    const check = createSpotColourCheck({ page: page() });
    check.colorSpaceUsed?.(separation("Black"), "fill", [0, 0, 1, 1]);
    check.colorSpaceUsed?.(deviceN(["Gold", "Silver"]), "image", [0, 0, 5, 5]);
    expect(check.findings()).toEqual([{ code: 3159, message: "Лишние (плашечные) цвета: допустимы только 4 цвета CMYK", page: 1, bbox: [0, 0, 5, 5], measured: "Gold, Silver" }]);
  });
});
