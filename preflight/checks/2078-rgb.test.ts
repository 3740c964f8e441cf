import { describe, expect, it } from "vitest";
import type { ColorSpace } from "../content/device";
import { createRgbCheck, rgbUse } from "./2078-rgb";
import { cmyk, deviceN, gray, iccCmyk, iccRgb, indexed, page, rgb, separation } from "./test-fixtures";

describe("2078 RGB", () => {
  it("finds DeviceRGB, CalRGB, ICCBased N=3 and Indexed over them, naming the space", () => {
    const calRgb: ColorSpace = { family: "CalRGB" };
    expect(rgbUse(rgb)).toBe("DeviceRGB");
    expect(rgbUse(calRgb)).toBe("CalRGB");
    expect(rgbUse(iccRgb)).toBe("ICCBased RGB");
    expect(rgbUse(indexed(rgb))).toBe("Indexed DeviceRGB");
    expect(rgbUse(indexed(iccRgb))).toBe("Indexed ICCBased RGB");
    expect(rgbUse({ family: "Pattern", base: rgb })).toBe("Pattern DeviceRGB");
  });

  it("passes CMYK, gray, ICCBased CMYK, Lab and coloured patterns", () => {
    for (const space of [cmyk, gray, iccCmyk, { family: "Lab" } as ColorSpace, { family: "Pattern", base: null } as ColorSpace, indexed(cmyk)]) expect(rgbUse(space)).toBeNull();
  });

  it("does not count a Separation's or DeviceN's RGB alternate as a use", () => {
    expect(rgbUse(separation("PANTONE 286 C", rgb))).toBeNull();
    expect(rgbUse(deviceN(["Cyan", "Spot"], iccRgb))).toBeNull();
  });

  it("reports every use site on the page with its bbox", () => {
    const check = createRgbCheck({ page: page({ number: 2 }) });
    check.colorSpaceUsed?.(cmyk, "fill", [0, 0, 10, 10]);
    check.colorSpaceUsed?.(rgb, "image", [1, 2, 3, 4]);
    check.colorSpaceUsed?.(iccRgb, "shading", null);
    expect(check.findings()).toEqual([
      { code: 2078, message: "RGB-цвета недопустимы: используйте CMYK", page: 2, bbox: [1, 2, 3, 4], measured: "DeviceRGB" },
      { code: 2078, message: "RGB-цвета недопустимы: используйте CMYK", page: 2, bbox: null, measured: "ICCBased RGB" },
    ]);
  });
});
