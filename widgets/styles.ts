/*
 * Each stylesheet is parsed once per page and the same CSSStyleSheet object is adopted by every
 * shadow root, so a hundred product elements cost one parse.
 */

const sheets = new Map<string, CSSStyleSheet>();

function sheetFor(cssText: string): CSSStyleSheet {
  let sheet = sheets.get(cssText);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(cssText);
    sheets.set(cssText, sheet);
  }
  return sheet;
}

export function adoptStyles(root: ShadowRoot, cssTexts: readonly string[]): void {
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...cssTexts.map(sheetFor)];
}

/**
 * For a component that brings its own stylesheets wherever it is drawn — the layout checker (in its
 * element, the cart's dialog or the host site's page), the PDF viewer (in its element or the
 * checker's dialog): adopts those of `cssTexts` not adopted yet into the shadow root or the document
 * `node` is in. Call it in a layout effect, so the first paint has them.
 */
export function adoptStylesOnce(node: Node, cssTexts: readonly string[]): void {
  const root = node.getRootNode();
  if (!(root instanceof ShadowRoot) && !(root instanceof Document)) return;
  const missing = cssTexts.map(sheetFor).filter((sheet) => !root.adoptedStyleSheets.includes(sheet));
  if (missing.length > 0) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...missing];
}
