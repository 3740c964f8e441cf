/** Russian formatting of the storefront's figures (locale ru-RU, spec §9). */

const wholeRoubles = new Intl.NumberFormat("ru-RU", { style: "currency", currency: "RUB", maximumFractionDigits: 0 });
const roublesAndKopecks = new Intl.NumberFormat("ru-RU", { style: "currency", currency: "RUB", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * 1290 → «1 290 ₽», 99.5 → «99,50 ₽», 18.9 → «18,90 ₽»: kopecks have two digits or none (a whole
 * sum shows none). The amount is rounded to kopecks first, so 0.1 + 0.2 reads «0,30 ₽».
 */
export function formatRoubles(amount: number): string {
  const kopecks = Math.round(amount * 100);
  // `+ 0` turns −0 into 0: no «-0 ₽».
  const value = kopecks / 100 + 0;
  return kopecks % 100 === 0 ? wholeRoubles.format(value) : roublesAndKopecks.format(value);
}

const pluralRules = new Intl.PluralRules("ru-RU");

/** Picks the Russian word form for a count: one (1, 21), few (2–4, 22–24) or many (5–20, 25…). */
export function pluralRu(count: number, forms: { one: string; few: string; many: string }): string {
  const category = pluralRules.select(count);
  if (category === "one") return forms.one;
  if (category === "few") return forms.few;
  return forms.many;
}

/** 1 → «1 рабочий день», 3 → «3 рабочих дня», 5 → «5 рабочих дней». */
export function formatWorkingDays(days: number): string {
  return `${days} ${pluralRu(days, { one: "рабочий день", few: "рабочих дня", many: "рабочих дней" })}`;
}

/** The production-time limit in the genitive: 1 → «не дольше 1 рабочего дня», 3 → «не дольше 3 рабочих дней», 21 → «… 21 рабочего дня». */
export function formatWorkingDaysLimit(days: number): string {
  return `не дольше ${days} ${pluralRu(days, { one: "рабочего дня", few: "рабочих дней", many: "рабочих дней" })}`;
}

/** 1 → «1 товар», 3 → «3 товара», 11 → «11 товаров». */
export function formatProductCount(count: number): string {
  return `${count} ${pluralRu(count, { one: "товар", few: "товара", many: "товаров" })}`;
}

/** The shop keeps Moscow time (Krasnodar): a date reads the same for every reader and on the server. */
const SHOP_TIME_ZONE = "Europe/Moscow";
const shortDate = new Intl.DateTimeFormat("ru-RU", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: SHOP_TIME_ZONE });
const longDate = new Intl.DateTimeFormat("ru-RU", { day: "2-digit", month: "long", year: "numeric", timeZone: SHOP_TIME_ZONE });

/** «2026-02-05T09:00:00+03:00» → «05.02.2026» (spec: blog teasers, dd.MM.yyyy). */
export function formatDateShort(iso: string): string {
  return shortDate.format(new Date(iso));
}

/** «2026-02-05T09:00:00+03:00» → «05 февраля 2026» (an article's date, dd MMMM yyyy, without «г.»). */
export function formatDateLong(iso: string): string {
  return longDate
    .formatToParts(new Date(iso))
    .filter((part) => part.type === "day" || part.type === "month" || part.type === "year")
    .map((part) => part.value)
    .join(" ");
}

const dateTime = new Intl.DateTimeFormat("ru-RU", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: SHOP_TIME_ZONE,
});

/**
 * «2026-11-25T14:05:00Z» → «25 ноября 2026 г., 17:05 (МСК)»: a moment (a message, a notification)
 * in the shop's time. Built from the parts, not the joined text, whose joint («,» or « в ») differs
 * between ICU versions — the server's render and the browser's must draw the same text.
 */
export function formatDateTime(iso: string): string {
  const parts = Object.fromEntries(dateTime.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.day} ${parts.month} ${parts.year} г., ${parts.hour}:${parts.minute} (МСК)`;
}

/**
 * Phone masks by country calling code (spec §3: "phone masks exist for many countries (Russia
 * +7### ###-##-##)"; the full list is not shown): Russia and Kazakhstan, and the neighbours the shop
 * delivers to. `#` is a digit.
 */
export const PHONE_MASKS: readonly { code: string; country: string; mask: string }[] = [
  { code: "7", country: "Россия, Казахстан", mask: "+7 ### ###-##-##" },
  { code: "375", country: "Беларусь", mask: "+375 ## ###-##-##" },
  { code: "380", country: "Украина", mask: "+380 ## ###-##-##" },
  { code: "373", country: "Молдова", mask: "+373 #### ####" },
  { code: "374", country: "Армения", mask: "+374 ## ###-###" },
  { code: "992", country: "Таджикистан", mask: "+992 ## ###-####" },
  { code: "993", country: "Туркменистан", mask: "+993 ## ##-##-##" },
  { code: "994", country: "Азербайджан", mask: "+994 ## ###-##-##" },
  { code: "995", country: "Грузия", mask: "+995 ### ###-###" },
  { code: "996", country: "Киргизия", mask: "+996 ### ###-###" },
  { code: "998", country: "Узбекистан", mask: "+998 ## ###-##-##" },
];

/** Longest digits of an international number (E.164). */
const MAX_PHONE_DIGITS = 15;

/** The mask for a number's digits (with its country code), or null for a code without one. */
export function phoneMaskFor(digits: string): string | null {
  const found = PHONE_MASKS.filter((item) => digits.startsWith(item.code)).sort((a, b) => b.code.length - a.code.length)[0];
  return found ? found.mask : null;
}

/** The digits of a typed number with its country code: 8 or a bare 9 at the start (no «+») mean Russia. */
function internationalDigits(input: string): string {
  const digits = input.replace(/\D/g, "");
  if (input.trimStart().startsWith("+")) return digits;
  if (digits.startsWith("8")) return `7${digits.slice(1)}`;
  if (digits.startsWith("9")) return `7${digits}`;
  return digits;
}

/**
 * Formats a phone number as it is typed: «89991234567» → «+7 999 123-45-67». Digits beyond the
 * mask are dropped; the text stops after the last digit, so deleting a character always works.
 * A code without a mask keeps «+» and its digits.
 */
export function formatPhone(input: string): string {
  const digits = internationalDigits(input);
  if (digits === "") return input.trim() === "+" ? "+" : "";
  const mask = phoneMaskFor(digits);
  if (!mask) return `+${digits.slice(0, MAX_PHONE_DIGITS)}`;
  let out = "";
  let next = 0;
  for (const char of mask) {
    if (next >= digits.length) break;
    if (char === "#") out += digits[next++];
    else if (/\d/.test(char)) {
      out += char;
      next++;
    } else out += char;
  }
  return out;
}

/** Whether a number fills its country's mask (a code without a mask: 10 to 15 digits). */
export function isCompletePhone(input: string): boolean {
  const digits = internationalDigits(input);
  const mask = phoneMaskFor(digits);
  if (!mask) return digits.length >= 10 && digits.length <= MAX_PHONE_DIGITS;
  return digits.length === mask.replace(/[^#\d]/g, "").length;
}
