import { describe, expect, it } from "vitest";
import { productionCalendarSchema } from "../contracts/production-calendar";
import { ORDER_CUTOFF_HOUR } from "./constants";
import calendarFile from "./data/production-calendar.json" with { type: "json" };
import { addWorkingDays, isWorkingDay, nextWorkingDay, productionCalendarYear, productionStartDay, readyDate } from "./production-calendar";

/** A moment given as Moscow wall time (UTC+3, no daylight saving since 2014). */
const moscow = (dateTime: string) => new Date(`${dateTime}+03:00`);

const workingDaysIn = (year: number) => {
  let count = 0;
  for (let day = new Date(Date.UTC(year, 0, 1)); day.getUTCFullYear() === year; day = new Date(day.getTime() + 86_400_000)) {
    if (isWorkingDay(day.toISOString().slice(0, 10))) count += 1;
  }
  return count;
};

describe("the production calendar's data", () => {
  it("is valid by its contract and names its sources", () => {
    const calendar = productionCalendarSchema.parse(calendarFile);
    expect(calendar.years.map((year) => year.year)).toEqual([2026, 2027]);
    expect(productionCalendarYear(2026)).toMatchObject({ status: "decree" });
    expect(productionCalendarYear(2026)?.source).toContain("от 24.09.2025 № 1466");
    expect(productionCalendarYear(2027)?.status).toBe("preliminary");
    expect(productionCalendarYear(2028)).toBeNull();
  });

  it("refuses a day outside its year and a day that is not a date", () => {
    const year = { year: 2026, status: "decree", source: "Постановление для проверки", holidays: ["2027-01-01"], daysOff: [], workingWeekends: [], shortenedDays: [] };
    expect(productionCalendarSchema.safeParse({ description: "", years: [year] }).success).toBe(false);
    expect(productionCalendarSchema.safeParse({ description: "", years: [{ ...year, holidays: ["2026-02-30"] }] }).success).toBe(false);
  });

  it("has 2026's 247 working days: holidays, 9 January and 31 December moved by decree № 1466, 9 March and 11 May by Art. 112", () => {
    expect(workingDaysIn(2026)).toBe(247);
    for (const day of ["2026-01-01", "2026-01-08", "2026-01-09", "2026-02-23", "2026-03-09", "2026-05-01", "2026-05-11", "2026-06-12", "2026-11-04", "2026-12-31"]) {
      expect(isWorkingDay(day), day).toBe(false);
    }
    for (const day of ["2026-01-12", "2026-02-24", "2026-03-10", "2026-05-04", "2026-05-12", "2026-11-03", "2026-11-05", "2026-12-30"]) {
      expect(isWorkingDay(day), day).toBe(true);
    }
    // Pre-holiday days are shorter but still working days.
    for (const day of productionCalendarYear(2026)?.shortenedDays ?? []) expect(isWorkingDay(day), day).toBe(true);
  });

  it("has 2027's known days: Art. 112's Monday moves, 5 November off and Saturday 13 November working (preliminary)", () => {
    for (const day of ["2027-01-01", "2027-01-08", "2027-02-23", "2027-03-08", "2027-05-03", "2027-05-10", "2027-06-14", "2027-11-04", "2027-11-05"]) {
      expect(isWorkingDay(day), day).toBe(false);
    }
    expect(isWorkingDay("2027-01-11")).toBe(true);
    expect(isWorkingDay("2027-11-13")).toBe(true);
    expect(isWorkingDay("2027-11-14")).toBe(false);
    // 365 − 104 weekend days − 13 weekdays off + 1 working Saturday; the decree's two January moves will make it 247.
    expect(workingDaysIn(2027)).toBe(249);
  });

  it("falls back to weekends and Art. 112 beyond 2027: a holiday on a weekend gives the next weekday off, but January's", () => {
    // 2028: 1 January is a Saturday (not moved without a decree); 4 November is a Saturday → Monday 6 November off.
    expect(isWorkingDay("2028-01-10")).toBe(true);
    expect(isWorkingDay("2028-05-01")).toBe(false);
    expect(isWorkingDay("2028-05-09")).toBe(false);
    expect(isWorkingDay("2028-06-12")).toBe(false);
    expect(isWorkingDay("2028-11-06")).toBe(false);
    expect(isWorkingDay("2028-11-07")).toBe(true);
    expect(nextWorkingDay("2028-01-01")).toBe("2028-01-10");
  });
});

