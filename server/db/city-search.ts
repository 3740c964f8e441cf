/*
 * The text the city search compares, stored with every city as `city.search_name` and made from
 * the shopper's query the same way: NFC, lower case (Russian rules), ё folded into е, dashes as
 * spaces, spaces collapsed. So «ОРЁЛ» finds «Орёл», «санкт петербург» finds «Санкт-Петербург».
 * The database only compares bytes (LIKE), so PGlite and any PostgreSQL agree.
 */

const DASHES = /[-‐‑‒–—―]/gu;
const WHITESPACE_RUN = /\s+/gu;

export function citySearchText(text: string): string {
  return text
    .normalize("NFC")
    .toLocaleLowerCase("ru")
    .replaceAll("ё", "е")
    .replace(DASHES, " ")
    .replace(WHITESPACE_RUN, " ")
    .trim();
}

/** `LIKE` treats % and _ as wildcards and \ as the escape: a query is matched as plain text. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (mark) => `\\${mark}`);
}
