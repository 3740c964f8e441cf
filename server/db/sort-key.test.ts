import { describe, expect, it } from "vitest";
import { productNameSortKey } from "./sort-key";

/** The order the database gives: `name_sort_key COLLATE "C"` compares code points. */
function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sortByKey(names: readonly string[]): string[] {
  return [...names].sort((a, b) => byCodePoint(productNameSortKey(a), productNameSortKey(b)));
}

describe("productNameSortKey", () => {
  it("lowercases in Russian, folds ё into е and trims", () => {
    expect(productNameSortKey("  Ёлочные открытки ")).toBe("елочные открытки");
    expect(productNameSortKey("ЁЖИК")).toBe("ежик");
    expect(productNameSortKey("Визитки 90×50")).toBe("визитки 90×50");
  });

  it("collapses runs of spaces and ignores leading quotes and dashes", () => {
    expect(productNameSortKey("Визитки \t  премиум")).toBe("визитки премиум");
    expect(productNameSortKey("«Премиум» визитки")).toBe("премиум» визитки");
    expect(productNameSortKey("— Афиши")).toBe("афиши");
  });

  it("gives the same key for a decomposed ё (е + U+0308) as for a composed one", () => {
    expect(productNameSortKey("Е\u0308лка")).toBe(productNameSortKey("Ёлка"));
  });

  it("puts Ё among the Е words, not before А or after Я as code points would", () => {
    const names = ["Яблоки", "Ёлочные открытки", "Ежедневники", "Ель", "Жёлтые наклейки", "Евро-визитки"];
    // Without the fold: capital Ё (U+0401) precedes А, small ё (U+0451) follows я.
    expect([...names].sort(byCodePoint)[0]).toBe("Ёлочные открытки");
    const lowercased = [...names].sort((a, b) => byCodePoint(a.toLocaleLowerCase("ru"), b.toLocaleLowerCase("ru")));
    expect(lowercased.at(-1)).toBe("Ёлочные открытки");
    expect(sortByKey(names)).toEqual(["Евро-визитки", "Ежедневники", "Ёлочные открытки", "Ель", "Жёлтые наклейки", "Яблоки"]);
  });

  it("ignores case, so a lowercase name sorts among its capitalised neighbours", () => {
    expect(sortByKey(["Каталоги", "евро-визитки", "Афиши", "баннеры", "Визитки"])).toEqual([
      "Афиши",
      "баннеры",
      "Визитки",
      "евро-визитки",
      "Каталоги",
    ]);
  });

  it("orders Cyrillic names as Russian collation does", () => {
    const names = [
      "Этикетки в рулонах",
      "Визитки с тиснением фольгой",
      "Ёлочные открытки",
      "Листовки A5",
      "Брошюры на пружине",
      "Буклеты",
      "Щиты",
      "Юбилейные альбомы",
      "Визитки премиум",
      "Шильды",
      "ёмкие коробки",
      "евро-визитки",
      "Баннер из ПВХ",
      "Афиши",
    ];
    const russian = new Intl.Collator("ru", { sensitivity: "base" });
    expect(sortByKey(names)).toEqual([...names].sort(russian.compare));
  });

  it("puts digits, then Cyrillic, then Latin, as Russian collation does", () => {
    expect(sortByKey(["Афиши", "Roll-up стенд", "3D-наклейки", "Баннеры", "Яркие", "PVC-баннер"])).toEqual([
      "3D-наклейки",
      "Афиши",
      "Баннеры",
      "Яркие",
      "PVC-баннер",
      "Roll-up стенд",
    ]);
    const mixed = ["Roll-up стенд 85×200", "Афиши A3 и A2", "3D-наклейки", "Листовки A5", "Листовки A4", "Zeta", "Ёлка", "Щит", "Éclair", "ABC"];
    const russian = new Intl.Collator("ru", { sensitivity: "base" });
    expect(sortByKey(mixed)).toEqual([...mixed].sort(russian.compare));
  });

  it("keeps Latin letters in a–z order among themselves, accents dropped", () => {
    expect(sortByKey(["Zebra", "apple", "Éclair", "banner", "dot"])).toEqual(["apple", "banner", "dot", "Éclair", "Zebra"]);
    expect(productNameSortKey("É")).toBe(productNameSortKey("e"));
  });
});
