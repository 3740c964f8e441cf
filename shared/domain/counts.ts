/**
 * Counted things in Russian: the one plural rule (one, few, many) and the counts the storefront
 * writes with it — products, working days. A duration in working days is a count, not a date:
 * dates are `dates.ts`.
 */

/** The three word forms of a counted noun: «товар», «товара», «товаров». */
export interface WordForms {
  one: string;
  few: string;
  many: string;
}

const pluralRules = new Intl.PluralRules("ru-RU");
/** Made once: `number.toLocaleString("ru-RU")` builds a formatter on every call (a product page writes a dozen numbers). */
const wholeNumbers = new Intl.NumberFormat("ru-RU");

/** 12500 → «12 500» (a no-break space between thousands), as `toLocaleString("ru-RU")` writes it. */
export function formatNumberRu(value: number): string {
  return wholeNumbers.format(value);
}

/**
 * Picks the Russian word form for a count by its last two digits: one (1, 21, 101), few (2–4, 22–24)
 * or many (0, 5–20, 25…, 111–114).
 */
export function pluralRu(count: number, forms: WordForms): string {
  // Whole counts by the rule itself (Intl's select() was ~2 % of a listing page's render); others by Intl.
  if (Number.isSafeInteger(count)) {
    const lastTwo = Math.abs(count) % 100;
    const last = lastTwo % 10;
    if (last === 1 && lastTwo !== 11) return forms.one;
    if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return forms.few;
    return forms.many;
  }
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
