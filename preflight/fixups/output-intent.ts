import type { PDFDocument } from "pdf-lib";
import { arrayItems, dictOf, key } from "./pdf";

/*
 * «Удалить ICC-профиль» (3171, the OutputIntent's part): every OutputIntent — the catalog's and the
 * pages' — loses its embedded /DestOutputProfile and keeps the rest (/S, /OutputConditionIdentifier,
 * /Info …), as valid PDF/X-1a files carry it: the printing condition stays named. ICC profiles in
 * ICCBased colour spaces of the content are not touched (they are colours, not a declaration: the
 * designer re-exports them as CMYK). The profile stream, no longer referred to, is not written.
 */
export function removeOutputProfiles(doc: PDFDocument): number {
  const context = doc.context;
  const holders = [doc.catalog, ...doc.getPages().map((page) => page.node)];
  let removed = 0;
  for (const holder of holders) {
    for (const entry of arrayItems(context, holder.get(key("OutputIntents")))) {
      const intent = dictOf(context, entry);
      if (intent?.delete(key("DestOutputProfile"))) removed++;
    }
  }
  return removed;
}
