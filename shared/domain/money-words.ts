/*
 * A sum of money in Russian words, as a Russian invoice writes it under the total:
 * 324050 kopecks → «Три тысячи двести сорок рублей 50 копеек». Roubles in words, kopecks in two
 * digits, the first letter capitalised.
 */

import { pluralRu } from "./counts";
import type { WordForms } from "./counts";

type Gender = "masculine" | "feminine";

const UNITS_MASCULINE = ["", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"];
const UNITS_FEMININE = ["", "одна", "две", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"];
const TEENS = ["десять", "одиннадцать", "двенадцать", "тринадцать", "четырнадцать", "пятнадцать", "шестнадцать", "семнадцать", "восемнадцать", "девятнадцать"];
const TENS = ["", "", "двадцать", "тридцать", "сорок", "пятьдесят", "шестьдесят", "семьдесят", "восемьдесят", "девяносто"];
const HUNDREDS = ["", "сто", "двести", "триста", "четыреста", "пятьсот", "шестьсот", "семьсот", "восемьсот", "девятьсот"];

/** The groups of three digits above the units, smallest first: thousands are feminine, the rest masculine. */
const SCALES: { forms: WordForms; gender: Gender }[] = [
  { forms: { one: "тысяча", few: "тысячи", many: "тысяч" }, gender: "feminine" },
  { forms: { one: "миллион", few: "миллиона", many: "миллионов" }, gender: "masculine" },
  { forms: { one: "миллиард", few: "миллиарда", many: "миллиардов" }, gender: "masculine" },
  { forms: { one: "триллион", few: "триллиона", many: "триллионов" }, gender: "masculine" },
];

const ROUBLE: WordForms = { one: "рубль", few: "рубля", many: "рублей" };
const KOPECK: WordForms = { one: "копейка", few: "копейки", many: "копеек" };

/** 0–999 in words; an empty string for 0. */
function triadInWords(triad: number, gender: Gender): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(triad / 100);
  const rest = triad % 100;
  if (hundreds > 0) words.push(HUNDREDS[hundreds] ?? "");
  if (rest >= 10 && rest <= 19) {
    words.push(TEENS[rest - 10] ?? "");
  } else {
    const tens = Math.floor(rest / 10);
    const units = rest % 10;
    if (tens > 0) words.push(TENS[tens] ?? "");
    if (units > 0) words.push((gender === "feminine" ? UNITS_FEMININE : UNITS_MASCULINE)[units] ?? "");
  }
  return words;
}

/** A whole number of things of `gender` in words: 2 (feminine) → «две», 1 000 001 → «один миллион один». */
export function integerInWords(value: number, gender: Gender = "masculine"): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Expected a whole number from 0, got ${value}`);
  if (value === 0) return "ноль";
  const words: string[] = [];
  let rest = value;
  const triads: number[] = [];
  while (rest > 0) {
    triads.push(rest % 1000);
    rest = Math.floor(rest / 1000);
  }
  if (triads.length > SCALES.length + 1) throw new RangeError(`${value} is too large to write in words`);
  for (let index = triads.length - 1; index >= 0; index -= 1) {
    const triad = triads[index] ?? 0;
    if (triad === 0) continue;
    if (index === 0) {
      words.push(...triadInWords(triad, gender));
    } else {
      const scale = SCALES[index - 1];
      if (!scale) continue;
      words.push(...triadInWords(triad, scale.gender), pluralRu(triad, scale.forms));
    }
  }
  return words.join(" ");
}

/** 324050 → «Три тысячи двести сорок рублей 50 копеек»; 100 → «Один рубль 00 копеек». */
export function kopecksInWords(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0) throw new RangeError(`Expected whole kopecks from 0, got ${kopecks}`);
  const roubles = Math.floor(kopecks / 100);
  const cents = kopecks % 100;
  const text = `${integerInWords(roubles)} ${pluralRu(roubles, ROUBLE)} ${String(cents).padStart(2, "0")} ${pluralRu(cents, KOPECK)}`;
  return text.charAt(0).toLocaleUpperCase("ru-RU") + text.slice(1);
}
