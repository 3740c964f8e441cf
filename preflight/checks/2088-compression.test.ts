import { describe, expect, it } from "vitest";
import { createCompressionCheck, offendingFilters } from "./2088-compression";
import { image, page, profile } from "./test-fixtures";

describe("2088 compressed image", () => {
  it("lossy: fails DCT and JPX, passes lossless filters and raw images", () => {
    expect(offendingFilters(["DCTDecode"], "lossy")).toBe("DCTDecode");
    expect(offendingFilters(["JPXDecode"], "lossy")).toBe("JPXDecode");
    expect(offendingFilters(["ASCII85Decode", "DCTDecode"], "lossy")).toBe("ASCII85Decode, DCTDecode");
    expect(offendingFilters(["FlateDecode"], "lossy")).toBeNull();
    expect(offendingFilters([], "lossy")).toBeNull();
  });

  it("any: fails every filtered image, passes raw ones", () => {
    expect(offendingFilters(["FlateDecode"], "any")).toBe("FlateDecode");
    expect(offendingFilters(["RunLengthDecode"], "any")).toBe("RunLengthDecode");
    expect(offendingFilters([], "any")).toBeNull();
  });

  it("reads inline images' abbreviations", () => {
    expect(offendingFilters(["DCT"], "lossy")).toBe("DCTDecode");
    expect(offendingFilters(["Fl"], "any")).toBe("FlateDecode");
    expect(offendingFilters(["AHx"], "lossy")).toBeNull();
  });

  it("reports the drawn image with its bbox, inline images included", () => {
    const check = createCompressionCheck({ page: page(), profile });
    check.drawImage?.(image({ ctm: [100, 0, 0, 100, 0, 0], filters: ["FlateDecode"] }), [0, 0, 100, 100]);
    check.drawImage?.(image({ ctm: [100, 0, 0, 100, 0, 0], filters: ["DCT"], inline: true }), [5, 5, 105, 105]);
    expect(check.findings()).toEqual([{ code: 2088, message: "Найдено сжатое изображение: используйте изображения без сжатия", page: 1, bbox: [5, 5, 105, 105], measured: "DCTDecode" }]);
  });
});
