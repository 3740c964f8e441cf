import { describe, expect, it } from "vitest";
import { parseProfile, ProfileError } from "./profile";

const valid = { pdfVersion: "1.3", pages: 2, trimMm: [90, 50], bleedMm: 2, sizeToleranceMm: 0.5, minPpi: 300, ppiTolerancePct: 5, compression: "lossy", maxTacPct: 300, tacTolerancePct: 1, tacMinAreaMm2: 1 };

function problemsOf(json: unknown): string[] {
  try {
    parseProfile(json);
  } catch (error) {
    expect(error).toBeInstanceOf(ProfileError);
    return (error as ProfileError).problems;
  }
  throw new Error("parseProfile accepted it");
}

describe("parseProfile", () => {
  it("takes the JSON form of the issue, dropping unknown keys", () => {
    expect(parseProfile({ ...valid, note: "x" })).toEqual(valid);
    expect(parseProfile(JSON.parse(JSON.stringify({ ...valid, compression: "any", bleedMm: 0, tacMinAreaMm2: 0 }))).compression).toBe("any");
  });

  it("answers a ProfileError with Russian messages — never a TypeError — for anything that is not an object", () => {
    for (const bad of [null, undefined, 3, "profile", [valid], true]) expect(problemsOf(bad)).toEqual(["ожидается объект с порогами проверки"]);
  });

  it("names every wrong field at once", () => {
    const problems = problemsOf({ ...valid, pdfVersion: 1.3, pages: 0, trimMm: [90], compression: "jpeg" });
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(/^pdfVersion \(версия PDF\)/);
    expect(problems.join("\n")).toMatch(/pages .*целое число от 1/);
    expect(problems.join("\n")).toMatch(/trimMm/);
    expect(problems.join("\n")).toMatch(/compression .*"lossy" или "any"/);
  });

  it("reports a missing field, NaN and Infinity", () => {
    const { minPpi: _dropped, ...withoutPpi } = valid;
    expect(problemsOf(withoutPpi)).toEqual(["minPpi (минимальное разрешение, ppi) — положительное число не больше 10 000"]);
    expect(problemsOf({ ...valid, bleedMm: Number.NaN })).toHaveLength(1);
    expect(problemsOf({ ...valid, maxTacPct: Number.POSITIVE_INFINITY })).toHaveLength(1);
  });

  it("keeps the API schema's bounds: the edges pass, a step beyond fails", () => {
    expect(parseProfile({ ...valid, maxTacPct: 400, ppiTolerancePct: 100, pages: 10_000 }).maxTacPct).toBe(400);
    expect(problemsOf({ ...valid, maxTacPct: 400.1 })).toHaveLength(1);
    expect(problemsOf({ ...valid, pages: 1.5 })).toHaveLength(1);
    expect(problemsOf({ ...valid, trimMm: [0, 50] })).toHaveLength(1);
    expect(problemsOf({ ...valid, bleedMm: -0.1 })).toHaveLength(1);
  });

  it("has a readable message", () => {
    expect(() => parseProfile({ ...valid, pages: "2" })).toThrow(/^Профиль проверки задан неверно: pages/);
  });
});
