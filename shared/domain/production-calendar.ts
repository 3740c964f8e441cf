import { productionCalendarSchema } from "../contracts/production-calendar";
import type { ProductionCalendarYear } from "../contracts/production-calendar";
import { ORDER_CUTOFF_HOUR } from "./constants";
import calendarFile from "./data/production-calendar.json" with { type: "json" };
import { shopDay, shopHour } from "./dates";

/*
 * Deadlines: production time in working days → the day the order is ready, on the Russian production
 * calendar (data/production-calendar.json: holidays, moved days off and working weekends of 2026–2027,
 * each year with its source) and the shop's cut-off hour, Moscow time. Days are `YYYY-MM-DD` on the
 * shop's clock. Pure: the server computes every date it sends with it, the storefront may recompute.
 * server/docs/deadlines.md.
 */

const calendar = productionCalendarSchema.parse(calendarFile);

/** Art. 112 ТК РФ: the non-working public holidays, month and day. */
export const LABOUR_CODE_HOLIDAYS: readonly string[] = [
  "01-01",
  "01-02",
  "01-03",
  "01-04",
  "01-05",
  "01-06",
  "01-07",
  "01-08",
  "02-23",
  "03-08",
  "05-01",
  "05-09",
  "06-12",
  "11-04",
];

interface YearRules {
  nonWorking: ReadonlySet<string>;
  workingWeekends: ReadonlySet<string>;
}

const MS_PER_DAY = 86_400_000;

/** The day after, `YYYY-MM-DD`. */
function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + MS_PER_DAY).toISOString().slice(0, 10);
}

function isWeekend(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/**
 * A year the data does not hold: weekends and the holidays of Art. 112, a holiday on a Saturday or
 * Sunday (but 1–8 January, which only the Government's decree moves) giving the next weekday off
 * (part 2). No decree's moves: they are not known before it is signed.
 */
function labourCodeYear(year: number): YearRules {
  const holidays = LABOUR_CODE_HOLIDAYS.map((monthDay) => `${year}-${monthDay}`);
  const nonWorking = new Set(holidays);
  for (const holiday of holidays) {
    if (holiday.slice(5, 7) === "01" || !isWeekend(holiday)) continue;
    let moved = dayAfter(holiday);
    while (isWeekend(moved) || nonWorking.has(moved)) moved = dayAfter(moved);
    nonWorking.add(moved);
  }
  return { nonWorking, workingWeekends: new Set() };
}

function dataYear(year: ProductionCalendarYear): YearRules {
  return { nonWorking: new Set([...year.holidays, ...year.daysOff]), workingWeekends: new Set(year.workingWeekends) };
}

const dataYears = new Map(calendar.years.map((year) => [year.year, year]));
const rulesByYear = new Map<number, YearRules>();

function rulesOf(year: number): YearRules {
  let rules = rulesByYear.get(year);
  if (!rules) {
    const data = dataYears.get(year);
    rules = data ? dataYear(data) : labourCodeYear(year);
    rulesByYear.set(year, rules);
  }
  return rules;
}

/** The year's entry of the shipped calendar (its source and status), or null when the year falls back to Art. 112. */
export function productionCalendarYear(year: number): ProductionCalendarYear | null {
  return dataYears.get(year) ?? null;
}

/** Whether the shop works on a day (`YYYY-MM-DD`): not a weekend unless made working, not a holiday, not a day off. */
export function isWorkingDay(day: string): boolean {
  const rules = rulesOf(Number(day.slice(0, 4)));
  if (rules.nonWorking.has(day)) return false;
  return !isWeekend(day) || rules.workingWeekends.has(day);
}

/** The first working day on or after `day`. */
export function nextWorkingDay(day: string): string {
  let result = day;
  while (!isWorkingDay(result)) result = dayAfter(result);
  return result;
}

/** The first working day on or after `day` when `days` is 0; otherwise `days` working days after it. */
export function addWorkingDays(day: string, days: number): string {
  let result = nextWorkingDay(day);
  for (let left = days; left > 0; ) {
    result = dayAfter(result);
    if (isWorkingDay(result)) left -= 1;
  }
  return result;
}

/**
 * The day an order placed at `now` is taken into production: today on the shop's clock when it is a
 * working day and the hour is before the cut-off; otherwise the next working day.
 */
export function productionStartDay(now: Date, cutoffHour: number = ORDER_CUTOFF_HOUR): string {
  const today = shopDay(now);
  if (isWorkingDay(today) && shopHour(now) < cutoffHour) return today;
  return nextWorkingDay(dayAfter(today));
}

/**
 * «Будет готово …»: the day an order placed at `now` with `productionDays` working days (the urgent
 * ones when urgent) is ready — that many working days after the day it is taken into production (the
 * day of taking it is not counted, print-shop practice); 0 days: ready the day it is taken.
 */
export function readyDate(now: Date, productionDays: number, cutoffHour: number = ORDER_CUTOFF_HOUR): string {
  return addWorkingDays(productionStartDay(now, cutoffHour), productionDays);
}
