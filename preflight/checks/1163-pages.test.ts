import { describe, expect, it } from "vitest";
import { checkPageCount } from "./1163-pages";

describe("1163 pages", () => {
  it("passes when the count equals the profile's pages", () => {
    expect(checkPageCount({ pageCount: 2 }, { pages: 2 })).toEqual([]);
  });

  it("fails one page over or under, measuring the count", () => {
    expect(checkPageCount({ pageCount: 3 }, { pages: 2 })).toEqual([{ code: 1163, message: "Неверное количество страниц", page: null, bbox: null, measured: 3 }]);
    expect(checkPageCount({ pageCount: 1 }, { pages: 2 })[0]?.measured).toBe(1);
    expect(checkPageCount({ pageCount: 0 }, { pages: 1 })[0]?.measured).toBe(0);
  });
});
