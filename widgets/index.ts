/*
 * Every Ottisk element, defined at once: for the tests and for builds that want all tags without
 * the lazy loader. Partner pages load `loader.ts` (built as ottisk.js) instead.
 */
import "./catalog/catalog.element";

export type { OttiskEventMap, OttiskEventName } from "./events";
