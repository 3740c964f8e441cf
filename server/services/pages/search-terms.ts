/*
 * The words of a site-search query as the trigram match compares them (pages.service.ts search):
 * lower-cased in Russian with ё as е, split on anything that is not a letter or a digit, short
 * words dropped, and each Latin word paired with its Cyrillic reading, so «vizitki» is also read as
 * «визитки». PGlite has only the C locale, whose lower() leaves Cyrillic alone, so the folding is
 * done here for the query and by `searchFoldSql` for the names in the database.
 */

/** Words shorter than this match too much by trigrams («на», «и»). */
const MIN_WORD_LENGTH = 3;
/** Bounds the SQL a long query makes; the first words carry the meaning. */
export const SEARCH_WORDS_LIMIT = 8;

const WORD = /[\p{L}\p{N}]+/gu;
const LATIN_WORD = /^[a-z]+$/;

/** Longest first: «shch» before «sh», «ch» before «c». */
const LATIN_TO_CYRILLIC: readonly (readonly [string, string])[] = [
  ["shch", "щ"],
  ["sch", "щ"],
  ["sh", "ш"],
  ["ch", "ч"],
  ["zh", "ж"],
  ["kh", "х"],
  ["ts", "ц"],
  ["yu", "ю"],
  ["ju", "ю"],
  ["ya", "я"],
  ["ja", "я"],
  ["yo", "е"],
  ["jo", "е"],
  ["ye", "е"],
  ["a", "а"],
  ["b", "б"],
  ["c", "к"],
  ["d", "д"],
  ["e", "е"],
  ["f", "ф"],
  ["g", "г"],
  ["h", "х"],
  ["i", "и"],
  ["j", "й"],
  ["k", "к"],
  ["l", "л"],
  ["m", "м"],
  ["n", "н"],
  ["o", "о"],
  ["p", "п"],
  ["q", "к"],
  ["r", "р"],
  ["s", "с"],
  ["t", "т"],
  ["u", "у"],
  ["v", "в"],
  ["w", "в"],
  ["x", "кс"],
  ["z", "з"],
];

const VOWELS = new Set(["a", "e", "i", "o", "u", "y"]);

/** One common reading of a transliterated word: «vizitki» → «визитки», «nakleyki» → «наклейки». */
export function latinToCyrillic(word: string): string {
  let out = "";
  let at = 0;
  while (at < word.length) {
    const pair = LATIN_TO_CYRILLIC.find(([latin]) => word.startsWith(latin, at));
    if (!pair && word[at] === "y") {
      // A lone «y» after a vowel is й («nakleyki»), elsewhere ы («vympel»).
      const previous = word[at - 1];
      out += previous !== undefined && VOWELS.has(previous) ? "й" : "ы";
      at += 1;
      continue;
    }
    if (pair) {
      out += pair[1];
      at += pair[0].length;
    } else {
      out += word[at];
      at += 1;
    }
  }
  return out;
}

/** Lower case in Russian, ё as е: the same folding `searchFoldSql` gives names in the database. */
export function foldSearchText(text: string): string {
  return text.normalize("NFC").toLocaleLowerCase("ru").replaceAll("ё", "е");
}

/** Each query word with the forms to try for it (the word, and for a Latin word its Cyrillic reading). */
export function searchWordForms(query: string): string[][] {
  const words = [...new Set(foldSearchText(query).match(WORD) ?? [])].filter((word) => word.length >= MIN_WORD_LENGTH);
  return words.slice(0, SEARCH_WORDS_LIMIT).map((word) => (LATIN_WORD.test(word) ? [word, latinToCyrillic(word)] : [word]));
}

/**
 * The beginnings of the words that name the shop's trade rather than a product («печать»,
 * «напечатать», «изготовление», «заказать», «типография», «срочно», «цена»): every product is
 * printed and ordered, so in «печать наклеек» the product is «наклеек». A name match on such a word
 * counts this much of a full one (searchWordWeight).
 */
const TRADE_WORD_STEMS = ["печат", "напечат", "распечат", "изготов", "заказ", "типограф", "купит", "куплю", "срочн", "недорог", "цена", "цены", "стоимост"] as const;
export const TRADE_WORD_WEIGHT = 0.25;

/** How much a match on this (folded) query word counts in a product's name score: 1, or TRADE_WORD_WEIGHT for a trade word. */
export function searchWordWeight(word: string): number {
  return TRADE_WORD_STEMS.some((stem) => word.startsWith(stem)) ? TRADE_WORD_WEIGHT : 1;
}

/** The query with its Latin words read as Cyrillic, for the full-text match; null when nothing changes. */
export function transliteratedQuery(query: string): string | null {
  const folded = foldSearchText(query);
  const read = folded.replace(WORD, (word) => (LATIN_WORD.test(word) ? latinToCyrillic(word) : word));
  return read === folded ? null : read;
}

/** Upper-case Cyrillic and ё for SQL translate(): PGlite's C-locale lower() folds only ASCII. */
export const CYRILLIC_UPPER = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯё";
export const CYRILLIC_LOWER = "абвгдеежзийклмнопрстуфхцчшщъыьэюяе";
