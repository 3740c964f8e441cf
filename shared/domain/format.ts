/** Russian formatting of the storefront's figures (locale ru-RU, spec §9). */

const roubles = new Intl.NumberFormat("ru-RU", { style: "currency", currency: "RUB", maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** 1290 → «1 290 ₽», 99.5 → «99,5 ₽». */
export function formatRoubles(amount: number): string {
  return roubles.format(amount);
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

/** 1 → «1 товар», 3 → «3 товара», 11 → «11 товаров». */
export function formatProductCount(count: number): string {
  return `${count} ${pluralRu(count, { one: "товар", few: "товара", many: "товаров" })}`;
}
