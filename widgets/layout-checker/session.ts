import type { CheckCode, PageBoxes } from "../../preflight/index";
import type { OttiskEventMap, OttiskEventName } from "../events";

/** Fires an Ottisk event from the element that shows the checker. */
export type FireEvent = <N extends OttiskEventName>(name: N, detail: OttiskEventMap[N]) => void;

/** What the browser's check said of an uploaded file, to compare with the server's check. */
export interface BrowserResult {
  findings: { code: CheckCode; page: number | null }[] | null;
  /** The engine's error code when it could not check the file. */
  error: string | null;
}

/** What the cart mode's parts share while the checker is open. */
export interface LayoutSession {
  /** An uploaded layout's bytes and page boxes by layout id, so its proof needs no download. */
  proofs: Map<number, { bytes: Uint8Array; pages: PageBoxes[] | null }>;
  /** The browser's result for a layout uploaded here, until the server's check is compared with it. */
  browserResults: Map<number, BrowserResult>;
  fire: FireEvent;
  /** After a change on the server: tell the other tabs and reload the page's cart. */
  changed: () => Promise<void>;
}
