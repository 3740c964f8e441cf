import { describe, expect, it } from "vitest";
import { pdfName } from "../core/objects";
import { checkVersion, effectiveVersion } from "./1120-version";
import { dict } from "./test-fixtures";

const doc = (headerVersion: string | null, catalogVersion?: string | number) => ({
  headerVersion,
  catalog: dict(catalogVersion === undefined ? {} : { Version: typeof catalogVersion === "number" ? catalogVersion : pdfName(catalogVersion) }),
});

describe("1120 version", () => {
  it("passes when the effective version equals the profile's", () => {
    expect(checkVersion(doc("1.3"), { pdfVersion: "1.3" })).toEqual([]);
  });

  it("fails a newer version as well as an older one, measuring the effective version", () => {
    expect(checkVersion(doc("1.4"), { pdfVersion: "1.3" })).toEqual([{ code: 1120, message: "Неверная версия PDF: нужна версия 1.3", page: null, bbox: null, measured: "1.4" }]);
    expect(checkVersion(doc("1.2"), { pdfVersion: "1.3" })[0]?.measured).toBe("1.2");
  });

  it("takes the catalog's /Version when it is higher than the header's", () => {
    expect(effectiveVersion(doc("1.3", "1.7"))).toBe("1.7");
    expect(checkVersion(doc("1.3", "1.7"), { pdfVersion: "1.3" })[0]?.measured).toBe("1.7");
    expect(checkVersion(doc("1.3", 1.4), { pdfVersion: "1.3" })[0]?.measured).toBe("1.4");
  });

  it("keeps the header's when the catalog's /Version is lower (it may only raise the version)", () => {
    expect(effectiveVersion(doc("1.6", "1.3"))).toBe("1.6");
    expect(checkVersion(doc("1.6", "1.3"), { pdfVersion: "1.6" })).toEqual([]);
  });

  it("compares numerically: 1.10 is above 1.9", () => {
    expect(effectiveVersion(doc("1.9", "1.10"))).toBe("1.10");
  });

  it("fails with measured null when no version can be read", () => {
    expect(effectiveVersion(doc(null, "garbage"))).toBeNull();
    expect(checkVersion(doc(null), { pdfVersion: "1.3" })[0]?.measured).toBeNull();
  });
});