describe("working days", () => {
  it("counts on the calendar, from the next working day", () => {
    expect(addWorkingDays("2026-03-06", 0)).toBe("2026-03-06");
    expect(addWorkingDays("2026-03-06", 1)).toBe("2026-03-10");
    expect(addWorkingDays("2026-03-07", 0)).toBe("2026-03-10");
    expect(addWorkingDays("2026-12-30", 1)).toBe("2027-01-11");
  });
});

describe("the ready date («Будет готово …»)", () => {
  it("cuts off at 14:00 Moscow time by default", () => {
    expect(ORDER_CUTOFF_HOUR).toBe(14);
    // Monday 30 November 2026, 3 working days.
    expect(productionStartDay(moscow("2026-11-30T13:59:59"))).toBe("2026-11-30");
    expect(readyDate(moscow("2026-11-30T13:59:59"), 3)).toBe("2026-12-03");
    expect(productionStartDay(moscow("2026-11-30T14:00:00"))).toBe("2026-12-01");
    expect(readyDate(moscow("2026-11-30T14:00:00"), 3)).toBe("2026-12-04");
    // A shop with its cut-off at 18:00.
    expect(readyDate(moscow("2026-11-30T15:00:00"), 3, 18)).toBe("2026-12-03");
  });

  it("reads the hour on the shop's clock, not UTC's: 23:59 in Moscow is after the cut-off, 00:00 the next day before it", () => {
    expect(productionStartDay(new Date("2026-03-04T20:59:00Z"))).toBe("2026-03-05");
    expect(productionStartDay(new Date("2026-03-04T21:00:00Z"))).toBe("2026-03-05");
    expect(readyDate(new Date("2026-03-04T10:59:00Z"), 1)).toBe("2026-03-05");
    expect(readyDate(new Date("2026-03-04T11:00:00Z"), 1)).toBe("2026-03-06");
  });

  it("starts a Friday's order after the cut-off on Monday, and a weekend's order on Monday", () => {
    expect(readyDate(moscow("2026-12-04T10:00:00"), 1)).toBe("2026-12-07");
    expect(productionStartDay(moscow("2026-12-04T15:00:00"))).toBe("2026-12-07");
    expect(readyDate(moscow("2026-12-04T15:00:00"), 1)).toBe("2026-12-08");
    expect(productionStartDay(moscow("2026-12-05T09:00:00"))).toBe("2026-12-07");
    expect(readyDate(moscow("2026-12-06T09:00:00"), 0)).toBe("2026-12-07");
  });

  it("carries an order from before the New Year holidays past 10 January 2027", () => {
    expect(readyDate(moscow("2026-12-30T10:00:00"), 3)).toBe("2027-01-13");
    expect(readyDate(moscow("2026-12-30T16:00:00"), 3)).toBe("2027-01-14");
    // 31 December 2026 is a day off by the decree: an order that day starts on 11 January.
    expect(productionStartDay(moscow("2026-12-31T09:00:00"))).toBe("2027-01-11");
    expect(readyDate(moscow("2026-12-29T09:00:00"), 1)).toBe("2026-12-30");
    expect(readyDate(moscow("2026-12-29T09:00:00"), 2)).toBe("2027-01-11");
  });

  it("skips moved days off and counts a working Saturday", () => {
    // Friday 8 May 2026, 1 day: Monday 11 May is off (9 May fell on a Saturday).
    expect(readyDate(moscow("2026-05-08T10:00:00"), 1)).toBe("2026-05-12");
    // Thursday 8 January 2026 is a holiday and Friday 9 January a day moved from 3 January.
    expect(readyDate(moscow("2026-01-08T10:00:00"), 1)).toBe("2026-01-13");
    // Friday 6 March 2026, 1 day: Monday 9 March is off (8 March fell on a Sunday).
    expect(readyDate(moscow("2026-03-06T10:00:00"), 1)).toBe("2026-03-10");
    // Friday 12 November 2027 after the cut-off: Saturday 13 November is a working day.
    expect(productionStartDay(moscow("2027-11-12T15:00:00"))).toBe("2027-11-13");
    expect(readyDate(moscow("2027-11-12T15:00:00"), 1)).toBe("2027-11-15");
  });

  it("follows urgency through the production days it is given", () => {
    const now = moscow("2026-11-30T10:00:00");
    expect(readyDate(now, 1)).toBe("2026-12-01");
    expect(readyDate(now, 5)).toBe("2026-12-07");
  });
});
