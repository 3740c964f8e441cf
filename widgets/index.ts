/*
 * Every Ottisk element, defined at once: for the tests and for builds that want all tags without
 * the lazy loader. Partner pages load `loader.ts` (built as ottisk.js) instead. Importing this module
 * waits (top-level await) until every tag of the registry is defined.
 */
// First of all: zod reads this setting when the contracts build their schemas (see the module).
import "../shared/http/zod-config";
import { elementModules } from "./registry";

await Promise.all(Object.values(elementModules).map((load) => load()));

export type { OttiskEventMap, OttiskEventName } from "./events";
