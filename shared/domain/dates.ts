/**
 * Dates and times as a shopper or an employee reads them, all on one clock: the shop's, Moscow time
 * (Europe/Moscow, UTC+3; the shop prints in Krasnodar and Moscow). A print shop's deadlines, pickup
 * days and order dates are Moscow's, so a date reads the same for every reader wherever they are, and
 * the server's render draws the very text the browser hydrates over (shared/README.md, "Dates").
 * Nothing here reads the reader's own time zone; nothing outside this module formats a date.
 */

/** The shop's time zone: every date and time the storefront and the office show is on this clock. */
export const SHOP_TIME_ZONE = "Europe/Moscow";

/** A calendar day without a time of day, «2026-05-12» (a delivery or pickup date). */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The moment to draw: an ISO moment as it is; a calendar day at its noon UTC, which is the same day
 * on the shop's clock (so «2026-05-12» reads 12 May for everyone).
 */
function momentOf(iso: string): Date {
  return new Date(CALENDAR_DAY.test(iso) ? `${iso}T12:00:00Z` : iso);
}

const shortDate = new Intl.DateTimeFormat("ru-RU", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: SHOP_TIME_ZONE });
const longDate = new Intl.DateTimeFormat("ru-RU", { day: "2-digit", month: "long", year: "numeric", timeZone: SHOP_TIME_ZONE });
const dateTime = new Intl.DateTimeFormat("ru-RU", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: SHOP_TIME_ZONE,
});
const isoDay = new Intl.DateTimeFormat("en-CA", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: SHOP_TIME_ZONE });

/** «2026-02-05T09:00:00+03:00» or «2026-02-05» → «05.02.2026» (spec §9: lists, blog teasers, dd.MM.yyyy). */
export function formatDateShort(iso: string): string {
  return shortDate.format(momentOf(iso));
}

/**
 * «2026-02-05T09:00:00+03:00» or «2026-02-05» → «05 февраля 2026» (spec §9: dd MMMM yyyy, without
 * «г.»): an article's date, a delivery day, a layout's approval. Built from the parts, so no ICU
 * version's «г.» or joint slips in.
 */
export function formatDateLong(iso: string): string {
  return longDate
    .formatToParts(momentOf(iso))
    .filter((part) => part.type === "day" || part.type === "month" || part.type === "year")
    .map((part) => part.value)
    .join(" ");
}

/**
 * «2026-11-25T14:05:00Z» → «25 ноября 2026 г., 17:05 (МСК)»: a moment (a message, a notification)
 * in the shop's time. Built from the parts, not the joined text, whose joint («,» or « в ») differs
 * between ICU versions — the server's render and the browser's must draw the same text.
 */
export function formatDateTime(iso: string): string {
  const parts = Object.fromEntries(dateTime.formatToParts(momentOf(iso)).map((part) => [part.type, part.value]));
  return `${parts.day} ${parts.month} ${parts.year} г., ${parts.hour}:${parts.minute} (МСК)`;
}

const shopHourFormat = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone: SHOP_TIME_ZONE });

/** The hour (0–23) a moment falls in on the shop's clock: 11:30 UTC is 14 in Moscow (the cut-off's hour). */
export function shopHour(moment: Date): number {
  return Number(shopHourFormat.formatToParts(moment).find((part) => part.type === "hour")?.value ?? "0");
}

/** The calendar day a moment falls on, on the shop's clock, as «2026-03-05» (21:00 UTC on the 4th is already the 5th). */
export function shopDay(moment: Date): string {
  const parts = Object.fromEntries(isoDay.formatToParts(moment).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const GENITIVE_MONTHS = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"];

/** «1 января 2027 г.»: the date of a document (an invoice, an act) as the shop keeps its books, on its clock. */
export function formatDocumentDate(moment: Date): string {
  const [year, month, day] = shopDay(moment).split("-");
  return `${Number(day)} ${GENITIVE_MONTHS[Number(month) - 1] ?? ""} ${year} г.`;
}

/** «2026-12-03» → «3 декабря»: a deadline's day as «Будет готово 3 декабря» says it (no year: it is weeks away at most). */
export function formatDayMonth(day: string): string {
  const [, month, date] = day.split("-");
  return `${Number(date)} ${GENITIVE_MONTHS[Number(month) - 1] ?? ""}`;
}

/** «2026»: the year a moment falls in on the shop's clock (an order number's prefix). */
export function shopYear(moment: Date): string {
  return shopDay(moment).slice(0, 4);
}
