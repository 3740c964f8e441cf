import { describe, expect, it } from "vitest";
import type { Finding } from "../report";
import { collapseFindings, createFindingList, sortFindings } from "./common";

const f = (page: number | null, code: Finding["code"], measured: Finding["measured"], bbox: Finding["bbox"] = null): Finding => ({ code, message: "m", page, bbox, measured });

describe("collapsing and ordering findings", () => {
  it("collapses the same code and measured on the same page into the first, counting them", () => {
    const out = collapseFindings([f(1, 2078, "DeviceRGB", [0, 0, 1, 1]), f(1, 2078, "DeviceRGB", [5, 5, 6, 6]), f(2, 2078, "DeviceRGB"), f(1, 2078, "CalRGB"), f(1, 4781, 150), f(1, 4781, "150")]);
    expect(out).toEqual([
      { ...f(1, 2078, "DeviceRGB", [0, 0, 1, 1]), count: 2 },
      f(2, 2078, "DeviceRGB"),
      f(1, 2078, "CalRGB"),
      f(1, 4781, 150),
      f(1, 4781, "150"),
    ]);
  });

  it("adds up counts already collapsed", () => {
    expect(collapseFindings([{ ...f(1, 4752, "Helvetica"), count: 3 }, { ...f(1, 4752, "Helvetica"), count: 2 }])).toEqual([{ ...f(1, 4752, "Helvetica"), count: 5 }]);
  });

  it("collects as events come, keeping one object per distinct finding", () => {
    const list = createFindingList();
    for (let i = 0; i < 100_000; i++) list.add(2078, 1, [i, 0, i + 1, 1], "DeviceRGB");
    list.add(2078, 1, null, "CalRGB");
    expect(list.items).toEqual([
      { code: 2078, message: "RGB-цвета недопустимы: используйте CMYK", page: 1, bbox: [0, 0, 1, 1], measured: "DeviceRGB", count: 100_000 },
      { code: 2078, message: "RGB-цвета недопустимы: используйте CMYK", page: 1, bbox: null, measured: "CalRGB" },
    ]);
  });

  it("sorts the document's findings first, then by page, then by code, stable otherwise", () => {
    const sorted = sortFindings([f(2, 1198, "a"), f(1, 4781, 1), f(null, 3171, "x"), f(1, 2078, "b"), f(1, 2078, "a"), f(null, 1120, "1.4")]);
    expect(sorted.map((x) => [x.page, x.code, x.measured])).toEqual([
      [null, 1120, "1.4"],
      [null, 3171, "x"],
      [1, 2078, "b"],
      [1, 2078, "a"],
      [1, 4781, 1],
      [2, 1198, "a"],
    ]);
  });
});
