import { describe, expect, it } from "vitest";
import { foldSearchText, latinToCyrillic, SEARCH_WORDS_LIMIT, searchWordForms, transliteratedQuery } from "./search-terms";

describe("search terms", () => {
  it("reads transliterated words in Cyrillic", () => {
    expect(latinToCyrillic("vizitki")).toBe("визитки");
    expect(latinToCyrillic("listovki")).toBe("листовки");
    expect(latinToCyrillic("nakleyki")).toBe("наклейки");
    expect(latinToCyrillic("shchit")).toBe("щит");
    expect(latinToCyrillic("kalendar")).toBe("календар");
    expect(latinToCyrillic("yarkie")).toBe("яркие");
  });

  it("folds case and ё, drops short words, pairs Latin words with their reading", () => {
    expect(foldSearchText("ЁЛКИ")).toBe("елки");
    expect(searchWordForms("Печать визиток на бумаге")).toEqual([["печать"], ["визиток"], ["бумаге"]]);
    expect(searchWordForms("vizitki A5")).toEqual([["vizitki", "визитки"]]);
    expect(searchWordForms("визитка визитка")).toEqual([["визитка"]]);
    expect(searchWordForms("&|!:* ' --")).toEqual([]);
    expect(searchWordForms("слово ".repeat(3) + Array.from({ length: 20 }, (_, i) => `слово${i}`).join(" "))).toHaveLength(SEARCH_WORDS_LIMIT);
  });

  it("gives the transliterated query only when it differs", () => {
    expect(transliteratedQuery("pechat vizitok")).toBe("печат визиток");
    expect(transliteratedQuery("визитки")).toBeNull();
  });
});
