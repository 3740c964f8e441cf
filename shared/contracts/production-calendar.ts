import { z } from "zod/mini";

/*
 * The Russian production calendar as the shop ships it (shared/domain/data/production-calendar.json),
 * checked when it is loaded: every day a real `YYYY-MM-DD` of its own year, the year's source named.
 * The rules that read it are shared/domain/production-calendar.ts; server/docs/deadlines.md.
 */

const calendarDay = z.iso.date();

export const productionCalendarYearSchema = z
  .object({
    year: z.number().check(z.int(), z.gte(2000), z.lte(2100)),
    /** `decree`: the Government's signed decree; `preliminary`: a draft or the Labour Code's rules only. */
    status: z.enum(["decree", "preliminary"]),
    /** The document the year's days come from, in Russian, with its number and date. */
    source: z.string().check(z.minLength(10)),
    /** Non-working public holidays (Art. 112 ТК РФ), on whatever weekday they fall. */
    holidays: z.array(calendarDay),
    /** Weekdays that are days off: a holiday's weekend moved by Art. 112 part 2, or a day the decree moved. */
    daysOff: z.array(calendarDay),
    /** Saturdays and Sundays made working days by the decree. */
    workingWeekends: z.array(calendarDay),
    /** Pre-holiday days one hour shorter (Art. 95 ТК РФ): for the record, still whole working days. */
    shortenedDays: z.array(calendarDay),
  })
  .check(
    z.refine(
      (year) => [...year.holidays, ...year.daysOff, ...year.workingWeekends, ...year.shortenedDays].every((day) => day.startsWith(`${year.year}-`)),
      { error: "Every day of a calendar year belongs to that year" },
    ),
  );
export type ProductionCalendarYear = z.infer<typeof productionCalendarYearSchema>;

export const productionCalendarSchema = z.object({
  description: z.string(),
  years: z.array(productionCalendarYearSchema).check(z.minLength(1)),
});
export type ProductionCalendar = z.infer<typeof productionCalendarSchema>;
