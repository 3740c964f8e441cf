/*
 * Each stylesheet is parsed once per page and the same CSSStyleSheet object is adopted by every
 * shadow root, so a hundred product elements cost one parse.
 */

const sheets = new Map<string, CSSStyleSheet>();

/** The page's one parsed sheet of a stylesheet's text. */
export function sheetFor(cssText: string): CSSStyleSheet {
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
