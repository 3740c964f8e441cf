import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { idInput, idTextInput, INT32_MAX, isSafeText, optionalIdTextInput, safeText, UNSAFE_TEXT_MESSAGE_UI } from "./input";

describe("isSafeText", () => {
  it("refuses NUL and surrogates without their pair, anywhere in the text", () => {
    for (const text of ["\u0000", "a\u0000", "\ud800", "a\ud800b", "\udfff", "x\udc00", "\udc00\ud800", "😀".slice(0, 1)]) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it("takes Cyrillic, emoji (whole pairs), other controls and the empty text", () => {
    for (const text of ["", "Ёжик", "😀𝕏", "a\tb\nc", "\u202e", "\ufeff", "%00"]) expect(isSafeText(text), JSON.stringify(text)).toBe(true);
  });

  it("is the check safeText() adds to a string schema, with its Russian message", () => {
    const schema = z.string().check(safeText());
    expect(schema.safeParse("ok").success).toBe(true);
    const result = schema.safeParse("a\u0000");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(UNSAFE_TEXT_MESSAGE_UI);
  });
});

describe("ids", () => {
  it("are whole numbers from 1 to 2^31 − 1, the range of an integer column", () => {
    const schema = idInput("Номер указан неверно");
    expect(schema.safeParse(1).success).toBe(true);
    expect(schema.safeParse(INT32_MAX).success).toBe(true);
    for (const value of [0, -1, 1.5, INT32_MAX + 1, Number.MAX_SAFE_INTEGER, 1e308, Number.NaN, Number.POSITIVE_INFINITY, "1"]) {
      const result = schema.safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Номер указан неверно");
    }
  });

  it("come as text in paths and queries; an empty optional one is not sent", () => {
    expect(idTextInput("x").parse("42")).toBe(42);
    expect(idTextInput("x").safeParse("2147483648").success).toBe(false);
    expect(idTextInput("x").safeParse("1e3").success).toBe(false);
    expect(optionalIdTextInput("x").parse("")).toBeUndefined();
    expect(optionalIdTextInput("x").parse(undefined)).toBeUndefined();
    expect(optionalIdTextInput("x").safeParse("99999999999").success).toBe(false);
  });
});
