import { describe, expect, it } from "vitest";
import { formatDateLong, formatDateShort, formatDateTime, formatDayMonth, formatDocumentDate, shopDay, shopHour, shopYear } from "./dates";

describe("dates (spec §9: ru-RU, dd MMMM YYYY; lists and blog teasers dd.MM.yyyy), on the shop's clock", () => {
  it("writes the long date with the month's name in the genitive and without «г.»", () => {
    expect(formatDateLong("2026-02-05T09:00:00+03:00")).toBe("05 февраля 2026");
    expect(formatDateLong("2026-05-12T12:00:00Z")).toBe("12 мая 2026");
  });

  it("writes a moment in Moscow time, whatever the reader's zone, and says so", () => {
    expect(formatDateTime("2026-11-25T14:05:00Z")).toBe("25 ноября 2026 г., 17:05 (МСК)");
    expect(formatDateTime("2026-12-31T22:30:00Z")).toBe("1 января 2027 г., 01:30 (МСК)");
  });

  it("writes the short date as dd.MM.yyyy", () => {
    expect(formatDateShort("2026-02-05T09:00:00+03:00")).toBe("05.02.2026");
  });

  it("reads a moment on the shop's clock (Moscow), so late evening UTC is already the next day", () => {
    expect(formatDateShort("2026-12-31T22:30:00Z")).toBe("01.01.2027");
    expect(formatDateLong("2026-12-31T22:30:00Z")).toBe("01 января 2027");
    // A moment late on the 4th in the Americas is the 5th in Moscow, for every reader.
    expect(formatDateLong("2026-03-04T21:30:00-05:00")).toBe("05 марта 2026");
  });

  it("reads a calendar day (a delivery date) as that very day", () => {
    expect(formatDateLong("2026-05-12")).toBe("12 мая 2026");
    expect(formatDateShort("2026-01-01")).toBe("01.01.2026");
    expect(formatDateLong("2026-12-31")).toBe("31 декабря 2026");
  });

  it("tells the shop's calendar day of a moment", () => {
    expect(shopDay(new Date("2026-03-04T20:59:00Z"))).toBe("2026-03-04");
    expect(shopDay(new Date("2026-03-04T21:00:00Z"))).toBe("2026-03-05");
    expect(shopDay(new Date("2026-12-31T21:00:00Z"))).toBe("2027-01-01");
  });

  it("dates a document (an invoice, an act) as the books do: the day without a leading zero, «г.», the shop's day", () => {
    expect(formatDocumentDate(new Date("2026-03-08T12:00:00Z"))).toBe("8 марта 2026 г.");
    expect(formatDocumentDate(new Date("2026-12-31T22:30:00Z"))).toBe("1 января 2027 г.");
  });

  it("tells the shop's year of a moment (an order number's prefix)", () => {
    expect(shopYear(new Date("2026-12-31T20:59:00Z"))).toBe("2026");
    expect(shopYear(new Date("2026-12-31T21:00:00Z"))).toBe("2027");
  });
});

describe("a deadline's day and the cut-off's hour", () => {
  it("says «3 декабря» for «Будет готово …», without a leading zero or the year", () => {
    expect(formatDayMonth("2026-12-03")).toBe("3 декабря");
    expect(formatDayMonth("2027-01-13")).toBe("13 января");
  });

  it("reads the hour on Moscow's clock", () => {
    expect(shopHour(new Date("2026-11-30T10:59:59Z"))).toBe(13);
    expect(shopHour(new Date("2026-11-30T11:00:00Z"))).toBe(14);
    expect(shopHour(new Date("2026-11-30T21:00:00Z"))).toBe(0);
  });
});
