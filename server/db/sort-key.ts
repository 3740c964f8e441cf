/*
 * The Russian order of product names. PGlite ships only the C locale, and a PostgreSQL server may
 * have any, so the database never collates Russian itself: every write stores a key made here and
 * lists sort by `name_sort_key COLLATE "C"`, which compares code points and gives the same order on
 * both. Lowercase Cyrillic а–я are contiguous in Unicode, so code-point order is alphabetical;
 * ё (U+0451) sits after я and is folded into е, as Russian dictionaries do. Russian collation puts
 * digits first, then Cyrillic, then Latin («3D-наклейки», «Афиши», …, «Roll-up стенд»), but Latin
 * code points come before Cyrillic ones, so Latin letters (accents dropped) are moved into the
 * Private Use Area, above every Cyrillic letter: a → U+E000 … z → U+E019. The key is opaque: it is
 * only ever compared. `rekeyProductNames` (seed.ts) brings stored keys up to date at startup.
 */

/** Leading quotes, dashes and other marks that should not decide where a name sorts («"Премиум"…»). */
const LEADING_MARKS = /^[^\p{L}\p{N}]+/u;
const WHITESPACE_RUN = /\s+/gu;
const LATIN_LETTER = /\p{Script=Latin}/gu;
const COMBINING_MARKS = /\p{M}+/gu;
/** Where the Latin letters go: after я (U+044F) and every other Cyrillic letter. */
const LATIN_BASE = 0xe000;
const SMALL_A = "a".charCodeAt(0);

/** a–z (with accents dropped: é as e) to U+E000–U+E019; other Latin letters (ß, æ) stay as they are. */
function latinAfterCyrillic(letter: string): string {
  const base = letter.normalize("NFD").replace(COMBINING_MARKS, "");
  return /^[a-z]$/.test(base) ? String.fromCharCode(LATIN_BASE + base.charCodeAt(0) - SMALL_A) : letter;
}

export function productNameSortKey(name: string): string {
  return name
    .normalize("NFC")
    .replace(WHITESPACE_RUN, " ")
    .trim()
    .replace(LEADING_MARKS, "")
    .toLocaleLowerCase("ru")
    .replaceAll("ё", "е")
    .replace(LATIN_LETTER, latinAfterCyrillic);
}
