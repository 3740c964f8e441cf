import { sheetFor } from "./styles";

/*
 * Stylesheets a component brings along wherever it is drawn — the layout checker (in its element,
 * the cart's dialog or the host site's page) and the PDF viewer (in its element or the checker's
 * dialog) — rather than its element listing them. A module of its own, so the elements that draw
 * first (the catalogue's first paint) do not carry it.
 */

/**
 * Adopts those of `cssTexts` not adopted yet into the shadow root or the document `node` is in (each
 * sheet parsed once per page, styles.ts). Call it in a layout effect, so the first paint has them.
 */
export function adoptStylesOnce(node: Node, cssTexts: readonly string[]): void {
  const root = node.getRootNode();
  if (!(root instanceof ShadowRoot) && !(root instanceof Document)) return;
  const missing = cssTexts.map(sheetFor).filter((sheet) => !root.adoptedStyleSheets.includes(sheet));
  if (missing.length > 0) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...missing];
}
