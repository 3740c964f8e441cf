import { z } from "zod/mini";
import type { ZodMiniArray, ZodMiniCustom } from "zod/mini";
import type { SomeType } from "zod/v4/core";

/*
 * The few schemas the API client builds itself, in a module it imports on first use (like the
 * contracts). A dynamic import of zod/mini itself would keep all of zod (every locale, JSON Schema)
 * in the bundle: a module's namespace loaded at run time cannot be tree-shaken.
 */

/** A list of `schema`. */
export function arrayOf<S extends SomeType>(schema: S): ZodMiniArray<S> {
  return z.array(schema);
}

/** A file's bytes, as the request answers them with responseType "bytes". */
export const fileBytesSchema: ZodMiniCustom<Uint8Array, Uint8Array> = z.instanceof(Uint8Array);
