import { z } from "zod";

/*
 * Every helper here makes an optional field: absent and empty both give `undefined`.
 *
 * Query strings arrive as text on the server and are built from typed values on the client, so
 * every query field accepts both and yields the typed value. An empty value means "not set", as
 * spec §7 drops empty filters.
 */

const emptyToUndefined = (value: unknown): unknown =>
  value === "" || value === null ? undefined : value;

export function parseIntText(value: unknown): unknown {
  const present = emptyToUndefined(value);
  return typeof present === "string" && /^[+-]?\d+$/.test(present.trim()) ? Number(present) : present;
}

/** A whole number in [min, max], written as text in a query string or given as a number. */
export function queryInt(options: { min: number; max: number; messageUI: string }) {
  return z.preprocess(
    parseIntText,
    z
      .number({ error: options.messageUI })
      .int({ error: options.messageUI })
      .min(options.min, { error: options.messageUI })
      .max(options.max, { error: options.messageUI })
      .optional(),
  ).optional();
}

/** A decimal written as text (`45.04`, `-1,5`) as a number; other values pass through for the schema to judge. */
export function parseNumberText(value: unknown): unknown {
  const present = emptyToUndefined(value);
  return typeof present === "string" && /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(present.trim())
    ? Number(present.trim().replace(",", "."))
    : present;
}

/** A decimal number in [min, max], written as text in a query string or given as a number. */
export function queryNumber(options: { min: number; max: number; messageUI: string }) {
  return z.preprocess(
    parseNumberText,
    z
      .number({ error: options.messageUI })
      .min(options.min, { error: options.messageUI })
      .max(options.max, { error: options.messageUI })
      .optional(),
  ).optional();
}

/** `true` / `false` (also `1` / `0`), written as text in a query string or given as a boolean. */
export function queryBoolean(options: { messageUI: string }) {
  return z.preprocess((value) => {
    const present = emptyToUndefined(value);
    if (present === "true" || present === "1") return true;
    if (present === "false" || present === "0") return false;
    return present;
  }, z.boolean({ error: options.messageUI }).optional()).optional();
}

/** One value of a fixed list, for sorts and other enumerations in a query string. */
export function queryEnum<const T extends readonly [string, ...string[]]>(values: T, messageUI: string) {
  return z.preprocess(emptyToUndefined, z.enum(values, { error: messageUI }).optional()).optional();
}
