import { describe, expect, it } from "vitest";
import { formatDateLong, formatDateShort, formatDateTime, formatPhone, formatRoubles, formatWorkingDays, formatWorkingDaysLimit, isCompletePhone, phoneMaskFor } from "./format";

describe("dates (spec §9: ru-RU, dd MMMM YYYY; blog teasers dd.MM.yyyy)", () => {
  it("writes the long date with the month's name in the genitive and without «г.»", () => {
    expect(formatDateLong("2026-02-05T09:00:00+03:00")).toBe("05 февраля 2026");
    expect(formatDateLong("2026-05-12T12:00:00Z")).toBe("12 мая 2026");
  });

  it("writes a moment in Moscow time, whatever the reader's zone, and says so", () => {
    expect(formatDateTime("2026-11-25T14:05:00Z")).toBe("25 ноября 2026 г., 17:05 (МСК)");
    expect(formatDateTime("2026-12-31T22:30:00Z")).toBe("1 января 2027 г., 01:30 (МСК)");
  });

  it("writes the teaser date as dd.MM.yyyy", () => {
    expect(formatDateShort("2026-02-05T09:00:00+03:00")).toBe("05.02.2026");
  });

  it("reads a moment on the shop's clock (Moscow), so late evening UTC is already the next day", () => {
    expect(formatDateShort("2026-12-31T22:30:00Z")).toBe("01.01.2027");
  });
});

describe("formatRoubles", () => {
  it("groups thousands with a no-break space and adds the sign", () => {
    expect(formatRoubles(1290).replace(/\s/g, " ")).toBe("1 290 ₽");
  });

  it("writes kopecks with two digits or none (issue 16: «1 795,5 ₽», «18,9 ₽»)", () => {
    const plain = (amount: number) => formatRoubles(amount).replace(/\s/g, " ");
    expect(plain(1795.5)).toBe("1 795,50 ₽");
    expect(plain(18.9)).toBe("18,90 ₽");
    expect(plain(0.29)).toBe("0,29 ₽");
    expect(plain(0.1 + 0.2)).toBe("0,30 ₽");
    expect(plain(500)).toBe("500 ₽");
    expect(plain(99.999)).toBe("100 ₽");
    expect(plain(-12.5)).toBe("-12,50 ₽");
    expect(plain(-0)).toBe("0 ₽");
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
