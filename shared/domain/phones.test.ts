import { describe, expect, it } from "vitest";
import { displayPhone, formatPhone, isCompletePhone, phoneMaskFor } from "./phones";

describe("phone masks (spec §3: Russia +7 ### ###-##-## and others)", () => {
  it("formats a Russian number typed with +7, 8 or just the ten digits", () => {
    expect(formatPhone("+79991234567")).toBe("+7 999 123-45-67");
    expect(formatPhone("89991234567")).toBe("+7 999 123-45-67");
    expect(formatPhone("9991234567")).toBe("+7 999 123-45-67");
    expect(formatPhone("+7 (999) 123-45-67")).toBe("+7 999 123-45-67");
  });

  it("formats as the number is typed and stops after the last digit, so deleting works", () => {
    expect(formatPhone("+")).toBe("+");
    expect(formatPhone("+7")).toBe("+7");
    expect(formatPhone("+7999")).toBe("+7 999");
    expect(formatPhone("+7 999 1234")).toBe("+7 999 123-4");
    expect(formatPhone("+7 999 123-")).toBe("+7 999 123");
    expect(formatPhone("")).toBe("");
  });

  it("drops digits beyond the mask", () => {
    expect(formatPhone("+7999123456789")).toBe("+7 999 123-45-67");
  });

  it("knows the neighbours' codes, the longest matching code first", () => {
    expect(formatPhone("+375291234567")).toBe("+375 29 123-45-67");
    expect(formatPhone("+998901234567")).toBe("+998 90 123-45-67");
    expect(formatPhone("+995555123456")).toBe("+995 555 123-456");
    expect(phoneMaskFor("37529")).toBe("+375 ## ###-##-##");
    expect(phoneMaskFor("7")).toBe("+7 ### ###-##-##");
  });

  it("keeps + and the digits for a code without a mask", () => {
    expect(formatPhone("+49 30 1234567")).toBe("+49301234567");
    expect(phoneMaskFor("4930")).toBeNull();
  });

  it("tells a complete number from a partial one", () => {
    expect(isCompletePhone("+7 999 123-45-67")).toBe(true);
    expect(isCompletePhone("+7 999 123-45")).toBe(false);
    expect(isCompletePhone("+375 29 123-45-67")).toBe(true);
    expect(isCompletePhone("+49301234567")).toBe(true);
    expect(isCompletePhone("+4930")).toBe(false);
  });
});

describe("displayPhone: one format on every screen (issue 30, finding 5)", () => {
  it("shows a complete number in its mask however it was written, and anything else as written", () => {
    for (const written of ["8 (861) 2004050", "+78612004050", "+7 (861) 200-40-50", "8-861-200-40-50", "+7 861 200-40-50"]) {
      expect(displayPhone(written), written).toBe("+7 861 200-40-50");
    }
    expect(displayPhone(" 200-40-50 ")).toBe("200-40-50");
    expect(displayPhone("+375291234567")).toBe("+375 29 123-45-67");
  });
});
