/** Sums of money as the storefront shows them (locale ru-RU, spec §9). A sum in words is `money-words.ts`. */

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
