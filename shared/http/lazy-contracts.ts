import type { z } from "zod/mini";

/*
 * The contracts a call needs, loaded on its first use: all schemas come in one chunk with zod,
 * loaded by the first call that needs one. A pre-drawn catalogue that hydrates from its snapshot
 * makes no call, so a partner page showing it downloads no zod at all. In Node (server render,
 * tests) the import is immediate.
 */

type Contracts = typeof import("../contracts/index");
type SchemaName = { [K in keyof Contracts]: Contracts[K] extends z.ZodMiniType ? K : never }[keyof Contracts];

/*
 * Each module is asked for once and the promise kept: an import() of a module already loaded still
 * resolves its specifier again, which under a loader hook (tsx, which runs `npm start`) is a round
 * trip to the hook's thread — 1.7 ms per server-rendered page, more than React's own render.
 */
let contractsModule: Promise<Contracts> | undefined;
let zodLazyModule: Promise<typeof import("./zod-lazy")> | undefined;
const loadContracts = () => (contractsModule ??= import("../contracts/index"));
const loadZodLazy = () => (zodLazyModule ??= import("./zod-lazy"));

/** The contract `name`, loaded with the others on first use. */
export function contract<K extends SchemaName>(name: K): () => Promise<Contracts[K]> {
  return () => loadContracts().then((contracts) => contracts[name]);
}

/** A list of the contract `name` (built once). */
export function contractList<K extends SchemaName>(name: K): () => Promise<z.ZodMiniArray<Contracts[K]>> {
  let list: Promise<z.ZodMiniArray<Contracts[K]>> | undefined;
  return () => (list ??= Promise.all([loadZodLazy(), loadContracts()]).then(([{ arrayOf }, contracts]) => arrayOf(contracts[name]) as z.ZodMiniArray<Contracts[K]>));
}
