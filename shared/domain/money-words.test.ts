import { describe, expect, it } from "vitest";
import { integerInWords, kopecksInWords } from "./money-words";

describe("kopecksInWords", () => {
  it("writes the invoice's sum in words with two-digit kopecks", () => {
    expect(kopecksInWords(324_050)).toBe("Три тысячи двести сорок рублей 50 копеек");
    expect(kopecksInWords(100)).toBe("Один рубль 00 копеек");
    expect(kopecksInWords(0)).toBe("Ноль рублей 00 копеек");
    expect(kopecksInWords(201)).toBe("Два рубля 01 копейка");
    expect(kopecksInWords(522)).toBe("Пять рублей 22 копейки");
    expect(kopecksInWords(1_111)).toBe("Одиннадцать рублей 11 копеек");
  });

  it("uses the feminine for thousands and the masculine for millions", () => {
    expect(kopecksInWords(100_000)).toBe("Одна тысяча рублей 00 копеек");
    expect(kopecksInWords(200_000)).toBe("Две тысячи рублей 00 копеек");
    expect(kopecksInWords(2_100_000)).toBe("Двадцать одна тысяча рублей 00 копеек");
    expect(kopecksInWords(5_000_000)).toBe("Пятьдесят тысяч рублей 00 копеек");
    expect(kopecksInWords(100_000_100)).toBe("Один миллион один рубль 00 копеек");
    expect(kopecksInWords(212_345_678_90)).toBe("Двести двенадцать миллионов триста сорок пять тысяч шестьсот семьдесят восемь рублей 90 копеек");
  });

  it("refuses what is not whole non-negative kopecks", () => {
    expect(() => kopecksInWords(-1)).toThrow(RangeError);
    expect(() => kopecksInWords(1.5)).toThrow(RangeError);
  });
});

describe("integerInWords", () => {
  it("skips empty groups and writes teens as one word", () => {
    expect(integerInWords(1_000_000)).toBe("один миллион");
    expect(integerInWords(1_002_013)).toBe("один миллион две тысячи тринадцать");
    expect(integerInWords(3_000_000_000)).toBe("три миллиарда");
    expect(integerInWords(1, "feminine")).toBe("одна");
  });
});
