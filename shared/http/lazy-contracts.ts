import { z } from "zod/mini";

/*
 * The contracts a call needs, loaded on its first use. The catalogue's list (the first paint of
 * most embeds) imports its few schemas statically; every other area's schemas come in one chunk,
 * loaded by the first call that needs one. In Node (server render, tests) the import is immediate.
 */

type Contracts = typeof import("../contracts/index");
type SchemaName = { [K in keyof Contracts]: Contracts[K] extends z.ZodMiniType ? K : never }[keyof Contracts];

/** The contract `name`, loaded with the others on first use. */
export function contract<K extends SchemaName>(name: K): () => Promise<Contracts[K]> {
  return () => import("../contracts/index").then((contracts) => contracts[name]);
}

/** A list of the contract `name`. */
export function contractList<K extends SchemaName>(name: K): () => Promise<z.ZodMiniArray<Contracts[K]>> {
  return () => import("../contracts/index").then((contracts) => z.array(contracts[name]));
}
