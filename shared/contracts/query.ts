import { z } from "zod/mini";

/*
 * Every helper here makes an optional field: absent and empty both give `undefined`.
 *
 * Query strings arrive as text on the server and are built from typed values on the client, so
 * every query field accepts both and yields the typed value. An empty value means "not set", as
 * spec §7 drops empty filters.
 */

const emptyToUndefined = (value: unknown): unknown =>
  value === "" || value === null ? undefined : value;

/**
 * Classic zod's `z.preprocess`: `prepare` turns what arrived into what `schema` judges. The JSON
 * Schema of the pair is that of `schema`, as zod resolves a transform piped into a schema.
 */
export function preprocess<T extends z.core.$ZodType>(prepare: (value: unknown) => unknown, schema: T) {
  return z.pipe(z.transform(prepare), schema);
}

export function parseIntText(value: unknown): unknown {
  const present = emptyToUndefined(value);
  return typeof present === "string" && /^[+-]?\d+$/.test(present.trim()) ? Number(present) : present;
}

/** A whole number in [min, max], written as text in a query string or given as a number. */
export function queryInt(options: { min: number; max: number; messageUI: string }) {
  return z.optional(
    preprocess(
      parseIntText,
      z.optional(
        z
          .number({ error: options.messageUI })
          .check(
            z.int({ error: options.messageUI }),
            z.gte(options.min, { error: options.messageUI }),
            z.lte(options.max, { error: options.messageUI }),
          ),
      ),
    ),
  );
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
  return z.optional(
    preprocess(
      parseNumberText,
      z.optional(z.number({ error: options.messageUI }).check(z.gte(options.min, { error: options.messageUI }), z.lte(options.max, { error: options.messageUI }))),
    ),
  );
}

/** `true` / `false` (also `1` / `0`), written as text in a query string or given as a boolean. */
export function queryBoolean(options: { messageUI: string }) {
  return z.optional(
    preprocess((value) => {
      const present = emptyToUndefined(value);
      if (present === "true" || present === "1") return true;
      if (present === "false" || present === "0") return false;
      return present;
    }, z.optional(z.boolean({ error: options.messageUI }))),
  );
}

/** One value of a fixed list, for sorts and other enumerations in a query string. */
export function queryEnum<const T extends readonly [string, ...string[]]>(values: T, messageUI: string) {
  return z.optional(preprocess(emptyToUndefined, z.optional(z.enum(values, { error: messageUI }))));
}
