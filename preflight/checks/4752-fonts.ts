import type { TextDraw } from "../content/device";
import { isName } from "../core/objects";
import type { PageCheck, PageCheckContext } from "./common";
import { createFindingList } from "./common";

/*
 * 4752 fonts: a text-showing operator (Tj, TJ, ', ") in a visible render mode — anything but Tr 3 —
 * wherever the interpreter walks: pages, forms, printable annotation appearances, Type3 fonts too.
 * A font resource that no operator shows is never reported (the check listens to text shown, not to
 * /Font dictionaries). Measured: the font's /BaseFont without a subset prefix ("ABCDEF+"), or its
 * subtype when it has none (a Type3 font often has none), or "?" when the font cannot be resolved.
 */

export function fontLabel(text: Pick<TextDraw, "font" | "fontSubtype">): string {
  const base = text.font?.entries.get("BaseFont");
  if (isName(base) && base.name !== "") return base.name.replace(/^[A-Z]{6}\+/, "");
  return text.fontSubtype ?? "?";
}

export function createFontCheck({ page }: Pick<PageCheckContext, "page">): PageCheck {
  const found = createFindingList();
  return {
    showText(text: TextDraw) {
      if (text.renderMode === 3) return;
      found.add(4752, page.number, text.bbox, fontLabel(text));
    },
    findings: () => found.items,
  };
}
