import { z } from "zod/mini";
import { parseIntText, preprocess } from "./query";

/*
 * The bounds every request field shares: ids fit the database's `integer` columns, and text is
 * text PostgreSQL can hold and UTF-8 can carry (no NUL, no unpaired surrogate). A value past them
 * is the caller's mistake (400 with a Russian messageUI), never a database error (500).
 */

/** The largest value of PostgreSQL's `integer` (int4), the type of every id and count column. */
export const INT32_MAX = 2_147_483_647;

/** An id a request names: a whole number from 1 to INT32_MAX. */
export function idInput(messageUI: string) {
  return z
    .number({ error: messageUI })
    .check(z.int({ error: messageUI }), z.gte(1, { error: messageUI }), z.lte(INT32_MAX, { error: messageUI }));
}

/** The same id written as text in a path or a query string (`/client/42`), or given as a number. */
export function idTextInput(messageUI: string) {
  return preprocess(parseIntText, idInput(messageUI));
}

/** An optional id in a query string: absent or empty means "not sent". */
export function optionalIdTextInput(messageUI: string) {
  return z.optional(preprocess(parseIntText, z.optional(idInput(messageUI))));
}

/** NUL (PostgreSQL text cannot hold it) and a surrogate without its pair (UTF-8 cannot carry it). */
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSAFE_TEXT_MESSAGE_UI = "Текст содержит недопустимые символы. Уберите их и попробуйте ещё раз.";

/** True when the text can be stored and sent as it is. */
export function isSafeText(text: string): boolean {
  return !UNSAFE_TEXT.test(text);
}

/** The check every text field of a request carries: `z.string().check(safeText(), …)`. */
export function safeText(messageUI: string = UNSAFE_TEXT_MESSAGE_UI) {
  return z.refine<string>((text) => isSafeText(text), { error: messageUI });
}
