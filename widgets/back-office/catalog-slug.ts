/*
 * The address part («slug») the category form proposes from a Russian name: «Визитки на дизайнерской
 * бумаге» → «vizitki-na-dizaynerskoy-bumage». The common passport-like reading, letters and digits
 * only, words joined by hyphens. The employee may change it; the server checks what is sent.
 */

const CYRILLIC_TO_LATIN: Readonly<Record<string, string>> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
};

/** The longest slug proposed: long names are cut at a word. */
const SLUG_MAX_LENGTH = 80;

/** The slug for `name`: Latin letters, digits and single hyphens, empty when the name has none of them. */
export function slugFromName(name: string): string {
  const latin = Array.from(name.toLocaleLowerCase("ru"))
    .map((letter) => CYRILLIC_TO_LATIN[letter] ?? letter)
    .join("");
  const slug = latin.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  if (slug.length <= SLUG_MAX_LENGTH) return slug;
  const cut = slug.slice(0, SLUG_MAX_LENGTH);
  const lastHyphen = cut.lastIndexOf("-");
  return lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut;
}
