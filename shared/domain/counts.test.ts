import { describe, expect, it } from "vitest";
import { formatProductCount, formatWorkingDays, formatWorkingDaysLimit, pluralRu } from "./counts";

describe("pluralRu", () => {
  const forms = { one: "рубль", few: "рубля", many: "рублей" };
  it("chooses the form by the last two digits", () => {
    expect([0, 1, 2, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112].map((count) => pluralRu(count, forms))).toEqual([
      "рублей",
      "рубль",
      "рубля",
      "рублей",
      "рублей",
      "рублей",
      "рублей",
      "рубль",
      "рубля",
      "рублей",
      "рубль",
      "рублей",
      "рублей",
    ]);
  });
});

describe("products", () => {
  it("counts products", () => {
    expect([1, 3, 11, 21].map(formatProductCount)).toEqual(["1 товар", "3 товара", "11 товаров", "21 товар"]);
  });
});

describe("working days", () => {
  it("counts days in the nominative and a limit «не дольше …» in the genitive (issue 16)", () => {
    expect([1, 3, 5].map(formatWorkingDays)).toEqual(["1 рабочий день", "3 рабочих дня", "5 рабочих дней"]);
    expect([1, 2, 3, 5, 11, 21, 22].map(formatWorkingDaysLimit)).toEqual([
      "не дольше 1 рабочего дня",
      "не дольше 2 рабочих дней",
      "не дольше 3 рабочих дней",
      "не дольше 5 рабочих дней",
      "не дольше 11 рабочих дней",
      "не дольше 21 рабочего дня",
      "не дольше 22 рабочих дней",
    ]);
  });
});
