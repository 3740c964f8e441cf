import { describe, expect, it } from "vitest";
import { citySearchText, escapeLikePattern } from "./city-search";

describe("citySearchText", () => {
  it("lower-cases Russian and folds ё into е", () => {
    expect(citySearchText("ОРЁЛ")).toBe("орел");
    expect(citySearchText("Королёв")).toBe("королев");
  });

  it("treats dashes as spaces and collapses spaces", () => {
    expect(citySearchText("  Санкт-Петербург ")).toBe("санкт петербург");
    expect(citySearchText("Ростов–на–Дону")).toBe("ростов на дону");
    expect(citySearchText("Нижний \t Новгород")).toBe("нижний новгород");
  });

  it("gives the same text for composed and decomposed й", () => {
    expect(citySearchText("Йошкар-Ола")).toBe(citySearchText("Й".normalize("NFD") + "ошкар-Ола"));
  });
});

describe("escapeLikePattern", () => {
  it("escapes the LIKE wildcards and the escape itself", () => {
    expect(escapeLikePattern("50%_a\\b")).toBe("50\\%\\_a\\\\b");
    expect(escapeLikePattern("краснодар")).toBe("краснодар");
  });
});
