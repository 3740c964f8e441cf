/*
 * The А–Я order of product names. PGlite ships only the C locale, and a PostgreSQL server may
 * have any, so the database never collates Russian itself: every write stores a key made here and
 * lists sort by `name_sort_key COLLATE "C"`, which compares code points and gives the same order on
 * both. Lowercase Cyrillic а–я are contiguous in Unicode, so code-point order is alphabetical;
 * ё (U+0451) sits after я and is folded into е, as Russian dictionaries do. Digits and Latin letters
 * come before Cyrillic («3D-наклейки», «PVC-баннер» open the list).
 */

/** Leading quotes, dashes and other marks that should not decide where a name sorts («"Премиум"…»). */
const LEADING_MARKS = /^[^\p{L}\p{N}]+/u;
const WHITESPACE_RUN = /\s+/gu;

export function productNameSortKey(name: string): string {
  return name
    .normalize("NFC")
    .replace(WHITESPACE_RUN, " ")
    .trim()
    .replace(LEADING_MARKS, "")
    .toLocaleLowerCase("ru")
    .replaceAll("ё", "е");
}
